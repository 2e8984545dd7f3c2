"""Who is winning: everything ``show`` says about a card, derived from its entries.

Totals, holes won, leaders and winners by the engine's own counting
(:mod:`golfcli.game`: the lowest score wins a hole, a tie halves it), so a
card and a played game agree hole for hole; the card file holds only what
was entered and this works out the rest each time.

What a table adds to a played game:

* a player who left the game keeps the total of the holes they played and
  is out of the running (leaders and winners are among the players still
  playing); a hole counts among the sides that played it;
* a playoff hole decides among the tied sides only when every one of them
  played it: a correction that adds a side to the tie (or settles it
  outright) leaves an earlier playoff hole standing in the card but no
  longer counting (:attr:`Standing.void_playoffs`), so a winner is never
  named from a playoff that someone tied did not play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..game import hole_winners, leaders, regulation_done
from .model import EnteredHole, Scorecard


@dataclass
class Standing:
    """Everything ``show`` says about a card, derived from its entries."""

    totals: list[int]  # per side, regular holes
    running: list[list[int | None]]  # per played hole, per side (None: not in that hole)
    holes_won: list[float] | None  # match play
    to_par: list[int] | None  # mini golf with par
    finished: bool
    holes_left: int | None  # None for a target game
    leaders: list[int]  # sides leading now (after playoffs, when finished)
    winners: list[int]  # empty until the game is finished
    tied: bool  # finished with more than one winner
    # the regular hole the game ended on when more regular holes follow it (a
    # fix made someone reach the target sooner): a card must not count them
    ended_early: int | None
    #: per played hole, the sides with its lowest score among those who played it
    #: (one: the hole's winner; several: halved, or a playoff still tied)
    won_by: list[list[int]]
    #: match play: per played hole, the match after it ("Ann 1 UP", "all square");
    #: None for a playoff hole, and for every hole in stroke play
    match: list[str | None]
    #: playoff holes that do not count, each as (its index in ``card.played``, the
    #: sides tied at its turn): not played by every one of them, or played when
    #: one side had already won (a correction since settled the tie)
    void_playoffs: list[tuple[int, list[int]]]
    #: the winner was settled by playoff holes (not by the regular holes alone)
    by_playoff: bool


def standing(card: Scorecard) -> Standing:
    """Totals, holes won, leaders and winners (see the module's notes)."""
    names = card.side_names
    n = len(names)
    totals = [0] * n
    won = [0.0] * n
    active = card.active
    running: list[list[int | None]] = []
    won_by: list[list[int]] = []
    match: list[str | None] = []
    regular = card.regular
    played = len(regular)
    ended_early: int | None = None
    k = 0  # regular holes counted so far
    for h in card.played:
        present, scores = _scores(h, names)
        won_by.append(hole_winners(scores, present))
        if h.playoff:
            running.append([scores[i] if i in present else None for i in range(n)])
            match.append(None)
            continue
        for i in present:
            totals[i] += scores[i]
        for w in won_by[-1]:  # a halved hole is shared, as game.count_hole shares it
            won[w] += 1 / len(won_by[-1])
        running.append([totals[i] if i in present else None for i in range(n)])
        match.append(_match(names, won, active) if card.scoring == "match" else None)
        k += 1
        if (
            ended_early is None
            and k < played
            and regulation_done(
                k, card.holes, card.max_holes, totals, card.target, card.target_rule
            )
        ):
            ended_early = k
    finished = bool(regular) and regulation_done(
        played, card.holes, card.max_holes, totals, card.target, card.target_rule
    )
    left: int | None
    if card.holes is not None:
        left = max(0, card.holes - played)
    else:
        left = 0 if card.max_holes is not None and played >= card.max_holes else None
    ahead = _leading(card.scoring, totals, won, active)
    winners: list[int] = []
    void: list[tuple[int, list[int]]] = []
    settled = False
    if finished:
        winners = list(ahead)
        for index, h in enumerate(card.played):
            if not h.playoff:
                continue
            present, scores = _scores(h, names)
            if len(winners) > 1 and set(winners) <= set(present):
                winners = hole_winners(scores, winners)
                settled = True
            else:
                void.append((index, list(winners)))
        ahead = winners
    return Standing(
        totals=totals,
        running=running,
        holes_won=won if card.scoring == "match" else None,
        to_par=_to_par(card, regular, names),
        finished=finished,
        holes_left=left,
        leaders=ahead,
        winners=winners,
        tied=finished and len(winners) > 1,
        ended_early=ended_early,
        won_by=won_by,
        match=match,
        void_playoffs=void,
        by_playoff=settled and len(winners) == 1,
    )


def _scores(h: EnteredHole, names: Sequence[str]) -> tuple[list[int], list[int]]:
    """The sides that played a hole, and every side's score on it (0 where
    none: never compared, as only the sides that played are)."""
    present = [i for i, m in enumerate(names) if m in h.scores]
    return present, [h.scores[m].score if m in h.scores else 0 for m in names]


def _leading(scoring: str, totals: list[int], won: list[float], active: list[int]) -> list[int]:
    """The sides still playing that lead: most holes won (match play) or the
    lowest total (:func:`golfcli.game.leaders`, among them)."""
    ahead = leaders(scoring, [totals[i] for i in active], [won[i] for i in active])
    return [active[i] for i in ahead]


def _match(names: Sequence[str], won: list[float], active: list[int]) -> str:
    """The match after a hole, as match players say it: the leader and by how
    many holes ("Ann 1 UP"), or "all square" when the lead is shared."""
    ahead = _leading("match", [0] * len(won), won, active)
    if len(ahead) != 1:
        return "all square"
    lead = ahead[0]
    others = [won[i] for i in active if i != lead]
    return f"{names[lead]} {won[lead] - max(others):g} UP" if others else f"{names[lead]}"


def _to_par(card: Scorecard, regular: list[EnteredHole], names: list[str]) -> list[int] | None:
    """Mini golf: each side's strokes against the par of the holes whose par
    is known (None when no hole's is)."""
    if card.kind != "mini" or card.par is None or all(p is None for p in card.par):
        return None
    out = [0] * len(names)
    for h in regular:
        par = card.par_of(h)
        if par is None:
            continue
        for i, m in enumerate(names):
            if m in h.scores:
                out[i] += h.scores[m].score - par
    return out


def nines(card: Scorecard) -> list[tuple[str, int, list[int | None], int | None]]:
    """Out (holes 1-9) and In (10-18) of an 18-hole card, as golf cards add
    them up: (the row's name, the hole it follows, each side's strokes over
    that nine once the side has all nine in (else None), the nine's par when
    every hole's par is known).  None in match play, where holes are won,
    not added, and on a card of another length."""
    if card.holes != 18 or card.scoring == "match":
        return []
    names = card.side_names
    out: list[tuple[str, int, list[int | None], int | None]] = []
    for label, span in (("Out", range(1, 10)), ("In", range(10, 19))):
        holes = [h for h in card.regular if h.number in span]
        sums: list[int | None] = []
        for n in names:
            mine = [h.scores[n].score for h in holes if n in h.scores]
            sums.append(sum(mine) if len(mine) == len(span) else None)
        pars = [card.par[h - 1] for h in span] if card.par is not None else []
        par = sum(p for p in pars if p is not None) if pars and None not in pars else None
        out.append((label, span.stop - 1, sums, par))
    return out
