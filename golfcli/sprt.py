"""The sequential probability ratio test: a candidate against one baseline
or several, stopped as soon as the data decide (fishtest's generalised SPRT).

No golf here either: :class:`SprtField` is fed one number per deal and pair
by :class:`golfcli.stats.Tally`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .exceptions import InputError
from .inference import Running, Trace, elo_score, gsprt_llr
from .render import plural

#: Points kept per trace (SPRT, ratings over the run): see inference.Trace.
TRACE_POINTS = 200


@dataclass(frozen=True)
class SprtSpec:
    """``kind`` ``"elo"`` (elo0 < elo1) or ``"strokes"`` (margin > 0).

    ``candidate`` is tested against each of ``baselines`` (entrant names);
    empty: the first entrant against the second (the two-entrant form)."""

    kind: str
    alpha: float = 0.05
    beta: float = 0.05
    elo0: float = 0.0
    elo1: float = 0.0
    margin: float = 0.0
    min_deals: int = 10
    candidate: str = ""
    baselines: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "alpha": self.alpha,
            "beta": self.beta,
            "min_deals": self.min_deals,
        }
        if self.kind == "elo":
            out.update(elo0=self.elo0, elo1=self.elo1)
        else:
            out["margin"] = self.margin
        if self.candidate:  # absent in the two-entrant form: its config hash is unchanged
            out.update(candidate=self.candidate, baselines=list(self.baselines))
        return out


class Sprt:
    """Sequential probability ratio test of a candidate A against a baseline
    B, one observation per *deal* (the mean over the deal's games in which
    both played: duplicate seatings are paired and their luck cancels).

    * ``elo``: an observation is A's mean pairwise score in the deal (1 win,
      0.5 draw, 0 loss).  H0: A is ``elo0`` Elo stronger; H1: ``elo1``.  The
      log-likelihood ratio is fishtest's generalised one on the distribution
      of deal results (:func:`golfcli.inference.gsprt_llr`): no model of
      draws or of the number of games a deal holds is assumed.  Accepting H1
      means A is shown stronger than ``elo0``; accepting H0 means A is shown
      weaker than ``elo1``.  ``elo0: -10, elo1: 10`` asks "which of the two
      is better?".
    * ``strokes``: an observation is the mean of (A's game total - B's) over
      the deal.  Two one-sided tests run at once, H0: difference 0 against
      H1: A better by ``margin`` strokes per game, and against H1: B better
      by ``margin``, with the generalised LLR of a normal mean whose variance
      is unknown (fishtest's ``LLR_alt``: strokes have no fixed range of
      values), ``n/2 ln(S(0) / S(mu1))`` with ``S(mu)`` the sum of squares
      about ``mu``: the variance is estimated under each hypothesis.
      The run stops when either H1 is accepted (that entrant is shown
      better) or both H0 are (the difference is shown smaller than the
      margin).

    Bounds: accept H1 when ``LLR >= ln((1 - beta) / alpha)``, accept H0 when
    ``LLR <= ln(beta / (1 - alpha))``.  No decision before ``min_deals``
    observations (the variance estimate needs a few).
    """

    VAR_FLOOR = 1e-6

    def __init__(self, spec: SprtSpec) -> None:
        self.spec = spec
        self.obs = Running()
        self.counts: dict[float, int] = {}  # elo: deal result -> deals
        self._roots: dict[float, float] = {}  # elo: the last tilts (see gsprt_llr)
        self.upper = math.log((1 - spec.beta) / spec.alpha)
        self.lower = math.log(spec.beta / (1 - spec.alpha))
        self.decision: str | None = None
        self.at_deals = 0
        self.trace = Trace(TRACE_POINTS)

    def llrs(self) -> tuple[float, ...]:
        n, mean = self.obs.n, self.obs.mean
        s = self.spec
        if s.kind == "elo":
            if n == 0:
                return (0.0,)
            return (gsprt_llr(self.counts, elo_score(s.elo0), elo_score(s.elo1), self._roots),)
        if n == 0:
            return (0.0, 0.0)
        # n/2 ln(S(0) / S(mu1)), S(mu) = sum (x - mu)^2 = m2 + n (mean - mu)^2: each
        # hypothesis with the variance that fits it best (floored, as no spread at all
        # would divide by 0).  The plug-in form N (mu1 - mu0)(2 mean - mu0 - mu1) /
        # (2 var) trusts a variance guessed from a few deals: two identical bots were
        # then "shown" different about twice as often as alpha allows.
        floor = n * self.VAR_FLOOR
        m = s.margin
        null = max(self.obs.m2 + n * mean * mean, floor)
        a_better = n / 2 * math.log(null / max(self.obs.m2 + n * (mean + m) ** 2, floor))
        b_better = n / 2 * math.log(null / max(self.obs.m2 + n * (mean - m) ** 2, floor))
        return (a_better, b_better)

    def push(self, x: float) -> str | None:
        """Add one deal's observation; return the decision once there is one."""
        if self.decision is not None:
            return self.decision
        self.obs.add(x)
        if self.spec.kind == "elo":
            key = round(x, 9)
            self.counts[key] = self.counts.get(key, 0) + 1
        llr = self.llrs()
        self.trace.add(self.obs.n, llr)
        if self.obs.n < self.spec.min_deals:
            return None
        if self.spec.kind == "elo":
            if llr[0] >= self.upper:
                self.decision = "H1"
            elif llr[0] <= self.lower:
                self.decision = "H0"
        else:
            if llr[0] >= self.upper:
                self.decision = "A better"
            elif llr[1] >= self.upper:
                self.decision = "B better"
            elif llr[0] <= self.lower and llr[1] <= self.lower:
                self.decision = "within margin"
        if self.decision is not None:
            self.at_deals = self.obs.n
        return self.decision

    def describe(self, a: str, b: str) -> str:
        s = self.spec
        d = self.decision
        if d is None:  # said as plainly as a decision: a summary is never empty
            return f"{a} against {b}: no decision yet after {plural(self.obs.n, 'deal')}"
        if s.kind == "elo":
            # in words a player reads next to the table; the hypotheses after
            won, lost = (s.elo1, s.elo0) if d == "H1" else (s.elo0, s.elo1)
            test = f" (SPRT: the results favour {won:+g} Elo over {lost:+g})"
            return f"{a} against {b}: {_elo_words(a, b, d, s.elo0, s.elo1)}{test}"
        if d == "A better":
            return f"{a} scores lower than {b} (margin {s.margin:g} strokes per game)"
        if d == "B better":
            return f"{b} scores lower than {a} (margin {s.margin:g} strokes per game)"
        return f"{a} and {b} differ by less than {s.margin:g} strokes per game"

    def why(self) -> str:
        """Why the test stopped, in words: which bound the ratio crossed, when."""
        if self.decision is None:
            return ""
        llr = self.llrs()
        if self.decision in ("H1", "A better", "B better"):
            value = max(llr)
            crossed = f"reached {value:.2f}, past the bound {self.upper:.2f} for accepting H1"
        else:
            value = max(llr)
            crossed = f"fell to {value:.2f}, past the bound {self.lower:.2f} for accepting H0"
        return f"the log-likelihood ratio {crossed} after {plural(self.at_deals, 'deal')}"

    def pentanomial(self) -> list[int] | None:
        """The deals by their result when each is a pair of games (a deal
        played twice, the seats swapped): how many ended 0, 1/4, 1/2, 3/4
        and 1 of a point a game, the five outcomes of a pair (lost both ...
        won both).  None for a test on strokes, or deals of other sizes."""
        if self.spec.kind != "elo" or not self.counts:
            return None
        grid = (0.0, 0.25, 0.5, 0.75, 1.0)
        if any(k not in grid for k in self.counts):
            return None
        return [self.counts.get(k, 0) for k in grid]

    def normalised_elo(self) -> float | None:
        """fishtest's normalised Elo of a pair's results: the mean score's
        distance from 1/2 in units of its spread, (mean - 1/2) / sqrt(2 var)
        times 800 / ln 10 (var: of a game pair's score), so that equal
        values mean equally sure differences whatever the draw rate.  None
        without a pentanomial or any spread."""
        if self.pentanomial() is None or self.obs.n < 2:
            return None
        n = self.obs.n
        var = self.obs.m2 / n  # the pairs' score spread, as fishtest takes it (not n - 1)
        if var <= 0:
            return None
        return (self.obs.mean - 0.5) / math.sqrt(2 * var) * 800 / math.log(10)

    def to_json(self, a: str, b: str) -> dict[str, Any]:
        nelo = self.normalised_elo()
        return {
            "a": a,
            "b": b,
            "deals": self.obs.n,
            "pentanomial": self.pentanomial(),
            "nelo": None if nelo is None else round(nelo, 4),
            "llr": [round(v, 6) for v in self.llrs()],
            "bounds": [round(self.lower, 6), round(self.upper, 6)],
            "decision": self.decision,
            "decided_after_deals": self.at_deals if self.decision else None,
            "summary": self.describe(a, b),
            "why": self.why() or None,
            "trace": [[n, *(round(v or 0.0, 4) for v in vs)] for n, vs in self.trace.series()],
        }


