"""The sequential test (golfcli/sprt.py) against fishtest's published
formulas, worked out here independently of the code: the bounds
``ln(beta / (1 - alpha))`` and ``ln((1 - beta) / alpha)`` (fishtest's
``stat_util.SPRT``), the generalised log-likelihood ratio of ``LLRcalc.LLR_logistic``
(the most likely distribution of deal results with each hypothesis' expected
score, found here with SciPy's root finder, not the code's Newton steps), and
the normal approximation ``LLR_alt2`` for strokes.  Alpha and beta are unequal
wherever it matters, so a test swapped for the other, or a bound turned the
wrong way, shows; the pentanomial counts a tally feeds it are counted by hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from scipy.optimize import brentq

from golfcli.exceptions import InputError
from golfcli.inference import gsprt_llr
from golfcli.sprt import Sprt, SprtField, SprtSpec
from golfcli.stats import Outcome, Tally


def logistic(elo: float) -> float:
    """fishtest's ``L``: the expected score of a player ``elo`` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def fishtest_llr(results: Sequence[float], elo0: float, elo1: float) -> float:
    """fishtest's ``LLR_logistic(elo0, elo1, results)`` for ``results`` the counts of
    the 2n + 1 deal scores 0, 1/(2n), ..., 1 (the pentanomial when n = 2): a count
    of 0 becomes 0.001; under each hypothesis the maximum-likelihood distribution
    with expected score s is the observed one tilted, p_i / (1 + x (a_i - s)), with
    x the root of sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0, found by Brent's
    method between the poles; LLR = N sum_i p_i log(p1_i / p0_i)."""
    reg = [c if c else 1e-3 for c in results]
    n = sum(reg)
    pdf = [(i / (len(reg) - 1), c / n) for i, c in enumerate(reg)]

    def tilted(s: float) -> list[float]:
        def f(x: float) -> float:
            return sum(p * (a - s) / (1 + x * (a - s)) for a, p in pdf)

        lo, hi = -1 / (pdf[-1][0] - s), -1 / (pdf[0][0] - s)
        x = brentq(f, lo + 1e-9, hi - 1e-9, xtol=1e-15, rtol=1e-15)
        out = [p / (1 + x * (a - s)) for a, p in pdf]
        assert sum(a * q for (a, _), q in zip(pdf, out, strict=True)) == pytest.approx(s)
        return out

    p0, p1 = tilted(logistic(elo0)), tilted(logistic(elo1))
    return n * sum(p * math.log(q1 / q0) for (_, p), q0, q1 in zip(pdf, p0, p1, strict=True))


def pushed(spec: SprtSpec, results: Sequence[int]) -> Sprt:
    """A test fed the pentanomial ``results`` (counts of 0, 1/4, 1/2, 3/4, 1), in an order."""
    s = Sprt(spec)
    for i, c in enumerate(results):
        for _ in range(c):
            s.push(i / 4)
    return s


# --------------------------------------------------------------------------- bounds


@pytest.mark.parametrize(
    ("alpha", "beta", "lower", "upper"),
    [
        # ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439
        (0.05, 0.05, -2.944439, 2.944439),
        # ln(0.2 / 0.95) = -1.558145, ln(0.8 / 0.05) = ln 16 = 2.772589
        (0.05, 0.2, -1.558145, 2.772589),
        # the same two the other way: ln(0.05 / 0.8) = -2.772589, ln(0.95 / 0.2) = 1.558145
        (0.2, 0.05, -2.772589, 1.558145),
        # ln(0.1 / 0.99) = -2.292535, ln(0.9 / 0.01) = 4.499810
        (0.01, 0.1, -2.292535, 4.499810),
    ],
)
def test_the_bounds_are_fishtests_for_unequal_alpha_and_beta(
    alpha: float, beta: float, lower: float, upper: float
) -> None:
    for kind in ("elo", "strokes"):
        s = Sprt(SprtSpec(kind, alpha=alpha, beta=beta, elo0=0, elo1=5, margin=1))
        assert s.lower == pytest.approx(lower, abs=1e-6)
        assert s.upper == pytest.approx(upper, abs=1e-6)
        assert s.to_json("a", "b")["bounds"] == [round(lower, 6), round(upper, 6)]


