"""Statistics against values computed by hand (golfcli/stats.py)."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import random
import statistics
from collections.abc import Callable

import pytest

from golfcli.exceptions import InputError
from golfcli.render.tournament import render
from golfcli.sprt import SprtSpec
from golfcli.stats import (
    ELO,
    LOST_MOST,
    Outcome,
    Running,
    Sprt,
    Tally,
    bradley_terry,
    elo_score,
    t975,
)

# Three hand-made two-hole games between A (entrant 0) and B (entrant 1):
#   game 1: A 10, B 14 -> A wins;   holes won A 1.5, B 0.5
#   game 2: A  8, B  8 -> shared;   holes won A 1,   B 1
#   game 3: A 12, B  6 -> B wins;   holes won A 0,   B 2
FIXTURE = [
    Outcome(deal=0, sides=(0, 1), totals=(10, 14), holes=2, holes_won=(1.5, 0.5), winners=(0,)),
    Outcome(deal=1, sides=(1, 0), totals=(8, 8), holes=2, holes_won=(1.0, 1.0), winners=(0, 1)),
    Outcome(deal=2, sides=(0, 1), totals=(12, 6), holes=2, holes_won=(0.0, 2.0), winners=(1,)),
]


def fixture_tally() -> Tally:
    t = Tally(["A", "B"], "stroke")
    for o in FIXTURE:
        t.add(o)
    return t


def test_standings_match_hand_computation() -> None:
    rows = {r["player"]: r for r in fixture_tally().standings()}
    a, b = rows["A"], rows["B"]
    # wins: A 1 + 0.5 (shared game 2) = 1.5; B 0.5 + 1 = 1.5
    assert a["wins"] == 1.5 and b["wins"] == 1.5
    assert a["games"] == b["games"] == 3
    assert a["win_pct"] == pytest.approx(50.0)
    # per-game strokes per hole: A 10/2, 8/2, 12/2 = 5, 4, 6 -> mean 5, sample sd 1,
    # CI half-width t(0.975, 2) * 1 / sqrt(3) = 4.3027 / 1.7321 = 2.4842
    assert a["mean_hole_score"] == pytest.approx(5.0)
    assert a["mean_hole_score_ci95"] == pytest.approx(2.4842, abs=1e-4)
    # B: 7, 4, 3 -> mean 14/3; squared deviations 49/9 + 4/9 + 25/9 = 78/9, var 39/9,
    # sd 2.08167, CI 4.3027 * 2.08167 / 1.73205 = 5.1712
    assert b["mean_hole_score"] == pytest.approx(14 / 3)
    assert b["mean_hole_score_ci95"] == pytest.approx(5.1712, abs=1e-4)
    # game totals: A (10 + 8 + 12) / 3 = 10; B (14 + 8 + 6) / 3 = 28/3
    assert a["mean_total"] == pytest.approx(10.0)
    assert b["mean_total"] == pytest.approx(28 / 3)
    assert a["holes_won"] == 2.5 and b["holes_won"] == 3.5
    # equal win share: the lower strokes per hole ranks first
    assert b["rank"] == 1 and a["rank"] == 2
    # Bradley-Terry with one virtual draw: 2 of 4 each -> ratings 0; Fisher information
    # 4 * 0.5 * 0.5 = 1 for the difference, so var(theta_A) = 1/4, se = 0.5 * 400/ln 10 = 86.86
    assert a["rating"] == pytest.approx(0.0, abs=1e-9)
    assert a["rating_se"] == pytest.approx(86.859, abs=1e-3)


def test_crosstable_match_hand_computation() -> None:
    cells = {(c["player"], c["opponent"]): c for c in fixture_tally().crosstable()}
    ab, ba = cells[("A", "B")], cells[("B", "A")]
    assert (ab["wins"], ab["draws"], ab["losses"], ab["games"]) == (1, 1, 1, 3)
    assert ab["score"] == 1.5
    # A - B per game: 10-14 = -4, 8-8 = 0, 12-6 = 6 -> mean 2/3; sd sqrt(((-14/3)^2 +
    # (2/3)^2 + (16/3)^2) / 2) = sqrt(152/6) = 5.0332, CI 4.3027 * 5.0332 / 1.7321 = 12.503
    assert ab["mean_stroke_diff"] == pytest.approx(2 / 3)
    assert ba["mean_stroke_diff"] == pytest.approx(-2 / 3)
    assert ab["stroke_diff_ci95"] == pytest.approx(12.503, abs=1e-3)


def test_pairwise_results_in_many_sided_games() -> None:
    # Three sides.  Totals 10, 12, 11 and holes won 2, 0.5, 0.5; side 0 wins.
    o = Outcome(
        deal=0,
        sides=(0, 1, 2),
        totals=(10, 12, 11),
        holes=3,
        holes_won=(2.0, 0.5, 0.5),
        winners=(0,),
    )
    stroke = Tally(["A", "B", "C"], "stroke")
    stroke.add(o)
    # stroke play: C (11) beats B (12)
    assert stroke.wins[2][1] == 1 and stroke.draws[1][2] == 0
    match = Tally(["A", "B", "C"], "match")
    match.add(o)
    # match play: B and C won the same number of holes -> a draw
    assert match.draws[1][2] == 1 and match.wins[2][1] == 0
    assert match.wins[0][1] == match.wins[0][2] == 1
    # a playoff decides equal totals: the playoff winner beats the other
    t = Tally(["A", "B"], "stroke")
    t.add(Outcome(deal=0, sides=(0, 1), totals=(9, 9), holes=2, holes_won=(1, 1), winners=(1,)))
    assert t.wins[1][0] == 1 and t.draws[0][1] == 0


def test_faults_and_disqualifications_are_summed() -> None:
    t = Tally(["A", "B"], "stroke")
    for dq in (True, False):
        t.add(
            Outcome(
                deal=0,
                sides=(0, 1),
                totals=(1, 2),
                holes=1,
                holes_won=(1, 0),
                winners=(0,),
                faults=({"crash": 2}, {"timeout": 1}),
                disqualified=(dq, False),
            )
        )
    rows = {r["player"]: r for r in t.standings()}
    assert rows["A"]["faults"]["crash"] == 4 and rows["A"]["faults_total"] == 4
    assert rows["A"]["disqualified_games"] == 1
    assert rows["B"]["faults"]["timeout"] == 2 and rows["B"]["disqualified_games"] == 0


def test_t_quantiles() -> None:
    assert t975(1) == pytest.approx(12.706, abs=1e-3)
    assert t975(10) == pytest.approx(2.228, abs=1e-3)
    assert t975(30) == pytest.approx(2.042, abs=1e-3)
    # beyond the table: published values 2.0395 (31), 2.0003 (60), 1.9799 (120), 1.9623 (1000)
    for df, want in ((31, 2.0395), (60, 2.0003), (120, 1.9799), (1000, 1.9623)):
        assert t975(df) == pytest.approx(want, abs=2e-4)
    with pytest.raises(InputError):
        t975(0)


def test_running_matches_two_pass_statistics() -> None:
    rng = random.Random(5)
    xs = [rng.gauss(3, 2) for _ in range(500)]
    r = Running()
    for x in xs:
        r.add(x)
    assert r.n == 500
    assert r.mean == pytest.approx(statistics.fmean(xs))
    assert r.var == pytest.approx(statistics.variance(xs))
    one = Running()
    one.add(1.0)
    assert one.ci95() is None and one.var == 0.0


def test_bradley_terry_two_players_closed_form() -> None:
    # A beat B 3 times in 4.  With one virtual draw: 3.5 of 5, p = 0.7, so the
    # difference is ln(0.7 / 0.3) = 0.8473 and A sits at +0.42365 * 400/ln 10 = +73.6.
    # var(difference) = 1 / (5 * 0.7 * 0.3) = 0.95238; var(theta_A) = 0.95238 / 4;
    # se = 0.48795 * 173.72 = 84.77.
    ratings, ses = bradley_terry([[0, 3], [1, 0]], [[0, 4], [4, 0]])
    assert ratings[0] == pytest.approx(73.60, abs=0.01)
    assert ratings[1] == pytest.approx(-73.60, abs=0.01)
    assert ses[0] == pytest.approx(84.77, abs=0.01)


def test_bradley_terry_solves_the_likelihood_equations() -> None:
    # Four players, uneven schedule.  At the maximum, each player's expected
    # score (over real + virtual games) equals its actual score.
    score = [[0, 7, 5, 9], [3, 0, 6, 2.5], [5, 4, 0, 0], [1, 0.5, 0, 0]]
    games = [[0, 10, 10, 10], [10, 0, 10, 3], [10, 10, 0, 0], [10, 3, 0, 0]]
    ratings, ses = bradley_terry(score, games)
    assert sum(r for r in ratings if r is not None) == pytest.approx(0.0, abs=1e-6)
    theta = [r / ELO for r in ratings if r is not None]
    for i in range(4):
        expected = sum(
            (games[i][j] + 1) / (1 + math.exp(theta[j] - theta[i]))
            for j in range(4)
            if j != i and games[i][j]
        )
        actual = sum(score[i][j] + 0.5 for j in range(4) if j != i and games[i][j])
        assert expected == pytest.approx(actual, abs=1e-6)
    assert all(s is not None and s > 0 for s in ses)
    # player 3 met fewer opponents: the least certain rating
    assert ses[3] == max(ses)


def test_bradley_terry_disconnected_or_idle() -> None:
    ratings, ses = bradley_terry(
        [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]],
        [[0, 2, 0, 0], [2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0]],
    )
    assert ratings == [None] * 4 and ses == [None] * 4
    ratings, _ = bradley_terry([[0, 1, 0], [1, 0, 0], [0, 0, 0]], [[0, 2, 0], [2, 0, 0], [0, 0, 0]])
    assert ratings[2] is None and ratings[0] == pytest.approx(0.0, abs=1e-9)


def test_sprt_strokes_by_hand() -> None:
    s = Sprt(SprtSpec("strokes", alpha=0.05, beta=0.05, margin=2, min_deals=2))
    # bounds: ln(0.95 / 0.05) = 2.944, ln(0.05 / 0.95) = -2.944
    assert s.upper == pytest.approx(2.9444, abs=1e-4)
    assert s.push(-3) is None  # below min_deals
    # n = 2, obs -3, -1: sums of squares about 0, -2 and +2 are 10, 2 and 34;
    # LLR(A better) = n/2 ln(10 / 2) = 1.609 (< 2.944), LLR(B better) = ln(10 / 34)
    assert s.push(-1) is None
    assert s.llrs() == pytest.approx((math.log(5), math.log(10 / 34)))
    # n = 3, obs -3, -1, -2.5: about 0: 9 + 1 + 6.25 = 16.25; about -2: 1 + 1 + 0.25 =
    # 2.25; about +2: 25 + 9 + 20.25 = 54.25.  LLR(A) = 1.5 ln(16.25 / 2.25) = 2.966
    assert s.push(-2.5) == "A better"
    assert s.llrs() == pytest.approx((1.5 * math.log(16.25 / 2.25), 1.5 * math.log(16.25 / 54.25)))
    assert s.at_deals == 3
    assert s.push(100) == "A better"  # decided: later observations change nothing
    assert s.obs.n == 3


def test_sprt_within_margin_and_elo() -> None:
    s = Sprt(SprtSpec("strokes", margin=1, min_deals=2))
    decisions = [s.push(x) for x in (0.1, -0.1, 0.05, -0.05, 0.0, 0.1, -0.1, 0.0)]
    assert decisions[-1] == "within margin"
    # Elo: observations 1, 0.5, 1, 0 (counts 1, 1, 2 on 0, 1/2, 1).  The generalised
    # LLR compares the most likely distributions on {0, 1/2, 1} with expectation s0
    # and s1.  With three values and two constraints (sum 1, mean s) one number is
    # free: p(1/2) = t, p(1) = s - t/2, p(0) = 1 - t - p(1); maximise sum phat log p
    # over t by a fine scan (no formula shared with the code).
    e = Sprt(SprtSpec("elo", elo0=-10, elo1=10, min_deals=100))
    for x in (1, 0.5, 1, 0):
        e.push(x)
    assert elo_score(-10) == pytest.approx(0.485613, abs=1e-6)
    s0, s1 = elo_score(-10), elo_score(10)

    def best(s: float) -> float:
        top = -math.inf
        for k in range(1, 200_000):
            t = k / 200_000
            p1 = s - t / 2
            p0 = 1 - t - p1
            if p0 > 0 and p1 > 0:
                top = max(top, (math.log(p0) + math.log(t) + 2 * math.log(p1)) / 4)
        return top

    assert e.llrs()[0] == pytest.approx(4 * (best(s1) - best(s0)), abs=1e-6)
    # the normal approximation fishtest also gives (LLR_alt2) is close:
    # 4 * 0.028774 * (1.25 - 1) / (2 * 0.229167) = 0.06278 (variance with n - 1: near, not equal)
    assert e.llrs()[0] == pytest.approx(0.0628, abs=0.02)
    assert e.decision is None


def test_tally_feeds_sprt_per_deal() -> None:
    t = Tally(["A", "B"], "stroke", SprtSpec("strokes", margin=2, min_deals=2))
    # deal 0 played twice (two seatings): A - B = -4 and -2 -> one observation, -3
    t.add(Outcome(deal=0, sides=(0, 1), totals=(10, 14), holes=2, holes_won=(1, 0), winners=(0,)))
    t.add(Outcome(deal=0, sides=(1, 0), totals=(12, 10), holes=2, holes_won=(0, 1), winners=(1,)))
    assert t.close_deal() is None
    assert t.sprt is not None
    ((_, test),) = t.sprt.tests
    assert test.obs.n == 1 and test.obs.mean == -3
    with pytest.raises(InputError):  # three entrants: name the candidate and baseline
        Tally(["A", "B", "C"], "stroke", SprtSpec("elo", elo0=0, elo1=5))


def _report(t: Tally) -> dict[str, object]:
    return {
        "run": {
            "name": "fixture",
            "variant": "six-card",
            "holes_label": "2 holes",
            "format": "stroke",
            "duplicate": True,
            "seed": 1,
            "games_played": 3,
            "games_planned": 3,
            "deals": 3,
            "tables": 1,
            "seatings": 1,
            "config_hash": "0" * 64,
            "stopped": None,
        },
        "standings": t.standings(),
        "crosstable": t.crosstable(),
        "sprt": t.sprt_json(),
    }


def test_render_formats() -> None:
    rep = _report(fixture_tally())
    table = render(rep, "table")
    assert "Standings" in table and "Crosstable" in table
    assert "4.67 ± 5.17" in table  # B's strokes per hole and CI
    assert "1-1-1 +0.7" in table  # A against B
    md = render(rep, "markdown")
    assert "### Standings" in md and "| player" in md.replace("|   | player", "| player")
    rows = list(csv.reader(io.StringIO(render(rep, "csv"))))
    assert rows[0][:2] == ["rank", "player"] and rows[1][1] == "B"
    assert len(rows) == 1 + len(rep["standings"])  # one table: every row fits the header
    assert all(len(r) == len(rows[0]) for r in rows)
    cross = list(csv.reader(io.StringIO(render(rep, "csv", "crosstable"))))
    assert cross[0][:3] == ["player", "opponent", "games"]
    assert len(cross) == 1 + len(rep["crosstable"]) and all(len(r) == 9 for r in cross)
    with pytest.raises(InputError):
        render(rep, "csv", "both")
    assert json.loads(render(rep, "json"))["standings"][0]["player"] == "B"
    with pytest.raises(InputError):
        render(rep, "xml")


@pytest.mark.parametrize(
    ("elo0", "elo1", "decision", "words"),
    [
        (-20, 20, "H0", "no evidence that eager is stronger than patient by 20 Elo or more"),
        (-20, 20, "H1", "evidence that eager is not weaker than patient by 20 Elo or more"),
        (0, 10, "H1", "evidence that eager is stronger than patient"),
        (5, 15, "H1", "evidence that eager is stronger than patient by more than 5 Elo"),
        (-10, 0, "H0", "no evidence that eager is stronger than patient"),
        (-30, -10, "H0", "evidence that eager is weaker than patient by more than 10 Elo"),
    ],
)
def test_sprt_decisions_in_words(elo0: float, elo1: float, decision: str, words: str) -> None:
    sprt = Sprt(SprtSpec("elo", elo0=elo0, elo1=elo1, min_deals=2))
    assert sprt.describe("eager", "patient") == (
        "eager against patient: no decision yet after 0 deals"
    )
    # a run of wins or losses decides it the way wanted
    x = 1.0 if decision == "H1" else 0.0
    for i in range(200):
        if sprt.push(x if i % 5 else 0.5) is not None:
            break
    assert sprt.decision == decision
    won, lost = (elo1, elo0) if decision == "H1" else (elo0, elo1)
    assert sprt.describe("eager", "patient") == (
        f"eager against patient: {words} (SPRT: the results favour {won:+g} Elo over {lost:+g})"
    )


def test_the_fault_kinds_are_the_matchs_own() -> None:
    # one list of fault kinds (faults.py): the standings count what the match counts
    from golfcli import faults, stats

    assert stats.FAULT_KINDS is faults.FAULT_KINDS


def test_strokes_a_hole_interval_counts_a_deal_once() -> None:
    """Games of one deal share its cards: a deal played in two seatings that
    gave the same totals is one observation, not two.  Counting games would
    narrow the interval by about 1/sqrt(2) (and more with more seatings)."""

    def tally(copies: int) -> dict[str, object]:
        t = Tally(["A", "B"], "stroke")
        for deal, (a, b) in enumerate([(10, 14), (8, 8), (12, 6), (4, 9)]):
            for _ in range(copies):
                t.add(
                    Outcome(
                        deal=deal,
                        sides=(0, 1),
                        totals=(a, b),
                        holes=2,
                        holes_won=(1, 1),
                        winners=(0,),
                    )
                )
            t.close_deal()
        return t.standings()[0]

    once, twice = tally(1), tally(2)
    per_game = [5.0, 4.0, 6.0, 2.0]  # A's strokes a hole in the four deals
    assert once["mean_hole_score"] == twice["mean_hole_score"] == statistics.mean(per_game)
    half = t975(3) * statistics.stdev(per_game) / math.sqrt(4)
    assert once["mean_hole_score_ci95"] == pytest.approx(half)
    assert twice["mean_hole_score_ci95"] == pytest.approx(half)


# --------------------------------------------------------------------------- worked independently
#
# A small field played out in code, and every figure the report gives worked
# out here from the list of games by the definitions (docs/tournament.md),
# with SciPy's t quantiles and distribution: which way each table is sorted
# and by what, which entrant a one-sided figure is turned to, what a deal is.

scipy_stats = pytest.importorskip("scipy.stats")

# (deal, sides, totals, holes_won, winners): three entrants, heads-up games of
# 2 holes, every pair at a deal in both seatings
FIELD = [
    (0, (0, 1), (8, 12), (1.5, 0.5), (0,)),
    (0, (1, 0), (10, 10), (1.0, 1.0), (0, 1)),
    (0, (2, 1), (7, 9), (2.0, 0.0), (0,)),
    (0, (1, 2), (11, 6), (0.0, 2.0), (1,)),
    (1, (0, 1), (9, 9), (1.0, 1.0), (1,)),  # B won the playoff
    (1, (1, 0), (14, 7), (0.5, 1.5), (1,)),
    (1, (0, 2), (12, 5), (0.0, 2.0), (1,)),
    (1, (2, 0), (8, 8), (1.0, 1.0), (0, 1)),
    (2, (0, 1), (6, 10), (2.0, 0.0), (0,)),
    (2, (1, 0), (9, 11), (1.5, 0.5), (0,)),
    (2, (2, 0), (10, 12), (1.0, 1.0), (0,)),
    (2, (1, 2), (12, 9), (0.5, 1.5), (1,)),
    (3, (0, 1), (5, 12), (2.0, 0.0), (0,)),
    (3, (1, 0), (13, 9), (0.0, 2.0), (1,)),
    (3, (0, 2), (9, 6), (0.5, 1.5), (1,)),
    (3, (2, 1), (10, 7), (0.0, 2.0), (1,)),
]
NAMES = ["ann", "bob", "cat"]


def field(scoring: str = "stroke") -> Tally:
    t = Tally(NAMES, scoring)
    for deal, sides, totals, won, winners in FIELD:
        t.add(Outcome(deal, sides, totals, 2, won, winners))
        # the runner closes a deal after its games; the last one is left to flush
    return t


def per_deal(i: int, j: int, scoring: str) -> dict[int, list[tuple[float, float, float]]]:
    """Deal -> i's (pairwise score, margin, total - j's total) in each game with j."""
    out: dict[int, list[tuple[float, float, float]]] = {}
    for deal, sides, totals, won, winners in FIELD:
        if set(sides) != {i, j}:
            continue
        a, b = sides.index(i), sides.index(j)
        ka = (a in winners, won[a] if scoring == "match" else -totals[a])
        kb = (b in winners, won[b] if scoring == "match" else -totals[b])
        score = 1.0 if ka > kb else 0.0 if kb > ka else 0.5
        margin = won[a] - won[b] if scoring == "match" else (totals[b] - totals[a]) / 2
        out.setdefault(deal, []).append((score, margin, totals[a] - totals[b]))
    return out


def elo_of(score: float) -> float:
    """fishtest's elo(): -400 log10(1 / s - 1), the score clamped to [0.001, 0.999]."""
    return -400 * math.log10(1 / min(max(score, 1e-3), 1 - 1e-3) - 1)


