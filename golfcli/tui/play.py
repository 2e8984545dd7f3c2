"""``golf play``: the terminal, the human seat and the play loop.

A person is just another seat: :class:`HumanSeat` has the same ``choose``
as a bot, so :class:`~golfcli.match.Match` runs one game loop for bots,
humans and any mix of them.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import typer

from .. import cards as C
from ..errors import fail
from ..exceptions import InputError, StopMatch
from ..game import side_names
from ..interrupts import IMMEDIATE
from ..match import HoleRecord, Match, MatchResult
from ..rulestext import game_length
from ..state import Action, Event
from ..variant import Variant
from ..view import View, censor
from .board import (
    board_from_view,
    hole_result_lines,
    render_board,
    result_text,
    scorecard_text,
)
from .hint import Coach
from .input import (
    COMMANDS,
    describe_action,
    describe_reply,
    help_text,
    parse_reply,
    prompt_text,
)
from .narrate import FaultLog, describe_events, turn_groups
from .seats import SeatSpec, UsageError, parse_handicap, parse_players
from .style import Style

if TYPE_CHECKING:
    from ..record import RecordWriter

PUBLIC = -1  # censor() for nobody's eyes: what everyone at the table sees


class RecordFailed(StopMatch):
    """The --record file could not take a hole (a full disk): the game stops
    there, with the holes played shown."""


class QuitGame(StopMatch):
    """The person asked to stop.

    A :class:`~golfcli.exceptions.StopMatch`: the match runner counts any
    other exception from a seat's ``choose`` as a bot fault and plays on with
    a random move, which is exactly wrong for a person who typed ``quit``.
    """


# --------------------------------------------------------------------------- terminal


class Terminal:
    """Line input and output; swapped for scripted input in unit tests."""

    def __init__(
        self, style: Style, inp: Callable[[str], str] | None = None, out: IO[str] | None = None
    ) -> None:
        self.style = style
        self.out = out or sys.stdout
        self._input = inp or input
        self.scripted = inp is not None

    @property
    def width(self) -> int:
        return max(40, shutil.get_terminal_size((100, 40)).columns - 1)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """One line of input; end of input (Ctrl-D, a closed pipe) means quit."""
        self.out.flush()
        try:
            with IMMEDIATE:  # a person is waited for: Ctrl-C stops at once
                answer = self._input(prompt + " ")
            if self.scripted:  # keep a transcript, as a terminal would show it
                self.out.write(f"{prompt} {answer}\n")
            return answer
        except EOFError:
            self.say()
            raise QuitGame() from None

    def clear(self) -> None:
        """Clear the screen and scrollback so the next player cannot scroll up."""
        try:
            tty = self.out.isatty()
        except (AttributeError, ValueError):
            tty = False
        if tty:
            self.out.write("\x1b[2J\x1b[3J\x1b[H")
        else:
            self.out.write("\n" * 3)
        self.out.flush()


# --------------------------------------------------------------------------- play


class HumanSeat:
    """A person at the table, shaped like a bot: ``choose(view, legal)``.

    ``notify`` (the match runner's event hook, censored for this seat) keeps
    the cards this person has just peeked at, so that in a hot-seat game they
    are shown before the screen is handed over, not only at the next turn.
    """

    wants_view = True

    def __init__(self, ui: PlayUI, seat: int) -> None:
        self.ui = ui
        self.seat = seat
        ui.human_seats[seat] = self
        self.queue: list[Action] = []
        self.unseen: list[tuple[int, int]] = []  # (pos, card) peeked at, not yet shown

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.ui.human_turn(self, view, legal)

    def notify(self, event: dict[str, Any]) -> None:
        if event.get("kind") in ("peek", "look") and event.get("seat") == self.seat:
            card = event.get("card")
            if isinstance(card, str):
                self.unseen.append((int(event["pos"]), C.parse_card(card)))


class WatchedBot:
    """A bot seat in a game with people and ``--delay``: before each of its
    decisions the turns finished since are printed, one line each, with a
    pause after each, so a person can follow the bots' moves."""

    wants_view = True

    def __init__(self, bot: Any, ui: PlayUI) -> None:
        self._bot = bot
        self._ui = ui

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self._ui.live_log(view)
        action: Action = self._bot.choose(view, legal)
        return action


class PlayUI:
    """Everything ``golf play`` shows and asks, around one :class:`Match`."""

    def __init__(
        self,
        variant: Variant,
        seats: Sequence[SeatSpec],
        term: Terminal,
        *,
        seed: Any,
        hints: bool = False,
        delay: float = 0.0,
        handicap: dict[int, int] | None = None,
    ) -> None:
        self.variant = variant
        self.seats = list(seats)
        self.names = [s.name for s in seats]
        self.term = term
        self.style = term.style
        self.seed = seed
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.watch = not self.humans
        self.delay = delay
        self.handicap = dict(handicap or {})
        self.side_of = list(variant.side_of(len(seats)))
        self.side_names = list(side_names(self.names, self.side_of, variant.groups_for(len(seats))))
        self.holes: list[HoleRecord] = []  # finished, as the match recorded them
        self.private = variant.start.peek > 0 or variant.turn.look_again
        # hot-seat with private cards: the screen is cleared between people
        self.gating = len(self.humans) > 1 and self.private
        self.last_human: int | None = None
        # per seat, (hole, history length): at its last decision; at the start of its last turn
        self.seen: dict[int, tuple[int, int]] = {}
        self.turn_start: dict[int, tuple[int, int]] = {}
        # (hole, events already told to the whole table)
        self.public_seen: tuple[int, int] = (0, 0)
        self.coach = Coach(seed)
        self.hints = hints
        self.human_seats: dict[int, HumanSeat] = {}
        self.recording = False
        self.match: Match | None = None

    # .......................................................... per decision

    def gate(self, seat: int) -> None:
        """Hot-seat: before the next person sits down, show the last one what
        they just peeked at, then clear the screen and wait for the new one."""
        if not self.gating or self.last_human == seat:
            self.last_human = seat
            return
        prev = self.last_human
        if prev is not None:
            unseen = self.human_seats[prev].unseen
            if unseen:
                cards = ", ".join(f"{p + 1} = {self.style.card(c)}" for p, c in unseen)
                them = "them" if len(unseen) > 1 else "it"
                self.term.say(f"{self.names[prev]}, you looked at: {cards}. Remember {them}!")
                self.pause(f"Press Enter to hide {them}.")
                unseen.clear()
            self.term.clear()
        name = self.names[seat]
        self.pause(
            f"{self.style.bold(f'Pass to {name}.')} {name}, press Enter when no one else can see."
        )
        self.term.clear()
        self.last_human = seat

    def human_turn(self, me: HumanSeat, view: View, legal: Sequence[Action]) -> Action:
        seat = me.seat
        hole = view.match.hole
        if me.queue:
            # the rest of a reply that named several moves (said back when typed)
            a = me.queue.pop(0)
            if a in legal:
                self._mark(seat, view)
                return a
            self.term.say(
                self.style.warn(
                    f"  Not done: {describe_action(a, view, self.style)}: no longer possible."
                )
            )
            me.queue.clear()
        self.gate(seat)
        me.unseen.clear()  # the screen about to be drawn shows this seat's memory
        last_hole, last_len = self.seen.get(seat, (0, 0))
        if last_hole != hole:
            last_len = 0
        new_turn = last_hole != hole or any(ev.seat != seat for ev in view.history[last_len:])
        if new_turn:
            # from the start of this seat's previous turn: its own move's outcome
            # (what the card it replaced was) and then everyone else's
            start_hole, start = self.turn_start.get(seat, (0, 0))
            self.turn_start[seat] = (hole, len(view.history))
            since = view.history[start if start_hole == hole else 0 :]
            if self.delay and not self.gating:
                # the turns were told as they happened (--delay): finish the tale
                self.live_log(view)
                since = ()
            self.show_screen(view, since)
        else:
            self.show_compact(view)
        self.public_seen = (hole, len(view.history))  # the table has seen all this
        if self.hints:
            self.show_hint(view, legal)
        prompt = prompt_text(view, legal, self.style, self._extra(seat))
        if len(self.humans) > 1:
            prompt = f"{self.names[seat]}: {prompt}"
        while True:
            reply = parse_reply(self.term.ask(prompt), view, legal, self.style, self._extra(seat))
            if reply.command:
                self.command(reply.command, view, legal)
                continue
            if reply.error:
                self.term.say(self.style.warn(f"  Not that: {reply.error}."))
                continue
            me.queue = reply.actions[1:]
            if me.queue:
                self.term.say(f"-> {describe_reply(reply.actions, view, self.style)}")
            self._mark(seat, view)
            return reply.actions[0]

    def _mark(self, seat: int, view: View) -> None:
        self.seen[seat] = (view.match.hole, len(view.history))

    def _extra(self, seat: int) -> int:
        return sum(n for s, n in self.handicap.items() if self.side_of[s] == self.side_of[seat])

    def header(self, hole: int, holes: int | None, totals: Sequence[int]) -> str:
        of = f" of {holes}" if holes else ""
        tot = ", ".join(f"{n} {t}" for n, t in zip(self.side_names, totals, strict=False))
        line = f"== Hole {hole}{of} · {self.variant.name} =="
        if not self.style.symbols:
            line = line.replace("·", "-")
        return self.style.bold(line) + (f"  totals: {tot}" if tot and hole > 1 else "")

    def show_screen(self, view: View, since: Sequence[Event]) -> None:
        """Start of a turn: every layout, the piles, and what happened since."""
        seat = view.seat
        say = self.term.say
        say()
        say(self.header(view.match.hole, view.match.holes, view.match.totals))
        told = describe_events(since, self.names, self.style, you=seat)
        if told:
            say("Since your last turn:" if any(ev.seat == seat for ev in since) else "So far:")
            for line in told:
                say("  " + line)
        board = board_from_view(view, self.names, self.style)
        for line in render_board(board, self.style, self.term.width):
            say(line)
        if view.final_turn and view.phase == "draw":
            closing = next(
                (ev for ev in reversed(view.history) if ev.kind in ("out", "knock")), None
            )
            if closing is not None:
                who = self.names[closing.seat]
                did = "knocked" if closing.kind == "knock" else "went out"
                say(self.style.warn(f"Final turn: {who} {did}; this is your last turn."))
        if view.memory and view.phase != "setup":
            mem = ", ".join(f"{p + 1} = {self.style.card(c)}" for p, c in view.memory)
            say(self.style.dim(f"You remember: {mem} (face down; only you see this)"))

    def show_compact(self, view: View) -> None:
        """Later in the same turn: only the seat's own layout and what it holds."""
        board = board_from_view(view, self.names, self.style)
        say = self.term.say
        for line in render_board(board, self.style, self.term.width, only=view.side)[:-1]:
            say(line)
        if view.phase == "place" and view.drawn is not None:
            src = "stock" if view.drawn_from == "stock" else "discard pile"
            say(f"You hold the {self.style.card(view.drawn)} from the {src}.")
        elif view.phase == "flip" and view.history and view.history[-1].kind == "discard":
            card = view.history[-1].card
            assert card is not None  # a discarded card lies face up
            say(f"You discarded the {self.style.card(card)}.")

    def show_hint(self, view: View, legal: Sequence[Action]) -> None:
        for line in self.coach.lines(view, legal, self.style, self._extra(view.seat)):
            self.term.say(line)

    def command(self, cmd: str, view: View, legal: Sequence[Action]) -> None:
        if cmd == "help":
            self.term.say(help_text(view, legal, self.style))
        elif cmd == "rules":
            from ..rulestext import describe_variant

            self.term.say("\n".join(describe_variant(self.variant)))
        elif cmd == "scores":
            if self.holes:
                self.term.say(scorecard_text(self.side_names, self.holes, self._scoring()))
            else:
                self.term.say("No hole finished yet.")
        elif cmd == "quit":
            self.confirm_quit()

    def pause(self, prompt: str) -> None:
        """Wait for Enter; ``quit`` works here too, as at every prompt."""
        while COMMANDS.get(self.term.ask(prompt).strip().lower()) == "quit":
            self.confirm_quit()

    def confirm_quit(self) -> None:
        kept = " Finished holes stay in the record." if self.recording else ""
        answer = self.term.ask(f"Quit the game?{kept} (y/n)")
        if answer.strip().lower() in ("y", "yes", "quit", "q"):
            raise QuitGame()
        self.term.say("Playing on.")

    def _scoring(self) -> str:
        return self.match.scoring if self.match is not None else self.variant.game.scoring

    def live_log(self, view: View) -> None:
        """Tell the table (public information only) the turns finished since last told."""
        hole, told = self.public_seen
        if hole != view.match.hole:
            told = 0
        events = view.history[told:]
        groups = list(turn_groups(events))
        done = []
        for seat, group in groups:
            if seat == view.seat and group is groups[-1][1]:
                break  # this bot's own turn in progress: tell it when it is finished
            done.append((seat, group))
        count = sum(len(g) for _, g in done)
        public = [censor(ev, PUBLIC) for _, g in done for ev in g]
        for line in describe_events(public, self.names, self.style):
            self.term.say("  " + line)
            if self.delay:
                with IMMEDIATE:
                    time.sleep(self.delay)
        self.public_seen = (view.match.hole, told + count)

    # .......................................................... per hole

    def on_hole(self, match: Match, rec: HoleRecord) -> None:
        say = self.term.say
        self.holes.append(rec)
        events = rec.events or ()
        if self.watch:
            say()
            holes = f" of {match.holes_planned}" if match.holes_planned and not rec.playoff else ""
            kind = " (playoff)" if rec.playoff else ""
            say(
                self.style.bold(f"Hole {rec.number}{holes}{kind}")
                + f": {self.names[rec.dealer]} deals"
            )
            for line in describe_events(events, self.names, self.style):
                say("  " + line)
        else:
            # the last turns since a person last looked, as the table saw them
            hole, told = self.public_seen
            if hole != rec.number:
                told = 0
            public = [censor(ev, PUBLIC) for ev in events[told:]]
            say()
            for line in describe_events(public, self.names, self.style):
                say("  " + line)
            self.public_seen = (rec.number, len(events))
        say()
        say(self.style.bold(f"Hole {rec.number} is over.") + " Every card is turned up:")
        for line in hole_result_lines(
            self.variant,
            self.side_names,
            rec.layouts,
            rec.score,
            rec.scores,
            self.style,
            self.term.width,
        ):
            say(line)
        say()
        say(scorecard_text(self.side_names, self.holes, match.scoring))
        if self.humans:
            self.pause("Press Enter to go on (or type quit).")
        # everyone has looked at the open cards: whoever starts the next hole
        # is asked for by name, with nothing private on the screen to hide
        self.last_human = None
        for h in self.human_seats.values():
            h.unseen.clear()


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
    from ..keys import is_key

    if key is not None and seed is not None:
        fail("give --key or --seed, not both")
    if key is not None and not is_key(key):
        fail("--key must be the 64 hex digits a finished game printed")


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
    from ..bots.registry import BotSpecError, make_bot
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
    say(f"Game stopped after {played} hole{'s' if played != 1 else ''}.{kept}")
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
