"""Tournament statistics: streaming aggregates, paired comparisons, ratings
and the sequential test.

Everything here is *streaming*: :class:`Tally` keeps a fixed number of
counters per entrant and per pair of entrants, whatever the number of games,
so a run of a million games needs the same memory as a run of ten.  The
mathematics (intervals, the likelihood ratio, Bradley-Terry) is in
:mod:`golfcli.inference`; the words and tables are in :mod:`golfcli.render`.

Definitions (in words in docs/tournament.md):

* **the deal is the unit** -- the games of one deal (its seatings and
  tables) share its cards, so they are not independent; every interval
  here treats a deal as one observation: a pair's per-deal mean, an
  entrant's wins over its games in the deal.  With duplicate deals this is
  fishtest's game pair generalised: two entrants meet in ``n`` games of a
  deal, each scored 1, 1/2 or 0, and the deal's result is one of the
  ``2n + 1`` values 0, 1/(2n), ..., 1 (the pentanomial when ``n = 2``);
  with independent deals the games of one round of tables simply share a
  deal number;
* **win share** -- a game's winners split one win (two tied winners get
  0.5 each); its interval is the ratio's, deals as clusters;
* **strokes per hole** -- for each game, the entrant's game total divided by
  the regulation holes played; the standings show the mean of these
  per-game means, its 95% interval the ratio's (sum of the per-game means
  over games), deals as clusters: a deal that dealt everyone high cards
  raises every game of it (a guide: see the pairs for comparisons);
* **pairwise results** -- a game with several sides counts once for every
  pair of sides in it: a winner beats a non-winner, otherwise the lower
  total (stroke play) or the more holes won (match play) beats the other,
  equal is a draw;
* **margin** -- what a pair's comparison is about: in stroke play the
  strokes a hole one scored fewer than the other, in match play the holes a
  game one won more; averaged per deal, with a t interval over deals and
  the likelihood of superiority (LOS);
* **rating** -- a Bradley-Terry fit on the pairwise results (draws count
  half a win each way, plus one virtual draw per pair that met, so a
  perfect record stays finite), on the Elo scale (400 * log10), centred on
  a mean of 0, with standard errors from the inverse Fisher information;
* **SPRT** -- see :class:`golfcli.sprt.Sprt`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .exceptions import InputError
from .faults import FAULT_KINDS
from .inference import (
    ELO,
    Ratio,
    Running,
    Trace,
    bradley_terry,
    deals_to_separate,
    elo_score,
    score_elo,
    t975,
)
from .render import plural
from .sprt import TRACE_POINTS, Sprt, SprtField, SprtSpec
from .verdicts import (
    holm,
    order_by_pairs,
    pair_strengths,
    rank_groups,
    score_interval,
    share_interval,
    two_sided_p,
)

__all__ = [
    "ELO",
    "FAULT_KINDS",
    "RESOLUTION",
    "Outcome",
    "Running",
    "Sprt",
    "SprtSpec",
    "Tally",
    "bradley_terry",
    "elo_score",
    "outcome_from_record",
    "plural",
    "t975",
]

#: The difference a power estimate is made for: half a stroke a hole in
#: stroke play, half a hole won a game in match play.
RESOLUTION = 0.5

#: The chance of a wrong "better" a report allows, over all its pairs together
#: (Holm's rule across the pairs: :func:`golfcli.verdicts.holm`).
ALPHA = 0.05


@dataclass(frozen=True)
class Outcome:
    """One finished game, as the statistics see it.

    ``sides[k]`` is the entrant playing side ``k``; ``totals``, ``holes_won``
    are per side; ``winners`` are side indices sharing the win; ``holes`` is
    the number of regulation holes (playoff holes decide ``winners`` only);
    ``faults[k]`` counts side ``k``'s faults by kind (all its members);
    ``disqualified[k]`` is true if a member of side ``k`` was disqualified;
    ``restarts[k]`` counts how often its external programs were started again;
    ``hole_scores[k]`` are side ``k``'s scores on the regulation holes.
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
    hole_scores: tuple[tuple[int, ...], ...] = ()
    game: int = -1  # the game's number in its run (golf replay DIR --game N), -1 unknown


