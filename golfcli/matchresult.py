"""What a match returns: each seat's faults and clock (SeatStats), each hole
as it was played and scored (HoleRecord) and the whole game (MatchResult,
public as golfcli.MatchResult).  Apart from the match loop so that what a
game *was* reads without the machinery that plays one; compiled with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .arguments import (
    whole,
)
from .events import Event
from .faults import FAULT_KINDS
from .game import (
    match_standing,
)
from .keys import bot_seed as bot_seed  # re-exported: golf's callers seed bots with it
from .scoring import HoleScore


# The three records below write their own __init__ (init=False): the one
# dataclasses generates is interpreted Python even in the compiled build, and
# setting each field through it cost ~1-2 us a record, several a game.  Same
# parameters, same defaults; repr and == are still the dataclass's.
@dataclass(init=False)
class SeatStats:
    """Per-seat counters kept through a match (faults by kind, timings)."""

    faults: dict[str, int]
    decisions: int
    time_total: float
    time_max: float
    disqualified: bool
    last_fault: str

    def __init__(
        self,
        faults: dict[str, int] | None = None,
        decisions: int = 0,
        time_total: float = 0.0,
        time_max: float = 0.0,
        disqualified: bool = False,
        last_fault: str = "",
    ) -> None:
        self.faults = dict.fromkeys(FAULT_KINDS, 0) if faults is None else faults
        self.decisions = decisions
        self.time_total = time_total
        self.time_max = time_max
        self.disqualified = disqualified
        self.last_fault = last_fault

    def to_json(self) -> dict[str, Any]:
        return {
            "faults": dict(self.faults),
            "decisions": self.decisions,
            "time_total": round(self.time_total, 6),
            "time_max": round(self.time_max, 6),
            "disqualified": self.disqualified,
        }


@dataclass(init=False)
class HoleRecord:
    """One hole of a match: its dealer, every side's score (a forfeit's
    penalty included), who closed it and why it ended, the scored layouts
    and, when the match records them, its events (the deal and reshuffles
    with their card orders, and every move)."""

    number: int  # 1-based; playoff holes continue the count
    dealer: int
    scores: tuple[int, ...]  # per side
    closer: int | None
    end_reason: str
    playoff: bool
    forfeits: tuple[int, ...]  # sides that forfeited this hole
    score: HoleScore | None
    events: tuple[Event, ...] | None
    layouts: tuple[tuple[int, ...], ...]

    def __init__(
        self,
        number: int,
        dealer: int,
        scores: tuple[int, ...],
        closer: int | None,
        end_reason: str,
        playoff: bool = False,
        forfeits: tuple[int, ...] = (),
        score: HoleScore | None = None,
        events: tuple[Event, ...] | None = None,
        layouts: tuple[tuple[int, ...], ...] = (),
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.scores = scores
        self.closer = closer
        self.end_reason = end_reason
        self.playoff = playoff
        self.forfeits = forfeits
        self.score = score
        self.events = events
        self.layouts = layouts

    def __repr__(self) -> str:
        closed = "" if self.closer is None else f", closed by side {self.closer + 1}"
        kind = "playoff hole" if self.playoff else "hole"
        return f"<{kind} {self.number}: scores {list(self.scores)}{closed} ({self.end_reason})>"


@dataclass(init=False)
class MatchResult:
    """A finished game: per hole its record (``holes``: scores, layouts,
    events), per side the ``totals`` and ``holes_won``, the ``winners``
    (sides sharing the win) and per seat the faults and timings (``stats``).
    ``seed`` is the key the cards came from.  A notebook shows the scorecard."""

    variant: str
    seed: int | str
    names: tuple[str, ...]  # per seat
    side_names: tuple[str, ...]
    side_of: tuple[int, ...]
    scoring: str
    holes: list[HoleRecord]
    totals: list[int]
    holes_won: list[float]
    winners: list[int]  # sides sharing the win
    stats: list[SeatStats]
    extra_reveals: dict[int, int]

    def __init__(
        self,
        variant: str,
        seed: int | str,
        names: tuple[str, ...],
        side_names: tuple[str, ...],
        side_of: tuple[int, ...],
        scoring: str,
        holes: list[HoleRecord],
        totals: list[int],
        holes_won: list[float],
        winners: list[int],
        stats: list[SeatStats],
        extra_reveals: dict[int, int] | None = None,
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.names = names
        self.side_names = side_names
        self.side_of = side_of
        self.scoring = scoring
        self.holes = holes
        self.totals = totals
        self.holes_won = holes_won
        self.winners = winners
        self.stats = stats
        self.extra_reveals = {} if extra_reveals is None else extra_reveals

    def standing(self, side: object) -> str:
        """Match play's standing of ``side``: ``2 UP``, ``1 DOWN`` or ``Even``."""
        return match_standing(
            self.holes_won, whole("side", side, 0, len(self.holes_won) - 1, "a side")
        )

    @property
    def events(self) -> list[tuple[Event, ...]]:
        """Each hole's event log (empty for a match that kept none)."""
        return [h.events or () for h in self.holes]

    def __repr__(self) -> str:
        return (
            f"<MatchResult {self.variant}, {len(self.holes)} holes, {self.scoring} play: "
            f"{self._summary()}>"
        )

    def _summary(self) -> str:
        """Each side's total and who won, in words (``Ann 7, Bob 9; won by Ann``)."""
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.side_names, self.totals, strict=True))
        won = " and ".join(self.side_names[w] for w in self.winners)
        return f"{totals}; won by {won}"

    def _repr_html_(self) -> str:
        """The scorecard: each hole's scores, the result's totals (and holes won
        in match play), the winners' columns in bold."""
        from .render.pictures import html_table

        rows: list[list[object]] = []
        for h in self.holes:
            rows.append([f"{h.number}" + (" (playoff)" if h.playoff else ""), *h.scores])
        rows.append(["total", *self.totals])
        if self.scoring == "match":
            rows.append(["holes won", *(f"{w:g}" for w in self.holes_won)])
        lowest = "most holes won wins" if self.scoring == "match" else "lowest total wins"
        return html_table(
            ["hole", *self.side_names],
            rows,
            caption=f"{self.variant}: {self.scoring} play ({lowest})",
            bold_rows=[len(rows) - 1],
            bold_cols=[1 + w for w in self.winners],
            notes=[self._summary()],
        )
