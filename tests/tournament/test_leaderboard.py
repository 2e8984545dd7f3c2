"""The ratings database read back column by column, and its leaderboards
worked out by hand (golfcli/tournament/ratingsdb.py, leaderboard.py).

The model's update is restated here from its paper, independently of the
library: Weng and Lin's Plackett-Luce update ("A Bayesian Approximation
Method for Online Ranking", JMLR 12, 2011, Algorithm 4) with openskill's
defaults (mu 25, sigma 25/3, beta 25/6, kappa 0.0001) and no drift (tau 0,
the setting golf pins: a bot is fixed code).  Histories are built game by
game in a database, and each board's order, ratings, uncertainties, names,
game counts and times are checked against that restatement.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from golfcli.tournament import leaderboard, ratingsdb, ratingsimport, recording
from golfcli.tournament.ratingsdb import RunInfo

from ..helpers import boards, golf, heads_up, info, record, write

pytest.importorskip("openskill")

MU, SIGMA, BETA, KAPPA = 25.0, 25.0 / 3, 25.0 / 6, 1e-4

Rating = tuple[float, float]  # mu, sigma


def pl_update(teams: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """One game of Weng and Lin's Plackett-Luce model: teams of (mu, sigma), ranks
    0 first (equal ranks tie).  c^2 is the sum of the teams' variances and beta^2
    each; a team's chance against those ranked no better is exp(mu/c) over their
    sum; a tie shares a place (A_q, the teams tied with q); each member moves by
    its share of its team's variance."""
    mus = [sum(m for m, _ in t) for t in teams]
    var = [sum(s * s for _, s in t) for t in teams]
    c = math.sqrt(sum(v + BETA**2 for v in var))
    e = [math.exp(m / c) for m in mus]
    k = len(teams)
    tied = [sum(1 for j in range(k) if ranks[j] == ranks[q]) for q in range(k)]
    below = [sum(e[s] for s in range(k) if ranks[s] >= ranks[q]) for q in range(k)]
    out = []
    for i in range(k):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = e[i] / below[q]
                omega += ((1.0 if q == i else 0.0) - p) / tied[q]
                delta += p * (1 - p) / tied[q]
        gamma = math.sqrt(var[i]) / c
        omega *= var[i] / c
        delta *= gamma * var[i] / c**2
        out.append(
            [
                (m + s * s / var[i] * omega, s * math.sqrt(max(1 - s * s / var[i] * delta, KAPPA)))
                for m, s in teams[i]
            ]
        )
    return out


class Replay:
    """The restatement of a board: each bot's (mu, sigma) after the games so far."""

    def __init__(self) -> None:
        self.r: dict[str, Rating] = {}

    def game(self, sides: Sequence[Sequence[str]], ranks: Sequence[int]) -> None:
        new = pl_update([[self.r.get(b, (MU, SIGMA)) for b in side] for side in sides], ranks)
        got: dict[str, list[Rating]] = {}
        for side, team in zip(sides, new, strict=True):
            for b, r in zip(side, team, strict=True):
                got.setdefault(b, []).append(r)
        for b, rs in got.items():  # a bot on two sides: the mean, the largest sigma
            self.r[b] = (sum(m for m, _ in rs) / len(rs), max(s for _, s in rs))


def rows_of(board: leaderboard.Board) -> dict[str, leaderboard.Rated]:
    return {r.bot: r for r in board.rows}


def assert_rated(board: leaderboard.Board, want: dict[str, Rating]) -> None:
    """Every bot of ``board`` has the rating and doubt ``want`` gives it (to 1e-9)."""
    got = {r.bot: (r.mu, r.sigma) for r in board.rows}
    assert set(got) == set(want)
    for bot, (mu, sigma) in want.items():
        assert got[bot] == pytest.approx((mu, sigma), abs=1e-9), bot


# --------------------------------------------------------------------------- the model


def test_one_game_by_hand() -> None:
    """Two new bots, one game.  c = sqrt(2 (sigma^2 + beta^2)) = sqrt(2 (69.444 +
    17.361)) = 13.1762; each had chance 1/2, so the winner's mu rises by
    sigma^2 / c * (1 - 1/2) = 69.444 / 13.1762 / 2 = 2.63523 and the loser's
    falls as much; gamma = sigma / c = 0.63246, delta = gamma sigma^2 / c^2 / 4 =
    0.063246, sigma' = sigma sqrt(1 - delta) = 8.06551 for both."""
    (a,), (b,) = pl_update([[(MU, SIGMA)], [(MU, SIGMA)]], [0, 1])
    assert a == pytest.approx((27.63523, 8.06551), abs=1e-5)
    assert b == pytest.approx((22.36477, 8.06551), abs=1e-5)
    # the library golf uses, with golf's settings, gives the same
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0.0)
    ((ra,), (rb,)) = model.rate([[model.rating()], [model.rating()]], ranks=[0.0, 1.0])
    assert (ra.mu, ra.sigma, rb.mu, rb.sigma) == pytest.approx((*a, *b), abs=1e-9)


