"""Games of many holes: rotation, stroke and match play, targets, ties, faults."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from golfcli.actions import Action
from golfcli.bots import RandomBot
from golfcli.bots.greedy import GreedyBot
from golfcli.bots.registry import make_bot
from golfcli.faults import FAULT_KINDS
from golfcli.game import hole_winners
from golfcli.match import Match
from golfcli.matchresult import MatchResult
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant


def test_dealer_rotates_left_and_left_of_dealer_starts():
    v = builtin("six-card")
    m = Match(v, [RandomBot(), RandomBot(), RandomBot()], seed=1, holes=4, record=True)
    res = m.play()
    assert [h.dealer for h in res.holes] == [0, 1, 2, 0]
    for h in res.holes:
        assert h.events is not None
        # the first draw of the hole is by the seat left of the dealer
        first_draw = next(e for e in h.events if e.kind == "draw")
        assert first_draw.seat == (h.dealer + 1) % 3


def test_stroke_totals_are_sums_and_lowest_wins():
    v = builtin("six-card")
    res = Match(v, [RandomBot(), GreedyBot()], seed=2, holes=9).play()
    assert len(res.holes) == 9
    for side in range(2):
        assert res.totals[side] == sum(h.scores[side] for h in res.holes)
    assert res.winners == hole_winners(res.totals)


def test_same_seed_same_game_and_deals_independent_of_play():
    v = builtin("six-card")
    a = Match(v, [RandomBot(), GreedyBot()], seed=5, holes=3, record=True).play()
    b = Match(v, [RandomBot(), GreedyBot()], seed=5, holes=3, record=True).play()
    assert [h.events for h in a.holes] == [h.events for h in b.holes]
    # other players, same seed: every hole's deal is the same (duplicate deals)
    c = Match(v, [GreedyBot(), GreedyBot()], seed=5, holes=3, record=True).play()
    assert [h.events[0] for h in a.holes if h.events] == [h.events[0] for h in c.holes if h.events]


def test_match_play_counts_holes_won_and_halved():
    v = load_variant("six-card", ["game.scoring=match"])
    res = Match(v, [RandomBot(), GreedyBot()], seed=3, holes=9).play()
    assert sum(res.holes_won) == 9  # every hole is won or halved
    for h in res.holes:
        assert len(hole_winners(h.scores)) in (1, 2)
    best = max(res.holes_won)
    assert res.winners == [i for i, w in enumerate(res.holes_won) if w == best]


def test_target_game_runs_until_someone_reaches_it():
    v = builtin("duel")
    res = Match(v, [RandomBot(), RandomBot()], seed=4).play()
    assert max(res.totals) >= 50
    partial = [0, 0]
    for h in res.holes[:-1]:
        partial = [p + s for p, s in zip(partial, h.scores, strict=True)]
        assert max(partial) < 50


def test_target_capped_at_max_holes():
    v = load_variant("duel", ["game.target=100000", "game.max_holes=3"])
    res = Match(v, [RandomBot(), RandomBot()], seed=4).play()
    assert len(res.holes) == 3


ZERO = {
    "extends": "six-card",
    "name": "all-zero",
    "values": {"ranks": {r: 0 for r in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"]}},
}


def test_ties_shared():
    v = load_variant(ZERO)
    res = Match(v, [RandomBot(), RandomBot()], seed=1, holes=2).play()
    assert res.totals == [0, 0] and res.winners == [0, 1]
    assert res.holes_won == [1.0, 1.0]


def test_ties_go_to_playoff_holes():
    v = load_variant({**ZERO, "game": {"ties": "playoff", "max_playoff_holes": 2}})
    res = Match(v, [RandomBot(), RandomBot()], seed=1, holes=2).play()
    assert [h.playoff for h in res.holes] == [False, False, True, True]
    assert res.totals == [0, 0]  # playoff holes decide, they do not add strokes
    assert res.winners == [0, 1]  # still tied after the playoff cap
    v2 = load_variant({"extends": "six-card", "name": "p", "game": {"ties": "playoff"}})
    res2 = Match(v2, [GreedyBot(), GreedyBot()], seed=11, holes=1).play()
    assert len(res2.winners) == 1


class Crasher:
    def choose(self, view, legal):
        raise RuntimeError("boom")


class Cheater:
    def choose(self, view, legal):
        return Action("swap", 99)


@pytest.mark.parametrize("bot,kind", [(Crasher(), "crash"), (Cheater(), "illegal")])
def test_faulting_bot_is_counted_and_match_completes(bot, kind):
    v = builtin("six-card")
    res = Match(v, [bot, GreedyBot()], seed=1, holes=2).play()
    assert len(res.holes) == 2
    assert res.stats[0].faults[kind] == res.stats[0].decisions > 0
    assert sum(res.stats[1].faults.values()) == 0


def test_forfeit_and_disqualify_policies():
    v = builtin("six-card")
    f = Match(
        v, [Crasher(), GreedyBot()], seed=1, holes=2, fallback="forfeit", forfeit_penalty=20
    ).play()
    assert all(h.forfeits == (0,) for h in f.holes)
    assert all(h.scores[0] == h.score.totals[0] + 20 for h in f.holes if h.score)
    d = Match(v, [Crasher(), GreedyBot()], seed=1, holes=2, fallback="disqualify").play()
    assert d.stats[0].disqualified and d.stats[0].faults["crash"] == 1


def test_optional_attr_is_getattr_with_none() -> None:
    """The match's cached lookup of bot hooks answers as getattr(obj, name,
    None) would: class hooks, hooks set on one instance later, slotted
    classes, classes that make attributes up (__getattr__) or answer
    lookups themselves (__getattribute__), whose answers may change.  The
    classes are made here: a class seen before (by another test) would be
    answered from the cache, whatever the code that fills it does."""
    from golfcli.bots import RandomBot
    from golfcli.match import optional_attr

    class Plain(RandomBot):
        pass

    class Slotted:
        __slots__ = ("notify",)

    class Bare:
        __slots__ = ()

    class MadeUp:
        def __getattr__(self, name: str) -> str:
            return name.upper()

    class Hooked(RandomBot):
        def end_hole(self, info: dict[str, object]) -> None:
            return None

    class Switch:
        """A hook that appears when switched on, by __getattribute__."""

        def __init__(self) -> None:
            self.on = False

        def __getattribute__(self, name: str) -> object:
            if name == "notify" and object.__getattribute__(self, "on"):
                return print
            return object.__getattribute__(self, name)

    class LateSwitch:
        """The same by __getattr__."""

        def __init__(self) -> None:
            self.on = False

        def __getattr__(self, name: str) -> object:
            if name == "notify" and self.on:
                return print
            raise AttributeError(name)

    plain, other = Plain(), Plain()
    for _ in range(2):  # the second time from the per-class cache
        assert optional_attr(plain, "notify") is None
        assert optional_attr(plain, "close") == plain.close
        assert optional_attr(Hooked(), "end_hole") is not None
        assert optional_attr(Hooked(), "notify") is None
        assert optional_attr(MadeUp(), "end_game") == "END_GAME"
        assert optional_attr(Slotted(), "notify") is None
        assert optional_attr(Bare(), "notify") is None
    plain.notify = print  # type: ignore[attr-defined]
    assert optional_attr(plain, "notify") is print
    assert optional_attr(other, "notify") is None
    filled = Slotted()
    filled.notify = len
    assert optional_attr(filled, "notify") is len
    for cls in (Switch, LateSwitch):
        switch = cls()
        assert optional_attr(switch, "notify") is None
        switch.on = True
        assert optional_attr(switch, "notify") is print, cls


def test_each_seats_kept_history_is_the_censored_log_of_this_hole_only() -> None:
    """The match keeps each seat's censored history through a hole (only new
    events are censored at a decision).  At every decision of a several-hole
    match, for every seat, it must equal the whole current hole's log put
    through ``censor`` for that seat: nothing from an earlier hole or from
    another seat's history."""
    from golfcli.view import censor

    wrong: list[tuple[int, int]] = []  # (hole, seat); a failed assert in choose
    checked = [0]  # would only be a bot fault, so the spy records instead

    class Spy(GreedyBot):
        match: Match | None = None

        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            assert self.match is not None and self.match.state is not None
            expected = tuple(censor(e, view.seat) for e in self.match.state.events)
            if tuple(view.history) != expected:
                wrong.append((len(self.match.holes) + 1, view.seat))
            checked[0] += 1
            return super().choose(view, legal)

    bots = [Spy(), Spy(), Spy()]
    m = Match(builtin("six-card"), bots, seed=5, holes=3)
    for b in bots:
        b.match = m
    m.play()
    assert len(m.holes) == 3 and checked[0] > 3 * 3 * 4
    assert wrong == []
    assert all(sum(s.faults.values()) == 0 for s in m.stats)


