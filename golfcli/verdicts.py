"""What a report may claim from the data, and how it says it.

The numbers behind a sentence such as "expert is better than greedy":
intervals that keep their two ends when they are not symmetric or are cut
at a bound (:class:`Interval`: no "±" of a lopsided interval), a share's
Wilson interval that is never "100 ± 0" after a few deals
(:func:`share_interval`), a pair's p-value and Holm's rule over every pair of
a report (:func:`holm`: the more pairs, the more "better"s chance would
give), and the standings' order the pairs support (:func:`pair_strengths`,
:func:`order_by_pairs`, :func:`rank_groups`).  Numbers in, numbers out, as
in :mod:`golfcli.inference`, which they build on; the words are the
renderers'.  tests/tournament/test_verdicts.py checks each against SciPy and values
worked by hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .exceptions import InputError
from .inference import Z975, Ratio, Running, inverse, t975

# --------------------------------------------------------------------------- intervals


@dataclass(frozen=True)
class Interval:
    """An estimate and its interval, ``lo`` to ``hi`` at ``level``.

    Its two ends are kept, always: an interval is said as "estimate ± h"
    only when it is symmetric about the estimate and no end was cut at a
    bound (:attr:`half_width`); otherwise as its ends.  A share's interval
    (Wilson) or an Elo difference read from a score is lopsided, and a
    clamped end (a perfect record's Elo) is a bound, not a measurement: a ±
    of either would overstate one side and hide the other."""

    estimate: float
    lo: float
    hi: float
    level: float = 0.95
    clamped: bool = False  # an end was cut at a bound of the scale

    @property
    def half_width(self) -> float | None:
        """The ``h`` of "estimate ± h", or None when the interval is not
        symmetric about its estimate or an end was clamped (say its ends)."""
        up, down = self.hi - self.estimate, self.estimate - self.lo
        if self.clamped or abs(up - down) > 1e-9 * max(1.0, abs(up), abs(down)):
            return None
        return (up + down) / 2

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (a difference of 0: the
        data tell the two apart at this level)."""
        return value < self.lo or value > self.hi

    def to_json(self) -> dict[str, float | bool]:
        return {"estimate": self.estimate, "lo": self.lo, "hi": self.hi, "level": self.level}


def t_interval(run: Running, sign: float = 1.0, centre: float = 0.0) -> Interval | None:
    """The Student-t 95% interval of a running mean (None below 2 values),
    seen from the side ``sign`` picks (``centre``: the value the sign flips
    around, 0 for a difference, 0.5 for a score).  Symmetric."""
    ci = run.ci95()
    if ci is None:
        return None
    mean = centre + sign * (run.mean - centre)
    return Interval(mean, mean - ci, mean + ci)


def two_sided_p(run: Running, null: float = 0.0) -> float | None:
    """The two-sided p-value of Student's t test that a running mean's true
    value is ``null`` (None below 2 values): the chance, were it so, of a
    mean this far from it.  ``p < 0.05`` exactly when the 95% t interval
    leaves ``null`` out, and ``p = 2 min(LOS, 1 - LOS)``."""
    above = run.prob_above(null)
    return None if above is None else min(1.0, 2.0 * min(above, 1.0 - above))


def wilson(p: float, n: float, z: float = Z975) -> tuple[float, float]:
    """Wilson's score interval of a proportion ``p`` observed in ``n`` trials
    (``n`` may be an effective, fractional count): the proportions ``q`` with
    ``|p - q| <= z sqrt(q (1 - q) / n)``.  Inside [0, 1], never of width 0,
    and its coverage holds near 0 and 1, where the Wald interval's (``p ±
    z sqrt(p (1 - p) / n)``) collapses to the point."""
    if n <= 0:
        raise InputError("a proportion's interval needs at least one trial")
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def share_interval(ratio: Ratio) -> Interval | None:
    """The 95% interval of a share counted over clusters (wins over games,
    deals as clusters; None below 2 clusters): :func:`wilson_over` with the
    cluster-robust variance of the ratio, its games the trials where that
    variance says nothing."""
    p, var = ratio.value, ratio.var()
    if p is None or var is None:
        return None
    return wilson_over(p, var, ratio.sg, ratio.n)


def score_interval(run: Running, games: int) -> Interval | None:
    """The 95% interval of a pair's mean result (a deal's mean score, win 1,
    draw 1/2, loss 0, over ``run``'s deals; None below 2 deals):
    :func:`wilson_over` with the variance of that mean, the ``games``
    behind it the trials where that variance says nothing.  A perfect record is an interval reaching
    well below 1, never the point 1 that a t interval of no spread gives
    (whose Elo would read "≥ +1200 to ≥ +1200")."""
    if run.n < 2:
        return None
    return wilson_over(run.mean, run.var / run.n, games, run.n)


def wilson_over(p: float, var: float, trials: float, clusters: int) -> Interval:
    """Wilson's interval (:func:`wilson`) of a proportion ``p`` measured over
    ``clusters`` deals: with Kish's effective number of trials, ``p (1 - p)
    / var`` (``var`` the variance of ``p`` with deals as clusters: fewer
    trials than games when a deal's games go together, more when they
    cancel, as duplicate seatings do), and Student's t quantile with
    clusters - 1 degrees of freedom for ``z``, as the other intervals over
    deals have (Korn and Graubard's small-sample correction).  Where the
    variance says nothing (every deal alike, a share of 0 or 1) the
    ``trials`` (the games) count: even a perfect record after a few deals is
    an interval well inside [0, 1], never "100 ± 0"."""
    p = min(max(p, 0.0), 1.0)
    n = p * (1 - p) / var if var > 0 and 0 < p < 1 else trials
    lo, hi = wilson(p, n, t975(clusters - 1))
    return Interval(p, lo, hi)


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjustment of a family of p-values (None: no test,
    left out of the family).  With ``m`` tests in increasing order, the
    ``k``-th's adjusted value is the largest of ``(m - j + 1) p_(j)`` over
    ``j <= k``, at most 1; calling each test whose adjusted value is below
    alpha keeps the chance of any false call in the family at most alpha,
    whatever the tests' dependence (Holm 1979)."""
    tested = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m = len(tested)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for k, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - k) * p))
        out[i] = running
    return out