def t_summary(xs: list[float]) -> tuple[float, float, float]:
    """Mean, 95% half-width and P(true mean > 0) of ``xs`` by the t distribution."""
    n = len(xs)
    mean = statistics.fmean(xs)
    sem = statistics.stdev(xs) / math.sqrt(n)
    return mean, scipy_stats.t.ppf(0.975, n - 1) * sem, scipy_stats.t.cdf(mean / sem, n - 1)


@pytest.mark.parametrize("scoring", ["stroke", "match"])
def test_every_pair_worked_out_from_the_games(scoring: str) -> None:
    t = field(scoring)
    got = {(p["a"], p["b"]): p for p in t.pairs()}
    assert len(got) == 3
    # the family: each pair's two-sided t test of no difference, then Holm's
    # rule over the three (worked in order: 3 p1, then at least 2 p2, then p3)
    raw = {}
    for i, j in ((0, 1), (0, 2), (1, 2)):
        deals = per_deal(i, j, scoring)
        margins = [statistics.fmean(m for _, m, _ in g) for g in deals.values()]
        raw[(i, j)] = scipy_stats.ttest_1samp(margins, 0.0).pvalue
    (k1, p1), (k2, p2), (k3, p3) = sorted(raw.items(), key=lambda kv: kv[1])
    holm = {k1: min(1, 3 * p1)}
    holm[k2] = max(holm[k1], min(1, 2 * p2))
    holm[k3] = max(holm[k2], p3)
    for i, j in ((0, 1), (0, 2), (1, 2)):
        deals = per_deal(i, j, scoring)
        margins = [statistics.fmean(m for _, m, _ in g) for g in deals.values()]
        scores = [statistics.fmean(s for s, _, _ in g) for g in deals.values()]
        mean, half, los = t_summary(margins)
        # the better-looking of the two is "a": the one with the larger mean margin
        a, b = (i, j) if mean >= 0 else (j, i)
        sign = 1 if a == i else -1
        p = got[(NAMES[a], NAMES[b])]
        assert (p["deals"], p["games"]) == (len(deals), sum(len(g) for g in deals.values()))
        assert p["margin"] == pytest.approx(sign * mean, abs=1e-12)
        assert p["margin_ci95"] == pytest.approx(half, rel=5e-5)
        assert (p["margin_lo"], p["margin_hi"]) == pytest.approx(
            (sign * mean - half, sign * mean + half), abs=1e-3
        )
        assert p["los"] == pytest.approx(los if sign > 0 else 1 - los, abs=1e-9)
        assert p["p_value"] == pytest.approx(raw[(i, j)], abs=1e-9)
        assert p["p_holm"] == pytest.approx(holm[(i, j)], abs=1e-9)
        assert p["comparisons"] == 3
        assert p["separated_unadjusted"] == (sign * mean - half > 0)
        assert p["separated"] == (sign * mean - half > 0 and holm[(i, j)] < 0.05)
        smean = statistics.fmean(scores)
        score = smean if sign > 0 else 1 - smean
        assert p["score"] == pytest.approx(score, abs=1e-12)
        assert p["elo"] == pytest.approx(elo_of(score), abs=1e-9)
        if len(set(scores)) > 1:
            sem = statistics.stdev(scores) / math.sqrt(len(scores))
            assert p["los_score"] == pytest.approx(
                scipy_stats.t.cdf(sign * (smean - 0.5) / sem, len(scores) - 1), abs=1e-9
            )
            # the score's interval is Wilson's (scipy's, with n and z set): Kish's
            # effective games p (1 - p) / var(mean) (the games where it is 0 or 1),
            # and z = t(0.975, deals - 1); the Elo is read from its two ends
            games = sum(len(g) for g in deals.values())
            n = score * (1 - score) / sem**2 if 0 < score < 1 else games
            z = scipy_stats.t.ppf(0.975, len(scores) - 1)
            c = (score + z * z / (2 * n)) / (1 + z * z / n)
            h = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
            lo, hi = max(c - h, 0.0), min(c + h, 1.0)
            assert (p["score_lo"], p["score_hi"]) == pytest.approx((lo, hi), abs=1e-4)
            assert p["elo_lo"] == pytest.approx(elo_of(lo), abs=0.05)
            assert p["elo_hi"] == pytest.approx(elo_of(hi), abs=0.05)
            assert p["elo_ci95"] == pytest.approx((elo_of(hi) - elo_of(lo)) / 2, abs=0.05)
        # deals a difference of half a stroke a hole would need: ((z975 + z80) sd / 0.5)^2
        z = scipy_stats.norm.ppf(0.975) + scipy_stats.norm.ppf(0.8)
        need = math.ceil((z * statistics.stdev(margins) / 0.5) ** 2)
        assert p["resolution"] == 0.5 and p["deals_for_resolution"] == need
        assert p["more_deals"] == (None if p["separated"] else max(0, need - len(deals)))
    # the separated first, then the larger margin
    order = [(not p["separated"], -p["margin"]) for p in t.pairs()]
    assert order == sorted(order)