def test_the_missing_hook_cache_is_bounded() -> None:
    """A bot file is loaded afresh for every game, each time a new class: the
    per-class memory of missing hooks must not keep them all (and their
    modules) alive through a long tournament."""
    import golfcli.match as gm

    for i in range(600):
        fresh = type(f"Bot{i}", (), {"choose": lambda self, view, legal: legal[0]})
        assert gm.optional_attr(fresh(), "notify") is None
        assert len(gm._ABSENT) <= 32

    class Hooked:
        def notify(self, event: object) -> None:
            return None

    assert gm.optional_attr(Hooked(), "notify") is not None


# --------------------------------------------------------------------------- scripted games
# Every card worth 0 makes every hole a tie at 0; a seat that raises in the
# holes it is told to, under the forfeit policy, adds the penalty to its
# side's hole.  So hole scores, totals, leaders and playoffs can be written
# down in advance, and checked exactly, in a few fast holes.


class Scripted(RandomBot):
    """Plays at random, raises in the holes listed (every hole: ``always``;
    at most ``limit`` times), and records the decisions it is asked for (in
    ``log`` too, shared by the seats of a game) and the hooks called."""

    wants_view = True  # the hole number is in the view

    def __init__(
        self,
        fail_in: tuple[int, ...] = (),
        always: bool = False,
        limit: int | None = None,
        log: list[tuple[int, int]] | None = None,
    ) -> None:
        super().__init__()
        self.fail_in, self.always, self.limit = fail_in, always, limit
        self.asked: list[int] = []  # the hole of every decision asked for
        self.log = log if log is not None else []
        self.calls: list[tuple[str, object]] = []

    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        hole = view.match.hole
        self.asked.append(hole)
        self.log.append((view.seat, hole))
        failing = self.always or hole in self.fail_in
        if failing and (self.limit is None or self.limit > 0):
            self.limit = None if self.limit is None else self.limit - 1
            raise RuntimeError(f"boom in hole {hole}")
        return super().choose(view, legal)

    def start_game(self, info):  # type: ignore[no-untyped-def]
        self.calls.append(("start_game", info))

    def end_hole(self, info):  # type: ignore[no-untyped-def]
        self.calls.append(("end_hole", info))

    def end_game(self, info):  # type: ignore[no-untyped-def]
        self.calls.append(("end_game", info))


def zero(*sets: str) -> Variant:
    return load_variant(ZERO, list(sets))


def forfeits(
    v: Variant, fail_in: list[tuple[int, ...]], holes: int | None = None, **options: Any
) -> MatchResult:
    """A game of ``v`` where seat i's bot raises in the holes ``fail_in[i]``."""
    bots = [Scripted(f) for f in fail_in]
    return Match(v, bots, seed=7, holes=holes, fallback="forfeit", **options).play()


