"""The scorecard's standings (golfcli/scorecard/standings.py ``standing``, and the
helpers of model.py beside it) in every format: stroke and match play, games of a fixed
length and to a target (reached or passed, with or without a cap on holes),
partners and mini golf with par, each end rule tried one hole below, at and
above its boundary, and ties settled by playoff holes.  Every figure is
worked out by hand in the comments; cards are built in code, so each test
reads as the card it is about."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from golfcli.scorecard.model import (
    EnteredHole,
    Entry,
    Scorecard,
    alternate_partners,
    find_hole,
    find_side,
    hole_label,
    label_words,
    local_time,
    par_text,
)
from golfcli.scorecard.standings import standing


def card(
    players: Sequence[str],
    rows: Sequence[Sequence[int]],
    *,
    playoffs: Sequence[dict[str, int]] = (),
    sides: Sequence[Sequence[str]] | None = None,
    **kw: Any,
) -> Scorecard:
    """A card of ``players`` with the regular holes ``rows`` (one score per
    side, in side order) and then the playoff holes ``playoffs`` (side name ->
    score, the tied sides only)."""
    groups = [list(s) for s in sides] if sides is not None else [[p] for p in players]
    c = Scorecard(kind=kw.pop("kind", "golf"), players=list(players), sides=groups, **kw)
    names = c.side_names
    for i, row in enumerate(rows, start=1):
        c.played.append(EnteredHole(i, {n: Entry(s) for n, s in zip(names, row, strict=True)}))
    for j, scores in enumerate(playoffs, start=len(rows) + 1):
        c.played.append(EnteredHole(j, {n: Entry(s) for n, s in scores.items()}, playoff=True))
    return c


# --------------------------------------------------------------------------- a fixed length


def test_a_game_of_fixed_length_ends_on_its_last_hole_not_before() -> None:
    # 3 holes: Ann 4 + 2 + 5 = 11, Bob 3 + 6 + 1 = 10
    rows = [[4, 3], [2, 6], [5, 1]]
    below = standing(card(["Ann", "Bob"], rows[:2], holes=3))
    # after 2: Ann 6, Bob 9; one hole left, Ann leads, nobody has won yet
    assert (below.totals, below.finished, below.holes_left) == ([6, 9], False, 1)
    assert (below.leaders, below.winners, below.tied) == ([0], [], False)
    assert below.running == [[4, 3], [6, 9]]
    at = standing(card(["Ann", "Bob"], rows, holes=3))
    assert (at.totals, at.finished, at.holes_left) == ([11, 10], True, 0)
    assert (at.leaders, at.winners, at.tied, at.ended_early) == ([1], [1], False, None)
    assert at.holes_won is None and at.to_par is None
    # above: a card that somehow holds a fourth regular hole ended on its third
    above = standing(card(["Ann", "Bob"], [*rows, [1, 1]], holes=3))
    assert (above.finished, above.holes_left, above.ended_early) == (True, 0, 3)
    # nothing played: not finished, no winner; everyone leads on 0
    empty = standing(card(["Ann", "Bob"], [], holes=3))
    assert (empty.finished, empty.holes_left, empty.leaders, empty.winners) == (
        False,
        3,
        [0, 1],
        [],
    )


def test_a_tie_is_shared_or_settled_by_playoff_holes_of_the_tied_only() -> None:
    # 2 holes: Ann 3 + 4, Bob 5 + 2, Cat 4 + 9 -> Ann 7, Bob 7, Cat 13: Ann and Bob tie
    rows = [[3, 5, 4], [4, 2, 9]]
    shared = standing(card(["Ann", "Bob", "Cat"], rows, holes=2))
    assert (shared.winners, shared.leaders, shared.tied) == ([0, 1], [0, 1], True)
    # a playoff hole halved: still tied; its row shows the tied players only
    halved = standing(card(["Ann", "Bob", "Cat"], rows, holes=2, playoffs=[{"Ann": 5, "Bob": 5}]))
    assert (halved.winners, halved.tied) == ([0, 1], True)
    assert halved.running[-1] == [5, 5, None]
    assert halved.totals == [7, 7, 13]  # playoff holes add nothing to the totals
    # the next playoff hole decides: Bob 3 beats Ann 4
    settled = standing(
        card(
            ["Ann", "Bob", "Cat"],
            rows,
            holes=2,
            playoffs=[{"Ann": 5, "Bob": 5}, {"Ann": 4, "Bob": 3}],
        )
    )
    assert (settled.winners, settled.leaders, settled.tied) == ([1], [1], False)
    assert settled.running[-2:] == [[5, 5, None], [4, 3, None]]
    # once decided, a later playoff hole changes nothing (there is no tie to settle)
    after = standing(
        card(
            ["Ann", "Bob", "Cat"],
            rows,
            holes=2,
            playoffs=[{"Ann": 4, "Bob": 3}, {"Ann": 1, "Bob": 9}],
        )
    )
    assert after.winners == [1]


def test_a_three_way_tie_narrows_hole_by_hole() -> None:
    # all three on 6; playoff 1: Ann 2, Bob 2, Cat 4 -> Ann and Bob; playoff 2: Bob 1
    rows = [[3, 2, 4], [3, 4, 2]]
    c = card(
        ["Ann", "Bob", "Cat"],
        rows,
        holes=2,
        playoffs=[{"Ann": 2, "Bob": 2, "Cat": 4}, {"Ann": 3, "Bob": 1}],
    )
    st = standing(c)
    assert st.totals == [6, 6, 6] and st.winners == [1] and not st.tied
    # the first playoff hole alone: Cat is out, Ann and Bob still tied
    c.played.pop()
    assert standing(c).winners == [0, 1]
    # a playoff hole with a score for a player already out counts only the tied
    c.played.append(
        EnteredHole(4, {"Cat": Entry(1), "Ann": Entry(5), "Bob": Entry(6)}, playoff=True)
    )
    assert standing(c).winners == [0]


def test_a_playoff_hole_before_the_game_is_over_settles_nothing() -> None:
    # a card edited by hand: a playoff hole after 1 of 2 holes; not finished, no winners
    c = card(["Ann", "Bob"], [[3, 3]], holes=2, playoffs=[{"Ann": 1, "Bob": 2}])
    st = standing(c)
    assert (st.finished, st.winners, st.leaders) == (False, [], [0, 1])


# --------------------------------------------------------------------------- match play


def test_match_play_is_won_by_holes_not_strokes() -> None:
    # holes: Ann wins 1 (3 v 5), halved 2 (4 v 4), Bob wins 3 (9 v 1):
    # holes won 1.5 each; strokes Ann 16, Bob 10
    rows = [[3, 5], [4, 4], [9, 1]]
    two = standing(card(["Ann", "Bob"], rows[:2], holes=3, scoring="match"))
    assert two.holes_won == [1.5, 0.5] and two.leaders == [0] and not two.finished
    three = standing(card(["Ann", "Bob"], rows, holes=3, scoring="match"))
    assert three.holes_won == [1.5, 1.5] and three.totals == [16, 10]
    assert (three.finished, three.winners, three.tied) == (True, [0, 1], True)
    # stroke play on the same holes: Bob by 6 strokes
    stroke = standing(card(["Ann", "Bob"], rows, holes=3))
    assert (stroke.winners, stroke.holes_won) == ([1], None)
    # Ann wins hole 3 instead, with more strokes in all: Ann by holes
    won = standing(card(["Ann", "Bob"], [[3, 5], [4, 4], [20, 19]], holes=3, scoring="match"))
    assert won.holes_won == [1.5, 1.5]
    won = standing(card(["Ann", "Bob"], [[3, 5], [9, 4], [2, 19]], holes=3, scoring="match"))
    assert (won.holes_won, won.totals, won.winners) == ([2.0, 1.0], [14, 28], [0])


def test_match_play_shares_a_hole_among_every_side_tied_on_it() -> None:
    # three sides: hole 1 Ann and Cat tie low (2), Bob 5 -> 0.5, 0, 0.5; hole 2 Bob alone
    st = standing(card(["Ann", "Bob", "Cat"], [[2, 5, 2], [4, 1, 3]], holes=2, scoring="match"))
    assert st.holes_won == [0.5, 1.0, 0.5] and st.winners == [1]
    # all three tie a hole: a third each
    even = standing(card(["Ann", "Bob", "Cat"], [[3, 3, 3]], holes=1, scoring="match"))
    assert even.holes_won == pytest.approx([1 / 3] * 3) and even.tied


# --------------------------------------------------------------------------- to a target


@pytest.mark.parametrize(
    ("ann_last", "finished"),
    [
        (9, False),  # 40 + 9 = 49: one below the target
        (10, True),  # 50: reached
        (11, True),  # 51: passed
    ],
)
def test_a_game_to_reach_a_target_ends_when_a_total_reaches_it(
    ann_last: int, finished: bool
) -> None:
    # Ann 20 + 20 + ann_last, Bob 10 + 15 + 3 = 28
    c = card(["Ann", "Bob"], [[20, 10], [20, 15], [ann_last, 3]], holes=None, target=50)
    st = standing(c)
    assert st.finished is finished and st.holes_left is None
    assert st.totals == [40 + ann_last, 28]
    # the lowest total wins once it is over: Bob
    assert st.winners == ([1] if finished else []) and st.leaders == [1]


@pytest.mark.parametrize(
    ("ann_last", "finished"),
    [
        (10, False),  # 50: at the target, not past it
        (11, True),  # 51: passed
        (12, True),
    ],
)
def test_a_game_to_pass_a_target_ends_only_past_it(ann_last: int, finished: bool) -> None:
    c = card(
        ["Ann", "Bob"],
        [[20, 10], [20, 15], [ann_last, 3]],
        holes=None,
        target=50,
        target_rule="exceed",
    )
    assert standing(c).finished is finished


@pytest.mark.parametrize("reach_on", [1, 2, 3])
def test_a_target_reached_before_the_last_hole_names_the_hole_it_ended_on(reach_on: int) -> None:
    # three holes entered; Bob reaches 30 on hole reach_on (30 on it, 1 on the others)
    rows = [[1, 30 if h == reach_on else 1] for h in (1, 2, 3)]
    st = standing(card(["Ann", "Bob"], rows, holes=None, target=30))
    assert st.finished
    assert st.ended_early == (None if reach_on == 3 else reach_on)
    assert st.winners == [0]


@pytest.mark.parametrize(
    ("played", "finished", "left"),
    [
        (1, False, None),  # below the cap: no count of holes left
        (2, True, 0),  # at the cap of 2
        (3, True, 0),  # above: ended on hole 2
    ],
)
def test_a_target_game_stops_at_its_cap(played: int, finished: bool, left: int | None) -> None:
    rows = [[3, 4], [5, 1], [2, 2]][:played]
    st = standing(card(["Ann", "Bob"], rows, holes=None, target=100, max_holes=2))
    assert (st.finished, st.holes_left) == (finished, left)
    assert st.ended_early == (2 if played == 3 else None)
    # Ann 3 then 8, Bob 4 then 5: the lower total leads, and wins at the cap
    assert st.winners == ([] if not finished else [1])


def test_a_target_reached_under_the_cap_ends_the_game_there() -> None:
    st = standing(card(["Ann", "Bob"], [[30, 4], [1, 1]], holes=None, target=30, max_holes=5))
    assert (st.finished, st.ended_early, st.holes_left, st.winners) == (True, 1, None, [1])


def test_a_tie_at_the_target_goes_to_a_playoff() -> None:
    # both reach 50 on hole 2 with 50: tied; a playoff hole decides
    rows = [[25, 25], [25, 25]]
    tied = standing(card(["Ann", "Bob"], rows, holes=None, target=50))
    assert tied.finished and tied.tied and tied.winners == [0, 1]
    won = standing(
        card(["Ann", "Bob"], rows, holes=None, target=50, playoffs=[{"Ann": 1, "Bob": 2}])
    )
    assert won.winners == [0] and won.leaders == [0] and not won.tied and won.ended_early is None


# --------------------------------------------------------------------------- partners


def test_partners_score_as_one_side() -> None:
    # Ann & Cat against Bob & Dan: side scores per hole 9 v 12, 7 v 3
    c = card(
        ["Ann", "Bob", "Cat", "Dan"],
        [[9, 12], [7, 3]],
        sides=[["Ann", "Cat"], ["Bob", "Dan"]],
        holes=2,
    )
    assert c.side_names == ["Ann & Cat", "Bob & Dan"]
    st = standing(c)
    assert (st.totals, st.winners) == ([16, 15], [1])
    assert find_side(c, "cat") == 0 and find_side(c, "BOB & DAN") == 1
    assert find_side(c, " dan ") == 1 and find_side(c, "Eve") is None
    # the same in match play: a hole each
    m = card(
        ["Ann", "Bob", "Cat", "Dan"],
        [[9, 12], [7, 3]],
        sides=[["Ann", "Cat"], ["Bob", "Dan"]],
        holes=2,
        scoring="match",
    )
    assert standing(m).holes_won == [1.0, 1.0] and standing(m).tied


def test_partners_are_seated_alternately_as_the_engine_seats_them() -> None:
    assert alternate_partners(["A", "B", "C", "D"], [0, 1, 0, 1]) == [["A", "C"], ["B", "D"]]
    assert alternate_partners(["A", "B", "C", "D", "E", "F"], [0, 1, 2, 0, 1, 2]) == [
        ["A", "D"],
        ["B", "E"],
        ["C", "F"],
    ]


# --------------------------------------------------------------------------- mini golf


def test_mini_golf_against_each_holes_par() -> None:
    # par 3, 2, 4: Ann 3 2 5 -> E, E, +1 = +1; Bob 2 2 3 -> -1, E, -1 = -2
    c = card(["Ann", "Bob"], [[3, 2], [2, 2], [5, 3]], holes=3, kind="mini", par=[3, 2, 4])
    st = standing(c)
    assert st.to_par == [1, -2] and st.totals == [10, 7] and st.winners == [1]
    # after one hole, hole 1's par only
    one = standing(card(["Ann", "Bob"], [[3, 2]], holes=3, kind="mini", par=[3, 2, 4]))
    assert one.to_par == [0, -1]
    # playoff holes have no par: they are left out of the score against par
    tie = card(
        ["Ann", "Bob"],
        [[3, 2], [2, 3]],
        holes=2,
        kind="mini",
        par=[3, 2],
        playoffs=[{"Ann": 9, "Bob": 1}],
    )
    assert standing(tie).to_par == [0, 0] and standing(tie).winners == [1]
    assert standing(card(["Ann"], [[3]], holes=1, kind="mini")).to_par is None
    assert [par_text(d) for d in (0, 2, -1)] == ["E", "+2", "-1"]


# --------------------------------------------------------------------------- naming holes


def test_holes_are_named_as_the_card_shows_them() -> None:
    c = card(["Ann", "Bob"], [[1, 1], [2, 2]], holes=2, playoffs=[{"Ann": 1, "Bob": 1}] * 2)
    assert [hole_label(c, h) for h in c.played] == ["1", "2", "P1", "P2"]
    assert [label_words(x) for x in ("2", "P1")] == ["hole 2", "playoff hole 1"]
    assert [find_hole(c, t) for t in ("1", "2", "P1", "p2", " P2 ", "02", "P01")] == [
        0,
        1,
        2,
        3,
        3,
        1,
        2,
    ]
    assert [find_hole(c, t) for t in ("3", "P3", "0", "x", "", "1234567")] == [None] * 6


def test_stored_times_are_shown_in_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        # stored with its offset; an old card's UTC; an ISO time typed by hand
        assert local_time("2026-12-01 20:15:00 +0100") == "2026-12-01 20:15"
        assert local_time("2026-12-01 19:15:00 +0000") == "2026-12-01 20:15"
        assert local_time("2026-12-01 15:05 UTC") == "2026-12-01 16:05"
        assert local_time(" 2026-07-01 15:05 UTC ") == "2026-07-01 17:05"  # summer time
        assert local_time("2026-12-01T15:05:00+00:00") == "2026-12-01 16:05"
        assert local_time("2026-12-01 15:05") == "2026-12-01 15:05"  # no offset: local
        assert local_time("after dinner") == "after dinner"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_score_for_someone_not_on_the_card_names_the_card_and_its_players(
    tmp_path: Path,
) -> None:
    from golfcli.scorecard.model import ScorecardError
    from golfcli.scorecard.store import load

    path = tmp_path / "c.yaml"
    path.write_text(
        "golf_scorecard: 2\nkind: golf\nvariant: six-card\nplayers: [Ann, Bob]\nholes: 2\n"
        "scoring: stroke\nties: share\nplayed:\n- hole: 1\n  scores: {Ann: 3, Zed: 4}\n"
    )
    with pytest.raises(ScorecardError) as exc:
        load(path)
    assert str(exc.value) == (
        f"{path}:10: played.0.scores.Zed: unknown key in the card's players "
        "(expected one of: Ann, Bob)"
    )