def test_the_deals_for_another_resolution() -> None:
    (p,) = [p for p in field().pairs(resolution=2.0) if {p["a"], p["b"]} == {"ann", "bob"}]
    margins = [statistics.fmean(m for _, m, _ in g) for g in per_deal(0, 1, "stroke").values()]
    z = scipy_stats.norm.ppf(0.975) + scipy_stats.norm.ppf(0.8)
    assert p["resolution"] == 2.0
    assert p["deals_for_resolution"] == math.ceil((z * statistics.stdev(margins) / 2.0) ** 2)


@pytest.mark.parametrize("scoring", ["stroke", "match"])
def test_the_standings_worked_out_from_the_games(scoring: str) -> None:
    t = field(scoring)
    rows = t.standings()
    assert (t.games, t.deals) == (len(FIELD), 4)
    by = {r["player"]: r for r in rows}
    for e, name in enumerate(NAMES):
        games = [(d, s.index(e), tot, won, w) for d, s, tot, won, w in FIELD if e in s]
        r = by[name]
        assert r["games"] == len(games)
        wins = sum((1 / len(w)) if k in w else 0 for _, k, _, _, w in games)
        assert r["wins"] == pytest.approx(wins) and r["win_pct"] == pytest.approx(
            100 * wins / len(games)
        )
        assert r["mean_total"] == pytest.approx(
            statistics.fmean(tot[k] for _, k, tot, _, _ in games)
        )
        assert r["holes_won"] == pytest.approx(sum(won[k] for _, k, _, won, _ in games))
        assert r["holes_won_per_game"] == pytest.approx(r["holes_won"] / len(games))
        # strokes a hole: per game total / 2 holes, a ratio over deals (deals as clusters)
        deals: dict[int, list[float]] = {}
        for d, k, tot, _, _ in games:
            deals.setdefault(d, []).append(tot[k] / 2)
        h = sum(sum(v) for v in deals.values()) / len(games)
        assert r["mean_hole_score"] == pytest.approx(h)
        ss = sum((sum(v) - h * len(v)) ** 2 for v in deals.values())
        n, gbar = len(deals), len(games) / len(deals)
        half = scipy_stats.t.ppf(0.975, n - 1) * math.sqrt(ss / (n * (n - 1))) / gbar
        assert r["mean_hole_score_ci95"] == pytest.approx(half, rel=5e-5)
    # the order: strokes a hole, fewest first (stroke play), or holes won a game, most
    # first (match play)
    key = (
        [r["mean_hole_score"] for r in rows]
        if scoring == "stroke"
        else [-r["holes_won_per_game"] for r in rows]
    )
    assert key == sorted(key) and [r["rank"] for r in rows] == [1, 2, 3]
    # each row's LOS against the next one down is the pair's, turned to this row's side
    pairs = {(p["a"], p["b"]): p for p in t.pairs()}
    for r, nxt in itertools.pairwise(rows):
        p = pairs.get((r["player"], nxt["player"]))
        q = pairs.get((nxt["player"], r["player"]))
        want = p["los"] if p is not None else 1 - q["los"]
        assert r["los_vs_next"] == pytest.approx(want, abs=1e-12)
        sep = p["separated"] if p is not None else q["margin_hi"] < 0
        assert r["separated_from_next"] is sep
    assert rows[-1]["separated_from_next"] is None and rows[-1]["los_vs_next"] is None