def test_a_gauntlet_splits_alpha_and_beta_among_its_tests() -> None:
    # three baselines: each test at alpha/3 = 0.01 and beta/3 = 0.05
    spec = SprtSpec(
        "elo", alpha=0.03, beta=0.15, elo0=0, elo1=5, candidate="new", baselines=("a", "b", "c")
    )
    field = SprtField(spec, ["a", "new", "b", "c"])
    assert field.candidate == 1 and [b for b, _ in field.tests] == [0, 2, 3]
    for _, t in field.tests:
        assert (t.spec.alpha, t.spec.beta) == pytest.approx((0.01, 0.05))
        # ln(0.05 / 0.99) = -2.985682, ln(0.95 / 0.01) = 4.553877
        assert (t.lower, t.upper) == pytest.approx((-2.985682, 4.553877), abs=1e-6)
    out = field.to_json()
    assert (out["alpha"], out["beta"]) == (0.03, 0.15)  # the run's, as configured
    assert out["bounds"] == [-2.985682, 4.553877]
    assert (out["candidate"], out["baselines"]) == ("new", ["a", "b", "c"])
    # two entrants and no candidate: the first against the second, at the run's alpha
    two = SprtField(SprtSpec("strokes", alpha=0.05, beta=0.2, margin=1), ["x", "y"])
    assert two.candidate == 0 and [b for b, _ in two.tests] == [1]
    assert two.tests[0][1].spec.alpha == 0.05 and two.tests[0][1].spec.beta == 0.2


NOT_HERE = r"^an SPRT names entrants that are not here: "
TWO = r"^an SPRT without a candidate compares exactly two entrants$"
ONCE = r"^an SPRT's baselines are other entrants than its candidate, once each$"


@pytest.mark.parametrize(
    ("spec", "names", "problem"),
    [
        (
            SprtSpec("elo", elo1=5, candidate="new", baselines=("gone",)),
            ["new", "old"],
            NOT_HERE + r"\['gone'\]$",
        ),
        (
            SprtSpec("elo", elo1=5, candidate="nobody", baselines=("old",)),
            ["new", "old"],
            NOT_HERE + r"\['nobody'\]$",
        ),
        (SprtSpec("elo", elo1=5, candidate="new"), ["new", "old"], NOT_HERE + r"\[\]$"),
        (SprtSpec("elo", elo1=5), ["a", "b", "c"], TWO),
        (SprtSpec("elo", elo1=5), ["a"], TWO),
        (SprtSpec("elo", elo1=5, candidate="a", baselines=("a",)), ["a", "b"], ONCE),
        (SprtSpec("elo", elo1=5, candidate="a", baselines=("b", "b")), ["a", "b"], ONCE),
    ],
)
def test_a_field_refuses_what_it_cannot_test(
    spec: SprtSpec, names: list[str], problem: str
) -> None:
    with pytest.raises(InputError, match=problem):
        SprtField(spec, names)


@pytest.mark.parametrize(
    ("elo0", "elo1", "decision", "words"),
    [
        # hypotheses between 0 and 1 Elo: the sign decides the words, not the size
        (0.5, 0.75, "H1", "evidence that a is stronger than b by more than 0.5 Elo"),
        (-0.75, 0.5, "H0", "no evidence that a is stronger than b by 0.5 Elo or more"),
        (-0.75, -0.5, "H0", "evidence that a is weaker than b by more than 0.5 Elo"),
        (-0.5, 0.75, "H1", "evidence that a is not weaker than b by 0.5 Elo or more"),
    ],
)
def test_the_words_of_an_elo_decision_near_zero(
    elo0: float, elo1: float, decision: str, words: str
) -> None:
    from golfcli.sprt import _elo_words

    assert _elo_words("a", "b", decision, elo0, elo1) == words


