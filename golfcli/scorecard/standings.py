"""Who is winning: everything ``show`` says about a card, derived from its entries.

Totals, holes won, leaders and winners by the engine's own counting
(:mod:`golfcli.game`), so a card and a played game agree hole for hole; the
card file holds only what was entered and this works out the rest each time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import count_hole, hole_winners, leaders, regulation_done
from .model import Scorecard


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


def standing(card: Scorecard) -> Standing:
    """Totals, holes won, leaders and winners by the engine's own counting
    (:func:`~golfcli.game.count_hole`): a card and a played game agree."""
    names = card.side_names
    n = len(names)
    totals = [0] * n
    won = [0.0] * n
    running: list[list[int | None]] = []
    regular = card.regular
    played = len(regular)
    ended_early: int | None = None
    k = 0  # regular holes counted so far
    for h in card.played:
        if h.playoff:
            running.append([h.scores[m].score if m in h.scores else None for m in names])
            continue
        count_hole(totals, won, [h.scores[m].score for m in names])
        running.append(list(totals))
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
    ahead = leaders(card.scoring, totals, won)
    to_par = None
    if card.kind == "mini" and card.par is not None:
        to_par = [sum(h.scores[m].score - card.par[h.number - 1] for h in regular) for m in names]
    winners: list[int] = []
    if finished:
        winners = list(ahead)
        for h in card.played:
            if h.playoff and len(winners) > 1:
                among = [i for i in winners if names[i] in h.scores]
                if among:
                    scores = [h.scores[m].score if m in h.scores else 0 for m in names]
                    winners = hole_winners(scores, among)
        ahead = winners
    return Standing(
        totals=totals,
        running=running,
        holes_won=won if card.scoring == "match" else None,
        to_par=to_par,
        finished=finished,
        holes_left=left,
        leaders=ahead,
        winners=winners,
        tied=finished and len(winners) > 1,
        ended_early=ended_early,
    )