def test_the_rank_groups_follow_the_separations() -> None:
    # A far better than B and C, who cannot be told apart: groups [1], [2, 3]
    t = Tally(["A", "B", "C"], "stroke")
    rng = random.Random(2)
    for deal in range(12):
        for sides in ((0, 1), (1, 2), (2, 0)):
            base = {0: 4, 1: 9, 2: 9}
            totals = tuple(base[s] + rng.randint(0, 2) for s in sides)
            low = min(totals)
            t.add(
                Outcome(
                    deal, sides, totals, 2, (0, 0), tuple(k for k in (0, 1) if totals[k] == low)
                )
            )
        t.close_deal()
    rows = t.standings()
    assert rows[0]["player"] == "A" and rows[0]["separated_from_next"] is True
    assert rows[1]["separated_from_next"] is False
    assert [r["rank_group"] for r in rows] == [[1, 1], [2, 3], [2, 3]]
    # one deal only: no interval, so nothing is separated and there is no LOS
    one = Tally(["A", "B"], "stroke")
    one.add(Outcome(0, (0, 1), (3, 9), 2, (2, 0), (0,)))
    rows = one.standings()
    assert rows[0]["separated_from_next"] is False and rows[0]["los_vs_next"] is None
    assert [r["rank_group"] for r in rows] == [[1, 2], [1, 2]]
    # entrants who never met: nothing is known about their order
    apart = Tally(["A", "B", "C"], "stroke")
    apart.add(Outcome(0, (0, 1), (3, 9), 2, (2, 0), (0,)))
    rows = apart.standings()
    assert [r["player"] for r in rows] == ["A", "B", "C"]  # C has no games: last
    assert rows[1]["separated_from_next"] is None and rows[2]["games"] == 0
    assert rows[2]["win_pct"] is None and rows[2]["mean_total"] is None