def test_a_playoff_among_three_sides_counts_only_the_tied_sides() -> None:
    """Sides 0 and 1 tie the regulation holes, side 2 does not; in the first
    playoff hole side 2 scores lowest but is not in the playoff, and 0 and
    1 tie again; the second playoff hole decides.  Playoff holes continue
    the count (and the deal) and add nothing to the totals."""
    v = zero("game.ties=playoff", "game.max_playoff_holes=5")
    res = forfeits(v, [(3,), (3, 4), (1,)], holes=2)
    assert [h.scores for h in res.holes] == [(0, 0, 20), (0, 0, 0), (20, 20, 0), (0, 20, 0)]
    assert [h.playoff for h in res.holes] == [False, False, True, True]
    assert [(h.number, h.dealer) for h in res.holes] == [(1, 0), (2, 1), (3, 2), (4, 0)]
    assert res.totals == [0, 0, 20] and res.holes_won == pytest.approx([5 / 6, 5 / 6, 1 / 3])
    assert res.winners == [0]


def test_a_playoff_stops_at_its_cap_and_shared_ties_have_none() -> None:
    tie = [(), (), (1,)]
    capped = forfeits(zero("game.ties=playoff", "game.max_playoff_holes=1"), tie, holes=1)
    assert [h.playoff for h in capped.holes] == [False, True] and capped.winners == [0, 1]
    none = forfeits(zero("game.ties=playoff", "game.max_playoff_holes=0"), tie, holes=1)
    assert len(none.holes) == 1 and none.winners == [0, 1]
    shared = forfeits(zero("game.ties=share"), tie, holes=1)
    assert len(shared.holes) == 1 and shared.winners == [0, 1]
    alone = forfeits(zero("game.ties=playoff"), [(), (1,), (1,)], holes=1)
    assert len(alone.holes) == 1 and alone.winners == [0]


def test_partners_forfeit_and_win_as_a_side() -> None:
    """Four seats in two sides (0 and 2 against 1 and 3): one partner's fault
    forfeits the side's hole, and its partner is not asked again that hole;
    a playoff is between sides."""
    v = zero("partners.player_counts=[4]", "game.ties=playoff")
    log: list[tuple[int, int]] = []
    bots = [Scripted((1,), log=log), Scripted(log=log), Scripted(log=log), Scripted((2,), log=log)]
    res = Match(v, bots, seed=3, holes=2, fallback="forfeit").play()
    assert res.side_of == (0, 1, 0, 1) and res.side_names == ("P1 & P3", "P2 & P4")
    assert [h.scores for h in res.holes[:2]] == [(20, 0), (0, 20)]
    assert [h.forfeits for h in res.holes[:2]] == [(0,), (1,)]
    assert res.totals == [20, 20] and res.holes_won == [1.0, 1.0] and res.holes[2].playoff
    for seat, hole, partner in ((0, 1, 2), (3, 2, 1)):  # after the fault, neither is asked
        after = log[log.index((seat, hole)) + 1 :]
        assert (seat, hole) not in after and (partner, hole) not in after
        assert bots[seat].asked.count(hole) == 1
    assert len(res.winners) == 1 or len(res.holes) == 2 + v.game.max_playoff_holes


def test_a_bot_that_fails_once_or_always_under_each_policy() -> None:
    v = zero()
    once = [Scripted((1,), limit=1), Scripted()]
    res = Match(v, once, seed=1, holes=2).play()  # random: one fault, then its own moves
    assert (
        res.stats[0].faults["crash"] == 1
        and res.stats[0].last_fault == "RuntimeError: boom in hole 1"
    )
    assert once[0].asked.count(1) > 1 and 2 in once[0].asked and not res.stats[0].disqualified
    res = forfeits(v, [(1,), ()], holes=2)  # forfeit: that hole only
    assert [h.forfeits for h in res.holes] == [(0,), ()] and res.totals == [20, 0]
    res = forfeits(v, [(), ()], holes=2, forfeit_penalty=5)
    assert res.totals == [0, 0]
    always = [Scripted(always=True), Scripted()]
    res = Match(v, always, seed=1, holes=3, fallback="forfeit", forfeit_penalty=7).play()
    assert [h.scores for h in res.holes] == [(7, 0)] * 3  # asked once a hole, forfeits each
    assert res.stats[0].faults["crash"] == 3 == len(always[0].asked)
    dq = [Scripted((1,)), Scripted()]
    res = Match(v, dq, seed=1, holes=2, fallback="disqualify").play()
    assert res.stats[0].disqualified and dq[0].asked == [1]  # never asked again
    assert res.stats[0].faults["crash"] == 1 and res.totals == [0, 0]
    assert not res.stats[1].disqualified and res.stats[1].decisions == len(dq[1].asked)


def test_disqualifying_one_partner_leaves_the_other_playing() -> None:
    v = zero("partners.player_counts=[4]")
    bots = [Scripted((1,)), Scripted(), Scripted(), Scripted()]
    res = Match(v, bots, seed=3, holes=2, fallback="disqualify").play()
    assert [s.disqualified for s in res.stats] == [True, False, False, False]
    assert bots[0].asked == [1] and 2 in bots[2].asked


def test_the_fallback_move_comes_from_the_match_keys_own_generator() -> None:
    """With both seats failing, every move of a hole is the fallback's:
    ``legal[int(r.random() * len(legal))]`` from ``KeyedRandom(derive(key,
    "fallback"))``, one generator for the whole match, on the deal of
    ``derive(key, "hole:1")`` dealt by seat 0."""
    from golfcli.keys import KeyedRandom, derive
    from golfcli.state import HoleState

    v = builtin("six-card")
    res = Match(v, [Crasher(), Crasher()], seed=9, holes=2, record=True).play()
    r = KeyedRandom(derive(9, "fallback"))
    for number, hole in enumerate(res.holes, 1):
        st = HoleState(v, 2, (number - 1) % 2, KeyedRandom(derive(9, f"hole:{number}")))
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[int(r.random() * len(legal))])
        assert hole.events == tuple(st.events) and hole.scores == tuple(st.result.totals)
    assert sum(s.faults["crash"] for s in res.stats) == sum(s.decisions for s in res.stats)