# --------------------------------------------------------------------------- the Elo ratio


PENTANOMIALS = [
    [30, 120, 300, 140, 25],
    [5, 40, 90, 70, 20],  # the candidate ahead
    [22, 61, 80, 40, 9],  # behind
    [1, 3, 6, 2, 1],  # few deals
]


@pytest.mark.parametrize("results", PENTANOMIALS)
@pytest.mark.parametrize(("elo0", "elo1"), [(0, 5), (-3, 1), (-10, 10), (2, 8), (-30, -10)])
def test_the_elo_ratio_is_fishtests_llr_logistic(
    results: list[int], elo0: float, elo1: float
) -> None:
    want = fishtest_llr(results, elo0, elo1)
    counts = {i / 4: c for i, c in enumerate(results)}
    assert gsprt_llr(counts, logistic(elo0), logistic(elo1)) == pytest.approx(want, abs=1e-7)
    s = pushed(SprtSpec("elo", elo0=elo0, elo1=elo1, min_deals=10**9), results)
    assert s.counts == counts and s.obs.n == sum(results)
    (llr,) = s.llrs()
    assert llr == pytest.approx(want, abs=1e-7)
    assert s.to_json("a", "b")["llr"] == [round(llr, 6)]


def test_fishtests_published_example() -> None:
    # fishtest stat_util.py's own example: pentanomial [10789, 19328, 33806, 19402,
    # 10543], elo0 = -3, elo1 = 1, logistic Elo: LLR 2.1311 (its printed value)
    results = [10789, 19328, 33806, 19402, 10543]
    assert fishtest_llr(results, -3, 1) == pytest.approx(2.1311, abs=1e-4)
    counts = {i / 4: c for i, c in enumerate(results)}
    assert gsprt_llr(counts, logistic(-3), logistic(1)) == pytest.approx(2.1311, abs=1e-4)


def test_an_unseen_extreme_counts_as_a_thousandth_as_in_fishtest() -> None:
    # no deal lost twice and none won twice: fishtest counts 0.001 of each
    results = [0, 7, 11, 5, 0]
    counts = {0.25: 7, 0.5: 11, 0.75: 5}
    want = fishtest_llr(results, -5, 5)
    assert gsprt_llr(counts, logistic(-5), logistic(5)) == pytest.approx(want, abs=1e-7)
    # the same data given with explicit zero counts: the same ratio
    zeros = {0.0: 0, 0.25: 7, 0.5: 11, 0.75: 5, 1.0: 0}
    assert gsprt_llr(zeros, logistic(-5), logistic(5)) == pytest.approx(want, abs=1e-7)


def _first_crossing(xs: Sequence[float], spec: SprtSpec) -> tuple[str | None, int]:
    """Where fishtest's rule stops a test fed ``xs``: the first n >= min_deals
    whose LLR (worked out afresh by :func:`fishtest_llr`) reaches a bound."""
    lower = math.log(spec.beta / (1 - spec.alpha))
    upper = math.log((1 - spec.beta) / spec.alpha)
    counts = [0] * 5
    for n, x in enumerate(xs, start=1):
        counts[round(4 * x)] += 1
        if n < spec.min_deals:
            continue
        llr = fishtest_llr(counts, spec.elo0, spec.elo1)
        if llr >= upper:
            return "H1", n
        if llr <= lower:
            return "H0", n
    return None, len(xs)


