"""``golf play`` from its options to the result: the options checked, the
key the cards come from, the seats made, the match played through with its
record written hole by hole, and the bots closed on every path.  The
terminal, the human seat and what a person sees are :mod:`.play`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import typer

from ..exceptions import InputError, StopMatch
from ..match import Match
from ..matchresult import HoleRecord, MatchResult
from ..render import plural
from ..rulestext import game_length
from ..tui.board import result_text, scorecard_text
from ..tui.narrate import FaultLog
from ..tui.play import HumanSeat, PlayUI, RecordFailed, Terminal, WatchedBot
from ..tui.seats import SeatSpec, UsageError, parse_handicap, parse_players
from ..tui.style import Style
from ..variant import Variant
from .say import fail

if TYPE_CHECKING:
    from ..record import RecordWriter


def run_play(
    variant: Variant,
    *,
    players: str = "human,greedy",
    holes: int | None = None,
    seed: int | None = None,
    key: str | None = None,
    record: Path | None = None,
    force: bool = False,
    strict: bool = False,
    ascii_only: bool = False,
    hints: bool = False,
    handicap: Sequence[str] = (),
    delay: float = 0.0,
    inp: Callable[[str], str] | None = None,
    out: IO[str] | None = None,
) -> MatchResult | None:
    """``golf play``: set up the seats, run the match, show it; None if quit.

    ``inp``/``out`` replace the terminal in tests.  Errors in the options end
    with one line on stderr and exit status 2, before anything is played.

    The cards come from a key (golfcli.keys): the given ``key``, the key of
    the given ``seed`` (anyone who knows the seed knows the deals), or a
    fresh secret one, printed when the game is over so that it can be
    played again with ``--key``.  Bots get seeds derived from the key, never
    the key.
    """
    from ..keys import derive

    seats, extra = _check_options(variant, players, handicap, holes, delay, record, force)
    key, given_key = _game_key(seed, key)
    style = Style.detect(ascii_only, out)
    term = Terminal(style, inp, out)
    hint_seed = derive(key, "hints")[:32]
    ui = PlayUI(variant, seats, term, seed=hint_seed, hints=hints, delay=delay, handicap=extra)
    bots = _seat_bots(seats, ui, key, delay)
    faults = FaultLog(seats, term.say, style, strict)
    match = Match(
        variant,
        bots,
        ui.names,
        key,
        holes=holes,
        extra_reveals=extra,
        record=True,
        on_fault=faults,
    )
    ui.match = match
    writer = _open_record(record, match, bots)
    match.on_hole = _hole_hook(ui, writer, record)
    ui.recording = writer is not None
    _introduce(ui, match, holes, seed, given_key)
    replay_with = f"--seed {seed}" if seed is not None else f"--key {key}"
    result, late_error = _play_through(ui, match, faults, writer, bots, record, replay_with)
    if result is None:
        return None
    say = term.say
    say()
    say(style.bold(result_text(ui.side_names, ui.holes, result.scoring, result.winners)))
    if faults.summary(match):
        say(style.warn(faults.summary(match)))
    say(f"play the same deal again with {replay_with}")
    if late_error:  # after the result: a game played is shown whatever the disk does
        fail(late_error)
    return result


def _game_key(seed: int | None, key: str | None) -> tuple[str, bool]:
    """The key the cards come from, and whether it was given: the given
    key, the key of the given seed, or a fresh secret one (as
    ``golfcli.play_match`` and ``golfcli.Hole`` deal them)."""
    from ..keys import match_key

    _check_key(seed, key)
    return match_key(seed, key), key is not None


def _hole_hook(
    ui: PlayUI, writer: RecordWriter | None, record: Path | None
) -> Callable[[Match, HoleRecord], None]:
    """What the match calls after each hole: write it to the record, then
    show it."""

    def on_hole(m: Match, rec: HoleRecord) -> None:
        # the record first: a Ctrl-C at the hole's "Press Enter" must find it written
        if writer is not None:
            try:
                writer.hole(rec)
            except OSError as exc:
                ui.recording = False  # the hole is shown, but not said to be kept
                ui.on_hole(m, rec)
                raise RecordFailed(_record_error(record, exc)) from None
        ui.on_hole(m, rec)

    return on_hole


def _play_through(
    ui: PlayUI,
    match: Match,
    faults: FaultLog,
    writer: RecordWriter | None,
    bots: Sequence[Any],
    record: Path | None,
    replay_with: str,
) -> tuple[MatchResult | None, str]:
    """Play the match; the result (None if stopped early, after saying so)
    and an error closing the record, kept to fail with after the result is
    shown.  The record is closed and the bots ended on every path."""
    from ..bots.procs import terminate_as_interrupt

    result: MatchResult | None = None
    late_error = ""
    try:
        with terminate_as_interrupt():  # SIGTERM ends the bots on its way out, as Ctrl-C does
            result = match.play()
    except (StopMatch, KeyboardInterrupt) as exc:  # QuitGame, StrictStop, RecordFailed
        interrupted = isinstance(exc, KeyboardInterrupt)
        kept = record if ui.recording else None
        _stopped(ui, match, faults, kept, interrupted)
        ui.term.say(f"play the same deal again with {replay_with}")
        if interrupted:
            raise typer.Exit(130) from None
        if isinstance(exc, RecordFailed):
            fail(str(exc))
        if faults.first:
            fail(f"{faults.first} (--strict stops at the first fault)")
        return None, ""
    finally:
        try:
            if writer is not None:
                writer.close(result)
        except OSError as exc:
            late_error = _record_error(record, exc)
        finally:
            _close_bots(bots)
    return result, late_error


def _record_error(record: Path | None, exc: OSError) -> str:
    return f"cannot write the record {str(record)!r}: {exc.strerror or exc}"


def _check_key(seed: int | None, key: str | None) -> None:
    """--key and --seed exclude each other; a key is what a finished game printed."""
    from ..keys import key_problem

    if (problem := key_problem(seed, key, option="--key")) is not None:
        fail(problem)


def _check_options(
    variant: Variant,
    players: str,
    handicap: Sequence[str],
    holes: int | None,
    delay: float,
    record: Path | None,
    force: bool,
) -> tuple[list[SeatSpec], dict[int, int]]:
    """The seats and handicaps, or one line on stderr and exit 2 (before
    anything is played)."""
    try:
        seats = parse_players(players)
        try:
            variant.check_players(len(seats))
        except InputError as exc:
            raise UsageError(str(exc)) from None
        extra = parse_handicap(handicap, [s.name for s in seats])
        if holes is not None and holes < 1:
            raise UsageError("--holes must be at least 1")
        if delay < 0:
            raise UsageError("--delay cannot be negative")
        if record is not None and record.exists() and not force:
            # a finished game is worth more than a typo: as the tournament's --out
            raise UsageError(f"--record: {str(record)!r} already exists (--force overwrites it)")
    except UsageError as exc:
        fail(str(exc))
    return seats, extra


def _seat_bots(seats: Sequence[SeatSpec], ui: PlayUI, key: str, delay: float) -> list[Any]:
    """A player per seat: a person, or a bot (watched, with a pause after
    each move, when a person plays along and asked for a delay).  A bot
    that cannot be made ends the command, after closing those made.  Each
    bot is seeded from the key under its own label, never with the key."""
    from ..bots import BotSpecError
    from ..bots.registry import make_bot
    from ..keys import bot_seed

    bots: list[Any] = []
    try:
        for i, s in enumerate(seats):
            if s.human:
                bots.append(HumanSeat(ui, i))
                continue
            try:
                bot = make_bot(s.kind, seed=bot_seed(key, s.name))
            except BotSpecError as exc:
                raise UsageError(str(exc)) from None
            except ImportError as exc:
                raise UsageError(f"bot {s.kind!r} is not available: {exc}") from None
            bots.append(WatchedBot(bot, ui) if ui.humans and delay > 0 else bot)
    except UsageError as exc:
        _close_bots(bots)
        fail(str(exc))
    return bots


def _introduce(
    ui: PlayUI, match: Match, holes: int | None, seed: int | None, given_key: bool
) -> None:
    """The game, the players, its length and the seed to play it again (a
    secret key is printed at the end, not here)."""
    say, style, variant = ui.term.say, ui.style, ui.variant
    kinds = ", ".join(f"{s.name} ({'human' if s.human else s.kind})" for s in ui.seats)
    say(style.bold(f"Golf: {variant.name}") + f" - {variant.description}")
    how = "match play: most holes won" if match.scoring == "match" else "stroke play: lowest total"
    say(f"Players: {kinds}.")
    say(f"Game: {game_length(variant.game, holes)}; {how} wins.")
    if variant.groups_for(len(ui.seats)) < len(ui.seats):
        say("Partners share a layout: " + "; ".join(ui.side_names) + ".")
    if seed is not None:
        say(f"seed {seed} (play the same deal again with --seed {seed})")
    elif given_key:
        say("Cards dealt from the given key.")
    else:
        say("Cards dealt from a secret key, printed when the game is over.")
    if ui.humans:
        say("Type help at any prompt for the moves, quit to stop.")


def _stopped(
    ui: PlayUI, match: Match, faults: FaultLog, record: Path | None, interrupted: bool
) -> None:
    """A game stopped early (quit, Ctrl-C, --strict): the finished holes, as
    kept in the record, and the scorecard so far."""
    say = ui.term.say
    say()
    if interrupted:  # Ctrl-C is a quit without the question
        say("Interrupted (Ctrl-C).")
    if faults.first:
        say(ui.style.warn(f"Stopped (--strict): {faults.first}."))
    played = len(ui.holes)
    kept = ""
    if record is not None and played:
        kept = f" The record in {record} keeps {'it' if played == 1 else 'them'}."
    say(f"Game stopped after {plural(played, 'hole')}.{kept}")
    if ui.holes:
        say(scorecard_text(ui.side_names, ui.holes, match.scoring))
    if faults.summary(match):
        say(ui.style.warn(faults.summary(match)))


def _open_record(record: Path | None, match: Match, bots: Sequence[Any]) -> RecordWriter | None:
    """The --record file with the game's header, or None without --record.
    A file that cannot be written ends the command (bots closed) before
    anything is played."""
    from ..record import RecordWriter, header

    if record is None:
        return None
    try:
        return RecordWriter(
            record,
            header(match.variant, match.names, match.seed, match.scoring, match.extra_reveals),
        )
    except OSError as exc:
        _close_bots(bots)
        fail(_record_error(record, exc))


def _close_bots(bots: Sequence[Any]) -> None:
    from ..bots.registry import close_bot

    for bot in bots:
        if not isinstance(bot, HumanSeat):
            close_bot(bot)