def test_equal_measures_are_ordered_by_win_share_then_name() -> None:
    # equal strokes a hole (5 each); B has the better win share (a playoff), then names
    t = Tally(["C", "B", "A"], "stroke")
    t.add(Outcome(0, (0, 1), (10, 10), 2, (1, 1), (1,)))
    t.add(Outcome(0, (2, 1), (10, 10), 2, (1, 1), (0, 1)))
    t.add(Outcome(0, (0, 2), (10, 10), 2, (1, 1), (0, 1)))
    rows = t.standings()
    assert [r["player"] for r in rows] == ["B", "A", "C"]
    assert [r["win_pct"] for r in rows] == pytest.approx([75.0, 50.0, 25.0])


def test_the_crosstable_is_turned_to_each_row() -> None:
    t = field()
    cells = {(c["player"], c["opponent"]): c for c in t.crosstable()}
    for i, j in itertools.permutations(range(3), 2):
        games = per_deal(i, j, "stroke")
        flat = [g for deal in games.values() for g in deal]
        c = cells[(NAMES[i], NAMES[j])]
        wins = sum(s == 1 for s, _, _ in flat)
        draws = sum(s == 0.5 for s, _, _ in flat)
        assert (c["games"], c["wins"], c["draws"], c["losses"]) == (
            len(flat),
            wins,
            draws,
            len(flat) - wins - draws,
        )
        assert c["score"] == wins + draws / 2
        diffs = [d for _, _, d in flat]
        assert c["mean_stroke_diff"] == pytest.approx(statistics.fmean(diffs))
        half = (
            scipy_stats.t.ppf(0.975, len(diffs) - 1)
            * statistics.stdev(diffs)
            / math.sqrt(len(diffs))
        )
        assert c["stroke_diff_ci95"] == pytest.approx(half, rel=5e-5)


