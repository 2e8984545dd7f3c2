"""Recorded games as JSON lines, and replaying them to identical states.

Format (version 1), one JSON object per line:

* ``{"type": "game", "version": 1, "variant": {...}, "players": N, "names": [...],
  "seed": "...", "scoring": "stroke", "extra_reveals": {...}}`` -- the variant
  is embedded as its full merged data, so a record replays even if the
  variant file changes or is gone;
* ``{"type": "hole", "number": h, "dealer": d, "playoff": false,
  "scores": [...], "events": [...]}`` per hole, events as ``Event.to_json()``;
* ``{"type": "result", "totals": [...], "holes_won": [...], "winners": [...]}``.

Each line is flushed as soon as it is written (``RecordWriter``), so a
killed game keeps every finished hole.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .match import HoleRecord, MatchResult
from .state import Event, HoleState, replay_hole
from .variant import Variant, load_variant

VERSION = 1


class RecordError(ValueError):
    """A record file that cannot be read or does not replay; says file:line."""


def header(
    variant: Variant,
    names: tuple[str, ...] | list[str],
    seed: Any,
    scoring: str,
    extra_reveals: dict[int, int] | None = None,
) -> dict[str, Any]:
    data = variant.to_data()
    data["extends"] = None
    return {
        "type": "game",
        "version": VERSION,
        "variant": data,
        "variant_name": variant.name,
        "players": len(names),
        "names": list(names),
        "seed": str(seed),
        "scoring": scoring,
        "extra_reveals": {str(k): v for k, v in (extra_reveals or {}).items()},
    }


def hole_line(rec: HoleRecord) -> dict[str, Any]:
    if rec.events is None:
        raise ValueError("hole was played without record=True")
    return {
        "type": "hole",
        "number": rec.number,
        "dealer": rec.dealer,
        "playoff": rec.playoff,
        "scores": list(rec.scores),
        "forfeits": list(rec.forfeits),
        "events": [e.to_json() for e in rec.events],
    }


def result_line(res: MatchResult) -> dict[str, Any]:
    return {
        "type": "result",
        "totals": res.totals,
        "holes_won": res.holes_won,
        "winners": res.winners,
    }


class RecordWriter:
    """Writes a record line by line, flushing each (use as ``on_hole`` callback)."""

    def __init__(self, path: Path | str, head: dict[str, Any]) -> None:
        self.path = Path(path)
        self.fh: IO[str] = self.path.open("w", encoding="utf-8")
        self.write(head)

    def write(self, obj: dict[str, Any]) -> None:
        self.fh.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self.fh.flush()

    def hole(self, rec: HoleRecord) -> None:
        self.write(hole_line(rec))

    def close(self, res: MatchResult | None = None) -> None:
        if res is not None:
            self.write(result_line(res))
        self.fh.close()


@dataclass
class ReplayedHole:
    number: int
    playoff: bool
    scores: tuple[int, ...]
    state: HoleState


@dataclass
class Replayed:
    variant: Variant
    names: list[str]
    seed: str
    scoring: str
    holes: list[ReplayedHole] = field(default_factory=list)
    result: dict[str, Any] | None = None


def _lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        fh = path.open(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    with fh:
        for i, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{path}:{i}: not a JSON line ({exc.msg})") from None
            if not isinstance(obj, dict) or "type" not in obj:
                raise RecordError(f"{path}:{i}: expected an object with a 'type'")
            yield i, obj


def load_record(path: Path | str) -> Replayed:
    """Read and replay every hole of a record; raises RecordError with file:line."""
    p = Path(path)
    out: Replayed | None = None
    extra: dict[int, int] = {}
    for i, obj in _lines(p):
        kind = obj["type"]
        if kind == "game":
            if obj.get("version") != VERSION:
                raise RecordError(
                    f"{p}:{i}: record version {obj.get('version')!r} is not {VERSION}"
                )
            try:
                var = load_variant(obj["variant"])
            except (ValueError, KeyError) as exc:
                raise RecordError(f"{p}:{i}: embedded variant: {exc}") from None
            extra = {int(k): int(v) for k, v in obj.get("extra_reveals", {}).items()}
            out = Replayed(
                var, list(obj["names"]), obj.get("seed", ""), obj.get("scoring", "stroke")
            )
        elif kind == "hole":
            if out is None:
                raise RecordError(f"{p}:{i}: a hole before the game header")
            try:
                events = [Event.from_json(e) for e in obj["events"]]
                st = replay_hole(out.variant, len(out.names), events, extra)
            except (ValueError, KeyError, TypeError) as exc:
                raise RecordError(
                    f"{p}:{i}: hole {obj.get('number')} does not replay: {exc}"
                ) from None
            out.holes.append(
                ReplayedHole(obj["number"], bool(obj.get("playoff")), tuple(obj["scores"]), st)
            )
        elif kind == "result":
            if out is not None:
                out.result = obj
        else:
            raise RecordError(f"{p}:{i}: unknown line type {kind!r}")
    if out is None:
        raise RecordError(f"{p}: no game header line")
    return out