@pytest.mark.parametrize(("edge", "want"), [(0.62, "H1"), (0.47, "H0")])
def test_the_elo_test_stops_where_fishtests_rule_does(edge: float, want: str) -> None:
    """Deal scores drawn with expected score ``edge``; with alpha 0.05 and beta 0.2
    the bounds are -1.558 and 2.773, so the deal a test stops on (and the answer)
    differs from the one with alpha and beta swapped."""
    rng = random.Random(11)

    def game() -> float:  # won with chance edge - 0.1, drawn with 0.2: expected score edge
        r = rng.random()
        return 1.0 if r < edge - 0.1 else 0.5 if r < edge + 0.1 else 0.0

    xs = [(game() + game()) / 2 for _ in range(400)]  # two games a deal: 0 .. 1 in quarters
    spec = SprtSpec("elo", alpha=0.05, beta=0.2, elo0=0, elo1=15, min_deals=5)
    decision, at = _first_crossing(xs, spec)
    assert decision == want
    s = Sprt(spec)
    got = [s.push(x) for x in xs[:at]]
    assert got[-1] == want and all(d is None for d in got[:-1])
    assert s.decision == want and s.at_deals == at
    # later deals change nothing
    assert s.push(1.0 if want == "H0" else 0.0) == want and s.obs.n == at
    swapped = SprtSpec("elo", alpha=0.2, beta=0.05, elo0=0, elo1=15, min_deals=5)
    assert _first_crossing(xs, swapped) != (decision, at)


def test_the_elo_test_decides_on_reaching_a_bound_exactly() -> None:
    # the rule is "reaches": a ratio equal to the bound, to the last bit, decides
    for xs, want in (([1.0, 0.5, 1.0, 0.75, 1.0], "H1"), ([0.0, 0.5, 0.0, 0.25, 0.0], "H0")):
        # the ratio a test fed these deals computes at the fifth, to the last bit
        probe = Sprt(SprtSpec("elo", elo0=0, elo1=20, min_deals=10))
        for x in xs:
            probe.push(x)
        assert probe.trace.last is not None
        (exact,) = probe.trace.last[1]
        assert exact is not None
        s = Sprt(SprtSpec("elo", elo0=0, elo1=20, min_deals=1))
        if want == "H1":
            s.upper = exact
        else:
            s.lower = exact
        assert [s.push(x) for x in xs] == [None] * 4 + [want] and s.at_deals == 5


# --------------------------------------------------------------------------- strokes


def glr(xs: Sequence[float], mu0: float, mu1: float) -> float:
    """fishtest's LLR_alt for a normal mean of unknown spread: n/2 ln(S(mu0) / S(mu1)),
    S(mu) the sum of squares of the observations about mu."""
    return len(xs) / 2 * math.log(sum((x - mu0) ** 2 for x in xs) / sum((x - mu1) ** 2 for x in xs))


def test_the_strokes_ratios_are_the_normal_glr_both_ways() -> None:
    xs = [-3.0, 0.5, -2.0, 1.0, -4.5]  # candidate - baseline, strokes a game
    s = Sprt(SprtSpec("strokes", margin=1.5, min_deals=100))
    for x in xs:
        s.push(x)
    a_better, b_better = s.llrs()
    # H1 "A lower by 1.5" against H0 "equal", and H1 "B lower by 1.5" against the same H0
    assert a_better == pytest.approx(glr(xs, 0.0, -1.5))
    assert b_better == pytest.approx(glr(xs, 0.0, 1.5))
    # by hand: about 0: 9 + 0.25 + 4 + 1 + 20.25 = 34.5; about -1.5: 2.25 + 4 + 0.25 +
    # 6.25 + 9 = 21.75; about +1.5: 20.25 + 1 + 12.25 + 0.25 + 36 = 69.75
    assert a_better == pytest.approx(2.5 * math.log(34.5 / 21.75))
    assert b_better == pytest.approx(2.5 * math.log(34.5 / 69.75))
    # three times -2, margin 1: about 0: 12, about -1: 3 -> 1.5 ln 4
    flat = Sprt(SprtSpec("strokes", margin=1, min_deals=100))
    for _ in range(3):
        flat.push(-2.0)
    assert flat.llrs()[0] == pytest.approx(1.5 * math.log(4))
    # exactly on H1 with no spread: the floor (1e-6 a deal) keeps the ratio finite
    on = Sprt(SprtSpec("strokes", margin=1, min_deals=100))
    for _ in range(3):
        on.push(-1.0)
    assert on.llrs()[0] == pytest.approx(1.5 * math.log(3 / (3 * Sprt.VAR_FLOOR)))
    assert Sprt(SprtSpec("strokes", margin=1)).llrs() == (0.0, 0.0)
    assert Sprt(SprtSpec("elo", elo1=5)).llrs() == (0.0,)