def test_the_leader_and_the_hole_score_counts() -> None:
    t = Tally(["A", "B"], "stroke")
    assert t.leader() is None
    t.add(
        Outcome(0, (0, 1), (9, 4), 1, (0, 1), (1,), hole_scores=((5, 4), (1, 3)))
    )  # a playoff hole: not in hole_scores (regulation only)
    t.add(Outcome(1, (1, 0), (2, 2), 1, (0.5, 0.5), (0, 1), hole_scores=((2,), (2,))))
    assert t.leader() == ("B", 0.75)
    counts = {r["player"]: r["counts"] for r in t.hole_scores()}
    assert counts == {"A": [[2, 1], [4, 1], [5, 1]], "B": [[1, 1], [2, 1], [3, 1]]}


def test_an_outcome_from_a_record_sums_its_seats_into_sides() -> None:
    from golfcli.stats import outcome_from_record

    rec = {
        "deal": 7,
        "sides": ["bob", "ann"],
        "side_of": [0, 1, 0, 1],  # partners: seats 0 and 2 are bob's side
        "totals": [20, 25],
        "regulation_holes": 2,
        "holes_won": [1.5, 0.5],
        "winners": [0],
        "faults": [{"timeout": 1}, {}, {"timeout": 2, "crash": 1}, {"illegal": 1}],
        "disqualified": [False, False, False, True],
        "restarts": [1, 0, 2],  # the last seat's missing: none
        "holes": [[9, 12], [11, 13], [3, 1]],  # the third is a playoff hole
    }
    o = outcome_from_record(rec, {"ann": 0, "bob": 1})
    assert (o.deal, o.sides, o.totals, o.holes, o.holes_won, o.winners) == (
        7,
        (1, 0),
        (20, 25),
        2,
        (1.5, 0.5),
        (0,),
    )
    assert o.faults[0]["timeout"] == 3 and o.faults[0]["crash"] == 1
    assert o.faults[1]["illegal"] == 1 and o.faults[1]["timeout"] == 0
    assert o.disqualified == (False, True) and o.restarts == (3, 0)
    assert o.hole_scores == ((9, 11), (12, 13))
    old = {k: v for k, v in rec.items() if k not in ("restarts", "holes")}
    o = outcome_from_record(old, {"ann": 0, "bob": 1})
    assert o.restarts == (0, 0) and o.hole_scores == ()


