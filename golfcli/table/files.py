"""A table's game kept: the record ``golf replay`` reads, and the card
``golf card`` keeps.

Both are written hole by hole, as the holes finish, so a server that stops
keeps every finished hole: the record line by line (:mod:`golfcli.record`'s
writer, each line flushed), the card with the card's own atomic writes
under its lock, one change per hole as ``golf card add`` makes them.  The
record is kept in memory too, for a page to download.

The card is written by the scorecard's own operations
(:mod:`golfcli.scorecard.ops`: ``start_card``, then ``add_hole`` or, for a
tie's playoff, ``playoff_hole`` with each hole's scores), as a person at the
table would enter them with ``golf card add``.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from ..exceptions import InputError
from ..match import Match
from ..matchresult import HoleRecord, MatchResult
from ..record import RecordWriter, header, hole_line, result_line


class GameFiles:
    """The record (in memory, and under ``folder`` when given) and the card
    (under ``folder``) of one table's game."""

    def __init__(
        self,
        match: Match,
        folder: Path | None,
        stem: str,
        variant_source: str,
        title: str,
    ) -> None:
        self.match = match
        head = header(match.variant, match.names, match.seed, match.scoring, match.extra_reveals)
        self.lines: list[str] = [_line(head)]
        self.record_path: Path | None = None
        self.card_path: Path | None = None
        self._writer: RecordWriter | None = None
        self._card: Any = None  # the card as last written (golfcli.scorecard.model.Scorecard)
        self.error = ""  # what the disk refused, if it did: the game goes on
        if folder is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.record_path = folder / f"{stem}.jsonl"
            self._writer = RecordWriter(self.record_path, head)
            self.card_path = folder / f"{stem}.card.yaml"
            self._card = _new_card(match, variant_source, self.card_path, title)
        except (OSError, InputError) as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        self.error = f"cannot save the game: {why}"
        self._writer = None
        self._card = None

    def hole(self, rec: HoleRecord) -> None:
        """A finished hole: a line of the record, an entry on the card."""
        self.lines.append(_line(hole_line(rec)))
        try:
            if self._writer is not None:
                self._writer.hole(rec)
            if self._card is not None and self.card_path is not None:
                self._card = _enter(self._card, self.card_path, rec)
        except (OSError, InputError) as exc:
            self._failed(exc)

    def finish(self, result: MatchResult | None) -> None:
        """The game's end (``result``), or its stop (None): the record closed."""
        if result is not None:
            self.lines.append(_line(result_line(result)))
        try:
            if self._writer is not None:
                self._writer.close(result)
        except OSError as exc:
            self._failed(exc)
        finally:
            self._writer = None

    def record_text(self) -> str:
        return "".join(self.lines)


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, separators=(",", ":")) + "\n"


def _new_card(match: Match, variant_source: str, path: Path, title: str) -> Any:
    """A new card for the table's game, written at once (its history starting with it)."""
    from ..scorecard.model import now_text
    from ..scorecard.ops import start_card
    from ..scorecard.start import new_golf_card

    card = new_golf_card(
        path,
        list(match.names),
        variant=variant_source,
        holes=None if match.target is not None else match.holes_planned,
        created=now_text(),
        title=title,
    )
    return start_card(path, card).card


def _enter(card: Any, path: Path, rec: HoleRecord) -> Any:
    """One hole onto the card, as ``golf card add`` (or ``playoff``) enters
    it: a playoff hole for the sides the card says are tied; the card as
    written."""
    from ..scorecard.ops import add_hole, open_sides, playoff_hole

    names = card.side_names
    sides = open_sides(card, rec.playoff)
    scores = {names[s]: rec.scores[s] for s in sides}
    closer = names[rec.closer] if rec.closer is not None and rec.closer in sides else None
    if rec.playoff:
        return playoff_hole(path, scores, closer=closer, expect=card).card
    return add_hole(path, scores, hole=rec.number, closer=closer, expect=card).card


def stem_for(table_id: str, when: datetime | None = None) -> str:
    """``golf-20261203-2015-ab12cd``: the files' name, sorted by time."""
    at = when or datetime.now()
    return f"golf-{at:%Y%m%d-%H%M%S}-{table_id}"