def test_no_decision_before_min_deals_and_one_at_it() -> None:
    # margin 2: -2.1, -1.9 -> about 0: 8.02, about -2: 0.02: LLR(A) = ln(401) = 5.99,
    # far past 2.944, but 3 deals are the minimum
    s = Sprt(SprtSpec("strokes", margin=2, min_deals=3))
    assert s.push(-2.1) is None and s.push(-1.9) is None
    assert s.llrs()[0] == pytest.approx(math.log(8.02 / 0.02))
    assert s.push(-2.0) == "A better" and s.at_deals == 3
    # the same data with a minimum of 2 decides at 2
    t = Sprt(SprtSpec("strokes", margin=2, min_deals=2))
    assert t.push(-2.1) is None and t.push(-1.9) == "A better" and t.at_deals == 2
    assert t.to_json("a", "b")["decided_after_deals"] == 2


def test_the_strokes_test_decides_for_b_and_within_the_margin() -> None:
    # +2.1, +1.9: the mirror image of the case above: LLR(B) = ln(401), LLR(A) =
    # ln(8.02 / 32.02)
    b = Sprt(SprtSpec("strokes", margin=2, min_deals=2))
    b.push(2.1)
    assert b.push(1.9) == "B better"
    assert b.llrs() == pytest.approx((math.log(8.02 / 32.02), math.log(8.02 / 0.02)))
    # both ratios at or below the lower bound: the difference is within the margin.
    # 0.5, -0.5 with margin 1: about 0: 0.5, about -1 and +1: 2.5 -> both ln(0.2)
    w = Sprt(SprtSpec("strokes", margin=1, min_deals=2))
    w.lower = math.log(0.2)  # the bound reached exactly
    w.push(0.5)
    assert w.push(-0.5) == "within margin"
    assert w.llrs() == (math.log(0.2), math.log(0.2))
    # one ratio past the lower bound and the other not: no decision.  0.6, -0.4:
    # about 0: 0.52, about -1: 2.92, about +1: 2.12
    one = Sprt(SprtSpec("strokes", margin=1, min_deals=2))
    one.lower = -1.5
    one.push(0.6)
    assert one.push(-0.4) is None
    assert one.llrs() == pytest.approx((math.log(0.52 / 2.92), math.log(0.52 / 2.12)))
    # and the other way round: B's ratio past the lower bound, A's not
    other = Sprt(SprtSpec("strokes", margin=1, min_deals=2))
    other.lower = -1.5
    other.push(0.4)
    assert other.push(-0.6) is None
    assert other.llrs() == pytest.approx((math.log(0.52 / 2.12), math.log(0.52 / 2.92)))


def test_the_strokes_test_decides_on_reaching_the_upper_bound_exactly() -> None:
    # -3, -1 with margin 2: LLR(A) = ln(10 / 2) exactly
    s = Sprt(SprtSpec("strokes", margin=2, min_deals=2))
    s.upper = math.log(5.0)
    s.push(-3)
    assert s.push(-1) == "A better"
    m = Sprt(SprtSpec("strokes", margin=2, min_deals=2))
    m.upper = math.log(5.0)
    m.push(3)
    assert m.push(1) == "B better"