def test_a_tally_refuses_what_is_not_an_outcome() -> None:
    with pytest.raises(InputError, match="stroke or match"):
        Tally(["A", "B"], "skins")
    t = Tally(["A", "B"], "stroke")
    for bad in (
        Outcome(0, (0, 1), (1,), 1, (0, 0), ()),
        Outcome(0, (0, 1), (1, 2), 1, (0,), ()),
        Outcome(0, (0, 1), (1, 2), 0, (0, 0), ()),
    ):
        with pytest.raises(InputError, match="one total and holes-won per side"):
            t.add(bad)
    assert t.games == 0
    # a fault kind the match does not count yet is kept, even at 0
    t.add(Outcome(0, (0, 1), (1, 2), 1, (1, 0), (0,), faults=({"new": 0}, {"crash": 0})))
    rows = {r["player"]: r for r in t.standings()}
    assert rows["A"]["faults"]["new"] == 0 and rows["B"]["faults"]["crash"] == 0


def test_the_ratings_over_the_run_are_the_ratings_of_each_kept_deal() -> None:
    t = field()
    t.flush()
    over = t.ratings_over_run()
    assert over["players"] == NAMES
    deals = [p[0] for p in over["points"]]
    assert deals == [1, 2, 3, 4]
    # each point is the fit of the games of the deals up to it, rounded to 0.01
    for k in deals:
        part = Tally(NAMES, "stroke")
        for deal, sides, totals, won, winners in FIELD:
            if deal < k:
                part.add(Outcome(deal, sides, totals, 2, won, winners))
        want = [None if v is None else round(v, 2) for v in part.ratings()[0]]
        assert over["points"][k - 1][1:] == want
    assert Tally(NAMES, "stroke").ratings_over_run()["points"] == []