def test_a_match_s_own_options_against_the_variant_s() -> None:
    """``holes=`` replaces the variant's length and turns its target off;
    ``scoring=`` replaces its stroke or match play."""
    duel = builtin("duel")  # a game to 50
    res = Match(duel, [RandomBot(), RandomBot()], seed=2, holes=2).play()
    assert len(res.holes) == 2
    # stroke and match play crown different sides: holes 1 and 2 below
    three = [(2,), (1,), (1,)]  # hole 1: B and C forfeit; hole 2: A forfeits
    stroke = forfeits(zero(), three, holes=2)
    assert stroke.scoring == "stroke" and stroke.totals == [20, 20, 20]
    assert stroke.holes_won == [1.0, 0.5, 0.5] and stroke.winners == [0, 1, 2]
    match = forfeits(zero(), three, holes=2, scoring="match")
    assert match.scoring == "match" and match.winners == [0]
    assert match.standing(0) == "0.5 UP" and match.standing(1) == "0.5 DOWN"
    back = forfeits(zero("game.scoring=match"), three, holes=2, scoring="stroke")
    assert back.scoring == "stroke" and back.winners == [0, 1, 2]
    assert forfeits(zero("game.scoring=match"), three, holes=2).winners == [0]


@pytest.mark.parametrize(("rule", "holes"), [("reach", 1), ("exceed", 2)])
def test_a_target_game_ends_by_its_rule(rule: str, holes: int) -> None:
    """A side forfeiting every hole has 20, 40, ...: a target of 20 is
    reached after one hole and exceeded after two."""
    v = zero("game.holes=null", "game.target=20", f"game.target_rule={rule}")
    res = Match(v, [Scripted(always=True), Scripted()], seed=1, fallback="forfeit").play()
    assert len(res.holes) == holes and res.totals == [20 * holes, 0] and res.winners == [1]
    capped = zero(
        "game.holes=null", "game.target=20", "game.max_holes=1", "game.target_rule=exceed"
    )
    res = Match(capped, [Scripted(always=True), Scripted()], seed=1, fallback="forfeit").play()
    assert len(res.holes) == 1


# --------------------------------------------------------------------------- what bots are told


def test_the_hooks_are_called_with_what_the_protocol_says() -> None:
    """start_game: the variant, the seat, names, sides, the bot's own seed,
    holes and target; end_hole after each hole: scores, totals, the layouts
    face up; end_game: totals and winners (docs/bots.md)."""
    from golfcli.keys import bot_seed

    v = zero("partners.player_counts=[4]")
    bots = [Scripted((1,)), Scripted(), Scripted(), Scripted()]
    names = ["ann", "bob", "cy", "di"]
    res = Match(v, bots, names, seed=5, holes=2, fallback="forfeit", forfeit_penalty=3).play()
    for seat, bot in enumerate(bots):
        start, h1, h2, end = bot.calls
        assert start == (
            "start_game",
            {
                "variant": v.to_data(),
                "seat": seat,
                "players": 4,
                "names": names,
                "side_of": [0, 1, 0, 1],
                "seed": bot_seed(5, names[seat]),
                "holes": 2,
                "target": None,
            },
        )
        for (hook, info), number, scores, totals in (
            (h1, 1, [3, 0], [3, 0]),
            (h2, 2, [0, 0], [3, 0]),
        ):
            hole = res.holes[number - 1]
            assert hook == "end_hole"
            assert info == {
                "hole": number,
                "scores": scores,
                "totals": totals,
                "layouts": [list(lay) for lay in hole.layouts],
            }
        assert end == ("end_game", {"totals": [3, 0], "winners": [1]})
    target = Match(zero("game.holes=null", "game.target=40"), [Scripted(), Scripted()])
    target._hook_all("start_game", target._game_info)
    assert target.bots[0].calls[0][1]["holes"] is None  # type: ignore[attr-defined]
    assert target.bots[0].calls[0][1]["target"] == 40  # type: ignore[attr-defined]