# --------------------------------------------------------------------------- standings


def pair_strengths(
    n: int, margins: Mapping[tuple[int, int], tuple[float, float]]
) -> list[float | None]:
    """One strength per entrant from the pairs' paired margins: the
    least-squares ``s`` with ``s_i - s_j`` as near as can be to each pair's
    margin ``m_ij`` (i's advantage), weighted by ``w_ij`` (``margins``: (i, j)
    -> (m_ij, w_ij)), centred on 0 over each connected group of entrants.
    With every entrant at one table it is each one's mean advantage over the
    field; where entrants met different opponents it still reads every
    pair.  None for an entrant in no pair."""
    adj: dict[int, set[int]] = {}
    for (i, j), (_, w) in margins.items():
        if w > 0:
            adj.setdefault(i, set()).add(j)
            adj.setdefault(j, set()).add(i)
    out: list[float | None] = [None] * n
    seen: set[int] = set()
    for start in sorted(adj):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            e = todo.pop()
            group.append(e)
            for f in adj[e] - seen:
                seen.add(f)
                todo.append(f)
        group.sort()
        idx = {e: k for k, e in enumerate(group)}
        m = len(group)
        # normal equations L s = b (L the weighted Laplacian), with the mean
        # fixed at 0: (L + J/m) s = b
        lap = [[1.0 / m] * m for _ in range(m)]
        b = [0.0] * m
        for (i, j), (d, w) in margins.items():
            if w <= 0 or i not in idx:
                continue
            a, c = idx[i], idx[j]
            lap[a][a] += w
            lap[c][c] += w
            lap[a][c] -= w
            lap[c][a] -= w
            b[a] += w * d
            b[c] -= w * d
        inv = inverse(lap)
        if inv is None:  # pragma: no cover - a connected Laplacian plus J/m is regular
            continue
        for e, a in idx.items():
            out[e] = sum(inv[a][k] * b[k] for k in range(m))
    return out


def order_by_pairs(order: Sequence[int], ahead: Callable[[int, int], int]) -> list[int]:
    """``order`` changed as little as needed for every neighbour to agree with
    the pair they make: ``ahead(i, j)`` is 1 when the pair of i and j favours
    i, -1 when it favours j, 0 when it favours neither (or they never met).
    Neighbours the wrong way round are swapped until none is (each swap sets
    one pair right and moves no other pair, so it ends within n (n - 1) / 2
    swaps, and a cycle -- A ahead of B, B of C, C of A -- is laid out so that
    each neighbour agrees with its pair)."""
    out = list(order)
    swapped = True
    while swapped:
        swapped = False
        for k in range(len(out) - 1):
            if ahead(out[k], out[k + 1]) < 0:
                out[k], out[k + 1] = out[k + 1], out[k]
                swapped = True
    return out


def rank_groups(order: Sequence[int], separated: Callable[[int, int], int]) -> list[list[int]]:
    """The places of ``order`` (1-based, first and last) that the pairs do
    not separate, one per entrant: a run of places ends between two
    neighbours only when their pair separates them the way they are placed
    (``separated(i, j)``: 1 when the data show i the better, -1 when j, 0
    when neither) and no pair across that line is separated the other way.
    Places that share a run are not ordered by the data."""
    n = len(order)
    breaks = []
    for k in range(n - 1):
        if separated(order[k], order[k + 1]) != 1:
            continue
        if any(separated(order[j], order[i]) == 1 for i in order[: k + 1] for j in order[k + 1 :]):
            continue
        breaks.append(k)
    out: list[list[int]] = []
    start = 0
    for end in [*breaks, n - 1]:
        out += [[start + 1, end + 1]] * (end - start + 1)
        start = end + 1
    return out