def test_match_play_ranks_by_holes_won_and_stroke_play_by_strokes() -> None:
    # A wins more holes a game (1.5 of 2) with more strokes (one blow-up hole);
    # B takes fewer strokes a hole: match play ranks A first, stroke play B
    games = [
        Outcome(0, (0, 1), (14, 9), 2, (1.5, 0.5), (0,)),
        Outcome(1, (1, 0), (8, 13), 2, (0.5, 1.5), (1,)),
    ]
    for scoring, first in (("match", "A"), ("stroke", "B")):
        t = Tally(["A", "B"], scoring)
        for o in games:
            t.add(o)
            t.close_deal()
        rows = t.standings()
        assert [r["player"] for r in rows] == ([first, "B" if first == "A" else "A"])
        assert rows[0]["holes_won_per_game"] == (1.5 if first == "A" else 0.5)


def test_the_leader_of_a_tie_is_the_first_entrant() -> None:
    t = Tally(["A", "B", "C"], "stroke")
    t.add(Outcome(0, (1, 2), (3, 3), 1, (0.5, 0.5), (0, 1)))
    t.add(Outcome(1, (0, 2), (5, 9), 1, (1.0, 0.0), (0,)))
    # win shares: A 1 of 1, B 0.5 of 1, C 0.5 of 2
    assert t.leader() == ("A", 1.0)
    u = Tally(["A", "B"], "stroke")
    u.add(Outcome(0, (0, 1), (4, 4), 1, (0.5, 0.5), (0, 1)))
    assert u.leader() == ("A", 0.5)  # equal shares: the first entrant


def duplicate_deals(t: Tally, holes: int) -> Callable[..., None]:
    """``deal(d, *diffs)``: deal ``d``'s games between A and B added to
    ``t``, each seating in turn, ``diffs`` their A-total-minus-B's one by
    one; the games are numbered on from 0 across calls."""
    numbers = itertools.count()

    def deal(d: int, *diffs: int) -> None:
        for k, diff in enumerate(diffs):
            sides = (0, 1) if k % 2 == 0 else (1, 0)
            totals = (20 + diff, 20) if sides == (0, 1) else (20, 20 + diff)
            winners = (sides.index(1),) if diff > 0 else (sides.index(0),) if diff < 0 else ()
            t.add(Outcome(d, sides, totals, holes, (0.0, 0.0), winners, game=next(numbers)))

    return deal


def test_pairs_name_the_deals_each_lost_most_with_a_game_to_replay() -> None:
    """Per pair and side: the deals it lost most (by the deal's mean margin,
    at most LOST_MOST, most first) and in each the game it lost by most (the
    first of equals), which the report offers to replay."""
    t = Tally(["A", "B"], "stroke")
    deal = duplicate_deals(t, holes=2)
    deal(0, 10, 2)  # A lost by 6 strokes a game on average, 3 a hole; most in game 0
    deal(1, -4, -20)  # B lost by 6 a hole; most in game 3
    deal(2, 1, 1)  # A by 0.5 a hole: both games equal, the first is named
    deal(3, 0, 0)  # nobody lost
    lost = {p["a"]: p for p in t.pairs()}["A"]["lost_most"]
    assert lost == {
        "A": [{"deal": 0, "by": 3.0, "game": 0}, {"deal": 2, "by": 0.5, "game": 4}],
        "B": [{"deal": 1, "by": 6.0, "game": 3}],
    }
    for d, diff in ((4, 16), (5, 12), (6, 14)):  # three bigger losses push out the smallest
        deal(d, diff, diff)
    lost = {p["a"]: p for p in t.pairs()}["B"]["lost_most"]
    assert [(x["deal"], x["by"]) for x in lost["A"]] == [(4, 8.0), (6, 7.0), (5, 6.0)]
    assert len(lost["A"]) == LOST_MOST


def test_the_game_named_in_a_deal_is_the_one_lost_by_most_the_first_of_equals() -> None:
    t = Tally(["A", "B"], "stroke")
    deal = duplicate_deals(t, holes=1)
    deal(0, -9, -2)  # B lost most in the first game (0), not the last
    deal(1, -3, -3)  # B lost both alike: the first (2) is named
    deal(2, 9, 2)  # A likewise: game 4
    deal(3, 3, 3)  # and the first of equals: game 6
    lost = {p["a"]: p for p in t.pairs()}["A"]["lost_most"]
    assert lost["B"] == [{"deal": 0, "by": 5.5, "game": 0}, {"deal": 1, "by": 3.0, "game": 2}]
    assert lost["A"] == [{"deal": 2, "by": 5.5, "game": 4}, {"deal": 3, "by": 3.0, "game": 6}]
    for d, diff in ((4, 8), (5, 7), (6, 4)):  # A's three worst are now 8, 7 and 5.5
        deal(d, diff, diff)
    deal(7, 6, 7)  # 6.5: between the second and the third, so the third goes
    worst = {p["a"]: p for p in t.pairs()}["B"]["lost_most"]["A"]
    assert [(x["deal"], x["by"]) for x in worst] == [(4, 8.0), (5, 7.0), (7, 6.5)]