class Listener(RandomBot):
    """Takes every event of the hole, as a bot's ``notify`` hook."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[dict[str, object]] = []

    def notify(self, event: dict[str, object]) -> None:
        self.events.append(event)


def test_notify_sends_each_seat_every_event_censored_for_it_once() -> None:
    from golfcli.view import censor, event_json

    bots = [Listener(), RandomBot(), Listener()]
    res = Match(builtin("six-card"), bots, seed=4, holes=2, record=True).play()
    for seat in (0, 2):
        told = bots[seat].events
        expected = [event_json(censor(e, seat)) for h in res.holes for e in h.events or ()]
        assert told == expected


class Failing(RandomBot):
    """Raises in the hooks named, with a fault of its own kind or an exception."""

    def __init__(self, how: dict[str, BaseException]) -> None:
        super().__init__()
        self.how = how

    def _hook(self, name: str) -> None:
        if name in self.how:
            raise self.how[name]

    def start_game(self, info: object) -> None:
        self._hook("start_game")

    def notify(self, event: object) -> None:
        self._hook("notify")

    def end_hole(self, info: object) -> None:
        self._hook("end_hole")

    def end_game(self, info: object) -> None:
        self._hook("end_game")


def test_a_hook_that_fails_is_a_fault_and_the_game_goes_on() -> None:
    from golfcli.faults import BotFault

    seen: list[tuple[int, str, str]] = []
    bot = Failing(
        {
            "start_game": BotFault("timeout", "slow to start"),
            "end_hole": KeyError("x"),
            "end_game": ValueError("bad"),
        }
    )
    m = Match(zero(), [RandomBot(), bot], seed=1, holes=2, on_fault=lambda *f: seen.append(f))
    res = m.play()
    assert len(res.holes) == 2 and not res.stats[0].faults["crash"]
    assert res.stats[1].faults == {"timeout": 1, "crash": 3, "malformed": 0, "illegal": 0}
    assert res.stats[1].last_fault == "ValueError: bad"
    assert seen == [
        (1, "timeout", "slow to start"),
        (1, "crash", "KeyError: 'x'"),
        (1, "crash", "KeyError: 'x'"),
        (1, "crash", "ValueError: bad"),
    ]
    noisy = Match(zero(), [RandomBot(), Failing({"notify": OSError("gone")})], seed=1, holes=1)
    stats = noisy.play().stats[1]
    assert stats.faults["crash"] > 1 and stats.last_fault == "OSError: gone"


@pytest.mark.parametrize("hook", ["start_game", "notify", "end_hole", "end_game"])
def test_stop_match_from_a_hook_ends_the_game(hook: str) -> None:
    from golfcli.exceptions import StopMatch

    m = Match(zero(), [RandomBot(), Failing({hook: StopMatch("quit")})], seed=1, holes=2)
    with pytest.raises(StopMatch):
        m.play()
    assert sum(sum(s.faults.values()) for s in m.stats) == 0


def test_stop_match_from_choose_keeps_the_holes_played() -> None:
    from golfcli.exceptions import StopMatch

    class Quitter(RandomBot):
        wants_view = True

        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            if view.match.hole == 2:
                raise StopMatch("quit")
            return super().choose(view, legal)

    m = Match(zero(), [RandomBot(), Quitter()], seed=1, holes=3)
    with pytest.raises(StopMatch):
        m.play()
    assert len(m.holes) == 1 and m.stats[1].faults["crash"] == 0


def test_the_match_reports_each_hole_and_fault_as_it_happens() -> None:
    holes: list[int] = []
    faults: list[tuple[int, str, str]] = []
    m = Match(
        builtin("six-card"),
        [Cheater(), RandomBot()],
        seed=2,
        holes=2,
        on_hole=lambda match, rec: holes.append(rec.number + len(match.holes) * 10),
        on_fault=lambda *f: faults.append(f),
    )
    res = m.play()
    assert holes == [11, 22]
    assert faults[0] == (
        0,
        "illegal",
        "Cheater in test_match.py: choose returned Action(kind='swap', pos=99, pos2=-1), which "
        "is not legal now; it must return one of the legal actions it was given (reveal 0, "
        "reveal 1, reveal 2, reveal 3, reveal 4, reveal 5), as an Action or its text",
    )
    assert len(faults) == res.stats[0].faults["illegal"] == res.stats[0].decisions


TEXT_BOT = """
class Bot:
    def __init__(self, answer="text"):
        self.answer = answer

    def choose(self, view, legal):
        if self.answer == "text":
            return str(legal[-1])  # "reveal 5", "swap 3", "draw_stock" ...
        if self.answer == "tuple":
            return tuple(legal[0])
        return {"none": None, "int": 3, "swap": "swap 99", "typo": "swp 0"}[self.answer]
"""


def test_a_bot_may_answer_an_action_s_text_as_hole_apply_takes_it(tmp_path: Path) -> None:
    """``choose`` may return one of ``legal``, an equal tuple, or the text
    ``Hole.apply`` takes (``"swap 0"``): the same moves as the actions themselves,
    and no fault, on both builds (.ci/run runs this file on each)."""
    from golfcli.match import play_match

    (tmp_path / "texter.py").write_text(TEXT_BOT)
    spec = str(tmp_path / "texter.py")
    by_text = play_match("six-card", [spec, "random"], names=["t", "r"], holes=2, seed=4)
    assert by_text.stats[0].faults == dict.fromkeys(FAULT_KINDS, 0)
    assert by_text.stats[0].decisions > 10

    class Last:
        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            return legal[-1]

    by_action = play_match("six-card", [Last(), "random"], names=["t", "r"], holes=2, seed=4)
    assert by_text.events == by_action.events
    by_tuple = play_match(
        "six-card", [spec + "?answer=tuple", "random"], names=["t", "r"], holes=1, seed=4
    )
    assert by_tuple.stats[0].faults["illegal"] == 0


@pytest.mark.parametrize(
    "answer,returned,what",
    [
        ("swap", "'swap 99'", "which is not legal now"),
        ("typo", "'swp 0'", "which is not an action"),
        ("none", "None", "a NoneType, not an action"),
        ("int", "3", "an int, not an action"),
    ],
)
def test_any_other_answer_is_one_illegal_fault_worded_alike_on_both_builds(
    tmp_path: Path, answer: str, returned: str, what: str
) -> None:
    """Text that is no legal action, a value of another type: an ``illegal``
    fault naming the bot's file, what it returned and what it must return --
    the compiled build once called a str mypyc's ``TypeError`` crash, with no
    file, and the pure one said "'swap 0' is not legal now"."""
    from golfcli.match import play_match

    (tmp_path / "texter.py").write_text(TEXT_BOT)
    spec = str(tmp_path / "texter.py")
    faults: list[tuple[int, str, str]] = []
    res = play_match(
        "six-card", [f"{spec}?answer={answer}", "random"], names=["t", "r"], holes=1, seed=4
    )
    assert res.stats[0].faults == {
        **dict.fromkeys(FAULT_KINDS, 0),
        "illegal": res.stats[0].decisions,
    }
    m = Match(
        builtin("six-card"),
        [make_bot(f"{spec}?answer={answer}"), RandomBot()],
        seed=4,
        holes=1,
        on_fault=lambda *f: faults.append(f),
    )
    m.play()
    assert faults[0] == (
        0,
        "illegal",
        f"{spec}: choose returned {returned}, {what}; it must return one of the legal actions "
        "it was given (reveal 0, reveal 1, reveal 2, reveal 3, reveal 4, reveal 5), as an "
        "Action or its text",
    )


def test_a_wrapped_bot_is_still_named_by_its_file(tmp_path: Path) -> None:
    """``golf check-bot`` and ``golf play`` wrap a bot in an object that passes
    its attributes through: the fault still names the bot's file, not the
    wrapper's class."""
    from golfcli.bots.registry import source_of

    (tmp_path / "texter.py").write_text(TEXT_BOT)
    spec = str(tmp_path / "texter.py")

    class Wrapper:
        def __init__(self, bot: Any) -> None:
            self._bot = bot

        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            return self._bot.choose(view, legal)

        def __getattr__(self, name: str) -> Any:
            return getattr(self._bot, name)

    wrapped = Wrapper(make_bot(f"{spec}?answer=none"))
    assert source_of(wrapped) == spec
    faults: list[tuple[int, str, str]] = []
    Match(
        builtin("six-card"),
        [wrapped, RandomBot()],
        seed=4,
        holes=1,
        on_fault=lambda *f: faults.append(f),
    ).play()
    assert faults[0][2].startswith(f"{spec}: choose returned None, a NoneType, not an action")

    class Hostile:
        def __getattr__(self, name: str) -> Any:
            raise RuntimeError("no")

    assert (
        source_of(Hostile()) == "test_a_wrapped_bot_is_still_named_by_its_file.<locals>."
        "Hostile in test_match.py"
    )


