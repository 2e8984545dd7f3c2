"""The mathematics of "how sure" (golfcli/inference.py) against published
values and independent computations, and the paired interval's coverage on
simulated tournaments."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli.inference import (
    Ratio,
    Running,
    Trace,
    deals_to_separate,
    elo_score,
    gsprt_llr,
    score_elo,
    t975,
    t_cdf,
)
from golfcli.stats import Outcome, Tally


def test_t_cdf_published_values() -> None:
    # tables of Student's t: P(T <= 1) with 3 df = 0.80450; P(T <= 2.5) with 10 df = 0.98428
    assert t_cdf(-1.0, 3) == pytest.approx(0.19550, abs=1e-5)
    assert t_cdf(1.0, 3) == pytest.approx(0.80450, abs=1e-5)
    assert t_cdf(2.5, 10) == pytest.approx(0.98428, abs=1e-5)
    assert t_cdf(0.0, 7) == 0.5
    assert t_cdf(math.inf, 2) == 1.0 and t_cdf(-math.inf, 2) == 0.0
    # one degree of freedom is the Cauchy distribution: 1/2 + atan(t)/pi
    for t in (-3.0, -0.5, 0.3, 4.0):
        assert t_cdf(t, 1) == pytest.approx(0.5 + math.atan(t) / math.pi, abs=1e-12)
    # the LOS beside an interval agrees with it: the t quantile is the 97.5% point
    for df in (1, 2, 5, 12, 30, 31, 100, 1000):
        assert t_cdf(t975(df), df) == pytest.approx(0.975, abs=2e-4)
    with pytest.raises(ValueError):
        t_cdf(1.0, 0)


def test_los_from_a_running_mean() -> None:
    r = Running()
    for x in (1.0, 2.0, 3.0):
        r.add(x)
    # mean 2, sd 1, se 1/sqrt(3): t = 2 sqrt(3) = 3.4641 with 2 df -> 0.96291
    assert r.prob_above(0.0) == pytest.approx(0.96291, abs=1e-5)
    flat = Running()
    for x in (2.0, 2.0):
        flat.add(x)
    assert flat.prob_above(0.0) == 1.0 and flat.prob_above(2.0) == 0.5
    assert Running().prob_above() is None


def test_gsprt_llr_against_a_brute_force_maximum() -> None:
    # Deal results 0, 1/2, 3/4, 1 with counts 3, 9, 6, 4.  The generalised LLR is
    # the difference of the largest log-likelihoods of distributions on these values
    # with mean s1 and with mean s0.  With the sum and the mean fixed two numbers are
    # free, p(1/2) and p(3/4): search them on a grid, refined around the best point
    # (nothing shared with the code's tilted solution).
    counts = {0.0: 3, 0.5: 9, 0.75: 6, 1.0: 4}
    n = sum(counts.values())

    def loglik(s: float, u: float, v: float) -> float:
        p1 = s - 0.5 * u - 0.75 * v
        p0 = 1 - u - v - p1
        if min(p0, p1, u, v) <= 0:
            return -math.inf
        return 3 * math.log(p0) + 9 * math.log(u) + 6 * math.log(v) + 4 * math.log(p1)

    def best(s: float) -> float:
        cu, cv, width = 0.5, 0.5, 0.5
        for _ in range(12):
            grid = [
                (cu + width * i / 20, cv + width * j / 20)
                for i in range(-20, 21)
                for j in range(-20, 21)
            ]
            cu, cv = max(grid, key=lambda uv: loglik(s, *uv))
            width /= 4
        return loglik(s, cu, cv)

    s0, s1 = 0.45, 0.55
    exact = gsprt_llr(counts, s0, s1)
    # the code regularises the unseen: here every value is seen, so nothing is added
    assert exact == pytest.approx(best(s1) - best(s0), abs=1e-6)
    # the normal approximation (fishtest's LLR_alt2) is near it; on 22 deals, within 20%
    mean = sum(v * c for v, c in counts.items()) / n
    var = sum(c * (v - mean) ** 2 for v, c in counts.items()) / n
    assert exact == pytest.approx(n * (s1 - s0) * (2 * mean - s0 - s1) / var / 2, rel=0.2)


def test_gsprt_llr_fishtest_example() -> None:
    # fishtest's own example (stat_util.py): pentanomial [10789, 19328, 33806, 19402,
    # 10543], elo0 = -3, elo1 = 1.  On this much data the exact LLR and the normal
    # approximation agree to 1e-3 of each other; both near 2.131.
    freq = [10789, 19328, 33806, 19402, 10543]
    counts = {i / 4: c for i, c in enumerate(freq)}
    s0, s1 = elo_score(-3), elo_score(1)
    exact = gsprt_llr(counts, s0, s1)
    n = sum(freq)
    mean = sum(i / 4 * c for i, c in enumerate(freq)) / n
    var = sum(c * (i / 4 - mean) ** 2 for i, c in enumerate(freq)) / n
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / var / 2
    assert exact == pytest.approx(2.1311, abs=1e-3)
    assert exact == pytest.approx(approx, rel=1e-3)
    # a perfect record is still finite: the unseen values get 0.001 each
    assert math.isfinite(gsprt_llr({1.0: 20}, 0.49, 0.51))
    assert gsprt_llr({1.0: 20}, 0.49, 0.51) > 0 > gsprt_llr({0.0: 20}, 0.49, 0.51)


def test_ratio_is_the_cluster_robust_interval() -> None:
    data = [(1, 2), (0.5, 2), (2, 2), (0, 2), (1.5, 2)]  # wins, games per deal
    r = Ratio()
    for w, g in data:
        r.add(w, g)
    assert r.value == pytest.approx(5 / 10)
    # residuals w - 0.5 g: 0, -0.5, 1, -1, 0.5; sum of squares 2.5; var = 2.5 / (5 * 4 * 2^2)
    assert r.ci95() == pytest.approx(t975(4) * math.sqrt(2.5 / 80), abs=1e-12)
    one = Ratio()
    one.add(1, 2)
    assert one.ci95() is None


def test_trace_is_bounded_and_keeps_the_latest() -> None:
    t = Trace(8)
    for step in range(1, 1001):
        t.add(step, [float(step)])
    assert len(t.points) < 8 and t.stride >= 128
    steps = [s for s, _ in t.series()]
    assert steps[-1] == 1000 and steps == sorted(steps)
    gaps = {b - a for a, b in itertools.pairwise(steps[:-1])}
    assert len(gaps) == 1  # evenly spread
    with pytest.raises(ValueError):
        Trace(5)


def test_power_and_elo_conversions() -> None:
    # (1.96 + 0.8416)^2 * (sd / delta)^2 with sd 2, delta 0.5 -> 7.849 * 16 = 125.6
    assert deals_to_separate(2.0, 0.5) == pytest.approx(125.58, abs=0.01)
    assert deals_to_separate(0.0, 0.5) is None
    assert score_elo(elo_score(123.0)) == pytest.approx(123.0)
    assert score_elo(1.0) == score_elo(0.999) < 1200


# --------------------------------------------------------------------------- coverage


def _simulate(rng: random.Random, deals: int, gap: float, luck: float, noise: float) -> Tally:
    """Two bots, A and B, in duplicate heads-up games of 4 holes: B scores
    ``gap`` strokes a game more than A on average; a deal gives seat 0 and seat
    1 luck (sd ``luck``, strokes a game) that each bot gets once; play adds noise."""
    t = Tally(["A", "B"], "stroke")
    for d in range(deals):
        seat_luck = (rng.gauss(0, luck), rng.gauss(0, luck))
        for rot in (0, 1):
            a = round(40 + seat_luck[rot] + rng.gauss(0, noise))
            b = round(40 + gap + seat_luck[1 - rot] + rng.gauss(0, noise))
            sides, totals = ((0, 1), (a, b)) if rot == 0 else ((1, 0), (b, a))
            low = min(totals)
            winners = tuple(s for s in (0, 1) if totals[s] == low)
            t.add(
                Outcome(
                    deal=d, sides=sides, totals=totals, holes=4, holes_won=(0, 0), winners=winners
                )
            )
    return t


REPS = 1000
# P(covered) = 0.95 for an exact interval; 4 binomial standard deviations of
# the observed rate over REPS replications (~1 in 16,000 to fail by chance)
TOLERANCE = 4 * math.sqrt(0.95 * 0.05 / REPS)


@settings(max_examples=3, deadline=None, derandomize=True)
@given(
    deals=st.integers(3, 10),
    gap=st.sampled_from([0.0, 1.0, 6.0]),
    luck=st.sampled_from([0.0, 8.0]),
    seed=st.integers(0, 2**32),
)
def test_paired_interval_covers_the_true_difference(
    deals: int, gap: float, luck: float, seed: int
) -> None:
    rng = random.Random(seed)
    covered = 0
    for _ in range(REPS):
        (pair,) = _simulate(rng, deals, gap, luck, noise=4.0).pairs()
        truth = gap / 4 if pair["a"] == "A" else -gap / 4  # strokes a hole fewer, a's side
        covered += pair["margin_lo"] <= truth <= pair["margin_hi"]
    assert abs(covered / REPS - 0.95) <= TOLERANCE, (covered / REPS, TOLERANCE)


def test_coverage_check_catches_an_interval_that_ignores_the_deal() -> None:
    # The control: the crosstable's interval counts games as independent.  With
    # strong seat luck shared within a deal it is far too wide, and the coverage
    # test above would see it (a check that cannot fail is no check).
    rng = random.Random(7)
    covered = 0
    for _ in range(300):
        t = _simulate(rng, 6, 1.0, luck=8.0, noise=2.0)
        cell = next(c for c in t.crosstable() if c["player"] == "A")
        lo = cell["mean_stroke_diff"] - cell["stroke_diff_ci95"]
        hi = cell["mean_stroke_diff"] + cell["stroke_diff_ci95"]
        covered += lo <= -1.0 <= hi
    assert covered / 300 - 0.95 > TOLERANCE


# --------------------------------------------------------------------------- against SciPy
#
# The same quantities from a library written by others (SciPy, tests only):
# every entry of the t table, the expansion beyond it, the t distribution and
# the incomplete beta function it stands on, intervals and LOS of a mean with
# a threshold off its default, the Elo conversions with fishtest's clamp.

scipy_stats = pytest.importorskip("scipy.stats")
scipy_special = pytest.importorskip("scipy.special")


def test_every_t_quantile_is_scipys() -> None:
    # the table holds 4 decimals: within 5e-5 of the exact quantile
    for df in range(1, 31):
        assert t975(df) == pytest.approx(scipy_stats.t.ppf(0.975, df), abs=5e-5), df
    # beyond it the Cornish-Fisher series to 1/df^3: its next term is 1.7e-6 at 31
    for df in (31, 32, 35, 40, 50, 75, 100, 250, 1000, 10**5):
        assert t975(df) == pytest.approx(scipy_stats.t.ppf(0.975, df), abs=2e-6), df


def test_the_t_distribution_and_its_incomplete_beta_are_scipys() -> None:
    from golfcli.inference import _betainc

    for df in (1, 2, 3, 5, 9, 30, 31, 200):
        for t in (-40.0, -6.0, -2.1, -1.0, -0.3, 0.0, 0.25, 1.3, 2.2, 4.0, 9.5, 60.0):
            assert t_cdf(t, df) == pytest.approx(scipy_stats.t.cdf(t, df), abs=1e-12), (t, df)
    # both branches of the continued fraction (x below and above (a + 1) / (a + b + 2))
    for a, b in ((0.5, 0.5), (1.5, 0.5), (4.0, 0.5), (15.0, 0.5), (2.0, 7.0), (30.0, 3.0)):
        for x in (1e-9, 0.01, 0.2, 0.45, 0.5, 0.55, 0.8, 0.97, 1 - 1e-9):
            want = scipy_special.betainc(a, b, x)
            assert _betainc(a, b, x) == pytest.approx(want, abs=1e-11), (a, b, x)
    assert _betainc(2.0, 3.0, 0.0) == 0.0 and _betainc(2.0, 3.0, 1.0) == 1.0
    assert _betainc(2.0, 3.0, -0.5) == 0.0 and _betainc(2.0, 3.0, 1.5) == 1.0


def test_a_running_mean_its_interval_and_los_are_scipys() -> None:
    rng = random.Random(3)
    for n in (2, 3, 7, 31, 120):
        xs = [rng.gauss(0.4, 1.7) for _ in range(n)]
        r = Running()
        for x in xs:
            r.add(x)
        mean = sum(xs) / n
        sem = scipy_stats.sem(xs)
        assert r.mean == pytest.approx(mean, abs=1e-12)
        assert r.var == pytest.approx(scipy_stats.tvar(xs), rel=1e-12)
        assert r.sd == pytest.approx(math.sqrt(scipy_stats.tvar(xs)), rel=1e-12)
        assert r.se() == pytest.approx(sem, rel=1e-12)
        lo, hi = scipy_stats.t.interval(0.95, n - 1, loc=mean, scale=sem)
        assert r.ci95() == pytest.approx((hi - lo) / 2, rel=5e-5)
        # LOS: the chance the true mean is above a threshold, at 0 and off it
        for x in (0.0, 0.5, -1.25):
            want = scipy_stats.t.cdf((mean - x) / sem, n - 1)
            assert r.prob_above(x) == pytest.approx(want, abs=1e-12), (n, x)
    # no spread: certain, either way, or even at the threshold itself
    flat = Running()
    for _ in range(3):
        flat.add(2.0)
    assert (flat.prob_above(1.9), flat.prob_above(2.1), flat.prob_above(2.0)) == (1.0, 0.0, 0.5)
    assert flat.se() == 0.0 and flat.ci95() == 0.0
    one = Running()
    one.add(5.0)
    assert (one.se(), one.ci95(), one.prob_above(), one.var, one.sd) == (None, None, None, 0, 0)


def test_the_cluster_ratio_interval_by_its_formula() -> None:
    """var(W/G) = sum_d (w_d - R g_d)^2 / (D (D - 1) gbar^2), worked out here in
    one pass over the deals (the code keeps five running sums instead)."""
    rng = random.Random(8)
    for deals in (2, 3, 10, 40):
        data = [(rng.randint(0, 4) / 2, float(rng.randint(1, 4))) for _ in range(deals)]
        r = Ratio()
        for w, g in data:
            r.add(w, g)
        ratio = sum(w for w, _ in data) / sum(g for _, g in data)
        gbar = sum(g for _, g in data) / deals
        ss = sum((w - ratio * g) ** 2 for w, g in data)
        want = scipy_stats.t.ppf(0.975, deals - 1) * math.sqrt(ss / (deals * (deals - 1))) / gbar
        assert r.value == pytest.approx(ratio, abs=1e-15)
        assert r.ci95() == pytest.approx(want, rel=5e-5)
    empty = Ratio()
    assert empty.value is None and empty.ci95() is None
    zero = Ratio()
    zero.add(0.0, 0.0)
    zero.add(0.0, 0.0)
    assert zero.value is None and zero.ci95() is None


def test_elo_from_a_score_and_back_with_fishtests_clamp() -> None:
    # fishtest's elo(x) = -400 log10(1 / x - 1), x clamped to [0.001, 0.999]
    def fishtest_elo(x: float) -> float:
        x = min(max(x, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / x - 1)

    for s in (0.0, 0.0005, 0.001, 0.01, 0.25, 0.5, 0.64, 0.9, 0.999, 0.9995, 1.0):
        assert score_elo(s) == pytest.approx(fishtest_elo(s), abs=1e-9), s
    # by hand: a score of 0.75 is 400 log10(3) = 190.85 Elo; 0.001 is -400 log10(999)
    assert score_elo(0.75) == pytest.approx(190.8485, abs=1e-4)
    assert score_elo(0.0) == pytest.approx(-1199.8261, abs=1e-4) == -score_elo(1.0)
    for elo in (-800.0, -100.0, 0.0, 35.0, 400.0):
        assert elo_score(elo) == pytest.approx(1 / (1 + 10 ** (-elo / 400)), abs=1e-15)
    assert elo_score(400) == pytest.approx(10 / 11)  # 400 points: odds of 10 to 1


def test_deals_needed_for_another_power() -> None:
    # ((z.975 + z.power) sd / delta)^2: 80% power by default, 90% asked for
    z80, z90 = scipy_stats.norm.ppf(0.80), scipy_stats.norm.ppf(0.90)
    z975 = scipy_stats.norm.ppf(0.975)
    assert deals_to_separate(3.0, 0.5) == pytest.approx(((z975 + z80) * 6) ** 2, rel=1e-9)
    assert deals_to_separate(3.0, 0.5, power_z=z90) == pytest.approx(
        ((z975 + z90) * 6) ** 2, rel=1e-9
    )
    assert deals_to_separate(3.0, 0.0) is None and deals_to_separate(-1.0, 0.5) is None


def test_the_tilt_needs_values_on_both_sides_and_any_start_inside_its_poles() -> None:
    from golfcli.exceptions import InputError
    from golfcli.inference import _tilt_root

    said = r"^the values must lie on both sides of the expected score$"
    for pdf in ([(0.5, 1.0)], [(0.2, 0.5), (0.5, 0.5)], [(0.5, 0.5), (0.9, 0.5)], [(0.7, 1.0)]):
        with pytest.raises(InputError, match=said):
            _tilt_root(pdf, 0.5)
    # values 0, 1/2, 1 and s = 0.6: the poles are at -1/0.4 and 1/0.6; the root is
    # where sum p (a - s) / (1 + x (a - s)) = 0, from any start (at a pole, or
    # outside the poles, the start is not taken)
    pdf = [(0.0, 0.3), (0.5, 0.3), (1.0, 0.4)]
    s = 0.6
    root = _tilt_root(pdf, s)
    assert sum(p * (a - s) / (1 + root * (a - s)) for a, p in pdf) == pytest.approx(0, abs=1e-15)
    lo, hi = -1 / (1.0 - s), -1 / (0.0 - s)
    for start in (lo, hi, 1e6, -1e6, lo / 2, hi / 2):
        assert _tilt_root(pdf, s, start) == pytest.approx(root, abs=1e-14), start