def test_the_test_says_what_it_decided_and_why() -> None:
    s = Sprt(SprtSpec("strokes", alpha=0.05, beta=0.2, margin=2, min_deals=2))
    assert s.why() == "" and s.describe("new", "old") == (
        "new against old: no decision yet after 0 deals"
    )
    s.push(-2.1)
    s.push(-1.9)
    assert s.describe("new", "old") == "new scores lower than old (margin 2 strokes per game)"
    assert s.why() == (
        "the log-likelihood ratio reached 5.99, past the bound 2.77 for accepting H1 after 2 deals"
    )
    b = Sprt(SprtSpec("strokes", margin=2.5, min_deals=2))
    b.push(2.6)
    b.push(2.4)
    assert b.describe("new", "old") == "old scores lower than new (margin 2.5 strokes per game)"
    w = Sprt(SprtSpec("strokes", alpha=0.05, beta=0.2, margin=1, min_deals=2))
    w.lower = math.log(0.2)
    w.push(0.5)
    w.push(-0.5)
    assert w.describe("new", "old") == "new and old differ by less than 1 strokes per game"
    # the larger of the two ratios is the one that had to fall
    assert w.why() == (
        "the log-likelihood ratio fell to -1.61, past the bound -1.61 for accepting H0 "
        "after 2 deals"
    )
    e = Sprt(SprtSpec("elo", elo0=0, elo1=10, min_deals=2))
    for _ in range(1000):
        if e.push(0.0):
            break
    (llr,) = e.llrs()
    assert e.decision == "H0" and e.why() == (
        f"the log-likelihood ratio fell to {llr:.2f}, past the bound -2.94 for accepting H0 "
        f"after {e.at_deals} deals"
    )
    out = e.to_json("new", "old")
    assert {k: out[k] for k in ("a", "b", "deals", "decision", "decided_after_deals")} == {
        "a": "new",
        "b": "old",
        "deals": e.at_deals,
        "decision": "H0",
        "decided_after_deals": e.at_deals,
    }
    assert out["summary"] == e.describe("new", "old") and out["why"] == e.why()
    # the trace starts at the first deal: one loss, the values 0 and 1 (unseen: 0.001)
    assert out["trace"][0] == [1, round(fishtest_llr([1, 0], 0, 10), 4)]
    assert out["trace"][-1] == [e.at_deals, round(llr, 4)]
    undecided = Sprt(SprtSpec("elo", elo1=10)).to_json("a", "b")
    assert (undecided["decision"], undecided["decided_after_deals"], undecided["why"]) == (
        None,
        None,
        None,
    )
    assert undecided["summary"] == "a against b: no decision yet after 0 deals"


def test_the_spec_as_json_names_only_its_kinds_settings() -> None:
    elo = SprtSpec("elo", alpha=0.01, beta=0.2, elo0=-5, elo1=5, min_deals=7)
    assert elo.to_json() == {
        "kind": "elo",
        "alpha": 0.01,
        "beta": 0.2,
        "min_deals": 7,
        "elo0": -5,
        "elo1": 5,
    }
    strokes = SprtSpec("strokes", margin=1.5, candidate="new", baselines=("old", "mc"))
    assert strokes.to_json() == {
        "kind": "strokes",
        "alpha": 0.05,
        "beta": 0.05,
        "min_deals": 10,
        "margin": 1.5,
        "candidate": "new",
        "baselines": ["old", "mc"],
    }