def test_a_hole_record_holds_what_the_hole_ended_with() -> None:
    m = Match(builtin("six-card"), [GreedyBot(), GreedyBot()], seed=3, holes=2, record=True)
    first: list[object] = []
    m.on_hole = lambda match, rec: first.append(match.state) if not first else None
    res = m.play()
    st = first[0]
    rec = res.holes[0]
    assert (rec.number, rec.dealer, rec.playoff, rec.forfeits) == (1, 0, False, ())
    assert rec.scores == tuple(st.result.totals) and rec.score is st.result  # type: ignore[attr-defined]
    assert (rec.closer, rec.end_reason) == (st.closer, st.end_reason)  # type: ignore[attr-defined]
    assert rec.layouts == tuple(tuple(lay) for lay in st.layouts)  # type: ignore[attr-defined]
    assert rec.events == tuple(st.events)  # type: ignore[attr-defined]
    unrecorded = Match(builtin("six-card"), [GreedyBot(), GreedyBot()], seed=3, holes=1).play()
    assert unrecorded.holes[0].events is None
    assert unrecorded.holes[0].scores == rec.scores  # recording changes nothing else


def test_the_result_names_the_game() -> None:
    v = zero("partners.player_counts=[4]")
    res = Match(v, [RandomBot() for _ in range(4)], seed="k", holes=1).play()
    assert (res.variant, res.seed, res.names, res.side_names) == (
        "all-zero",
        "k",
        ("P1", "P2", "P3", "P4"),
        ("P1 & P3", "P2 & P4"),
    )
    assert (res.side_of, res.scoring, res.totals, res.holes_won) == (
        (0, 1, 0, 1),
        "stroke",
        [0, 0],
        [0.5, 0.5],
    )
    assert res.winners == [0, 1] and res.extra_reveals == {} and len(res.stats) == 4
    assert res.standing(0) == "Even"
    reveals = Match(v, [RandomBot(), RandomBot()], seed=1, holes=1, extra_reveals={1: 2}).play()
    assert reveals.extra_reveals == {1: 2}


def test_seat_statistics_as_json() -> None:
    from golfcli.matchresult import SeatStats

    s = SeatStats()
    assert s.to_json() == {
        "faults": {"timeout": 0, "crash": 0, "malformed": 0, "illegal": 0},
        "decisions": 0,
        "time_total": 0.0,
        "time_max": 0.0,
        "disqualified": False,
    }
    s.faults["crash"] = 2
    s.decisions, s.time_total, s.time_max, s.disqualified = 3, 1.23456789, 0.1234564, True
    assert s.to_json() == {
        "faults": {"timeout": 0, "crash": 2, "malformed": 0, "illegal": 0},
        "decisions": 3,
        "time_total": 1.234568,
        "time_max": 0.123456,
        "disqualified": True,
    }
    assert s.to_json()["faults"] is not s.faults


def test_each_decision_is_timed() -> None:
    """Lower bounds only: a bot that sleeps 2 ms a decision takes at least
    that, whatever the machine."""
    import time

    class Slow(RandomBot):
        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            time.sleep(0.002)
            return super().choose(view, legal)

    stats = Match(builtin("four-card"), [Slow(), RandomBot()], seed=1, holes=1).play().stats[0]
    assert stats.decisions >= 2
    assert stats.time_max >= 0.002 and stats.time_total >= 0.002 * stats.decisions
    assert stats.time_total > stats.time_max


def test_bots_are_seeded_from_the_match_key_and_their_names() -> None:
    from golfcli.keys import bot_seed

    class Seeded(RandomBot):
        def seed(self, seed: int | str) -> None:
            self.got = seed
            super().seed(seed)

    bots = [Seeded(), Seeded(), Seeded()]
    Match(builtin("six-card"), bots, ["a", "b", "c"], seed=8, holes=1, seeded=[False, True])
    assert bots[0].got == bot_seed(8, "a") and bots[2].got == bot_seed(8, "c")
    assert not hasattr(bots[1], "got")  # made with its seed by the caller already
    plain = [Seeded(), Seeded()]
    Match(builtin("six-card"), plain, seed=8)
    assert plain[1].got == bot_seed(8, "P2")


def test_a_match_has_no_hole_until_the_first_is_dealt() -> None:
    m = Match(builtin("six-card"), [RandomBot(), RandomBot()], seed=1, holes=1)
    assert m.state is None and m.holes == []
    m.play()
    assert m.state is not None and m.state.phase == "over" and len(m.holes) == 1


