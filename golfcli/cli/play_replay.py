"""``golf replay``: step through a recorded game, or print its scorecard.

A replay draws from full information: the record holds every card, and
nobody is playing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

from ..game import ScoredHole, side_names
from ..record import Replayed
from ..replay import replay_steps
from ..state import HoleState
from ..tui.board import (
    board_from_state,
    hole_result_lines,
    render_board,
    result_text,
    scorecard_text,
)
from ..tui.narrate import describe_events
from ..tui.play import QuitGame, Terminal
from ..tui.style import Style
from .say import fail

# --------------------------------------------------------------------------- replay


def run_replay(
    file: Path | Replayed,
    *,
    to_end: bool = False,
    ascii_only: bool = False,
    inp: Callable[[str], str] | None = None,
    out: IO[str] | None = None,
) -> None:
    """``golf replay``: step through a record turn by turn, or print its scorecard.

    A replay shows everything (it is after the fact): face-down cards appear
    in brackets.  Every hole is re-played from its recorded deal and moves by
    the engine, so what is shown is what the rules produce from the log.
    """
    from ..record import RecordError, load_record

    if isinstance(file, Path):
        try:
            rec = load_record(file)
        except RecordError as exc:
            fail(str(exc))
        title = str(file)
    else:  # a tournament game rebuilt from its moves (golfcli.tournament.rundir.replay_game)
        rec, title = file, file.source or "a rebuilt game"
    style = Style.detect(ascii_only, out)
    term = Terminal(style, inp, out)
    var = rec.variant
    players = len(rec.names)
    # the sides as the game named them (a tournament's teams), else the players' names joined
    names = rec.sides or list(side_names(rec.names, var.side_of(players), var.groups_for(players)))
    rows = rec.holes
    say = term.say
    if not to_end:
        say(style.bold(f"Replay of {title}: {var.name}, {', '.join(rec.names)}, key {rec.key}"))
        say(
            "Enter: next turn · h: to the end of this hole · q: stop".replace(
                "·", "·" if style.symbols else "-"
            )
        )
        for i, h in enumerate(rec.holes):
            if not _step_hole(
                h.state, h.number, rec.names, names, rows[: i + 1], rec.scoring, term
            ):
                return
        say()
    if to_end or not rows:
        say(scorecard_text(names, rows, rec.scoring))  # stepping showed it after the last hole
    if rec.result is not None and rows:
        winners = [int(w) for w in rec.result.get("winners", [])]
        say(style.bold(result_text(names, rows, rec.scoring, winners)))
    elif rows:
        say(f"The record stops after hole {rows[-1].number}: the game was not finished.")
    else:
        say("The record holds no finished hole.")


def _step_hole(
    final: HoleState,
    number: int,
    seat_names: Sequence[str],
    names: Sequence[str],
    rows: Sequence[ScoredHole],
    scoring: str,
    term: Terminal,
) -> bool:
    """Re-play one recorded hole turn by turn; False if the person stopped."""
    style = term.style
    say = term.say
    steps = replay_steps(final.variant, final.players, final.events, final.extra_reveals)
    st = next(steps)
    dealer = st.dealer
    say()
    say(style.bold(f"== Hole {number} ==") + f"  {seat_names[dealer]} deals")
    stepping = True
    told = len(st.events)
    step = 0

    def show() -> bool:
        nonlocal told, stepping, step
        for line in describe_events(st.events[told:], seat_names, style):
            say(line)
        told = len(st.events)
        for line in render_board(board_from_state(st, seat_names, style), style, term.width):
            say("  " + line)
        if not stepping:
            return True
        step += 1
        answer = term.ask(f"hole {number} step {step} (Enter, h, q) >").strip().lower()
        if answer in ("q", "quit", "exit"):
            return False
        if answer == "h":
            stepping = False
        return True

    try:
        if not show():
            return False
        actor = st.current
        for st in steps:  # after each recorded action
            if st.phase == "over" or st.current != actor:
                if st.phase == "over":
                    for line in describe_events(st.events[told:], seat_names, style):
                        say(line)
                    told = len(st.events)
                    break
                if stepping and not show():
                    return False
            actor = st.current
    except QuitGame:
        return False
    assert st.result is not None
    say()
    say(style.bold(f"Hole {number} is over.") + " Every card is turned up:")
    for line in hole_result_lines(
        st.variant, names, st.layouts, st.result, rows[-1].scores, style, term.width
    ):
        say(line)
    say(scorecard_text(names, rows, scoring))
    return True
