"""Recorded games as JSON lines, and replaying them to identical states.

Format (version 1), one JSON object per line:

* ``{"type": "game", "version": 1, "variant": {...}, "players": N, "names": [...],
  "key": "...", "scoring": "stroke", "extra_reveals": {...}}`` -- the variant
  is embedded as its full merged data, so a record replays even if the
  variant file changes or is gone; ``key`` is the match key the game was
  dealt from (records before it was named so call it ``seed``); a tournament
  game's header also has ``sides``, each side's name as the config gave it
  (a team's name, ``Clubs``);
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

from .events import Event
from .exceptions import InputError
from .game import dealer_of
from .keys import hole_rng
from .matchresult import HoleRecord, MatchResult
from .replay import replay_hole, replay_moves
from .state import HoleState
from .variant import Variant
from .variantload import load_variant

VERSION = 1


class RecordError(InputError):
    """A record file (``golf play --record``, a tournament game's events) that
    golf did not write or that does not replay; says file:line."""


def header(
    variant: Variant,
    names: tuple[str, ...] | list[str],
    key: Any,
    scoring: str,
    extra_reveals: dict[int, int] | None = None,
    sides: list[str] | None = None,
) -> dict[str, Any]:
    """The game line.  ``sides``: each side's name where the players' own
    names joined are not what the game called it (a tournament's teams)."""
    data = variant.to_data()
    data["extends"] = None
    out = {
        "type": "game",
        "version": VERSION,
        "variant": data,
        "variant_name": variant.name,
        "players": len(names),
        "names": list(names),
        "key": str(key),
        "scoring": scoring,
        "extra_reveals": {str(k): v for k, v in (extra_reveals or {}).items()},
    }
    if sides is not None:
        out["sides"] = list(sides)
    return out


def hole_line(rec: HoleRecord) -> dict[str, Any]:
    if rec.events is None:
        raise InputError("hole was played without record=True")
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
    key: str
    scoring: str
    holes: list[ReplayedHole] = field(default_factory=list)
    result: dict[str, Any] | None = None
    sides: list[str] | None = None  # the sides' names, when the header names them
    source: str = ""  # what it was rebuilt from, when not a file ("game 3 of runs/x")


#: A record line longer than this is not one golf wrote (a hole's events are
#: a few kilobytes); reading stops there, so /dev/zero is an error, not a hang.
MAX_LINE = 10_000_000


def from_moves(
    variant: Variant,
    names: list[str],
    key: str,
    scoring: str,
    moves: list[str],
    scores: list[list[int]],
    regulation: int,
    *,
    winners: list[int] | None = None,
    sides: list[str] | None = None,
    penalty: int = 0,
) -> Replayed:
    """A game rebuilt from a compact record: its key deals every hole again
    (:func:`~golfcli.keys.hole_rng`, the dealer moving left as in a match)
    and each hole's moves (:func:`~golfcli.replay.moves_text`) are played
    through the rules.  ``scores`` are the recorded hole scores (a forfeit's
    ``penalty`` included), shown as recorded; a hole whose cards score
    otherwise than recorded is refused, as is one whose moves do not fit its deal, with
    InputError naming the hole."""
    players = len(names)
    out = Replayed(variant, list(names), key, scoring, sides=sides)
    if len(moves) != len(scores):
        raise InputError(f"{len(moves)} holes of moves for {len(scores)} holes of scores")
    for i, (text, hole_scores) in enumerate(zip(moves, scores, strict=True)):
        number = i + 1
        try:
            st = replay_moves(
                variant, players, dealer_of(number, players), hole_rng(key, number), text
            )
        except InputError as exc:
            raise InputError(f"hole {number}: its moves do not replay: {exc}") from None
        assert st.result is not None
        played = list(st.result.totals)
        if len(hole_scores) != len(played):
            raise InputError(f"hole {number}: {len(hole_scores)} scores for {len(played)} sides")
        if any(r - p not in (0, penalty) for p, r in zip(played, hole_scores, strict=True)):
            raise InputError(f"hole {number}: the moves score {played}, the record {hole_scores}")
        out.holes.append(ReplayedHole(number, number > regulation, tuple(hole_scores), st))
    if winners is not None:
        out.result = {"winners": list(winners)}
    return out


def _lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each non-blank line as a JSON object, read with a bound; anything
    else (binary data, not UTF-8, not JSON) is one RecordError naming the line."""
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    with fh:
        i = 0
        while True:
            try:
                raw = fh.readline(MAX_LINE + 1)
            except OSError as exc:
                raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
            if not raw:
                return
            i += 1
            if len(raw) > MAX_LINE:
                raise RecordError(f"{path}:{i}: a line longer than {MAX_LINE:,} bytes")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise RecordError(f"{path}:{i}: not UTF-8 text (byte {exc.start + 1})") from None
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except (json.JSONDecodeError, RecursionError) as exc:
                msg = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
                raise RecordError(f"{path}:{i}: not a JSON line ({msg})") from None
            if not isinstance(obj, dict) or "type" not in obj:
                raise RecordError(f"{path}:{i}: expected an object with a 'type'")
            yield i, obj


def load_record(path: Path | str) -> Replayed:
    """Read and replay every hole of a record; raises RecordError with file:line.

    A record may come from anywhere, so every field is checked before it is
    used: a wrong type is a RecordError naming the line, never a traceback."""
    p = Path(path)
    out: Replayed | None = None
    extra: dict[int, int] = {}
    for i, obj in _lines(p):
        kind = obj["type"]
        try:
            if kind == "game":
                out, extra = _game_line(p, i, obj)
            elif kind == "hole":
                if out is None:
                    raise RecordError(f"{p}:{i}: a hole before the game header")
                out.holes.append(_hole_line(p, i, obj, out, extra))
            elif kind == "result":
                if out is not None:
                    winners = obj.get("winners", [])
                    if not isinstance(winners, list) or not all(
                        type(w) is int and 0 <= w < len(out.names) for w in winners
                    ):
                        raise RecordError(f"{p}:{i}: winners must be a list of seat numbers")
                    out.result = obj
            else:
                raise RecordError(f"{p}:{i}: unknown line type {kind!r}")
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            what = f"no {exc}" if isinstance(exc, KeyError) else str(exc)
            raise RecordError(f"{p}:{i}: a {kind} line that golf did not write: {what}") from None
    if out is None:
        raise RecordError(f"{p}: no game header line")
    return out


def _game_line(p: Path, i: int, obj: dict[str, Any]) -> tuple[Replayed, dict[int, int]]:
    if obj.get("version") != VERSION:
        raise RecordError(f"{p}:{i}: record version {obj.get('version')!r} is not {VERSION}")
    spec = obj["variant"]
    if not isinstance(spec, (str, dict)):
        raise RecordError(f"{p}:{i}: embedded variant: must be a name or a mapping")
    try:
        var = load_variant(spec)
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordError(f"{p}:{i}: embedded variant: {exc}") from None
    names = obj["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError(f"{p}:{i}: names must be a list of player names")
    try:
        var.check_players(len(names))
    except InputError as exc:
        raise RecordError(f"{p}:{i}: {exc}") from None
    raw_extra = obj.get("extra_reveals", {})
    if not isinstance(raw_extra, dict):
        raise RecordError(f"{p}:{i}: extra_reveals must map seats to card counts")
    extra = {int(k): int(v) for k, v in raw_extra.items()}
    scoring = obj.get("scoring", "stroke")
    if scoring not in ("stroke", "match"):
        raise RecordError(f"{p}:{i}: scoring must be stroke or match, not {scoring!r}")
    sides = obj.get("sides")
    groups = var.groups_for(len(names))
    if sides is not None and (
        not isinstance(sides, list)
        or len(sides) != groups
        or not all(isinstance(s, str) and s.isprintable() for s in sides)
    ):
        raise RecordError(f"{p}:{i}: sides must be a list of {groups} side names")
    key = str(obj.get("key", obj.get("seed", "")))  # "seed": records before the rename
    return Replayed(var, list(names), key, scoring, sides=sides), extra


def _hole_line(
    p: Path, i: int, obj: dict[str, Any], out: Replayed, extra: dict[int, int]
) -> ReplayedHole:
    number, scores = obj["number"], obj["scores"]
    groups = out.variant.groups_for(len(out.names))
    if type(number) is not int or not isinstance(scores, list) or len(scores) != groups:
        raise RecordError(f"{p}:{i}: a hole needs a number and one score per side")
    if not all(type(x) is int for x in scores):
        raise RecordError(f"{p}:{i}: hole scores must be whole numbers")
    try:
        events = [Event.from_json(e) for e in obj["events"]]
        st = replay_hole(out.variant, len(out.names), events, extra)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise RecordError(f"{p}:{i}: hole {number} does not replay: {exc}") from None
    return ReplayedHole(number, bool(obj.get("playoff")), tuple(scores), st)