def test_a_match_refuses_what_it_cannot_play() -> None:
    from golfcli.exceptions import InputError

    with pytest.raises(
        InputError, match=r"^fallback: must be one of random, forfeit, disqualify, not 'retry'$"
    ):
        Match(builtin("six-card"), [RandomBot(), RandomBot()], fallback="retry")
    with pytest.raises(InputError, match="is for 2, 3, 4, 6 players, not 5"):
        Match(builtin("alberta"), [RandomBot() for _ in range(5)])


def test_what_each_decision_is_told_and_timed() -> None:
    """A bot sees the hole's number, the holes planned, the totals so far and
    the sides' names in its view; one that does not want a view gets None;
    a fault it raises as a BotFault keeps its kind and words; the time of
    its decisions is at most the match's own."""
    import time

    from golfcli.faults import BotFault

    class Spy(RandomBot):
        wants_view = True

        def __init__(self) -> None:
            super().__init__()
            self.seen: list[tuple[int, int | None, tuple[int, ...], tuple[str, ...]]] = []

        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            m = view.match
            self.seen.append((m.hole, m.holes, m.totals, m.names))
            if m.hole == 2 and len(self.seen) % 5 == 0:
                raise BotFault("timeout", "too slow")
            return super().choose(view, legal)

    class Blind(RandomBot):
        wants_view = False  # said by the class itself, not inherited

        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            assert view is None
            return super().choose(view, legal)

    spy = Spy()
    start = time.perf_counter()
    res = Match(zero(), [spy, Blind()], ["s", "b"], seed=1, holes=2, fallback="forfeit").play()
    elapsed = time.perf_counter() - start
    assert {s for s in spy.seen if s[0] == 1} == {(1, 2, (0, 0), ("s", "b"))}
    assert {s for s in spy.seen if s[0] == 2} == {(2, 2, (0, 0), ("s", "b"))}
    assert res.stats[0].faults["timeout"] == 1 and res.stats[0].last_fault == "too slow"
    assert res.holes[1].forfeits == (0,) and res.totals == [20, 0]
    assert sum(res.stats[1].faults.values()) == 0
    for stats in res.stats:
        assert 0 <= stats.time_max <= stats.time_total <= elapsed


def test_a_match_without_holes_plays_the_variant_s() -> None:
    six = Match(zero(), [RandomBot(), RandomBot()])
    assert six.seed == 0 and six.holes_planned == 9 and six.target is None
    assert len(six.play().holes) == 9
    duel = Match(builtin("duel"), [RandomBot(), RandomBot()], holes=2)
    assert (duel.holes_planned, duel.target) == (2, None)
    assert duel._game_info(0)["target"] is None


def test_extra_reveals_turn_up_more_cards_for_a_seat() -> None:
    res = Match(
        builtin("six-card"), [RandomBot(), RandomBot()], holes=1, extra_reveals={1: 2}, record=True
    ).play()
    reveals = [e.seat for e in res.holes[0].events or () if e.kind == "reveal"]
    assert (reveals.count(0), reveals.count(1)) == (2, 4)


# --------------------------------------------------------------------------- the result in words


def hand_result(scoring: str, winners: list[int]) -> MatchResult:
    """A result written by hand (no game played): two regulation holes and a
    playoff hole, the second hole halved; a variant name with ``: `` in it."""
    from golfcli.matchresult import HoleRecord, SeatStats

    holes = [
        HoleRecord(1, 0, (3, 5), 0, "all_face_up"),
        HoleRecord(2, 1, (4, 4), None, "turn_limit", events=None),
        HoleRecord(3, 0, (9, 2), 1, "all_face_up", playoff=True),
    ]
    return MatchResult(
        variant="house: ours",
        seed=5,
        names=("Ann", "Bob"),
        side_names=("Ann", "Bob"),
        side_of=(0, 1),
        scoring=scoring,
        holes=holes,
        totals=[7, 9],
        holes_won=[1.5, 0.5],
        winners=winners,
        stats=[SeatStats(), SeatStats()],
    )


def test_a_hole_record_and_a_result_in_words() -> None:
    res = hand_result("stroke", [0])
    assert [repr(h) for h in res.holes] == [
        "<hole 1: scores [3, 5], closed by side 1 (all_face_up)>",
        "<hole 2: scores [4, 4] (turn_limit)>",
        "<playoff hole 3: scores [9, 2], closed by side 2 (all_face_up)>",
    ]
    assert repr(res) == "<MatchResult house: ours, 3 holes, stroke play: Ann 7, Bob 9; won by Ann>"
    assert repr(hand_result("match", [0, 1])).endswith(
        "match play: Ann 7, Bob 9; won by Ann and Bob>"
    )
    assert (res.standing(0), res.standing(1)) == ("1 UP", "1 DOWN")
    assert res.events == [(), (), ()]  # a match that kept no events


def test_the_scorecard_a_notebook_shows() -> None:
    """Every hole's row (a playoff hole marked), the result's totals, holes
    won in match play only, the winners' columns and the last row in bold,
    and the totals in words under it."""
    from golfcli.render.pictures import html_table

    holes = [["1", 3, 5], ["2", 4, 4], ["3 (playoff)", 9, 2], ["total", 7, 9]]
    words = "Ann 7, Bob 9; won by Ann"
    assert hand_result("stroke", [0])._repr_html_() == html_table(
        ["hole", "Ann", "Bob"],
        holes,
        caption="house: ours: stroke play (lowest total wins)",
        bold_rows=[3],
        bold_cols=[1],
        notes=[words],
    )
    assert hand_result("match", [1])._repr_html_() == html_table(
        ["hole", "Ann", "Bob"],
        [*holes, ["holes won", "1.5", "0.5"]],
        caption="house: ours: match play (most holes won wins)",
        bold_rows=[4],
        bold_cols=[2],
        notes=["Ann 7, Bob 9; won by Bob"],
    )


# --------------------------------------------------------------------------- play_match


