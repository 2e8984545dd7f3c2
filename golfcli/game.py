"""The rules of a game of many holes, apart from playing one: who deals each
hole, how holes add up (stroke and match play), when the regulation holes
are over, who leads and who wins.

One statement of them for everything that counts a game: the match runner
(:class:`~golfcli.match.Match`), the terminal's scorecard and replays
(``tui``) and the scorecards of games played with real cards (``golf card``),
so a played game and a paper card agree hole for hole.  Nothing here runs a
bot or a hole: ``golf card`` imports it without the bot runner.

Compiled with mypyc with the match runner, which calls it once per hole.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol


def dealer_of(number: int, players: int) -> int:
    """The seat that deals hole ``number`` (1-based; playoff holes continue the
    count): seat 0 deals the first hole and the deal moves one seat to the
    left each hole (docs/rules.md §3).

    >>> [dealer_of(h, 3) for h in range(1, 6)]
    [0, 1, 2, 0, 1]
    """
    return (number - 1) % players


def side_names(names: Sequence[str], side_of: Sequence[int], groups: int) -> tuple[str, ...]:
    """Each side's name: its players' names joined with " & " (one per game,
    so loops rather than nested generators, which cost more when compiled)."""
    members: list[list[str]] = [[] for _ in range(groups)]
    for name, side in zip(names, side_of, strict=True):
        members[side].append(name)
    return tuple([" & ".join(m) for m in members])


def match_standing(won: Sequence[float], side: int) -> str:
    """'N UP', 'N DOWN' or 'Even' against the best other side (match play)."""
    others = [w for i, w in enumerate(won) if i != side]
    if not others:
        return "Even"
    diff = won[side] - max(others)
    if diff == 0:
        return "Even"
    amount = f"{abs(diff):g}"
    return f"{amount} UP" if diff > 0 else f"{amount} DOWN"


def hole_winners(scores: Sequence[int], among: Sequence[int] | None = None) -> list[int]:
    """The sides with the lowest score (of ``among`` only, in a playoff)."""
    idx = list(among) if among is not None else list(range(len(scores)))
    low = min(scores[i] for i in idx)
    return [i for i in idx if scores[i] == low]


def regulation_done(
    played: int,
    holes: int | None,
    max_holes: int | None,
    totals: Sequence[int],
    target: int | None,
    target_rule: str,
) -> bool:
    """Whether the regulation holes are over: a fixed number of holes played,
    or (a game to a target) a side has reached or passed it, or the cap on
    holes is hit.  One function for a played match and a paper scorecard
    (``golf card``), so both end a game on the same hole."""
    if holes is not None:
        return played >= holes
    if max_holes is not None and played >= max_holes:
        return True
    t = target or 0
    if target_rule == "reach":
        return any(x >= t for x in totals)
    return any(x > t for x in totals)


def leaders(scoring: str, totals: Sequence[int], won: Sequence[float]) -> list[int]:
    """The sides leading now: most holes won (match play) or the lowest total."""
    if scoring == "match":
        best = max(won)
        return [i for i, w in enumerate(won) if w == best]
    return hole_winners(totals)


class ScoredHole(Protocol):
    """A finished hole as the scorecard needs it (a played hole,
    :class:`~golfcli.match.HoleRecord`, or a hole read back from a record)."""

    @property
    def number(self) -> int: ...
    @property
    def playoff(self) -> bool: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


def count_hole(totals: list[int], won: list[float], scores: Sequence[int]) -> None:
    """Add one regulation hole to the running totals and holes won: the lowest
    score wins the hole, and a tied hole is halved (shared among the tied
    sides).  Playoff holes are not counted: they only break a tie."""
    for i, s in enumerate(scores):
        totals[i] += s
    winners = hole_winners(scores)
    for w in winners:
        won[w] += 1 / len(winners)


def tally(holes: Iterable[ScoredHole], sides: int) -> tuple[list[int], list[float]]:
    """Totals and holes won per side after ``holes``, as a match counts them.

    >>> from types import SimpleNamespace as Hole
    >>> holes = [Hole(number=1, playoff=False, scores=(3, 5)),
    ...          Hole(number=2, playoff=False, scores=(4, 4)),
    ...          Hole(number=3, playoff=True, scores=(9, 2))]
    >>> tally(holes, 2)
    ([7, 9], [1.5, 0.5])
    """
    totals, won = [0] * sides, [0.0] * sides
    for hole in holes:
        if not hole.playoff:
            count_hole(totals, won, hole.scores)
    return totals, won
