"""``golf play``: the terminal, the human seat and what a person sees.

A person is just another seat: :class:`HumanSeat` has the same ``choose``
as a bot, so :class:`~golfcli.match.Match` runs one game loop for bots,
humans and any mix of them.  :mod:`.session` runs a game of ``golf play``
from its options to the result with these.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

from .. import cards as C
from ..actions import Action
from ..events import Discard, Event
from ..exceptions import StopMatch
from ..game import side_names
from ..interrupts import IMMEDIATE
from ..match import Match
from ..matchresult import HoleRecord
from ..variant import Variant
from ..view import View, censor
from .board import (
    board_from_view,
    hole_result_lines,
    render_board,
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
from .narrate import describe_events, turn_groups
from .seats import SeatSpec
from .style import Style

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
        elif view.phase == "flip" and view.history and isinstance(view.history[-1], Discard):
            say(f"You discarded the {self.style.card(view.history[-1].card)}.")

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