#: Deals kept per pair and side as the ones it lost most (the report's
#: "deals lost most", each with a game to replay).
LOST_MOST = 3


@dataclass
class EntrantTally:
    games: int = 0
    wins: float = 0.0
    # per-game strokes a hole: their sum over games, deals as clusters (closed deals)
    hole_mean: Ratio = field(default_factory=Ratio)
    total: Running = field(default_factory=Running)
    holes_won: float = 0.0
    faults: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULT_KINDS, 0))
    disqualified: int = 0
    restarts: int = 0
    win_share: Ratio = field(default_factory=Ratio)  # wins over games, deals as clusters
    hole_scores: dict[int, int] = field(default_factory=dict)  # regulation hole score -> count


@dataclass
class PairTally:
    """Two entrants i < j, one observation per deal they met in (i's side of it)."""

    games: int = 0
    score: Running = field(default_factory=Running)  # i's mean pairwise score in the deal
    margin: Running = field(default_factory=Running)  # i's mean margin in the deal
    # the deals each lost most: (its margin in the deal, deal, its worst game's
    # number), most lost first, at most LOST_MOST; [0] for i, [1] for j
    lost: tuple[list[tuple[float, int, int]], list[tuple[float, int, int]]] = field(
        default_factory=lambda: ([], [])
    )

    def keep_lost(self, side: int, margin: float, deal: int, game: int) -> None:
        """Keep this deal if it is among the LOST_MOST that ``side`` lost most."""
        lost = self.lost[side]
        if margin >= 0 or (len(lost) == LOST_MOST and margin >= lost[-1][0]):
            return
        lost.append((margin, deal, game))
        lost.sort()
        del lost[LOST_MOST:]


# --------------------------------------------------------------------------- the tally


def place_key(won: bool, total: float, holes_won: float, match: bool) -> tuple[bool, float]:
    """How a side placed in a game, to compare with another side (larger is
    better): a winner of the game beats a non-winner; otherwise more holes
    won (match play) or the lower total (stroke play); equal is a draw.  The
    standings' pairwise results and the ratings database both place sides so."""
    return (won, holes_won if match else -total)


