"""A game of many holes: dealer rotation, scorecard, stroke and match play,
targets, ties and playoffs; and the loop that asks bots for decisions.

Randomness: the match ``seed`` is the match's *key* (golfcli.keys): hole
*h* is shuffled by ``KeyedRandom(derive(key, "hole:h"))`` and the bot called
*name* is seeded with ``bot_seed(key, name)``, both HMAC-SHA256 under their
own labels.  So a deal depends only on the key and the hole number -- never
on what the players did in earlier holes, which is what makes duplicate
deals (the same cards for every rotation of players through the seats)
possible -- and a bot's seed tells it nothing about the deal.  The deals are
exactly as secret as the key: tournaments and ``golf play`` pass a
high-entropy key unless the user gives a seed.

Bot faults (not a rule of the game, but of a table of programs): a bot that raises, names an
illegal action, times out or breaks the protocol is a *fault*; the
decision goes to the fallback policy and play goes on.  One exception is
not a fault: :class:`~golfcli.exceptions.StopMatch` (a person quitting
``golf play``) goes through to the caller of :meth:`Match.play`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from mypy_extensions import mypyc_attr

from .actions import OVER, Action, answer_index, moves_of, uniform
from .arguments import (
    callback,
    choice,
    flag,
    items,
    optional_whole,
    seats_to_counts,
    whole,
    wrong_type,
)
from .arguments import names as names_of
from .bots import Bot, RandomBot, check_bots
from .events import Event
from .exceptions import StopMatch
from .faults import FALLBACKS, FORFEIT_PENALTY, BotFault
from .game import (
    count_hole,
    dealer_of,
    hole_winners,
    leaders,
    regulation_done,
    side_names,
)
from .hole import deal_key
from .interrupts import HELD, PENDING, deliver
from .keys import KeyedRandom, derive, hole_rng
from .keys import bot_seed as bot_seed  # re-exported: golf's callers seed bots with it
from .limits import MAX_HOLES
from .matchresult import HoleRecord, MatchResult, SeatStats
from .state import HoleState
from .variant import Variant
from .variantload import resolve
from .view import MatchInfo, event_json, view

#: The clock of every decision (a constant: the compiled build calls it
#: without a module dict lookup).
_clock: Final = time.perf_counter

#: The random bot's own ``choose``, to tell a plain one (:func:`plain_random`).
_RANDOM_CHOOSE: Final = RandomBot.__dict__["choose"]


def plain_random(bot: object) -> bool:
    """A ``RandomBot`` as golf made it: not a subclass, its class's ``choose``
    not replaced, none of its own.  The match draws such a bot's move itself
    (:func:`~golfcli.actions.uniform`, the draw its ``choose`` makes, from its
    generator): the call into its interpreted ``choose`` cost ~2.5k
    instructions a decision, a sixth of a random hole."""
    return (
        type(bot) is RandomBot
        and RandomBot.__dict__.get("choose") is _RANDOM_CHOOSE
        and "choose" not in getattr(bot, "__dict__", {})
    )


# Per bot class: the names it does not define anywhere in its MRO, and
# whether its instances have a __dict__ that could hold them; None when the
# class answers attribute lookups itself (__getattr__, __getattribute__).
# Bounded: a bot file is loaded afresh for every game, each time a new
# class, and a cache holding them all would keep every game's module alive
# (~80 KB each: a 6,000-game run with one file bot peaked at 52 MB with 256
# classes kept, 32 MB with 16).  The built-in bots are four classes.
_ABSENT: dict[type, tuple[set[str], bool] | None] = {}
_ABSENT_LIMIT: Final = 32


def optional_attr(obj: Any, name: str) -> Any:
    """``getattr(obj, name, None)`` for the optional hooks of a bot.

    The same answer, without its cost when the hook is missing: a missing
    attribute builds an AttributeError (with its message) that getattr then
    drops, for every hook of every bot of every hole -- 4 % of a one-hole
    random game.  A name the class lacks is remembered per class; an
    instance's own ``__dict__`` is still looked in.  So a hook added to the
    *class* after its first game is not seen (one set on the instance is):
    bots define their hooks in the class body (the bot protocol's docs
    say so)."""
    cls = type(obj)
    if cls in _ABSENT:
        known = _ABSENT[cls]
    else:
        if len(_ABSENT) >= _ABSENT_LIMIT:
            _ABSENT.clear()
        custom = getattr(cls, "__getattribute__", None) is not object.__getattribute__
        known = None if custom or hasattr(cls, "__getattr__") else (set(), cls.__dictoffset__ != 0)
        _ABSENT[cls] = known
    if known is None:
        return getattr(obj, name, None)
    absent, has_dict = known
    if name in absent and not (has_dict and name in obj.__dict__):
        return None
    value = getattr(obj, name, _MISSING)
    if value is _MISSING:
        if not hasattr(cls, name):
            absent.add(name)
        return None
    return value


_MISSING: Final = object()


#: Stroke or match play (a variant's ``game.scoring``).
_SCORINGS: Final = ("stroke", "match")
#: The most a forfeit may cost (a tournament config's ``forfeit_penalty`` caps it alike).
MAX_PENALTY: Final = 10_000


# tests/engine/test_fairness.py extends it (a rigged deal): allowed when compiled
@mypyc_attr(allow_interpreted_subclasses=True)
class Match:
    """Runs one game of several holes with one bot per seat.

    ``on_hole(match, record)`` and ``on_event(state, event)`` are optional
    callbacks for the terminal UI (scorecard after every hole, live play).
    """

    def __init__(
        self,
        variant: Variant,
        bots: Sequence[Bot],
        names: Sequence[str] | None = None,
        seed: object = 0,
        *,
        holes: object = None,
        scoring: object = None,
        extra_reveals: object = None,
        record: object = False,
        moves: object = False,
        fallback: object = "random",
        forfeit_penalty: object = FORFEIT_PENALTY,
        on_hole: Callable[[Match, HoleRecord], None] | None = None,
        on_fault: Callable[[int, str, str], None] | None = None,
        seeded: Sequence[bool] = (),
    ) -> None:
        # The door: every argument checked here, where a caller's mistake is
        # one line naming it (``seed``, ``holes`` ... are declared ``object``:
        # compiled, a declared type is checked by mypyc first, in its words).
        # Each check passes the values golf's own callers give at once: a
        # tournament makes a match per game.
        if not isinstance(variant, Variant):
            wrong_type("variant", "a Variant (golfcli.load_variant)", variant)
        seats = check_bots("bots", bots, variant)
        players = len(seats)
        if not (isinstance(seed, int | str) and not isinstance(seed, bool)):
            wrong_type("seed", "the match key: a whole number or text", seed)
        if holes is not None and not (type(holes) is int and 1 <= holes <= MAX_HOLES):
            holes = whole("holes", holes, 1, MAX_HOLES)
        if scoring is not None and scoring not in _SCORINGS:
            scoring = choice("scoring", scoring, _SCORINGS)
        if fallback not in FALLBACKS:
            fallback = choice("fallback", fallback, FALLBACKS)
        if not (type(forfeit_penalty) is int and 0 <= forfeit_penalty <= MAX_PENALTY):
            forfeit_penalty = whole("forfeit_penalty", forfeit_penalty, 0, MAX_PENALTY)
        if not isinstance(record, bool):
            record = flag("record", record)
        if not isinstance(moves, bool):
            moves = flag("moves", moves)
        reveals = seats_to_counts("extra_reveals", extra_reveals, players, 0, 2)
        self.variant = variant
        self.bots: list[Bot] = seats
        self.players = players
        self.names = (
            names_of("names", names, players)
            if names is not None
            else tuple([f"P{i + 1}" for i in range(players)])
        )
        self.seed = seed
        self.groups = variant.groups_for(players)
        self.side_of = variant.side_of(players)
        self.side_names = side_names(self.names, self.side_of, self.groups)
        self.holes_planned = holes if holes is not None else variant.game.holes
        self.target = None if holes is not None else variant.game.target
        self.max_holes = variant.game.max_holes
        self.scoring = str(scoring) if scoring is not None else variant.game.scoring
        self.extra_reveals = reveals
        self.record = record
        # moves=True: each hole's decisions as compact text (actions.moves_of),
        # one string a hole in ``moves``; a tournament keeps them per game
        self.keep_moves = moves
        self.moves: list[str] = []
        self.fallback = str(fallback)
        self.forfeit_penalty = forfeit_penalty
        self.on_hole = on_hole if on_hole is None else callback("on_hole", on_hole)
        # (seat, kind, message) as each fault happens, before the fallback's move:
        # golf play shows it, so that a broken bot does not just look weak
        self.on_fault = on_fault if on_fault is None else callback("on_fault", on_fault)
        if type(seeded) is not list and type(seeded) is not tuple:
            seeded = items("seeded", seeded, "a list of True or False, one a bot", players)
        self.stats = [SeatStats() for _ in range(players)]
        self.holes: list[HoleRecord] = []
        self.totals = [0] * self.groups
        self.won = [0.0] * self.groups
        self._fallback_rng: random.Random | None = None  # made on the first fault (speed)
        # ``seeded[i]``: the caller made bot i with exactly this seed just now,
        # and seeding it again would give the same bot (the tournament runner
        # says so for built-ins, saving an HMAC and a Mersenne Twister seeding
        # per bot per game).
        for i, bot in enumerate(self.bots):
            reseed = getattr(bot, "seed", None)
            if not (i < len(seeded) and seeded[i]) and reseed is not None:
                reseed(bot_seed(seed, self.names[i]))
        self.state: HoleState | None = None
        self._forfeit: set[int] = set()
        self._seen: list[list[Event]] = []  # per seat, this hole (_play_hole)

    # ------------------------------------------------------------------ public

    def play(self) -> MatchResult:
        """Play the game to its end: every hole (and playoff holes to break a
        tie, if the variant says so); call it once.  Signals with a Python
        handler (Ctrl-C) are held while it plays and delivered between
        decisions, never inside compiled code that cannot unwind
        (golfcli.interrupts)."""
        with HELD:
            return self._play_all()

    def _play_all(self) -> MatchResult:
        self._hook_all("start_game", lambda i: self._game_info(i))
        number = 0
        while not self._regulation_done():
            number += 1
            self._play_hole(number, playoff=False)
        winners = self._leaders()
        playoffs = 0
        if len(winners) > 1 and self.variant.game.ties == "playoff":
            while len(winners) > 1 and playoffs < self.variant.game.max_playoff_holes:
                number += 1
                playoffs += 1
                rec = self._play_hole(number, playoff=True)
                winners = hole_winners(rec.scores, winners)
        result = MatchResult(
            variant=self.variant.name,
            seed=self.seed,
            names=self.names,
            side_names=self.side_names,
            side_of=self.side_of,
            scoring=self.scoring,
            holes=self.holes,
            totals=list(self.totals),
            holes_won=list(self.won),
            winners=winners,
            stats=self.stats,
            extra_reveals=self.extra_reveals,
        )
        self._hook_all("end_game", lambda i: {"totals": result.totals, "winners": winners})
        return result

    # ------------------------------------------------------------------ internals

    def _game_info(self, seat: int) -> dict[str, Any]:
        return {
            "variant": self.variant.to_data(),
            "seat": seat,
            "players": self.players,
            "names": list(self.names),
            "side_of": list(self.side_of),
            "seed": bot_seed(self.seed, self.names[seat]),
            "holes": self.holes_planned,
            "target": self.target,
        }

    def _hook_all(self, hook: str, info: Callable[[int], dict[str, Any]]) -> None:
        for i, bot in enumerate(self.bots):
            fn = optional_attr(bot, hook)
            if fn is not None:
                self._guarded(i, fn, info(i))

    def _guarded(self, seat: int, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        except StopMatch:
            raise
        except BotFault as f:
            self._fault(seat, f.kind, str(f))
        except Exception as exc:  # a user bot's hook must not stop the match
            self._fault(seat, "crash", f"{type(exc).__name__}: {exc}")
        return None

    def _regulation_done(self) -> bool:
        return regulation_done(
            len(self.holes),
            self.holes_planned,
            self.max_holes,
            self.totals,
            self.target,
            self.variant.game.target_rule,
        )

    def _leaders(self) -> list[int]:
        return leaders(self.scoring, self.totals, self.won)

    def _play_hole(self, number: int, playoff: bool) -> HoleRecord:
        dealer = dealer_of(number, self.players)
        rng = self._hole_rng(number)
        st = HoleState(self.variant, self.players, dealer, rng, extra_reveals=self.extra_reveals)
        self.state = st
        self._forfeit = set()
        # per seat: its censored history of this hole so far (see view.view)
        self._seen = [[] for _ in range(self.players)]
        info = MatchInfo(number, self.holes_planned, tuple(self.totals), self.side_names)
        notify = [optional_attr(b, "notify") for b in self.bots]
        has_notify = any(notify)
        cursor = [0] * self.players
        wants = [getattr(b, "wants_view", True) for b in self.bots]
        # built-in bots that only answer from ``legal`` are not re-checked; read
        # from the class's own __dict__, so that a subclass is checked again
        trusted = [bool(type(b).__dict__.get("trusted_builtin")) for b in self.bots]
        plain = [plain_random(b) for b in self.bots]
        taken: list[Action] | None = [] if self.keep_moves else None
        # Methods called directly, not bound to locals: compiled, a direct call
        # is a C call, a bound method goes through Python's calling convention.
        while st.phase != OVER:
            if PENDING:  # a signal came: its handler runs here, between decisions
                deliver()
            seat = st.current
            legal = st.legal_actions()
            if has_notify:
                self._notify(st, notify, cursor)
            action = self._decide(seat, st, legal, info, wants[seat], trusted[seat], plain[seat])
            if taken is not None:
                taken.append(action)
            st.apply_trusted(action)
        if has_notify:
            self._notify(st, notify, cursor)
        assert st.result is not None
        if taken is not None:
            self.moves.append(moves_of(taken))
        scores = list(st.result.totals)
        for side in self._forfeit:
            scores[side] += self.forfeit_penalty
        rec = HoleRecord(
            number=number,
            dealer=dealer,
            scores=tuple(scores),
            closer=st.closer,
            end_reason=st.end_reason,
            playoff=playoff,
            forfeits=tuple(sorted(self._forfeit)),
            score=st.result,
            events=tuple(st.events) if self.record else None,
            layouts=tuple(tuple(lay) for lay in st.layouts),
        )
        self.holes.append(rec)
        if not playoff:
            count_hole(self.totals, self.won, scores)
        self._hook_all(
            "end_hole",
            lambda i: {
                "hole": number,
                "scores": list(scores),
                "totals": list(self.totals),
                "layouts": [[c for c in lay] for lay in st.layouts],
            },
        )
        if self.on_hole is not None:
            self.on_hole(self, rec)
        return rec

    def _hole_rng(self, number: int) -> random.Random:
        """The generator that deals hole ``number`` (and reshuffles its stock).

        One generator per hole, keyed by the match key and the hole number
        alone.  A method so that tests can deal chosen cards (a rigged
        generator) and check what each seat is told about them.
        """
        return hole_rng(self.seed, number)

    def _notify(self, st: HoleState, notify: list[Any], cursor: list[int]) -> None:
        from .view import censor

        for i, fn in enumerate(notify):
            if fn is None:
                continue
            evs = st.events[cursor[i] :]
            cursor[i] = len(st.events)
            for ev in evs:
                self._guarded(i, fn, event_json(censor(ev, i)))

    def _decide(
        self,
        seat: int,
        st: HoleState,
        legal: tuple[Action, ...],
        info: MatchInfo,
        wants: bool,
        trusted: bool,
        plain: bool = False,
    ) -> Action:
        stats = self.stats[seat]
        side = self.side_of[seat]
        if stats.disqualified or (self._forfeit and side in self._forfeit):
            return self._fallback(legal)
        bot = self.bots[seat]
        # a bot that wants no view (wants_view = False) is given None; typed
        # Any, not cast: the compiled build checks a cast at run time
        v: Any = view(st, seat, info, self._seen[seat]) if wants else None
        kind = ""
        msg = ""
        answer: Any = None
        t0 = _clock()
        try:
            if plain:  # a plain random bot's move, drawn as its choose draws it (plain_random)
                random_bot: Any = bot
                answer = uniform(random_bot.rng, legal)
            else:
                # Any, not Bot: compiled, a call typed to return an Action checks
                # the answer itself, and a str became mypyc's TypeError (a crash)
                # where the pure build said "illegal": both now judge it below
                chooser: Any = bot
                answer = chooser.choose(v, legal)
        except StopMatch:  # not a fault: whoever called play() stops the match
            raise
        except BotFault as f:
            kind, msg = f.kind, str(f)
        except Exception as exc:
            kind, msg = "crash", f"{type(exc).__name__}: {exc}"
        else:
            if not trusted:
                found = answer_index(answer, legal)
                if found < 0:
                    kind, msg = "illegal", _wrong_answer(bot, answer, legal)
                else:
                    answer = legal[found]  # the engine's own action object
        dt = _clock() - t0
        stats.decisions += 1
        stats.time_total += dt
        if dt > stats.time_max:
            stats.time_max = dt
        if not kind:
            action: Action = answer
            return action
        self._fault(seat, kind, msg)
        if self.fallback == "forfeit":
            self._forfeit.add(side)
        elif self.fallback == "disqualify":
            stats.disqualified = True
        return self._fallback(legal)

    def _fallback(self, legal: tuple[Action, ...]) -> Action:
        """The fallback policy's move: a random legal action from the match's
        own fallback generator (keyed from the match key, made on first use)."""
        if self._fallback_rng is None:
            self._fallback_rng = KeyedRandom(derive(self.seed, "fallback"))
        return uniform(self._fallback_rng, legal)

    def _fault(self, seat: int, kind: str, message: str) -> None:
        st = self.stats[seat]
        st.faults[kind] += 1
        st.last_fault = message
        if self.on_fault is not None:
            self.on_fault(seat, kind, message)


def _wrong_answer(bot: object, answer: object, legal: tuple[Action, ...]) -> str:
    """The ``illegal`` fault's message: the bot's file (or class), what it
    returned, what it must return (:func:`golfcli.faults.answer_fault`)."""
    from .bots.registry import source_of
    from .faults import answer_fault

    return answer_fault(source_of(bot), answer, legal)


def play_match(
    variant: str | Path | Variant,
    bots: Sequence[Bot | str],
    *,
    names: Sequence[str] | None = None,
    holes: object = None,
    seed: object = None,
    key: object = None,
    handicap: Mapping[int, int] | None = None,
    fault_policy: object = "random",
    record: object = True,
) -> MatchResult:
    """Play one game of Golf between ``bots`` (bot objects, or specs such as
    ``"expert"``, ``"greedy?threshold=3"``, ``"my_bot.py"``, ``"cmd:..."``) and
    return its result: every hole's scores and events, totals, winners.

    The cards come from ``key``, else from ``seed``'s key, else a fresh
    secret key (``result.seed`` holds it), exactly as ``golf play --seed``
    deals them; ``names`` (by default the bots' own: ``greedy``, ``keeper``
    for ``keeper.py``, a repeat numbered ``greedy2``, as ``golf play`` names
    unnamed seats) seed the bots, so the same names, seed and bots play the
    same game as ``golf play -p NAME=BOT,... --seed N``.  ``holes``
    replaces the variant's game length, ``handicap`` maps a seat to the
    extra cards it turns up (1-2).  A bot
    that raises or answers an illegal move is a fault: ``fault_policy``
    (``random``, ``forfeit``, ``disqualify``) decides the move, and the
    seat's ``stats`` count it.  Bots made here from specs are closed here.

    >>> result = play_match("six-card", ["greedy", "random"], holes=2, seed=7)
    >>> len(result.holes), result.winners
    (2, [0])
    """
    from .bots.names import names_of_bots
    from .bots.registry import close_bot, make_bot

    var = resolve(variant)
    given = check_bots("bots", bots, var, specs=True)
    players = len(given)
    seat_names = names_of("names", names, players) if names is not None else names_of_bots(given)
    n_holes = optional_whole("holes", holes, 1, MAX_HOLES)
    policy = choice("fault_policy", fault_policy, FALLBACKS)
    keep = flag("record", record)
    reveals = seats_to_counts("handicap", handicap, players, 0, 2)
    k = deal_key(seed, key)
    made: list[Bot] = []
    seats: list[Bot] = []
    try:
        for bot, name in zip(given, seat_names, strict=True):
            if isinstance(bot, str):
                bot = make_bot(bot, seed=bot_seed(k, name))
                made.append(bot)
            seats.append(bot)
        match = Match(
            var,
            seats,
            seat_names,
            k,
            holes=n_holes,
            extra_reveals=reveals,
            record=keep,
            fallback=policy,
            # the bots made here have their seed already; a bot object given
            # is seeded by the match (the same seed: its name's)
            seeded=[isinstance(bot, str) for bot in given],
        )
        return match.play()
    finally:
        for bot in made:
            close_bot(bot)
