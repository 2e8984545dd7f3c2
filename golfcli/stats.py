"""Tournament statistics: streaming aggregates, ratings, SPRT and the report.

Everything here is *streaming*: :class:`Tally` keeps a fixed number of
counters per entrant and per pair of entrants, whatever the number of games,
so a run of a million games needs the same memory as a run of ten.

Definitions (also in docs/tournament.md):

* **win share** -- a game's winners split one win (two tied winners get
  0.5 each);
* **strokes per hole** -- for each game, the entrant's game total divided by
  the regulation holes played; the standings show the mean of these
  per-game means with a Student-t 95% confidence interval, *games as the
  unit* (in duplicate mode the games of one deal are not independent, so
  the interval is a guide, not a guarantee);
* **pairwise results** -- a game with several sides counts once for every
  pair of sides in it: a winner beats a non-winner, otherwise the lower
  total (stroke play) or the more holes won (match play) beats the other,
  equal is a draw;
* **rating** -- a Bradley-Terry fit on the pairwise results (draws count
  half a win each way, plus one virtual draw per pair that met, so a
  perfect record stays finite), on the Elo scale (400 * log10), centred on
  a mean of 0, with standard errors from the inverse Fisher information;
* **SPRT** -- see :class:`Sprt`.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .exceptions import InputError
from .faults import FAULT_KINDS

ELO = 400.0 / math.log(10.0)  # natural-log strength -> Elo points

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
_Z975 = 1.959963984540054


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise InputError("a t quantile needs at least 1 degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


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

    def ci95(self) -> float | None:
        """Half-width of the Student-t 95% interval of the mean (None below 2 values)."""
        if self.n < 2:
            return None
        return t975(self.n - 1) * self.sd / math.sqrt(self.n)


@dataclass(frozen=True)
class Outcome:
    """One finished game, as the statistics see it.

    ``sides[k]`` is the entrant playing side ``k``; ``totals``, ``holes_won``
    are per side; ``winners`` are side indices sharing the win; ``holes`` is
    the number of regulation holes (playoff holes decide ``winners`` only);
    ``faults[k]`` counts side ``k``'s faults by kind (all its members);
    ``disqualified[k]`` is true if a member of side ``k`` was disqualified;
    ``restarts[k]`` counts how often its external programs were started again.
    """

    deal: int
    sides: tuple[int, ...]
    totals: tuple[int, ...]
    holes: int
    holes_won: tuple[float, ...]
    winners: tuple[int, ...]
    faults: tuple[Mapping[str, int], ...] = ()
    disqualified: tuple[bool, ...] = ()
    restarts: tuple[int, ...] = ()


@dataclass
class EntrantTally:
    games: int = 0
    wins: float = 0.0
    hole_mean: Running = field(default_factory=Running)
    total: Running = field(default_factory=Running)
    holes_won: float = 0.0
    faults: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULT_KINDS, 0))
    disqualified: int = 0
    restarts: int = 0


# --------------------------------------------------------------------------- SPRT


@dataclass(frozen=True)
class SprtSpec:
    """``kind`` ``"elo"`` (elo0 < elo1) or ``"strokes"`` (margin > 0)."""

    kind: str
    alpha: float = 0.05
    beta: float = 0.05
    elo0: float = 0.0
    elo1: float = 0.0
    margin: float = 0.0
    min_deals: int = 10

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
        return out


def elo_score(elo: float) -> float:
    """Expected score of a player ``elo`` points stronger."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Sprt:
    """Sequential probability ratio test between two entrants, A (the first
    listed) and B, one observation per *deal* (the mean over the deal's
    games, so duplicate rotations are paired and their luck cancels).

    Both forms use the normal approximation with the variance estimated from
    the observations so far (the generalised SPRT used by engine testers):

    * ``elo``: an observation is A's mean pairwise score in the deal (1 win,
      0.5 draw, 0 loss).  H0: A is ``elo0`` Elo stronger; H1: ``elo1``.
      ``LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 var)`` with ``s = elo_score(elo)``.
      Accepting H1 means A is shown stronger than ``elo0``; accepting H0
      means A is shown weaker than ``elo1``.  ``elo0: -10, elo1: 10`` asks
      "which of the two is better?".
    * ``strokes``: an observation is the mean of (A's game total - B's) over
      the deal.  Two one-sided tests run at once, H0: difference 0 against
      H1: A better by ``margin`` strokes per game, and against H1: B better
      by ``margin``.  The run stops when either H1 is accepted (that entrant
      is shown better) or both H0 are (the difference is shown smaller than
      the margin).

    Bounds: accept H1 when ``LLR >= ln((1 - beta) / alpha)``, accept H0 when
    ``LLR <= ln(beta / (1 - alpha))``.  No decision before ``min_deals``
    observations (the variance estimate needs a few).
    """

    VAR_FLOOR = 1e-6

    def __init__(self, spec: SprtSpec) -> None:
        self.spec = spec
        self.obs = Running()
        self.upper = math.log((1 - spec.beta) / spec.alpha)
        self.lower = math.log(spec.beta / (1 - spec.alpha))
        self.decision: str | None = None
        self.at_deals = 0

    def llrs(self) -> tuple[float, ...]:
        n, mean = self.obs.n, self.obs.mean
        if n == 0:
            return (0.0,) if self.spec.kind == "elo" else (0.0, 0.0)
        var = max(self.obs.var, self.VAR_FLOOR)
        s = self.spec
        if s.kind == "elo":
            s0, s1 = elo_score(s.elo0), elo_score(s.elo1)
            return (n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var),)
        m = s.margin
        total = mean * n
        a_better = (-m * total - n * m * m / 2) / var
        b_better = (m * total - n * m * m / 2) / var
        return (a_better, b_better)

    def push(self, x: float) -> str | None:
        """Add one deal's observation; return the decision once there is one."""
        if self.decision is not None:
            return self.decision
        self.obs.add(x)
        if self.obs.n < self.spec.min_deals:
            return None
        llr = self.llrs()
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
        if d is None:
            return "no decision yet"
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

    def to_json(self, a: str, b: str) -> dict[str, Any]:
        return {
            **self.spec.to_json(),
            "a": a,
            "b": b,
            "deals": self.obs.n,
            "llr": [round(v, 6) for v in self.llrs()],
            "bounds": [round(self.lower, 6), round(self.upper, 6)],
            "decision": self.decision,
            "decided_after_deals": self.at_deals if self.decision else None,
            "summary": self.describe(a, b),
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


# --------------------------------------------------------------------------- ratings


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
    inv = _inverse(a)
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


def _inverse(a: list[list[float]]) -> list[list[float]] | None:
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


# --------------------------------------------------------------------------- the tally


class Tally:
    """Streaming aggregates over games, in the order they are added.

    ``sprt`` (optional) needs exactly two entrants; feed each deal's games
    with :meth:`add` and then call :meth:`close_deal`.
    """

    def __init__(self, entrants: Sequence[str], scoring: str, sprt: SprtSpec | None = None) -> None:
        if scoring not in ("stroke", "match"):
            raise InputError(f"scoring must be stroke or match, not {scoring!r}")
        self.names = list(entrants)
        self.scoring = scoring
        n = len(self.names)
        self.entrants = [EntrantTally() for _ in range(n)]
        # Pairwise, i != j: wins[i][j] strict wins of i over j, draws[i][j],
        # met[i][j] games together; diff[i][j] (i < j) = i's total - j's total.
        self.wins = [[0] * n for _ in range(n)]
        self.draws = [[0] * n for _ in range(n)]
        self.met = [[0] * n for _ in range(n)]
        self.diff: dict[tuple[int, int], Running] = {}
        self.games = 0
        self.sprt = Sprt(sprt) if sprt is not None else None
        if self.sprt is not None and n != 2:
            raise InputError("an SPRT compares exactly two entrants")
        self._deal_sum = 0.0
        self._deal_n = 0

    def add(self, o: Outcome) -> None:
        k = len(o.sides)
        if not (len(o.totals) == len(o.holes_won) == k) or o.holes < 1:
            raise InputError(
                "an outcome needs one total and holes-won per side and at least one hole"
            )
        self.games += 1
        share = 1.0 / len(o.winners) if o.winners else 0.0
        winners = set(o.winners)
        for s, e in enumerate(o.sides):
            t = self.entrants[e]
            t.games += 1
            if s in winners:
                t.wins += share
            t.hole_mean.add(o.totals[s] / o.holes)
            t.total.add(o.totals[s])
            t.holes_won += o.holes_won[s]
            if o.faults:
                for kind, c in o.faults[s].items():
                    if c or kind not in t.faults:  # adding 0 to a known kind: nothing
                        t.faults[kind] = t.faults.get(kind, 0) + c
            if o.disqualified and o.disqualified[s]:
                t.disqualified += 1
            if o.restarts:
                t.restarts += o.restarts[s]
        match = self.scoring == "match"
        for a in range(k):
            for b in range(a + 1, k):
                ea, eb = o.sides[a], o.sides[b]
                ka = (a in winners, o.holes_won[a] if match else -o.totals[a])
                kb = (b in winners, o.holes_won[b] if match else -o.totals[b])
                self.met[ea][eb] += 1
                self.met[eb][ea] += 1
                if ka > kb:
                    self.wins[ea][eb] += 1
                elif kb > ka:
                    self.wins[eb][ea] += 1
                else:
                    self.draws[ea][eb] += 1
                    self.draws[eb][ea] += 1
                lo, hi = (ea, eb) if ea < eb else (eb, ea)
                d = o.totals[a] - o.totals[b] if ea < eb else o.totals[b] - o.totals[a]
                run = self.diff.get((lo, hi))
                if run is None:
                    run = self.diff[(lo, hi)] = Running()
                run.add(d)
        if self.sprt is not None and 0 in o.sides and 1 in o.sides:
            a, b = o.sides.index(0), o.sides.index(1)
            if self.sprt.spec.kind == "elo":
                ka = (a in winners, o.holes_won[a] if match else -o.totals[a])
                kb = (b in winners, o.holes_won[b] if match else -o.totals[b])
                self._deal_sum += 1.0 if ka > kb else 0.0 if kb > ka else 0.5
            else:
                self._deal_sum += o.totals[a] - o.totals[b]
            self._deal_n += 1

    def close_deal(self) -> str | None:
        """End of one deal's games: feed the SPRT; its decision, if any."""
        if self.sprt is None or self._deal_n == 0:
            return self.sprt.decision if self.sprt is not None else None
        x = self._deal_sum / self._deal_n
        self._deal_sum, self._deal_n = 0.0, 0
        return self.sprt.push(x)

    def leader(self) -> tuple[str, float] | None:
        """The entrant with the best win share so far (for progress displays)."""
        best = None
        for name, t in zip(self.names, self.entrants, strict=True):
            if t.games:
                pct = t.wins / t.games
                if best is None or pct > best[1]:
                    best = (name, pct)
        return best

    # ------------------------------------------------------------------ report

    def standings(self) -> list[dict[str, Any]]:
        """One object per entrant, best first: win share, then mean strokes per hole, then name."""
        n = len(self.names)
        score = [[self.wins[i][j] + self.draws[i][j] / 2 for j in range(n)] for i in range(n)]
        ratings, ses = bradley_terry(score, self.met)
        rows = []
        for i, (name, t) in enumerate(zip(self.names, self.entrants, strict=True)):
            rows.append(
                {
                    "player": name,
                    "games": t.games,
                    "wins": t.wins,
                    "win_pct": 100.0 * t.wins / t.games if t.games else None,
                    "mean_hole_score": t.hole_mean.mean if t.games else None,
                    "mean_hole_score_ci95": t.hole_mean.ci95(),
                    "mean_total": t.total.mean if t.games else None,
                    "holes_won": t.holes_won,
                    "rating": ratings[i],
                    "rating_se": ses[i],
                    "faults": dict(t.faults),
                    "faults_total": sum(t.faults.values()),
                    "disqualified_games": t.disqualified,
                    "restarts": t.restarts,
                }
            )

        def key(r: dict[str, Any]) -> tuple[float, float, str]:
            pct = r["win_pct"] if r["win_pct"] is not None else -1.0
            mean = r["mean_hole_score"] if r["mean_hole_score"] is not None else math.inf
            return (-pct, mean, r["player"])

        rows.sort(key=key)
        for rank, r in enumerate(rows, start=1):
            r["rank"] = rank
        return [{"rank": r.pop("rank"), **r} for r in rows]

    def crosstable(self) -> list[dict[str, Any]]:
        """One object per ordered pair that met: head-to-head and stroke difference."""
        out = []
        n = len(self.names)
        for i in range(n):
            for j in range(n):
                if i == j or not self.met[i][j]:
                    continue
                run = self.diff[(min(i, j), max(i, j))]
                sign = 1.0 if i < j else -1.0
                out.append(
                    {
                        "player": self.names[i],
                        "opponent": self.names[j],
                        "games": self.met[i][j],
                        "wins": self.wins[i][j],
                        "draws": self.draws[i][j],
                        "losses": self.wins[j][i],
                        "score": self.wins[i][j] + self.draws[i][j] / 2,
                        "mean_stroke_diff": sign * run.mean,
                        "stroke_diff_ci95": run.ci95(),
                    }
                )
        return out

    def sprt_json(self) -> dict[str, Any] | None:
        if self.sprt is None:
            return None
        return self.sprt.to_json(self.names[0], self.names[1])


# --------------------------------------------------------------------------- rendering


FORMATS = ("table", "markdown", "csv", "json")

_NOTES = (
    "strokes/hole: mean of each game's total / holes, ± half-width of a Student-t 95% CI "
    "with games as the unit.",
    "rating: Bradley–Terry fit on pairwise game results, Elo scale, mean 0, ± one standard error.",
    "crosstable: row's wins-draws-losses against the column, then the mean of (row's game total "
    "− column's) on the games they shared (negative = row scored lower).",
)


def _num(v: Any, fmt: str = ".2f") -> str:
    if v is None:
        return "–"
    if fmt == "g":  # counts that may be halves or thirds (shared wins)
        return str(int(v)) if float(v).is_integer() else f"{v:.2f}".rstrip("0")
    return format(v, fmt)


def _standing_rows(report: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    match = report["run"]["format"] == "match"
    headers = ["#", "player", "games", "wins", "win %", "strokes/hole (95% CI)", "mean total"]
    if match:
        headers.append("holes won")
    headers += ["rating (±SE)", "faults"]
    rows = []
    for r in report["standings"]:
        ci = r["mean_hole_score_ci95"]
        strokes = _num(r["mean_hole_score"]) + (f" ± {ci:.2f}" if ci is not None else "")
        rating = "–" if r["rating"] is None else f"{r['rating']:+.0f}"
        if r["rating_se"] is not None:
            rating += f" ± {r['rating_se']:.0f}"
        faults = str(r["faults_total"])
        kinds = [f"{c} {k}" for k, c in r["faults"].items() if c]
        if kinds:
            faults += f" ({', '.join(kinds)})"
        if r["disqualified_games"]:
            faults += f", DQ in {r['disqualified_games']}"
        if r.get("restarts"):
            faults += f", restarted {r['restarts']}x"
        row = [
            str(r["rank"]),
            r["player"],
            str(r["games"]),
            _num(r["wins"], "g"),
            _num(r["win_pct"], ".1f"),
            strokes,
            _num(r["mean_total"], ".1f"),
        ]
        if match:
            row.append(_num(r["holes_won"], "g"))
        row += [rating, faults]
        rows.append(row)
    return headers, rows


def _cross_rows(report: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    names = [r["player"] for r in report["standings"]]
    cells = {(c["player"], c["opponent"]): c for c in report["crosstable"]}
    rows = []
    for a in names:
        row = [a]
        for b in names:
            c = cells.get((a, b))
            if a == b:
                row.append("·")
            elif c is None:
                row.append("")
            else:
                row.append(f"{c['wins']}-{c['draws']}-{c['losses']} {c['mean_stroke_diff']:+.1f}")
        rows.append(row)
    return ["", *names], rows


def _heading(report: Mapping[str, Any]) -> list[str]:
    run = report["run"]
    if run.get("seed") is not None:
        dealt = f"seed {run['seed']}"
    elif run.get("key"):  # published: the run is over
        dealt = f"key {run['key'][:12]}"
    else:
        dealt = "secret key"
    lines = [
        f"{run['name']} — {run['variant']}, {run['holes_label']}, {run['format']} play, "
        f"{'duplicate deals' if run['duplicate'] else 'independent deals'}",
        f"{dealt} · {run['games_played']} of {run['games_planned']} games "
        f"({plural(run['deals'], 'deal')} × {plural(run['tables'], 'table')} × "
        f"{plural(run['seatings'], 'seating')}) · "
        f"config {run['config_hash'][:12]}",
    ]
    if run.get("stopped"):
        lines.append(f"stopped: {run['stopped']}")
    return lines


#: The tables of a report; CSV writes one of them per stream.
CSV_TABLES = ("standings", "crosstable")
_CSV_KEYS = {
    "standings": [
        "rank",
        "player",
        "games",
        "wins",
        "win_pct",
        "mean_hole_score",
        "mean_hole_score_ci95",
        "mean_total",
        "holes_won",
        "rating",
        "rating_se",
        "faults_total",
        "disqualified_games",
        "restarts",
    ],
    "crosstable": [
        "player",
        "opponent",
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "mean_stroke_diff",
        "stroke_diff_ci95",
    ],
}


def text_table(headers: Sequence[Any], rows: Sequence[Sequence[Any]], fmt: str) -> str:
    """A plain table, or a markdown one whose cells cannot break its columns:
    a ``|`` in a player's name is escaped (tabulate leaves it as it is).
    ``fmt`` is ``table`` or ``markdown``; tournaments and scorecards share it."""
    from tabulate import tabulate

    if fmt != "markdown":
        return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)

    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|")

    return tabulate(
        [[cell(x) for x in row] for row in rows],
        headers=[cell(h) for h in headers],
        tablefmt="github",
        disable_numparse=True,
    )


def render(report: Mapping[str, Any], fmt: str, table: str = "standings") -> str:
    """The report as text in one of :data:`FORMATS`.

    CSV holds one table (``table``, one of :data:`CSV_TABLES`): a CSV reader
    expects one header and rows that all fit it, not two tables in a row."""

    if fmt == "json":
        return json.dumps(report, indent=2)
    if fmt == "csv":
        if table not in CSV_TABLES:
            raise InputError(f"unknown table {table!r} (use {', '.join(CSV_TABLES)})")
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        keys = _CSV_KEYS[table]
        w.writerow(keys)
        for r in report[table]:
            w.writerow([_csv(r[k]) for k in keys])
        return buf.getvalue().rstrip("\n")
    if fmt not in ("table", "markdown"):
        raise InputError(f"unknown format {fmt!r} (use {', '.join(FORMATS)})")
    h1, r1 = _standing_rows(report)
    h2, r2 = _cross_rows(report)
    head = _heading(report)
    sprt = report.get("sprt")
    t1 = text_table(h1, r1, fmt)
    t2 = text_table(h2, r2, fmt)
    if fmt == "markdown":
        parts = [
            f"## {head[0]}",
            "",
            *[f"{x}  " for x in head[1:]],
            "",
            "### Standings",
            "",
            t1,
            "",
            "### Crosstable",
            "",
            t2,
        ]
    else:
        parts = [*head, "", "Standings", t1, "", "Crosstable", t2]
    if sprt:
        parts += [
            "",
            f"SPRT ({sprt['kind']}): {sprt['summary']}; {sprt['deals']} deals, "
            f"LLR {', '.join(f'{v:.2f}' for v in sprt['llr'])} "
            f"(bounds {sprt['bounds'][0]:.2f}, {sprt['bounds'][1]:.2f})",
        ]
    parts.append("")
    parts += [f"* {n}" if fmt == "markdown" else n for n in _NOTES]
    return "\n".join(parts)


def _csv(v: Any) -> Any:
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.6g}"
    return v


def outcome_from_record(rec: Mapping[str, Any], index: Mapping[str, int]) -> Outcome:
    """Build an :class:`Outcome` from one ``games.jsonl`` record (tournament/worker.py)."""
    sides = tuple(index[s] for s in rec["sides"])
    k = len(sides)
    faults: list[dict[str, int]] = [dict.fromkeys(FAULT_KINDS, 0) for _ in range(k)]
    dq = [False] * k
    restarts = [0] * k
    side_of: Iterable[int] = rec["side_of"]
    seat_restarts = rec.get("restarts") or []  # absent in records of older runs
    for seat, side in enumerate(side_of):
        for kind, c in rec["faults"][seat].items():
            faults[side][kind] = faults[side].get(kind, 0) + c
        if rec["disqualified"][seat]:
            dq[side] = True
        if seat < len(seat_restarts):
            restarts[side] += seat_restarts[seat]
    return Outcome(
        deal=rec["deal"],
        sides=sides,
        totals=tuple(rec["totals"]),
        holes=rec["regulation_holes"],
        holes_won=tuple(rec["holes_won"]),
        winners=tuple(rec["winners"]),
        faults=tuple(faults),
        disqualified=tuple(dq),
        restarts=tuple(restarts),
    )