def test_a_field_is_decided_when_every_test_is() -> None:
    spec = SprtSpec("strokes", margin=2, min_deals=2, candidate="new", baselines=("a", "b"))
    field = SprtField(spec, ["a", "b", "new"])
    (_, ta), (_, tb) = field.tests
    ta.push(-2.1)
    ta.push(-1.9)
    assert ta.decision == "A better" and not field.decided
    assert field.deals == 2
    assert field.summary() == (
        "new scores lower than a (margin 2 strokes per game); "
        "new against b: no decision yet after 0 deals"
    )
    # 1, -1, 0.5: about 0: 2.25, about -2: 16.25, about +2: 12.25 -> LLR(A) = 1.5 ln(2.25 /
    # 16.25) = -2.966, past -2.944, but LLR(B) = -2.542 is not; with 0: about 0: 2.25,
    # about -2: 20.25, about +2: 16.25 -> 2 ln(2.25 / 20.25) = -4.39, 2 ln(2.25 / 16.25) = -3.95
    for x in (1, -1, 0.5):
        tb.push(x)
    assert not field.decided and tb.llrs() == pytest.approx(
        (1.5 * math.log(2.25 / 16.25), 1.5 * math.log(2.25 / 12.25))
    )
    tb.push(0)
    assert tb.decision == "within margin" and field.decided and field.deals == 4
    assert field.stop_message() == (
        "SPRT decided after 4 deals: new scores lower than a (margin 2 strokes per game): "
        f"{ta.why()}; new and b differ by less than 2 strokes per game: {tb.why()}"
    )
    out = field.to_json()
    assert out["deals"] == 4 and out["decided"] is True and out["summary"] == field.summary()
    assert [t["b"] for t in out["tests"]] == ["a", "b"] and out["tests"][1]["deals"] == 4
    fresh = SprtField(spec, ["a", "b", "new"]).to_json()
    assert fresh["decided"] is False and fresh["deals"] == 0
    # undecided, the summary says so (never null): each test, and its deals
    assert fresh["summary"] == (
        "new against a: no decision yet after 0 deals; new against b: no decision yet after 0 deals"
    )


# --------------------------------------------------------------------------- fed by a tally


def _game(deal: int, sides: tuple[int, int], totals: tuple[int, int]) -> Outcome:
    low = min(totals)
    winners = tuple(s for s in (0, 1) if totals[s] == low)
    return Outcome(
        deal=deal, sides=sides, totals=totals, holes=1, holes_won=(0, 0), winners=winners
    )


def test_a_tally_feeds_the_candidates_side_whichever_its_index() -> None:
    """The candidate is entrant 1 here, its baseline entrant 0: the test must be
    fed the candidate's score and the candidate's strokes minus the baseline's,
    not entrant 0's."""
    for kind in ("elo", "strokes"):
        spec = SprtSpec(kind, elo1=5, margin=1, min_deals=100, candidate="new", baselines=("old",))
        t = Tally(["old", "new"], "stroke", spec)
        # deal 0, two seatings: new 3 v old 7 (new wins), then old 4 v new 4 (a draw)
        t.add(_game(0, (1, 0), (3, 7)))
        t.add(_game(0, (0, 1), (4, 4)))
        t.close_deal()
        # deal 1: old wins both, by 2 and by 6
        t.add(_game(1, (0, 1), (5, 7)))
        t.add(_game(1, (1, 0), (9, 3)))
        t.close_deal()
        assert t.sprt is not None
        ((b, test),) = t.sprt.tests
        assert b == 0 and t.sprt.candidate == 1
        if kind == "elo":
            assert test.counts == {0.75: 1, 0.0: 1}  # (1 + 1/2) / 2, then 0
        else:
            assert test.obs.n == 2
            assert test.obs.mean == pytest.approx(((-4 + 0) / 2 + (2 + 6) / 2) / 2)