@pytest.mark.parametrize("seed", range(40))
def test_golfs_model_is_openskills_on_random_games(seed: int) -> None:
    """leaderboard.rate against openskill's PlackettLuce(tau=0) with its
    defaults: random games of 2 to 6 sides, partners (up to 3 a side), ties,
    ratings anywhere a history could take them; equal to 1e-9."""
    import random

    from openskill.models import PlackettLuce

    rng = random.Random(seed)
    model = PlackettLuce(tau=0.0)
    k = rng.randint(2, 6)
    teams = [
        [(rng.uniform(5, 45), rng.uniform(0.3, SIGMA)) for _ in range(rng.randint(1, 3))]
        for _ in range(k)
    ]
    ranks = [rng.randint(0, k - 1) for _ in range(k)]
    want = model.rate(
        [[model.rating(mu=m, sigma=s) for m, s in t] for t in teams],
        ranks=[float(r) for r in ranks],
    )
    got = leaderboard.rate(teams, ranks)
    assert [[(r.mu, r.sigma) for r in t] for t in want] == [
        [pytest.approx(x, abs=1e-9, rel=0) for x in t] for t in got
    ]


def test_the_board_of_one_game_by_hand(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    record(db, info("run1", {"ann": "greedy", "bob": "random"}), [heads_up("ann", "bob", 10, 14)])
    (board,) = boards(db)
    assert (board.variant, board.rules, board.seats, board.format) == (
        "six-card",
        "r6",
        2,
        "stroke",
    )
    assert (board.games, board.runs) == (1, 1)
    first, second = board.rows
    assert (first.bot, first.names, first.games) == ("greedy", ["ann"], 1)
    assert (first.mu, first.sigma) == pytest.approx((27.63523, 8.06551), abs=1e-5)
    assert second.bot == "random"
    assert (second.mu, second.sigma) == pytest.approx((22.36477, 8.06551), abs=1e-5)
    # the low end of the 95% range, mu - 1.96 sigma, is what the board is sorted by
    assert first.low == pytest.approx(27.63523 - 1.96 * 8.06551, abs=1e-4)
    data = leaderboard.boards_json(boards(db), db)
    assert data["schema"] == "golf-ratings/1" and data["database"] == str(db)
    (b,) = data["boards"]
    assert {k: b[k] for k in ("variant", "rules", "seats", "format", "games", "runs")} == {
        "variant": "six-card",
        "rules": "r6",
        "seats": 2,
        "format": "stroke",
        "games": 1,
        "runs": 1,
    }
    top = b["ratings"][0]
    assert {k: v for k, v in top.items() if not k.endswith("_seen")} == {
        "rank": 1,
        "bot": "greedy",
        "options": {},
        "code": "c1",
        "names": ["ann"],
        "label": None,
        "labels": [],
        "specs": ["greedy"],
        "rating": round(first.mu, 4),
        "sigma": round(first.sigma, 4),
        "ci95": round(1.96 * first.sigma, 4),
        "games": 1,
    }
    assert [r["rank"] for r in b["ratings"]] == [1, 2]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", top["last_seen"])
    assert top["first_seen"] == top["last_seen"]  # one game


def test_the_board_is_sorted_by_the_low_end_not_the_rating(tmp_path: Path) -> None:
    """A beat B in their one game; C beat D three times in five.  A has the
    higher rating (27.64 against 26.74) but more doubt (sigma 8.07 against
    7.14): its low end, 11.83, is below C's, 12.75, so C is first."""
    db = tmp_path / "r.db"
    record(db, info("ab", {"a": "A", "b": "B"}), [heads_up("a", "b", 1, 9)])
    cd = [heads_up("c", "d", *((1, 9) if w else (9, 1))) for w in (1, 0, 1, 0, 1)]
    record(db, info("cd", {"c": "C", "d": "D"}, started="2026-01-02T00:00:00Z"), cd)
    replay = Replay()
    replay.game([["A"], ["B"]], [0, 1])
    for w in (1, 0, 1, 0, 1):
        replay.game([["C"], ["D"]], [0, 1] if w else [1, 0])
    (board,) = boards(db)
    assert [r.bot for r in board.rows] == ["C", "A", "D", "B"]
    for r in board.rows:
        assert (r.mu, r.sigma) == pytest.approx(replay.r[r.bot], abs=1e-9)
    got = rows_of(board)
    assert got["A"].mu > got["C"].mu and got["A"].low < got["C"].low
    assert got["C"].low == pytest.approx(12.7467, abs=1e-4)
    assert (board.games, board.runs, got["C"].games, got["A"].games) == (6, 2, 5, 1)


def test_equal_low_ends_are_ordered_by_rating_then_bot_then_code(tmp_path: Path) -> None:
    # three bots that never played each other well apart: the same history for each
    # pair, so equal ratings; the names then order them
    db = tmp_path / "r.db"
    games = [heads_up("x", "y", 5, 5)]  # a tie: both stay at 25, sigma shrinks alike
    record(db, info("r1", {"x": "zed", "y": "amy"}), games)
    (board,) = boards(db)
    a, z = board.rows
    assert (a.mu, z.mu) == pytest.approx((MU, MU)) and a.sigma == z.sigma < SIGMA
    assert [r.bot for r in board.rows] == ["amy", "zed"]
    # the same bot name with two fingerprints of code: two bots, ordered by code
    db2 = tmp_path / "r2.db"
    run = info("r2", {"x": "same", "y": "same"})
    run.players["x"]["code"], run.players["y"]["code"] = "c9", "c2"
    record(db2, run, games)
    (board,) = boards(db2)
    assert [(r.bot, r.code) for r in board.rows] == [("same", "c2"), ("same", "c9")]


def test_what_makes_recorded_bots_one_bot() -> None:
    """A bot file is its code and options, whatever its path; an external
    program its command with the files it names left out, and their code; a
    built-in (all share golf's code) or a module's class its spec too; a
    record without code, its spec alone."""
    ident = leaderboard.identity
    assert ident("bots/a.py", "{}", "c1") == ident("../x/b.py", "{}", "c1")
    assert ident("bots/a.py", "{}", "c1") != ident("bots/a.py", '{"low": 3}', "c1")
    assert ident("bots/a.py", "{}", "c1") != ident("bots/a.py", "{}", "c2")
    assert ident("bots/a.py", "{}", "") != ident("bots/b.py", "{}", "")
    assert ident("cmd:python3 a/x.py", "{}", "c1") == ident("cmd:python3 ../x.py", "{}", "c1")
    assert ident("cmd:python3 x.py", "{}", "c1") != ident("cmd:python3 x.py --fast", "{}", "c1")
    assert ident("cmd:python3 x.py", "{}", "c1") != ident("bots/x.py", "{}", "c1")
    # a command recorded before golf named commands cmd: stays its own (its code
    # then held the script's path, so nothing else has it)
    assert ident("python3 x.py", "{}", "c1") != ident("x.py", "{}", "c1")
    assert ident("greedy", "{}", "g1") != ident("random", "{}", "g1")
    assert ident("pkg.m:A", "{}", "m1") != ident("pkg.m:B", "{}", "m1")


def test_one_row_per_code_pooled_across_specs_with_labels_and_first_and_last_seen(
    tmp_path: Path,
) -> None:
    """Records of one code under two specs, as a database written before
    fingerprints left paths out holds them side by side with newer ones:
    read as one bot (one rating over both runs' games), nothing lost."""
    db = tmp_path / "r.db"
    one = info("1", {"pairs@v1": "bots/pairs.py", "g": "greedy"})
    two = info("2", {"mine": "copy/mybot.py", "g": "greedy"}, started="2026-01-02T00:00:00Z")
    record(db, one, [heads_up("pairs@v1", "g", 1, 9)])
    record(db, two, [heads_up("mine", "g", 9, 1), heads_up("mine", "g", 1, 9)])
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET recorded = '2026-01-0' || (game + 1) || 'T00:00:00Z'")
    (board,) = boards(db)
    assert sorted(r.bot for r in board.rows) == ["copy/mybot.py", "greedy"]
    mine = rows_of(board)["copy/mybot.py"]
    assert (mine.specs, mine.names, mine.labels, mine.label) == (
        ["copy/mybot.py", "bots/pairs.py"],
        ["mine", "pairs@v1"],
        ["v1"],
        "v1",
    )
    assert (mine.games, mine.first_seen, mine.last_seen) == (
        3,
        "2026-01-01T00:00:00Z",
        "2026-01-02T00:00:00Z",
    )
    replay = Replay()
    for ranks in ([0, 1], [1, 0], [0, 1]):
        replay.game([["mine"], ["g"]], ranks)
    assert (mine.mu, mine.sigma) == pytest.approx(replay.r["mine"], abs=1e-9)


def test_many_sided_games_partners_and_ties_follow_the_model(tmp_path: Path) -> None:
    """Four seats: three sides of stroke play, then partners (two sides of two),
    with ties; every bot's rating and doubt is the restatement's, game by game."""
    db = tmp_path / "r.db"
    bots = {"p": "P", "q": "Q", "r": "R", "s": "S"}
    three = [
        # seats p q r: totals 10 12 12 -> ranks 0 1 1 (a tie for second)
        ({"seating": ["p", "q", "r"], "side_of": [0, 1, 2], "totals": [10, 12, 12]}, [0]),
        # q wins a playoff over r at equal totals: q 0, r 1, p 2
        ({"seating": ["q", "r", "p"], "side_of": [0, 1, 2], "totals": [8, 8, 20]}, [0]),
        # every total equal and the win shared: all tied
        ({"seating": ["r", "p", "q"], "side_of": [0, 1, 2], "totals": [7, 7, 7]}, [0, 1, 2]),
    ]
    games = [
        {**g, "holes_won": [0] * len(g["totals"]), "winners": w} for g, w in three
    ]  # fmt: skip
    record(db, info("three", bots, seats=3), games)
    partners = [
        # seats p q r s, partners p & r against q & s (side_of alternates)
        {"seating": ["p", "q", "r", "s"], "side_of": [0, 1, 0, 1], "totals": [20, 14],
         "holes_won": [0, 0], "winners": [1]},
        {"seating": ["s", "p", "q", "r"], "side_of": [0, 1, 0, 1], "totals": [9, 9],
         "holes_won": [0, 0], "winners": [0, 1]},
    ]  # fmt: skip
    record(db, info("pairs", bots, seats=4), partners)
    by_seats = {b.seats: b for b in boards(db)}
    assert set(by_seats) == {3, 4}
    three_replay = Replay()
    three_replay.game([["P"], ["Q"], ["R"]], [0, 1, 1])
    three_replay.game([["Q"], ["R"], ["P"]], [0, 1, 2])
    three_replay.game([["R"], ["P"], ["Q"]], [0, 0, 0])
    pairs_replay = Replay()
    pairs_replay.game([["P", "R"], ["Q", "S"]], [1, 0])
    pairs_replay.game([["S", "Q"], ["P", "R"]], [0, 0])
    for seats, replay in ((3, three_replay), (4, pairs_replay)):
        board = by_seats[seats]
        assert_rated(board, replay.r)
        lows = [r.low for r in board.rows]
        assert lows == sorted(lows, reverse=True)
    assert rows_of(by_seats[3])["P"].games == 3 and rows_of(by_seats[4])["S"].games == 2


def test_match_play_ranks_by_holes_won(tmp_path: Path) -> None:
    # more strokes but more holes won: the match-play winner is ranked first
    db = tmp_path / "r.db"
    game = {
        "seating": ["a", "b"],
        "side_of": [0, 1],
        "totals": [30, 12],
        "holes_won": [2.5, 0.5],
        "winners": [0],
    }
    # no winner: b won more holes, a took fewer strokes: match play ranks b first
    no_winner = {**game, "winners": [], "totals": [10, 12], "holes_won": [1.0, 2.0]}
    record(db, info("m", {"a": "A", "b": "B"}, format="match"), [game, no_winner])
    (board,) = boards(db)
    replay = Replay()
    replay.game([["A"], ["B"]], [0, 1])
    replay.game([["A"], ["B"]], [1, 0])
    assert board.format == "match"
    assert_rated(board, replay.r)


def test_a_bot_on_both_sides_gets_the_mean_rating_and_the_larger_doubt(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    # two seats of the same bot (a self-play pair) and a third bot, three sides
    game = {
        "seating": ["me1", "me2", "other"],
        "side_of": [0, 1, 2],
        "totals": [3, 9, 6],
        "holes_won": [0, 0, 0],
        "winners": [0],
    }
    record(db, info("self", {"me1": "me", "me2": "me", "other": "O"}, seats=3), [game, game])
    replay = Replay()
    replay.game([["me"], ["me"], ["O"]], [0, 2, 1])
    replay.game([["me"], ["me"], ["O"]], [0, 2, 1])
    (board,) = boards(db)
    got = rows_of(board)
    assert (got["me"].mu, got["me"].sigma) == pytest.approx(replay.r["me"], abs=1e-9)
    assert (got["O"].mu, got["O"].sigma) == pytest.approx(replay.r["O"], abs=1e-9)
    assert got["me"].games == 2  # a game counts once for a bot, however many seats it had
    assert sorted(got["me"].names) == ["me1", "me2"]


# --------------------------------------------------------------------------- pools and order


def test_games_are_rated_in_run_start_order_then_uid_then_game(tmp_path: Path) -> None:
    """The same games recorded in another order rate alike; the order of the
    runs' start times (then their identities) is the order that counts."""
    a_wins, b_wins = heads_up("a", "b", 1, 9), heads_up("a", "b", 9, 1)
    early = info("uid-2", {"a": "A", "b": "B"}, started="2026-01-01T00:00:00Z")
    late = info("uid-1", {"a": "A", "b": "B"}, started="2026-01-05T00:00:00Z")
    one, two = tmp_path / "1.db", tmp_path / "2.db"
    record(one, early, [a_wins, a_wins, b_wins])
    record(one, late, [b_wins])
    record(two, late, [b_wins])  # the later run reaches this file first
    record(two, early, [a_wins, a_wins, b_wins])
    replay = Replay()
    for ranks in ([0, 1], [0, 1], [1, 0], [1, 0]):
        replay.game([["A"], ["B"]], ranks)
    for db in (one, two):
        (board,) = boards(db)
        assert_rated(board, replay.r)
    # the other order of the runs is another rating (so the order above is the one used)
    other = Replay()
    for ranks in ([1, 0], [0, 1], [0, 1], [1, 0]):
        other.game([["A"], ["B"]], ranks)
    assert other.r["A"] != pytest.approx(replay.r["A"], abs=1e-6)
    # equal start times: the run identity decides ("uid-1" before "uid-2")
    same = tmp_path / "3.db"
    record(same, info("uid-2", {"a": "A", "b": "B"}), [a_wins, a_wins, b_wins])
    record(same, info("uid-1", {"a": "A", "b": "B"}), [b_wins])
    (board,) = boards(same)
    assert_rated(board, other.r)
    # within a run, the game index (here the games recorded back to front)
    back = tmp_path / "4.db"
    run = info("uid-9", {"a": "A", "b": "B"})
    rec = recording.Recorder(back, run)
    for i, g in reversed(list(enumerate([b_wins, a_wins, a_wins]))):
        rec.add({"game": i, "deal": i, **g})
    rec.close()
    in_index = Replay()
    for ranks in ([1, 0], [0, 1], [0, 1]):
        in_index.game([["A"], ["B"]], ranks)
    (board,) = boards(back)
    assert_rated(board, in_index.r)


def test_one_board_per_variant_rules_seats_and_format(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    g = heads_up("a", "b", 1, 9)
    pair = {"a": "A", "b": "B"}
    record(db, info("1", pair), [g])
    record(db, info("2", pair), [g, g])  # the same pool: one board of 3 games, 2 runs
    record(db, info("3", pair, rules="house"), [g, g, g, g])
    record(db, info("4", pair, variant="four-card", rules="r4"), [g, g])
    record(db, info("5", pair, format="match"), [g])
    three = {
        "seating": ["a", "b", "c"],
        "side_of": [0, 1, 2],
        "totals": [1, 2, 3],
        "holes_won": [0, 0, 0],
        "winners": [0],
    }
    record(db, info("6", {**pair, "c": "C"}, seats=3), [three, three])
    record(db, info("7", pair), [])  # a run with no games yet: no board of its own
    got = [(b.variant, b.rules, b.seats, b.format, b.games, b.runs) for b in boards(db)]
    # most games first; then variant, seats, rules
    assert got == [
        ("six-card", "house", 2, "stroke", 4, 1),
        ("six-card", "r6", 2, "stroke", 3, 3),
        ("four-card", "r4", 2, "stroke", 2, 1),
        ("six-card", "r6", 3, "stroke", 2, 1),
        ("six-card", "r6", 2, "match", 1, 1),
    ]
    assert {(b.variant, b.seats) for b in boards(db, variant="four-card")} == {("four-card", 2)}
    assert [b.games for b in boards(db, seats=3)] == [2]
    assert [b.rules for b in boards(db, variant="six-card", seats=2)] == ["house", "r6", "r6"]
    assert boards(db, variant="nine-card") == []
    # each board rates its own games only: the 4-game pool's A has 4 games
    assert rows_of(boards(db)[0])["A"].games == 4


def test_names_newest_first_and_the_last_time_seen(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    g = heads_up("ann", "bob", 1, 9)
    record(db, info("1", {"ann": "greedy", "bob": "random"}, started="2026-01-01T00:00:00Z"), [g])
    renamed = heads_up("gus", "bob", 1, 9)
    gus = {"gus": "greedy", "bob": "random"}
    record(db, info("2", gus, started="2026-01-03T00:00:00Z"), [renamed])
    record(db, info("3", gus, started="2026-01-02T00:00:00Z"), [renamed])
    with sqlite3.connect(db) as conn:  # each game's time as a stored record says it
        for run, when in (("1", "2026-01-01T10:00:00Z"), ("2", "2026-01-01T09:00:00Z")):
            conn.execute(
                "UPDATE games SET recorded = ? WHERE run = (SELECT id FROM runs WHERE uid = ?)",
                (when, run),
            )
        conn.execute(
            "UPDATE games SET recorded = '2026-01-01T08:00:00Z' "
            "WHERE run = (SELECT id FROM runs WHERE uid = '3')"
        )
    (board,) = boards(db)
    greedy = rows_of(board)["greedy"]
    # run 2 started last, so its name comes first; run 1's "ann" after it
    assert greedy.names == ["gus", "ann"]
    assert greedy.last_seen == "2026-01-01T10:00:00Z"  # the latest record, whatever its run
    assert greedy.games == 3


# --------------------------------------------------------------------------- the file


def test_a_recorded_run_reads_back_column_by_column(tmp_path: Path) -> None:
    """A real run recorded live, and its directory imported into a second file:
    every stored value is the one run.json and games.jsonl hold, in its column."""
    cfg = write(
        tmp_path,
        "name: stored\nvariant: six-card\nholes: 2\nseats: 2\ngames: 2\nseed: 5\nworkers: 1\n"
        "players:\n  - {name: ann, bot: greedy}\n"
        "  - {name: bob, bot: 'greedy?threshold=6', options: {knock_at: 3}}\n",
    )
    live, imported, out = tmp_path / "live.db", tmp_path / "imported.db", tmp_path / "run"
    r = golf("tournament", str(cfg), "--db", str(live), "--out", str(out), "-q")
    assert r.exit_code == 0, r.output
    r = golf("ratings", "import", str(out), "--db", str(imported))
    assert r.exit_code == 0, r.output
    meta = json.loads((out / "run.json").read_text())
    plan = meta["plan"]
    lines = [json.loads(x) for x in (out / "games.jsonl").read_text().splitlines()]
    uid = hashlib.sha256(
        f"{meta['config_hash']}\0{json.dumps(meta['bots'], sort_keys=True)}".encode()
    ).hexdigest()
    rules = hashlib.sha256(
        json.dumps([plan["variant"], plan["format"]], sort_keys=True).encode()
    ).hexdigest()[:16]
    started = re.fullmatch(r"(.{19})([+-]\d\d)(\d\d)", meta["started"])
    assert started is not None
    for db in (live, imported):
        with sqlite3.connect(db) as conn:
            conn.row_factory = sqlite3.Row
            (run,) = conn.execute("SELECT * FROM runs").fetchall()
            assert dict(run) == {
                "id": run["id"],
                "uid": uid,
                "started": run["started"],
                "name": "stored",
                "variant": "six-card",
                "rules": rules,
                "seats": 2,
                "format": "stroke",
                "config_hash": meta["config_hash"],
                "source": str(out),  # the run directory, recorded live or imported
                "golfcli": meta["golfcli"],
            }
            # the start time in UTC: the local time less its offset
            from datetime import datetime

            local = datetime.strptime(meta["started"], "%Y-%m-%dT%H:%M:%S%z")
            assert (
                datetime.strptime(run["started"], "%Y-%m-%dT%H:%M:%SZ")
                == local.replace(tzinfo=None) - local.utcoffset()
            )  # type: ignore[operator]
            bots = {r["id"]: dict(r) for r in conn.execute("SELECT * FROM bots")}
            players = {r["name"]: r for r in conn.execute("SELECT * FROM players")}
            assert set(players) == {"ann", "bob"}
            for name, p in players.items():
                want = meta["bots"][name]
                assert p["run"] == run["id"]
                assert bots[p["bot"]] == {
                    "id": p["bot"],
                    "bot": want["bot"],
                    "options": json.dumps(want["options"], sort_keys=True),
                    "code": want["code"],
                }
            assert json.loads(bots[players["bob"]["bot"]]["options"]) == {
                "threshold": 6,
                "knock_at": 3,
            }
            games = conn.execute("SELECT * FROM games ORDER BY game").fetchall()
            assert len(games) == len(lines) == 4
            for g, rec in zip(games, lines, strict=True):
                assert (g["run"], g["game"], g["deal"]) == (run["id"], rec["game"], rec["deal"])
                assert json.loads(g["result"]) == [
                    rec[k]
                    for k in (
                        "seating",
                        "side_of",
                        "totals",
                        "holes_won",
                        "winners",
                        "regulation_holes",
                    )
                ]
                assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", g["recorded"])


def test_what_identifies_a_run_and_its_players(tmp_path: Path) -> None:
    meta: dict[str, Any] = {
        "config_hash": "abc",
        "config": "/somewhere/night.yaml",
        "golfcli": "0.1.0",
        "started": "2026-12-01T16:05:00+0100",
        "plan": {
            "players": [{"name": "ann", "bot": "greedy"}, {"name": "bob", "bot": "random"}],
            "entrants": [{"name": "ann"}, {"name": "bob"}],
            "variant": {"name": "six-card", "cols": 3},
            "format": "stroke",
            "seats": 2,
        },
        "bots": {
            "ann": {"bot": "greedy", "options": {}, "code": "g1"},
            "bob": {"bot": "random", "options": {"x": 1}, "code": "r1"},
        },
    }
    got = RunInfo.from_meta(meta, "src")
    who = {
        "ann": {"bot": "greedy", "options": {}, "code": "g1"},
        "bob": {"bot": "random", "options": {"x": 1}, "code": "r1"},
    }
    assert (
        got
        == RunInfo(
            uid=hashlib.sha256(f"abc\0{json.dumps(who, sort_keys=True)}".encode()).hexdigest(),
            started="2026-12-01T15:05:00Z",  # 16:05 at +01:00
            name="night",  # no name: the config file's stem
            variant="six-card",
            rules=hashlib.sha256(
                json.dumps([{"name": "six-card", "cols": 3}, "stroke"], sort_keys=True).encode()
            ).hexdigest()[:16],
            seats=2,
            format="stroke",
            config_hash="abc",
            source="src",
            golfcli="0.1.0",
            players=who,
            entrants=frozenset({"ann", "bob"}),
        )
    )
    # a changed bot is another run; a changed start time or source is the same run
    other = json.loads(json.dumps(meta))
    other["bots"]["bob"]["code"] = "r2"
    assert RunInfo.from_meta(other, "src").uid != got.uid
    moved = {**meta, "started": "2027-01-01T00:00:00+0000", "name": "renamed"}
    again = RunInfo.from_meta(moved, "elsewhere")
    assert again.uid == got.uid and again.name == "renamed"
    assert again.started == "2027-01-01T00:00:00Z"
    # a variant without a name is "?"
    nameless = json.loads(json.dumps(meta))
    del nameless["plan"]["variant"]["name"]
    assert RunInfo.from_meta(nameless, "src").variant == "?"
    # a start time that cannot be read: now, in UTC
    bad = RunInfo.from_meta({**meta, "started": "yesterday"}, "src")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", bad.started)
    assert bad.started == ratingsdb.utc_now() or bad.started < ratingsdb.utc_now()


def test_a_run_json_from_before_the_bots_were_kept_names_them_from_its_plan() -> None:
    meta: dict[str, Any] = {
        "config_hash": "abc",
        "golfcli": "0.0.9",
        "name": "old",
        "plan": {
            "players": [
                {"name": "ann", "bot": "greedy?threshold=6", "options": {"flip_ahead": True}},
                {"name": "mine", "bot": "bots/mine.py"},
                {"name": "ext", "command": ["python3", "bots/ext.py", "--fast"]},
                {"name": "bare", "bot": "cmd:./unknown"},
                {"name": "opts", "bot": "cmd:./bot.sh?fast"},  # a command keeps its "?"
                {"name": "two", "command": ["python3", "bots/ext.py", "bots/other.py"]},
            ],
            "files": {"bots/mine.py": "h1", "bots/ext.py": "h2", "bots/other.py": "h3"},
            "variant": {"name": "six-card"},
            "format": "match",
            "seats": 2,
        },
    }
    got = RunInfo.from_meta(meta, "src")
    assert got.players["ann"] == {
        "bot": "greedy",
        "options": {"threshold": 6, "flip_ahead": True},
        "code": "golfcli 0.0.9",
    }
    assert got.players["mine"] == {
        "bot": "bots/mine.py",
        "options": {},
        "code": hashlib.sha256(b"bots/mine.py\0h1\0").hexdigest()[:16],
    }
    assert got.players["ext"] == {
        "bot": "python3 bots/ext.py --fast",
        "options": {},
        "code": hashlib.sha256(b"bots/ext.py\0h2\0").hexdigest()[:16],
    }
    assert got.players["bare"] == {"bot": "cmd:./unknown", "options": {}, "code": ""}
    assert got.players["opts"] == {"bot": "cmd:./bot.sh?fast", "options": {}, "code": ""}
    # every file a command names, in order of name, each with its hash
    assert (
        got.players["two"]["code"]
        == (hashlib.sha256(b"bots/ext.py\0h2\0bots/other.py\0h3\0").hexdigest()[:16])
    )
    assert (got.format, got.name, got.golfcli, got.entrants) == (
        "match",
        "old",
        "0.0.9",
        frozenset(),
    )


def test_the_database_lives_in_the_users_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    home_db = tmp_path / "home" / ".local" / "share" / "golf" / "ratings.db"
    assert ratingsdb.default_path() == tmp_path / "data" / "golf" / "ratings.db"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for relative in ("", "relative/dir"):  # the spec ignores a relative XDG_DATA_HOME
        monkeypatch.setenv("XDG_DATA_HOME", relative)
        assert (
            ratingsdb.default_path()
            == tmp_path / "home" / ".local" / "share" / "golf" / "ratings.db"
        )
    monkeypatch.delenv("XDG_DATA_HOME")
    assert ratingsdb.default_path() == home_db


def _run_dir(tmp_path: Path, games: int, name: str = "run") -> Path:
    out = tmp_path / name
    cfg = write(
        tmp_path,
        f"name: {name}\nvariant: six-card\nholes: 1\nseats: 2\ngames: {games}\nseed: 2\n"
        "workers: 1\nplayers:\n  - {name: ann, bot: greedy}\n  - {name: bob, bot: random}\n",
        f"{name}.yaml",
    )
    r = golf("tournament", str(cfg), "--no-db", "--out", str(out), "-q")
    assert r.exit_code == 0, r.output
    return out


def test_an_import_takes_the_games_a_run_counted_and_skips_what_is_not_a_game(
    tmp_path: Path,
) -> None:
    out = _run_dir(tmp_path, 3)  # 3 deals x 2 seatings: games 0 .. 5
    db = tmp_path / "r.db"
    got = ratingsimport.import_run(db, out)
    assert (got.added, got.known, got.skipped) == (6, 0, 0)
    assert ratingsimport.import_run(db, out) == ratingsimport.Imported(0, 6, 0)
    # a run stopped by its SPRT after 4 counted games: games 4 and 5 are left out
    stopped = _run_dir(tmp_path, 3, "stopped")
    res = json.loads((stopped / "results.json").read_text())
    res["run"]["stop_reason"], res["run"]["games_played"] = "sprt", 4
    (stopped / "results.json").write_text(json.dumps(res))
    db2 = tmp_path / "r2.db"
    assert ratingsimport.import_run(db2, stopped) == ratingsimport.Imported(4, 0, 0)
    with sqlite3.connect(db2) as conn:
        assert [g for (g,) in conn.execute("SELECT game FROM games ORDER BY game")] == [0, 1, 2, 3]
    # stopped for another reason (interrupted): every game on disk counts
    res["run"]["stop_reason"] = "interrupted"
    (stopped / "results.json").write_text(json.dumps(res))
    assert ratingsimport.import_run(tmp_path / "r3.db", stopped).added == 6
    # lines that are no game of this run are counted as skipped
    lines = (out / "games.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    stranger = {**first, "game": 6, "seating": ["ann", "zoe"]}
    negative = {**first, "game": -1}
    (out / "games.jsonl").write_text(
        "\n".join([*lines, "not json", "[1, 2]", json.dumps({**first, "game": "7"})])
        + "\n"
        + json.dumps(stranger)
        + "\n"
        + json.dumps(negative)
        + "\n"
    )
    assert ratingsimport.import_run(tmp_path / "r4.db", out) == ratingsimport.Imported(6, 0, 5)


def test_the_recorder_commits_in_batches_and_at_close(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    rec = recording.Recorder(db, info("batch", {"a": "A", "b": "B"}))
    rec._flushed = float("inf")  # not yet time to commit
    rec.add({"game": 0, "deal": 0, **heads_up("a", "b", 1, 2)})
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (0,)
    assert len(rec.pending) == 1
    rec._flushed = 0.0  # long ago: the next game commits both
    rec.add({"game": 1, "deal": 0, **heads_up("a", "b", 2, 1)})
    assert rec.pending == [] and rec.added == 2
    rec.add({"game": 1, "deal": 0, **heads_up("a", "b", 2, 1)})  # recorded already
    rec.close()
    assert rec.added == 2 and rec.conn is None
    rec.add({"game": 2, "deal": 1, **heads_up("a", "b", 2, 1)})  # after close: nothing
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (2,)


def test_an_exceptions_first_line_or_its_name() -> None:
    assert ratingsdb.why(ValueError("first\nsecond")) == "first"
    assert ratingsdb.why(ValueError("  padded  ")) == "padded"
    assert ratingsdb.why(ValueError()) == "ValueError" and ratingsdb.why(KeyError()) == "KeyError"


def test_an_import_refuses_in_one_line_naming_the_file(tmp_path: Path) -> None:
    out = _run_dir(tmp_path, 1)
    meta = json.loads((out / "run.json").read_text())
    del meta["plan"]["players"]
    (out / "run.json").write_text(json.dumps(meta))
    with pytest.raises(ratingsdb.RatingsError) as exc:
        ratingsimport.import_run(tmp_path / "r.db", out)
    assert str(exc.value) == f"{out / 'run.json'}: not a run golf can rate: 'players'"
    good = _run_dir(tmp_path, 1, "good")
    (good / "games.jsonl").unlink()
    (good / "games.jsonl").mkdir()
    with pytest.raises(ratingsdb.RatingsError) as exc:
        ratingsimport.import_run(tmp_path / "r.db", good)
    assert str(exc.value) == f"{good / 'games.jsonl'}: a directory, not a run's games"
    # a database that is golf's but lost a table: the file and sqlite's line
    again = _run_dir(tmp_path, 1, "again")
    db = tmp_path / "broken.db"
    ratingsdb.connect(db, create=True).close()
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE games")
    with pytest.raises(ratingsdb.RatingsError) as exc:
        ratingsimport.import_run(db, again)
    said = f"{db}: marked as golf's ratings, but not their tables (no table games)"
    assert str(exc.value) == said


def test_an_import_of_a_run_from_before_its_entrants_were_kept(tmp_path: Path) -> None:
    # no plan.entrants: a game's sides are checked against its own names
    out = _run_dir(tmp_path, 2)
    meta = json.loads((out / "run.json").read_text())
    del meta["plan"]["entrants"]
    (out / "run.json").write_text(json.dumps(meta))
    assert ratingsimport.import_run(tmp_path / "r.db", out) == ratingsimport.Imported(4, 0, 0)
    # with entrants kept, a game whose sides name someone else is no game of the run
    other = _run_dir(tmp_path, 2, "other")
    lines = (other / "games.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    lines[0] = json.dumps({**first, "sides": ["zoe", first["sides"][1]]})
    (other / "games.jsonl").write_text("\n".join(lines) + "\n")
    assert ratingsimport.import_run(tmp_path / "r2.db", other) == ratingsimport.Imported(3, 0, 1)


def test_an_import_of_many_games_takes_every_batch(tmp_path: Path) -> None:
    """More than two batches of 5000: every game lands once and is counted once."""
    out = _run_dir(tmp_path, 1)
    first = json.loads((out / "games.jsonl").read_text().splitlines()[0])
    n = 10_001
    (out / "games.jsonl").write_text(
        "".join(json.dumps({**first, "game": i, "deal": i // 2}) + "\n" for i in range(n))
    )
    db = tmp_path / "r.db"
    assert ratingsimport.import_run(db, out) == ratingsimport.Imported(n, 0, 0)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*), min(game), max(game) FROM games").fetchone() == (
            n,
            0,
            n - 1,
        )


def test_an_imported_games_time_is_its_files_in_utc(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import time

    out = _run_dir(tmp_path, 1)
    os.utime(out / "games.jsonl", (1_780_000_000, 1_780_000_000))  # 2026-05-28 20:26:40 UTC
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        db = tmp_path / "r.db"
        ratingsimport.import_run(db, out)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    with sqlite3.connect(db) as conn:
        assert {r for (r,) in conn.execute("SELECT recorded FROM games")} == {
            "2026-05-28T20:26:40Z"
        }


@pytest.mark.parametrize("seed", range(20))
def test_the_heads_up_shortcut_is_the_general_update(seed: int) -> None:
    """One bot a side takes a shortcut through the sums; it gives what the
    general update gives (this file's restatement, and openskill), for a
    win, a loss and a tie, to rounding."""
    import random

    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0.0)
    rng = random.Random(seed)
    a = (rng.uniform(5, 45), rng.uniform(0.3, SIGMA))
    b = (rng.uniform(5, 45), rng.uniform(0.3, SIGMA))
    for ranks in ([0, 1], [1, 0], [0, 0]):
        (fa,), (fb,) = leaderboard.rate([[a], [b]], ranks)
        (wa,), (wb,) = pl_update([[a], [b]], ranks)
        assert (*fa, *fb) == pytest.approx((*wa, *wb), abs=1e-12)
        (oa,), (ob,) = model.rate(
            [[model.rating(mu=a[0], sigma=a[1])], [model.rating(mu=b[0], sigma=b[1])]],
            ranks=[float(r) for r in ranks],
        )
        assert (*fa, *fb) == pytest.approx((oa.mu, oa.sigma, ob.mu, ob.sigma), abs=1e-9)


@pytest.mark.parametrize("fmt", ["stroke", "match"])
def test_the_replays_heads_up_path_rates_as_the_general_path(fmt: str) -> None:
    """A replay takes a shortcut for games of two seats on two sides (most
    games): the same ratings, bit for bit, and the same games counted, as
    the general path of sides and ranks, for two bots, a bot against itself,
    either seating, wins, losses and ties; three-seat games mixed in."""
    import random

    rng = random.Random(fmt)
    names = ["a", "b", "c"]
    who = {(1, "a"): ("A", "{}", ""), (1, "b"): ("B", "{}", ""), (1, "c"): ("A", "{}", "")}
    games = []
    for g in range(400):
        seats = rng.choice([2, 2, 2, 3])
        seating = rng.sample(names, seats)
        side_of = list(range(seats))
        rng.shuffle(side_of)
        totals = [rng.randint(0, 3) for _ in range(seats)]
        holes_won = [rng.choice([0.0, 0.5, 1.0]) for _ in range(seats)]
        winners = rng.sample(range(seats), rng.choice([0, 1, 1, 2]))
        # a game recorded with no time (as a run's rows are until they are
        # written) leaves a bot's first-seen empty, for a later time to fill
        stamp = "" if g % 7 == 0 else f"2026-12-0{1 + g % 5}T00:00:00Z"
        games.append((1, g, [seating, side_of, totals, holes_won, winners], stamp))
    fast = leaderboard.Replayed()
    leaderboard._replay(fast, games, who, {1: ("s", "u")}, fmt)

    ratings: dict[Any, Rating] = {}
    played: dict[Any, tuple[int, str, str]] = {}
    for run, _, (seating, side_of, totals, holes_won, winners), stamp in games:
        sides = leaderboard._sides([who[(run, n)] for n in seating], side_of)
        leaderboard._rate(ratings, sides, leaderboard.side_ranks(winners, totals, holes_won, fmt))
        for b in {b for side in sides for b in side}:
            n, first, latest = played.get(b, (0, stamp, stamp))
            played[b] = (n + 1, min(first, stamp) if first else stamp, max(latest, stamp))
    assert fast.ratings == ratings  # exactly
    assert fast.played == played
    assert fast.games == 400 and fast.counts == {1: 400} and fast.frontier == ("s", "u", 399)
    heads_up_games = sum(1 for *_, (s, *_), _ in games if len(s) == 2)
    assert 250 < heads_up_games < 400  # both paths were taken
