"""A table's game kept: the record ``golf replay`` reads, and the card
``golf card`` keeps.

Both are written hole by hole, as the holes finish, so a server that stops
keeps every finished hole: the record line by line (:mod:`golfcli.record`'s
writer, each line flushed), the card with the card's own atomic writes
under its lock, one change per hole as ``golf card add`` makes them.  The
record is kept in memory too, for a page to download.

The card is written through today's card file format (:mod:`golfcli.card`,
format 2): only here, so that a change of the scorecard's library changes
this one module.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from ..exceptions import InputError
from ..game import hole_winners, leaders
from ..match import HoleRecord, Match, MatchResult
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
        self._card: Any = None
        self._tied: list[int] | None = None  # the sides a playoff is between
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
                _enter(self._card, self.card_path, rec, self._sides_of(rec))
        except (OSError, InputError) as exc:
            self._failed(exc)

    def _sides_of(self, rec: HoleRecord) -> list[int]:
        """The sides a hole is scored for on the card: all, or in a playoff
        those still tied (the card holds a playoff hole for them alone)."""
        m = self.match
        if not rec.playoff:
            return list(range(len(rec.scores)))
        if self._tied is None:
            self._tied = leaders(m.scoring, m.totals, m.won)
        sides = self._tied
        self._tied = hole_winners(rec.scores, sides)
        return sides

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
    from ..card.count import values_text
    from ..card.history import started
    from ..card.model import Card, alternate_partners, now_text
    from ..card.options import variant_ref
    from ..card.store import commit, locked, stamp_of

    v = match.variant
    g = v.game
    names = list(match.names)
    card = Card(
        kind="golf",
        players=names,
        sides=alternate_partners(names, match.side_of),
        holes=match.holes_planned,
        target=match.target,
        target_rule=g.target_rule,
        max_holes=None if match.target is None else g.max_holes,
        scoring=match.scoring,
        ties=g.ties,
        variant=variant_ref(variant_source, path),
        overrides=[],
        values=values_text(v),
        created=now_text(),
        title=title,
    )
    with locked(path):
        card.stamp = stamp_of(path)
        commit(card, path, started(card))
    return card


def _enter(card: Any, path: Path, rec: HoleRecord, sides: list[int]) -> None:
    """One hole onto the card, as ``golf card add`` enters it."""
    from ..card.history import entered
    from ..card.model import Entry, Hole
    from ..card.store import commit, locked

    names = card.side_names
    closer = names[rec.closer] if rec.closer is not None and rec.closer in sides else None
    hole = Hole(rec.number, {names[s]: Entry(rec.scores[s]) for s in sides}, rec.playoff, closer)
    with locked(path):
        commit(card, path, entered(card, hole))


def stem_for(table_id: str, when: datetime | None = None) -> str:
    """``golf-20261203-2015-ab12cd``: the files' name, sorted by time."""
    at = when or datetime.now()
    return f"golf-{at:%Y%m%d-%H%M%S}-{table_id}"