def test_a_tally_counts_the_pentanomial_of_duplicate_deals() -> None:
    """Heads-up duplicate deals, two games each (the seats swapped): the deal's
    score for A is LL 0, LD 1/4, LW or DD 1/2, DW 3/4, WW 1: fishtest's game pair.
    The counts and the ratio on them are fishtest's, worked out from the list."""
    # per deal, A's two games: (A's total, B's total) twice
    win, draw, loss = (3, 8), (5, 5), (9, 2)
    pairs = (
        [(loss, loss)] * 2  # LL
        + [(loss, draw), (draw, loss)] * 3  # LD, DL: 6
        + [(loss, win), (draw, draw), (win, loss)] * 4  # LW, DD, WL: 12
        + [(draw, win)] * 5
        + [(win, draw)] * 2  # DW + WD: 7
        + [(win, win)] * 3  # WW
    )
    results = [2, 6, 12, 7, 3]
    spec = SprtSpec("elo", alpha=0.05, beta=0.1, elo0=-10, elo1=10, min_deals=10**6)
    t = Tally(["A", "B"], "stroke", spec)
    for deal, (g1, g2) in enumerate(pairs):
        t.add(_game(deal, (0, 1), g1))
        t.add(_game(deal, (1, 0), (g2[1], g2[0])))
        t.close_deal()
    assert t.sprt is not None
    ((_, test),) = t.sprt.tests
    assert test.counts == {i / 4: c for i, c in enumerate(results)}
    assert test.obs.n == sum(results) == t.deals
    assert test.llrs()[0] == pytest.approx(fishtest_llr(results, -10, 10), abs=1e-7)
    # the pair's score over deals is the pentanomial's mean: (6/4 + 12/2 + 7 * 3/4 + 3) / 30
    (pair,) = t.pairs()
    mean = (6 * 0.25 + 12 * 0.5 + 7 * 0.75 + 3) / 30
    assert pair["score"] == pytest.approx(mean if pair["a"] == "A" else 1 - mean)


def test_deals_closed_without_the_runner_do_not_feed_the_test() -> None:
    # a game of a new deal closes the one before, for every statistic but the SPRT
    t = Tally(["A", "B"], "stroke", SprtSpec("strokes", margin=1, min_deals=100))
    t.add(_game(0, (0, 1), (3, 5)))
    t.add(_game(1, (0, 1), (4, 6)))
    assert t.deals == 1
    t.close_deal()
    assert t.sprt is not None and t.sprt.tests[0][1].obs.n == 1 and t.deals == 2
    assert [p["deals"] for p in t.pairs()] == [2]


def test_why_names_the_upper_bound_for_every_accepted_h1() -> None:
    # B lower: "B better" is an H1 too, and so is the Elo form's H1
    b = Sprt(SprtSpec("strokes", margin=2, min_deals=2))
    b.push(2.1)
    b.push(1.9)
    assert b.why() == (
        "the log-likelihood ratio reached 5.99, past the bound 2.94 for accepting H1 after 2 deals"
    )
    e = Sprt(SprtSpec("elo", elo0=0, elo1=10, min_deals=2))
    while e.push(1.0) is None:
        pass
    (llr,) = e.llrs()
    assert e.decision == "H1" and e.why() == (
        f"the log-likelihood ratio reached {llr:.2f}, past the bound 2.94 for accepting H1 "
        f"after {e.at_deals} deals"
    )


def test_a_ratio_of_exactly_zero_is_traced_as_zero() -> None:
    # one deal of -1 with margin 2: the sums of squares about 0 and about -2 are both 1,
    # so the first ratio is ln 1 = 0 exactly
    s = Sprt(SprtSpec("strokes", margin=2, min_deals=5))
    s.push(-1.0)
    assert s.llrs()[0] == 0.0
    assert s.to_json("a", "b")["trace"] == [[1, 0.0, round(0.5 * math.log(1 / 9), 4)]]


def test_a_two_entrant_field_as_json() -> None:
    # no candidate named: the spec says nothing of one, the field names both
    field = SprtField(SprtSpec("elo", elo0=-5, elo1=5), ["x", "y"])
    out = field.to_json()
    assert set(out) == {
        "kind", "alpha", "beta", "min_deals", "elo0", "elo1", "candidate", "baselines",
        "bounds", "deals", "decided", "summary", "tests",
    }  # fmt: skip
    assert (out["candidate"], out["baselines"]) == ("x", ["y"])
    assert out["bounds"] == [-2.944439, 2.944439]
    ((_, test),) = field.tests
    assert out["tests"] == [test.to_json("x", "y")] and out["tests"][0]["a"] == "x"
