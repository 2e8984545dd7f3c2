"""Games of many holes: rotation, stroke and match play, targets, ties, faults."""

from __future__ import annotations

import pytest

from golfcli.bots import RandomBot
from golfcli.bots.greedy import GreedyBot
from golfcli.game import hole_winners
from golfcli.match import Match
from golfcli.state import Action
from golfcli.variant import builtin, load_variant


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
    classes, classes that make attributes up (__getattr__)."""
    from golfcli.bots import RandomBot
    from golfcli.match import optional_attr

    class Slotted:
        __slots__ = ("notify",)

    class MadeUp:
        def __getattr__(self, name: str) -> str:
            return name.upper()

    class Hooked(RandomBot):
        def end_hole(self, info: dict[str, object]) -> None:
            return None

    plain, other = RandomBot(), RandomBot()
    for _ in range(2):  # the second time from the per-class cache
        assert optional_attr(plain, "notify") is None
        assert optional_attr(plain, "close") == plain.close
        assert optional_attr(Hooked(), "end_hole") is not None
        assert optional_attr(Hooked(), "notify") is None
        assert optional_attr(MadeUp(), "end_game") == "END_GAME"
        assert optional_attr(Slotted(), "notify") is None
    plain.notify = print  # type: ignore[attr-defined]
    assert optional_attr(plain, "notify") is print
    assert optional_attr(other, "notify") is None
    filled = Slotted()
    filled.notify = len
    assert optional_attr(filled, "notify") is len


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