def _elo_words(a: str, b: str, decision: str, elo0: float, elo1: float) -> str:
    """An Elo SPRT's decision as a claim about the two players.

    Accepting H1 shows ``a`` stronger than ``elo0`` says; accepting H0 shows
    it weaker than ``elo1`` says (see :class:`Sprt`)."""
    if decision == "H1":
        if elo0 > 0:
            return f"evidence that {a} is stronger than {b} by more than {elo0:g} Elo"
        if elo0 == 0:
            return f"evidence that {a} is stronger than {b}"
        return f"evidence that {a} is not weaker than {b} by {-elo0:g} Elo or more"
    if elo1 > 0:
        return f"no evidence that {a} is stronger than {b} by {elo1:g} Elo or more"
    if elo1 == 0:
        return f"no evidence that {a} is stronger than {b}"
    return f"evidence that {a} is weaker than {b} by more than {-elo1:g} Elo"


class SprtField:
    """A candidate against one baseline, or several (a gauntlet), in a field
    of any size: one :class:`Sprt` per baseline, fed from the paired
    per-deal results of the two.  With ``k`` baselines each test runs at
    ``alpha / k`` and ``beta / k`` (Bonferroni), so the chance that any of the
    gauntlet's conclusions is wrong stays within ``alpha`` (``beta``).  The
    run stops when every test has decided."""

    def __init__(self, spec: SprtSpec, names: Sequence[str]) -> None:
        index = {n: i for i, n in enumerate(names)}
        if spec.candidate:
            unknown = [n for n in (spec.candidate, *spec.baselines) if n not in index]
            if unknown or not spec.baselines:
                raise InputError(f"an SPRT names entrants that are not here: {unknown}")
            self.candidate = index[spec.candidate]
            baselines = [index[b] for b in spec.baselines]
        else:
            if len(names) != 2:
                raise InputError("an SPRT without a candidate compares exactly two entrants")
            self.candidate, baselines = 0, [1]
        if self.candidate in baselines or len(set(baselines)) != len(baselines):
            raise InputError("an SPRT's baselines are other entrants than its candidate, once each")
        k = len(baselines)
        each = replace(spec, alpha=spec.alpha / k, beta=spec.beta / k)
        self.spec = spec
        self.names = list(names)
        self.tests = [(b, Sprt(each)) for b in baselines]

    @property
    def decided(self) -> bool:
        return all(t.decision is not None for _, t in self.tests)

    @property
    def deals(self) -> int:
        return max(t.obs.n for _, t in self.tests)

    def summary(self) -> str:
        a = self.names[self.candidate]
        return "; ".join(t.describe(a, self.names[b]) for b, t in self.tests)

    def stop_message(self) -> str:
        """The stop in words: what was decided and why."""
        a = self.names[self.candidate]
        parts = [f"{t.describe(a, self.names[b])}: {t.why()}" for b, t in self.tests]
        return f"SPRT decided after {plural(self.deals, 'deal')}: " + "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        first = self.tests[0][1]
        return {
            **self.spec.to_json(),
            "candidate": self.names[self.candidate],
            "baselines": [self.names[b] for b, _ in self.tests],
            "bounds": [round(first.lower, 6), round(first.upper, 6)],
            "deals": self.deals,
            "decided": self.decided,
            "summary": self.summary(),
            "tests": [t.to_json(self.names[self.candidate], self.names[b]) for b, t in self.tests],
        }