def test_play_match_is_a_match_of_the_key_s_cards_and_bots_seeded_by_name() -> None:
    """What ``play_match`` promises: the same game as a Match built by hand
    from the seed's key, bots made from their specs with the seed of their
    names (the bots' own unless named), every hole's events kept."""
    from golfcli.bots.registry import make_bot
    from golfcli.keys import bot_seed, match_key
    from golfcli.match import play_match

    res = play_match("six-card", ["greedy", "random"], holes=2, seed=7)
    k = match_key(7)
    bots = [
        make_bot(spec, seed=bot_seed(k, name))
        for spec, name in [("greedy", "greedy"), ("random", "random")]
    ]
    by_hand = Match(builtin("six-card"), bots, ["greedy", "random"], k, holes=2, record=True)
    by_hand_result = by_hand.play()
    assert (res.seed, res.names) == (k, ("greedy", "random"))
    assert [h.events for h in res.holes] == [h.events for h in by_hand_result.holes]
    assert all(h.events for h in res.holes)
    named = play_match(load_variant("duel"), ["random", "random"], names=["x", "y"], key=k, holes=1)
    assert (named.names, named.seed, named.variant, len(named.holes)) == (("x", "y"), k, "duel", 1)
    quiet = play_match("four-card", ["random", "random"], seed=1, record=False)
    assert len(quiet.holes) == builtin("four-card").game.holes
    assert quiet.events == [()] * len(quiet.holes)


def test_play_match_names_the_seats_after_their_bots_as_golf_play_does() -> None:
    """Unnamed seats take their bots' names, as ``golf play -p`` names them
    (so the same seed plays the same game there): a spec's label, a bot
    object's ``name``, ``bot`` for an object without one, repeats numbered."""
    from golfcli.match import play_match
    from golfcli.tui.seats import parse_players

    class Nameless:
        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            return legal[0]

    specs = ["greedy?threshold=3", "random", "random"]
    res = play_match("six-card", specs, holes=1, seed=3)
    assert res.names == ("greedy", "random", "random2")
    assert res.names == tuple(s.name for s in parse_players(",".join(specs)))
    mixed = play_match(
        "six-card", [RandomBot(), Nameless(), "examples/bots/minimal_bot.py"], holes=1, seed=3
    )
    assert mixed.names == ("random", "bot", "minimal_bot")
    # the names seed the bots: named so explicitly, the very same game
    same = play_match("six-card", specs, names=["greedy", "random", "random2"], holes=1, seed=3)
    assert same.totals == res.totals and same.events == res.events


def test_play_match_passes_on_the_handicap_and_the_fault_policy() -> None:
    from golfcli.match import play_match

    res = play_match("six-card", [Crasher(), "random"], holes=2, seed=1, handicap={0: 1})
    assert res.extra_reveals == {0: 1} and res.stats[0].faults["crash"] == res.stats[0].decisions
    gone = play_match("six-card", [Crasher(), "random"], holes=2, seed=1, fault_policy="disqualify")
    assert gone.stats[0].disqualified and gone.stats[0].faults["crash"] == 1
    lost = play_match("six-card", [Crasher(), "random"], holes=2, seed=1, fault_policy="forfeit")
    assert [h.forfeits for h in lost.holes] == [(0,), (0,)]


def test_play_match_refuses_names_that_do_not_fit_and_closes_what_it_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from golfcli.bots import registry
    from golfcli.exceptions import InputError, StopMatch
    from golfcli.match import play_match

    with pytest.raises(
        InputError, match=r"^names: must be a list of 2 names, not \['a', 'b', 'c'\]$"
    ):
        play_match("six-card", ["random", "random"], names=["a", "b", "c"])
    closed: list[object] = []
    monkeypatch.setattr(registry, "close_bot", closed.append)

    class Quits(RandomBot):
        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            raise StopMatch("enough")

    mine = Quits()
    with pytest.raises(StopMatch):
        play_match("six-card", [mine, "random"], holes=1, seed=2)
    assert len(closed) == 1 and isinstance(closed[0], RandomBot) and closed[0] is not mine
    closed.clear()
    with pytest.raises(InputError, match="unknown bot 'nobody'"):  # the second cannot be made
        play_match("six-card", ["random", "greedy", "nobody"], holes=1, seed=2)
    assert [type(b).__name__ for b in closed] == ["RandomBot", "GreedyBot"]
    closed.clear()
    with pytest.raises(InputError, match=r"^fault_policy: "):  # refused before a bot is made
        play_match("six-card", ["random", "greedy"], holes=1, seed=2, fault_policy="nope")
    assert closed == []


def test_a_plain_random_bot_plays_as_its_own_choose_would() -> None:
    """The match draws a plain ``RandomBot``'s move itself (match.plain_random):
    the same games as a subclass, an instance with its own ``choose`` or a
    patched class, whose ``choose`` is called; each is told apart."""
    from golfcli import match as M

    class Sub(RandomBot):
        pass

    own = RandomBot()
    own.choose = RandomBot.choose.__get__(own)  # type: ignore[method-assign]
    assert M.plain_random(RandomBot())
    assert not M.plain_random(Sub()) and not M.plain_random(own)
    v = builtin("six-card")

    def game(a: Any, b: Any) -> tuple[Any, ...]:
        res = Match(v, [a, b], seed=9, holes=3, record=True).play()
        return tuple(h.events for h in res.holes), tuple(res.totals)

    plain = game(RandomBot(), RandomBot())
    assert game(Sub(), Sub()) == plain
    assert game(own, RandomBot()) == plain
    original = RandomBot.__dict__["choose"]
    calls: list[int] = []

    def counted(self: RandomBot, view: Any, legal: Any) -> Action:
        calls.append(1)
        return original(self, view, legal)

    RandomBot.choose = counted  # type: ignore[method-assign]
    try:
        assert not M.plain_random(RandomBot())
        assert game(RandomBot(), RandomBot()) == plain and calls
    finally:
        RandomBot.choose = original  # type: ignore[method-assign]