class Tally:
    """Streaming aggregates over games, in the order they are added.

    Games arrive deal by deal (a tournament adds them in index order, and a
    deal's games are consecutive); a game of a new deal closes the one before.
    ``sprt`` (optional) is fed at :meth:`close_deal`, which the runner calls
    at the end of every deal: a deal closed any other way (the partial deals
    of an interrupted run) counts in every statistic but the SPRT.
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
        self.pair: dict[tuple[int, int], PairTally] = {}
        self.games = 0
        self.deals = 0  # deals closed
        self.sprt = SprtField(sprt, self.names) if sprt is not None else None
        self.rating_trace = Trace(TRACE_POINTS // 2)  # n x n results per point
        # the deal being added: its number, and per entrant [games, wins, the sum
        # of its per-game strokes a hole], per
        # pair (i < j) [games, i's score, i's margin, i's total - j's]
        self._deal: int | None = None
        self._open_e: dict[int, list[float]] = {}
        self._open_p: dict[tuple[int, int], list[float]] = {}

    def add(self, o: Outcome) -> None:
        k = len(o.sides)
        if not (len(o.totals) == len(o.holes_won) == k) or o.holes < 1:
            raise InputError(
                "an outcome needs one total and holes-won per side and at least one hole"
            )
        if self._deal is not None and o.deal != self._deal:
            self._close(feed_sprt=False)
        self._deal = o.deal
        self.games += 1
        share = 1.0 / len(o.winners) if o.winners else 0.0
        winners = set(o.winners)
        for s, e in enumerate(o.sides):
            t = self.entrants[e]
            t.games += 1
            won = share if s in winners else 0.0
            t.wins += won
            open_e = self._open_e.setdefault(e, [0.0, 0.0, 0.0])
            open_e[0] += 1
            open_e[1] += won
            open_e[2] += o.totals[s] / o.holes
            t.total.add(o.totals[s])
            t.holes_won += o.holes_won[s]
            if o.hole_scores:
                for x in o.hole_scores[s]:
                    t.hole_scores[x] = t.hole_scores.get(x, 0) + 1
            if o.faults:
                for kind, c in o.faults[s].items():
                    if c or kind not in t.faults:  # adding 0 to a known kind: nothing
                        t.faults[kind] = t.faults.get(kind, 0) + c
            if o.disqualified and o.disqualified[s]:
                t.disqualified += 1
            if o.restarts:
                t.restarts += o.restarts[s]
        match = self.scoring == "match"
        for x in range(k):
            for y in range(x + 1, k):
                a, b = (x, y) if o.sides[x] < o.sides[y] else (y, x)
                self._add_pair(o, a, b, winners, match)

    def _add_pair(self, o: Outcome, a: int, b: int, winners: set[int], match: bool) -> None:
        """Sides ``a`` and ``b`` of one game, entrants i < j."""
        i, j = o.sides[a], o.sides[b]
        ka = place_key(a in winners, o.totals[a], o.holes_won[a], match)
        kb = place_key(b in winners, o.totals[b], o.holes_won[b], match)
        self.met[i][j] += 1
        self.met[j][i] += 1
        if ka > kb:
            self.wins[i][j] += 1
            score = 1.0
        elif kb > ka:
            self.wins[j][i] += 1
            score = 0.0
        else:
            self.draws[i][j] += 1
            self.draws[j][i] += 1
            score = 0.5
        d = o.totals[a] - o.totals[b]
        run = self.diff.get((i, j))
        if run is None:
            run = self.diff[(i, j)] = Running()
        run.add(d)
        margin = o.holes_won[a] - o.holes_won[b] if match else -d / o.holes
        acc = self._open_p.setdefault((i, j), [0.0, 0.0, 0.0, 0.0, -math.inf, -1, math.inf, -1])
        acc[0] += 1
        acc[1] += score
        acc[2] += margin
        acc[3] += d
        # the deal's game each lost most (by the margin, ties to the first):
        # the one its "deals lost most" line offers to replay
        if margin < acc[6]:
            acc[6], acc[7] = margin, o.game
        if margin > acc[4]:
            acc[4], acc[5] = margin, o.game

    def close_deal(self) -> str | None:
        """End of one deal's games: feed the SPRT; "decided" once every test has."""
        self._close(feed_sprt=True)
        if self.sprt is None:
            return None
        return "decided" if self.sprt.decided else None

    def _close(self, feed_sprt: bool) -> None:
        if self._deal is None:
            return
        for e, (g, w, h) in self._open_e.items():
            self.entrants[e].win_share.add(w, g)
            self.entrants[e].hole_mean.add(h, g)
        for key, (g, score, margin, _, _, j_worst, _, i_worst) in self._open_p.items():
            p = self.pair.get(key)
            if p is None:
                p = self.pair[key] = PairTally()
            p.games += int(g)
            p.score.add(score / g)
            p.margin.add(margin / g)
            p.keep_lost(0, margin / g, self._deal, int(i_worst))
            p.keep_lost(1, -margin / g, self._deal, int(j_worst))
        if feed_sprt and self.sprt is not None:
            c = self.sprt.candidate
            for b, test in self.sprt.tests:
                acc = self._open_p.get((min(c, b), max(c, b)))
                if acc is None:
                    continue  # they did not meet in this deal
                g, score, _, d = acc[:4]
                if test.spec.kind == "elo":
                    x = score / g if c < b else 1.0 - score / g
                else:
                    x = d / g if c < b else -d / g
                test.push(x)
        self.deals += 1
        if self.rating_trace.due(self.deals):
            # the results so far, not the ratings: they are fitted once, for the report
            n = len(self.names)
            results = [self.wins[i][j] + self.draws[i][j] / 2 for i in range(n) for j in range(n)]
            self.rating_trace.add(self.deals, [*results, *(m for row in self.met for m in row)])
        self._deal = None
        self._open_e.clear()
        self._open_p.clear()

    def flush(self) -> None:
        """Close the deal being added (the report reads closed deals only)."""
        self._close(feed_sprt=False)

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

    def ratings(self) -> tuple[list[float | None], list[float | None]]:
        n = len(self.names)
        score = [[self.wins[i][j] + self.draws[i][j] / 2 for j in range(n)] for i in range(n)]
        return bradley_terry(score, self.met)

    def _ratings_at(self, snapshot: Sequence[float | None]) -> list[float | None]:
        """The ratings of a trace point's results (scores, then games, n x n each)."""
        n = len(self.names)
        flat = [v or 0.0 for v in snapshot]
        score = [flat[i * n : (i + 1) * n] for i in range(n)]
        met = [[int(v) for v in flat[n * n + i * n : n * n + (i + 1) * n]] for i in range(n)]
        return bradley_terry(score, met)[0]

    def _pair(self, i: int, j: int) -> tuple[PairTally | None, float]:
        """The pair's tally and the sign that orients it from i's side."""
        if i < j:
            return self.pair.get((i, j)), 1.0
        return self.pair.get((j, i)), -1.0

    def standings(self) -> list[dict[str, Any]]:
        """One object per entrant, best first in the order the pairs support
        (:meth:`_order`), each with the run of places the data do not order
        (``rank_group``) and whether its pair with the next one down
        separates them (``separated_from_next``, after Holm's rule over the
        report's pairs, as the pairs say it)."""
        self.flush()
        ratings, ses = self.ratings()
        strengths = self._strengths()
        rows: dict[int, dict[str, Any]] = {}
        for i, (name, t) in enumerate(zip(self.names, self.entrants, strict=True)):
            ci = t.win_share.ci95()
            share = share_interval(t.win_share)
            rows[i] = {
                "player": name,
                "games": t.games,
                "wins": t.wins,
                "win_pct": 100.0 * t.wins / t.games if t.games else None,
                "win_pct_lo": None if share is None else 100.0 * share.lo,
                "win_pct_hi": None if share is None else 100.0 * share.hi,
                "win_pct_ci95": None if ci is None else 100.0 * ci,
                "mean_hole_score": t.hole_mean.value,
                "mean_hole_score_ci95": t.hole_mean.ci95(),
                "mean_total": t.total.mean if t.games else None,
                "holes_won": t.holes_won,
                "holes_won_per_game": t.holes_won / t.games if t.games else None,
                "strength": strengths[i],
                "rating": ratings[i],
                "rating_se": ses[i],
                "faults": dict(t.faults),
                "faults_total": sum(t.faults.values()),
                "disqualified_games": t.disqualified,
                "restarts": t.restarts,
            }
        tests = self._tests()
        order = self._order(rows, strengths)
        groups = rank_groups(order, lambda i, j: self._separated(i, j, tests))
        out = []
        for k, i in enumerate(order):
            sep, los = None, None
            if k + 1 < len(order):
                pair, sign = self._pair(i, order[k + 1])
                if pair is not None and pair.margin.n > 1:
                    sep = self._separated(i, order[k + 1], tests) == 1
                    los = _seen_from(sign, pair.margin.prob_above(0.0))
                elif pair is not None:
                    sep = False
            out.append(
                {
                    "rank": k + 1,
                    **rows[i],
                    "separated_from_next": sep,
                    "los_vs_next": los,
                    "rank_group": groups[k],
                }
            )
        return out

    def _strengths(self) -> list[float | None]:
        """Each entrant's paired advantage over the field, fitted to every
        pair's mean margin (:func:`golfcli.verdicts.pair_strengths`, deals
        as weights): strokes a hole fewer (match play: holes a game more)."""
        margins = {key: (p.margin.mean, float(p.margin.n)) for key, p in self.pair.items()}
        return pair_strengths(len(self.names), margins)

    def _order(
        self, rows: Mapping[int, Mapping[str, Any]], strengths: Sequence[float | None]
    ) -> list[int]:
        """The standings' order, as the pairs support it: by the fitted paired
        strength (entrants in no pair last), ties by :meth:`_rank_key`; then
        any two neighbours whose own pair favours the lower one are swapped
        (:func:`golfcli.verdicts.order_by_pairs`), so that "ahead of next"
        never contradicts the order."""

        def key(i: int) -> tuple[float, tuple[float, float, str]]:
            s = strengths[i]
            return (math.inf if s is None else -s, self._rank_key(rows[i]))

        def ahead(i: int, j: int) -> int:
            pair, sign = self._pair(i, j)
            if pair is None or not pair.margin.n:
                return 0
            d = sign * pair.margin.mean
            return 1 if d > 0 else -1 if d < 0 else 0

        return order_by_pairs(sorted(rows, key=key), ahead)

    def _tests(self) -> dict[tuple[int, int], tuple[float | None, float | None]]:
        """Per pair (i < j) the two-sided p-value of its margin (no
        difference) and Holm's adjustment of it over every pair of the
        report: the family whose false "better"s the report keeps under
        :data:`ALPHA` together."""
        keys = sorted(self.pair)
        raw = [two_sided_p(self.pair[k].margin) for k in keys]
        return dict(zip(keys, zip(raw, holm(raw), strict=True), strict=True))

    def _separated(
        self, i: int, j: int, tests: Mapping[tuple[int, int], tuple[float | None, float | None]]
    ) -> int:
        """1 when the report calls i better than j, -1 when j better than i,
        0 when it calls neither (or they never met): the pair's 95% interval
        leaves out no difference and, with more than one pair, its Holm-
        adjusted p-value is below :data:`ALPHA` (one pair: the interval alone,
        so the verdict and the interval shown never disagree)."""
        pair, sign = self._pair(i, j)
        if pair is None:
            return 0
        lo, hi = _interval(pair.margin, 1.0)
        if lo is None or hi is None or lo <= 0 <= hi:
            return 0
        if len(tests) > 1:
            adjusted = tests[(min(i, j), max(i, j))][1]
            if adjusted is None or adjusted >= ALPHA:
                return 0
        return int(sign) if lo > 0 else -int(sign)

    def _rank_key(self, r: Mapping[str, Any]) -> tuple[float, float, str]:
        """Strokes a hole (stroke play, fewer first) or holes won a game (match
        play, more first): the measure the format scores, over every game;
        then win share, then name.  Orders entrants the pairs leave equal."""
        if r["games"] == 0:
            return (math.inf, math.inf, r["player"])
        first = r["mean_hole_score"] if self.scoring == "stroke" else -r["holes_won_per_game"]
        return (first, -r["win_pct"], r["player"])

    def pairs(self, resolution: float = RESOLUTION) -> list[dict[str, Any]]:
        """Every pair that met, the better-looking one first (``a``): paired
        per-deal margin with its t interval, its p-value (``p_value``) and
        Holm's adjustment over the report's pairs (``p_holm``, of
        ``comparisons`` tests), LOS, pairwise score and its Elo (the two ends
        of each interval: a score's is cut at 0 and 1, an Elo's lopsided),
        and the deals a difference of ``resolution`` would need.
        ``separated`` is the verdict ("better"): the margin's interval leaves
        out no difference and, with several pairs, Holm's rule agrees;
        ``separated_unadjusted`` is the interval alone."""
        self.flush()
        tests = self._tests()
        comparisons = sum(1 for raw, _ in tests.values() if raw is not None)
        out: list[dict[str, Any]] = []
        for (i, j), p in sorted(self.pair.items()):
            sign = 1.0 if p.margin.mean >= 0 else -1.0
            a, b = (i, j) if sign > 0 else (j, i)
            lo, hi = _interval(p.margin, sign)
            score = 0.5 + sign * (p.score.mean - 0.5)
            # the score's interval: Wilson's over deals (lopsided near 0 and 1,
            # never a point), turned to a's side; its Elo is read from its ends
            found = score_interval(p.score, p.games)
            slo = shi = None
            if found is not None:
                slo, shi = (found.lo, found.hi) if sign > 0 else (1 - found.hi, 1 - found.lo)
            separated = self._separated(a, b, tests) == 1
            raw, adjusted = tests[(i, j)]
            need = deals_to_separate(p.margin.sd, resolution) if p.margin.n > 1 else None
            out.append(
                {
                    "a": self.names[a],
                    "b": self.names[b],
                    "deals": p.margin.n,
                    "games": p.games,
                    "margin": sign * p.margin.mean,
                    "margin_ci95": p.margin.ci95(),
                    "margin_lo": lo,
                    "margin_hi": hi,
                    "los": _seen_from(sign, p.margin.prob_above(0.0)),
                    "p_value": raw,
                    "p_holm": adjusted,
                    "comparisons": comparisons,
                    "separated": separated,
                    "separated_unadjusted": lo is not None and lo > 0,
                    "resolution": resolution,
                    "deals_for_resolution": None if need is None else math.ceil(need),
                    "more_deals": None
                    if need is None or separated
                    else max(0, math.ceil(need) - p.margin.n),
                    "score": score,
                    "score_ci95": p.score.ci95(),
                    "score_lo": slo,
                    "score_hi": shi,
                    "los_score": _seen_from(sign, p.score.prob_above(0.5)),
                    "elo": score_elo(score),
                    "elo_lo": None if slo is None else score_elo(slo),
                    "elo_hi": None if shi is None else score_elo(shi),
                    "elo_ci95": None
                    if slo is None or shi is None
                    else (score_elo(shi) - score_elo(slo)) / 2,
                    # the deals each lost most to the other, most first: how
                    # much (the margin's unit), and its worst game to replay
                    "lost_most": {
                        side: [
                            {"deal": deal, "by": -m, "game": None if game < 0 else game}
                            for m, deal, game in p.lost[k]
                        ]
                        for side, k in ((self.names[a], int(a != i)), (self.names[b], int(b != i)))
                    },
                }
            )
        out.sort(key=lambda r: (not r["separated"], -r["margin"], r["a"], r["b"]))
        return out

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

    def hole_scores(self) -> list[dict[str, Any]]:
        """Per entrant, how often it scored each hole score (regulation holes)."""
        return [
            {"player": name, "counts": [[s, c] for s, c in sorted(t.hole_scores.items())]}
            for name, t in zip(self.names, self.entrants, strict=True)
        ]

    def ratings_over_run(self) -> dict[str, Any]:
        """The ratings after deal ``d``, for the kept deals and the last."""
        self.flush()
        points = [(d, tuple(self._ratings_at(snap))) for d, snap in self.rating_trace.series()]
        if self.deals and (not points or points[-1][0] != self.deals):
            points.append((self.deals, tuple(self.ratings()[0])))
        return {
            "players": list(self.names),
            "points": [[d, *(None if v is None else round(v, 2) for v in vs)] for d, vs in points],
        }

    def sprt_json(self) -> dict[str, Any] | None:
        return None if self.sprt is None else self.sprt.to_json()


def _seen_from(sign: float, prob: float | None) -> float | None:
    """A probability about the pair's first entrant, seen from the side ``sign`` picks."""
    if prob is None:
        return None
    return prob if sign > 0 else 1.0 - prob


def _interval(run: Running, sign: float, centre: float = 0.0) -> tuple[float | None, float | None]:
    """The 95% interval of a running mean seen from the side ``sign`` picks
    (``centre`` is the value the sign flips around: 0 for a difference, 0.5
    for a score)."""
    ci = run.ci95()
    if ci is None:
        return None, None
    mean = centre + sign * (run.mean - centre)
    return mean - ci, mean + ci


# --------------------------------------------------------------------------- records


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
        hole_scores=_hole_scores(rec, k),
        game=rec.get("game", -1),
    )


def _hole_scores(rec: Mapping[str, Any], k: int) -> tuple[tuple[int, ...], ...]:
    """Each side's scores on the regulation holes (records list them hole by hole)."""
    holes = rec.get("holes")
    if not isinstance(holes, list):
        return ()
    regulation = holes[: rec["regulation_holes"]]
    return tuple(tuple(h[s] for h in regulation) for s in range(k))
