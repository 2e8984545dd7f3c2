"""The mathematics of "how sure": distributions, streaming estimators, Elo
conversions, the generalised SPRT's likelihood ratio and Bradley-Terry.

Nothing here knows golf: numbers in, numbers out.  The standard library
suffices (no SciPy): the few quantiles and one root the formulas need are
tabulated or found by bisection, each checked against published values in
tests/tournament/test_inference.py.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .exceptions import InputError

ELO = 400.0 / math.log(10.0)  # natural-log strength -> Elo points
Z975 = 1.959963984540054  # the 0.975 quantile of the standard normal
Z80 = 0.8416212335729143  # the 0.80 quantile: power 80% in sample-size estimates
#: Largest Elo difference a score is turned into: a perfect record (score 1)
#: has no finite Elo, so scores are clamped to [0.001, 0.999] (as fishtest does).
ELO_CLAMP = 1e-3

# Two-sided 95% Student-t critical values (0.975 quantile) for 1..30 degrees
# of freedom; beyond 30 the Cornish-Fisher expansion below is exact to 1e-4.
_T975 = (
    12.7062,
    4.3027,
    3.1824,
    2.7764,
    2.5706,
    2.4469,
    2.3646,
    2.3060,
    2.2622,
    2.2281,
    2.2010,
    2.1788,
    2.1604,
    2.1448,
    2.1314,
    2.1199,
    2.1098,
    2.1009,
    2.0930,
    2.0860,
    2.0796,
    2.0739,
    2.0687,
    2.0639,
    2.0595,
    2.0555,
    2.0518,
    2.0484,
    2.0452,
    2.0423,
)


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise InputError("a t quantile needs at least 1 degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z975
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom.

    Through the regularised incomplete beta function, evaluated as its
    continued fraction (Numerical Recipes' ``betacf``): exact to ~1e-12, so
    a likelihood of superiority agrees with the t interval beside it (the
    interval excludes 0 exactly when LOS is beyond 2.5% or 97.5%)."""
    if df < 1:
        raise InputError("t needs at least 1 degree of freedom")
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    x = df / (df + t * t)
    tail = 0.5 * _betainc(df / 2.0, 0.5, x)  # P(T > |t|)
    return 1.0 - tail if t > 0 else tail


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    front = math.exp(lbeta + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


# --------------------------------------------------------------------------- estimators


class Running:
    """Count, mean and variance of a stream (Welford's method)."""

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    @property
    def var(self) -> float:
        """Sample variance (n - 1 in the denominator); 0 below two values."""
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0

    @property
    def sd(self) -> float:
        return math.sqrt(self.var)

    def se(self) -> float | None:
        """Standard error of the mean (None below 2 values)."""
        return self.sd / math.sqrt(self.n) if self.n > 1 else None

    def ci95(self) -> float | None:
        """Half-width of the Student-t 95% interval of the mean (None below 2 values)."""
        se = self.se()
        return None if se is None else t975(self.n - 1) * se

    def prob_above(self, x: float = 0.0) -> float | None:
        """How likely the true mean is above ``x``, given the data: the
        t distribution's P(T <= (mean - x) / se) (None below 2 values).  With
        ``x = 0`` on a difference this is the *likelihood of superiority*."""
        se = self.se()
        if se is None:
            return None
        if se == 0.0:
            return 1.0 if self.mean > x else 0.0 if self.mean < x else 0.5
        return t_cdf((self.mean - x) / se, self.n - 1)


class Ratio:
    """A ratio of sums over clusters (wins / games over deals) with its
    cluster-robust standard error: the games of one deal are not
    independent, so the deal is the unit.

    ``var(W/G) = sum_d (w_d - R g_d)^2 / (D (D - 1) gbar^2)``, kept as five
    running sums so it needs no memory per deal."""

    __slots__ = ("gg", "n", "sg", "sw", "wg", "ww")

    def __init__(self) -> None:
        self.n = 0
        self.sw = self.sg = self.ww = self.gg = self.wg = 0.0

    def add(self, w: float, g: float) -> None:
        self.n += 1
        self.sw += w
        self.sg += g
        self.ww += w * w
        self.gg += g * g
        self.wg += w * g

    @property
    def value(self) -> float | None:
        return self.sw / self.sg if self.sg else None

    def var(self) -> float | None:
        """The cluster-robust variance of :attr:`value` (None below 2 clusters)."""
        if self.n < 2 or not self.sg:
            return None
        r = self.sw / self.sg
        gbar = self.sg / self.n
        ss = max(self.ww - 2 * r * self.wg + r * r * self.gg, 0.0)
        return ss / (self.n * (self.n - 1)) / (gbar * gbar)

    def ci95(self) -> float | None:
        """Half the width of the symmetric (Wald) 95% interval, t with
        clusters - 1 degrees of freedom: a mean's interval.  A share's is
        :func:`golfcli.verdicts.share_interval` (never of width 0 at 0 or 1)."""
        v = self.var()
        return None if v is None else t975(self.n - 1) * math.sqrt(v)


class Trace:
    """Points of a quantity over a run, in bounded memory: every ``stride``-th
    step is kept, and when ``cap`` points are held every other one is dropped
    and the stride doubles.  A run of a million deals keeps at most ``cap``
    points, evenly spread, first and latest included."""

    def __init__(self, cap: int = 200) -> None:
        if cap < 4 or cap % 2:
            raise InputError("a trace keeps an even number of at least 4 points")
        self.cap = cap
        self.stride = 1
        self.points: list[tuple[int, tuple[float | None, ...]]] = []
        self.last: tuple[int, tuple[float | None, ...]] | None = None

    def due(self, step: int) -> bool:
        """Whether step ``step`` (counted from 1) is one to keep."""
        return step % self.stride == 0

    def add(self, step: int, values: Sequence[float | None]) -> None:
        """Keep ``values`` at ``step`` if it is due; remember it as the latest anyway."""
        point = (step, tuple(values))
        self.last = point
        if not self.due(step):
            return
        self.points.append(point)
        if len(self.points) >= self.cap:
            self.points = self.points[1::2]
            self.stride *= 2

    def series(self) -> list[tuple[int, tuple[float | None, ...]]]:
        """The kept points and the latest one."""
        if self.last is not None and (not self.points or self.points[-1][0] != self.last[0]):
            return [*self.points, self.last]
        return list(self.points)


def deals_to_separate(sd: float, delta: float, power_z: float = Z80) -> float | None:
    """Observations needed for a true difference ``delta`` to be separated
    from 0 by a two-sided 95% interval with 80% probability, when one
    observation's standard deviation is ``sd``: ``((z.975 + z.80) sd / delta)^2``."""
    if sd <= 0.0 or delta <= 0.0:
        return None
    return ((Z975 + power_z) * sd / delta) ** 2


# --------------------------------------------------------------------------- Elo


def elo_score(elo: float) -> float:
    """Expected score of a player ``elo`` points stronger."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def score_elo(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (clamped: see ELO_CLAMP)."""
    s = min(max(score, ELO_CLAMP), 1.0 - ELO_CLAMP)
    return -400.0 * math.log10(1.0 / s - 1.0)


# --------------------------------------------------------------------------- GSPRT


def _tilt_root(pdf: Sequence[tuple[float, float]], s: float, start: float = 0.0) -> float:
    """The root x of f(x) = sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0 (the
    "secular equation").  f falls strictly between its poles, so Newton's
    method from ``start``, kept inside a shrinking bracket (a step that leaves
    it bisects instead), finds it in a handful of steps; started from the
    root of the data one deal earlier, in two or three.  Needs values on both
    sides of ``s``."""
    lo_b = min(a for a, _ in pdf) - s
    hi_b = max(a for a, _ in pdf) - s
    if lo_b >= 0 or hi_b <= 0:
        raise InputError("the values must lie on both sides of the expected score")
    lo, hi = -1.0 / hi_b, -1.0 / lo_b
    x = start if lo < start < hi else 0.0
    for _ in range(200):
        f = df = 0.0
        for a, p in pdf:
            b = a - s
            q = b / (1 + x * b)
            f += p * q
            df -= p * q * q
        if f == 0.0:
            return x
        if f > 0:
            lo = x
        else:
            hi = x
        step = x - f / df
        if not lo < step < hi:
            step = (lo + hi) / 2
        if abs(step - x) <= 1e-15 * max(1.0, abs(x)):
            return step
        x = step
    return x


def gsprt_llr(
    counts: Mapping[float, float], s0: float, s1: float, roots: dict[float, float] | None = None
) -> float:
    """The generalised log-likelihood ratio of expected score ``s1`` against
    ``s0`` for observations in [0, 1] given as value -> count, as fishtest
    computes it (``LLRcalc.LLR_logistic``): under each hypothesis the
    maximum-likelihood distribution with that expectation (the observed one,
    tilted: p_i / (1 + x (a_i - s))), and LLR = N sum_i phat_i log(p1_i / p0_i).

    As in fishtest, a value never seen (the extremes 0 and 1 included) gets a
    count of 0.001, so both hypotheses stay inside the support.  ``roots``
    (expected score -> the last tilt found for it) lets a test that adds one
    deal at a time start each solution from the one before."""
    full = {0.0: 0.0, 1.0: 0.0, **counts}
    reg = {a: (c if c > 0 else 1e-3) for a, c in full.items()}
    n = sum(reg.values())
    pdf = sorted((a, c / n) for a, c in reg.items())
    memo = roots if roots is not None else {}
    x0 = memo[s0] = _tilt_root(pdf, s0, memo.get(s0, 0.0))
    x1 = memo[s1] = _tilt_root(pdf, s1, memo.get(s1, 0.0))
    return n * sum(p * (math.log1p(x0 * (a - s0)) - math.log1p(x1 * (a - s1))) for a, p in pdf)


# --------------------------------------------------------------------------- Bradley-Terry


def bradley_terry(
    score: Sequence[Sequence[float]], games: Sequence[Sequence[int]], prior: float = 1.0
) -> tuple[list[float | None], list[float | None]]:
    """Bradley-Terry ratings (Elo scale, mean 0) and standard errors.

    ``score[i][j]`` is i's score against j (wins + draws / 2) over
    ``games[i][j]`` games.  ``prior`` virtual games, drawn, are added to every
    pair that met.  Entrants without games, or a comparison graph in several
    pieces, get ``None``.
    """
    n = len(games)
    active = [i for i in range(n) if any(games[i][j] for j in range(n) if j != i)]
    none: list[float | None] = [None] * n
    if len(active) < 2 or not _connected(active, games):
        return list(none), list(none)
    idx = {e: k for k, e in enumerate(active)}
    m = len(active)
    w = [[0.0] * m for _ in range(m)]
    g = [[0.0] * m for _ in range(m)]
    for i in active:
        for j in active:
            if i != j and games[i][j]:
                w[idx[i]][idx[j]] = score[i][j] + prior / 2
                g[idx[i]][idx[j]] = games[i][j] + prior
    wins = [sum(row) for row in w]
    pi = [1.0] * m
    for _ in range(100_000):  # Hunter's MM algorithm: monotone, converges for connected data
        new = []
        for i in range(m):
            denom = sum(g[i][j] / (pi[i] + pi[j]) for j in range(m) if j != i and g[i][j])
            new.append(wins[i] / denom)
        gm = math.exp(sum(math.log(p) for p in new) / m)
        new = [p / gm for p in new]
        delta = max(abs(math.log(a / b)) for a, b in zip(new, pi, strict=True))
        pi = new
        if delta < 1e-12:
            break
    theta = [math.log(p) for p in pi]
    mean = sum(theta) / m
    theta = [t - mean for t in theta]
    # Fisher information (a weighted graph Laplacian); the covariance of the
    # mean-zero estimate is its pseudo-inverse: inv(H + J/m) - J/m.
    h = [[0.0] * m for _ in range(m)]
    for i in range(m):
        for j in range(m):
            if i != j and g[i][j]:
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                v = g[i][j] * p * (1 - p)
                h[i][j] -= v
                h[i][i] += v
    a = [[h[i][j] + 1.0 / m for j in range(m)] for i in range(m)]
    inv = inverse(a)
    ratings = list(none)
    ses = list(none)
    for e, k in idx.items():
        ratings[e] = theta[k] * ELO
        if inv is not None:
            ses[e] = math.sqrt(max(inv[k][k] - 1.0 / m, 0.0)) * ELO
    return ratings, ses


def _connected(active: list[int], games: Sequence[Sequence[int]]) -> bool:
    seen = {active[0]}
    todo = [active[0]]
    while todo:
        i = todo.pop()
        for j in active:
            if j not in seen and (games[i][j] or games[j][i]):
                seen.add(j)
                todo.append(j)
    return len(seen) == len(active)


def inverse(a: list[list[float]]) -> list[list[float]] | None:
    """Gauss-Jordan inverse with partial pivoting; None if singular."""
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            return None
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        m[c] = [v / piv for v in m[c]]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [row[n:] for row in m]
