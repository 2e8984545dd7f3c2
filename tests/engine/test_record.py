"""golfcli/record.py's reader: a record file (``golf play --record``, a
tournament game's events, a table's record) comes back as the game it
recorded, every field of it, and anything golf did not write is one
RecordError naming the file and the line, with what is wrong there.

The messages are compared whole: the file:line and the words are what a
user sees (``golf replay``), so a message that loses either is a bug.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from golfcli import record
from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.record import RecordError, RecordWriter, header, load_record
from golfcli.variantload import builtin

KEY = "record-test"


def play_recorded(path: Path, **match: Any) -> Match:
    """Two holes of six-card between two bots, recorded to ``path`` with a
    header that names the sides (as a tournament's does)."""
    v = builtin("six-card")
    m = Match(
        v, [make_bot("greedy"), make_bot("random")], ["ann", "bob"], KEY, record=True, **match
    )
    writer = RecordWriter(
        path,
        header(
            v,
            m.names,
            KEY,
            m.scoring,
            extra_reveals=m.extra_reveals,
            sides=["Clubs", "Spades"],
        ),
    )
    m.on_hole = lambda _m, rec: writer.hole(rec)
    writer.close(m.play())
    return m


@pytest.fixture(scope="module")
def lines(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """A recorded game's lines: its header, two holes, its result."""
    path = tmp_path_factory.mktemp("rec") / "g.jsonl"
    play_recorded(path, holes=2, scoring="match")
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def write(tmp_path: Path, objs: list[Any], name: str = "r.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    return path


def refused(path: Path) -> str:
    with pytest.raises(RecordError) as err:
        load_record(path)
    return str(err.value)


# --------------------------------------------------------------------------- read back whole


def test_a_record_reads_back_every_field(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    game, first, second, result = lines
    second = {**second, "playoff": True}  # a playoff hole keeps its mark
    back = load_record(write(tmp_path, [game, first, second, result]))
    assert back.names == ["ann", "bob"]
    assert back.key == KEY
    assert back.scoring == "match"
    assert back.sides == ["Clubs", "Spades"]
    assert back.variant.name == "six-card"
    assert [h.number for h in back.holes] == [1, 2]
    assert [h.playoff for h in back.holes] == [False, True]
    assert [list(h.scores) for h in back.holes] == [first["scores"], second["scores"]]
    for hole, line in zip(back.holes, (first, second), strict=True):
        assert hole.state.result is not None
        assert list(hole.state.result.totals) == line["scores"]  # replayed, not copied
    assert back.result == result


def test_what_a_header_may_leave_out(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    """Records from before a field existed: no key (an older one called it
    ``seed``), no scoring (stroke), no sides, no extra reveals, no result."""
    game, first = lines[0], lines[1]
    bare = {k: v for k, v in game.items() if k not in ("key", "scoring", "sides", "extra_reveals")}
    back = load_record(write(tmp_path, [{**bare, "seed": "old"}, first]))
    assert (back.key, back.scoring, back.sides, back.result) == ("old", "stroke", None, None)
    assert load_record(write(tmp_path, [bare, first])).key == ""
    both = load_record(write(tmp_path, [{**bare, "seed": "old", "key": "new"}, first]))
    assert both.key == "new"  # the key, when a record has both


def test_extra_reveals_are_replayed(tmp_path: Path) -> None:
    """A seat that turned up an extra card at the start (a handicap): the
    record says so, and its holes replay only with it."""
    path = tmp_path / "extra.jsonl"
    m = play_recorded(path, holes=1, extra_reveals={1: 1})
    back = load_record(path)
    st = back.holes[0].state
    assert st.result is not None and list(st.result.totals) == list(m.holes[0].scores)
    objs = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    assert objs[0]["extra_reveals"] == {"1": 1}
    without = {**objs[0], "extra_reveals": {}}
    message = refused(write(tmp_path, [without, *objs[1:]], "without.jsonl"))
    assert message.startswith(f"{tmp_path / 'without.jsonl'}:2: hole 1 does not replay: ")


def test_a_result_line_needs_seat_numbers(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    game, first, _, result = lines
    for winners in ([0], [1], [0, 1], []):
        back = load_record(write(tmp_path, [game, first, {**result, "winners": winners}]))
        assert back.result is not None and back.result["winners"] == winners
    no_winners = {k: v for k, v in result.items() if k != "winners"}
    assert load_record(write(tmp_path, [game, first, no_winners])).result == no_winners
    wrong: list[Any] = [[2], [-1], [True], ["0"], 0, None]
    for winners in wrong:
        path = write(tmp_path, [game, first, {**result, "winners": winners}])
        assert refused(path) == f"{path}:3: winners must be a list of seat numbers"


# --------------------------------------------------------------------------- refused: the lines


def test_lines_that_are_not_json_objects(tmp_path: Path) -> None:
    cases: list[tuple[bytes, str]] = [
        (b'{"type": "game"\n', "1: not a JSON line (Expecting ',' delimiter)"),
        (b"[" * 100_000 + b"\n", "1: not a JSON line (nested too deeply)"),
        (b"[1]\n", "1: expected an object with a 'type'"),
        (b'\n  \n{"kind": "game"}\n', "3: expected an object with a 'type'"),
        (b'\n{"type": "game\xff"}\n', "2: not UTF-8 text (byte 15)"),
        (b'{"type": "\xc3\xa9\xc3"}\n', "1: not UTF-8 text (byte 13)"),
    ]
    for data, words in cases:
        path = tmp_path / "bad.jsonl"
        path.write_bytes(data)
        assert refused(path) == f"{path}:{words}"


def test_a_line_longer_than_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line golf never writes, or /dev/zero: read only as far as the bound
    (its newline counted), then refused."""
    monkeypatch.setattr(record, "MAX_LINE", 40)
    path = tmp_path / "long.jsonl"
    longest = json.dumps({"type": "what", "pad": ""})
    longest = longest.replace('""', '"' + "x" * (39 - len(longest)) + '"')
    assert len(longest) == 39  # with its newline: 40 bytes, the bound
    path.write_text(longest + "\n", encoding="utf-8")
    assert refused(path) == f"{path}:1: unknown line type 'what'"  # read whole
    path.write_text(longest.replace("x", "xx", 1) + "\n", encoding="utf-8")
    assert refused(path) == f"{path}:1: a line longer than 40 bytes"


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    assert refused(tmp_path / "nope.jsonl") == (
        f"{tmp_path / 'nope.jsonl'}: cannot read: No such file or directory"
    )
    assert refused(tmp_path) == f"{tmp_path}: cannot read: Is a directory"


def test_the_order_of_lines(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    game, first, _, result = lines
    path = write(tmp_path, [first, game])
    assert refused(path) == f"{path}:1: a hole before the game header"
    for objs in ([], [result], [result, result]):
        path = write(tmp_path, objs)
        assert refused(path) == f"{path}: no game header line"
    path = write(tmp_path, [game, {"type": "score"}])
    assert refused(path) == f"{path}:2: unknown line type 'score'"


# --------------------------------------------------------------------------- refused: the header


def test_a_header_golf_did_not_write(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    game, first = lines[0], lines[1]
    cases: list[tuple[dict[str, Any], str]] = [
        ({**game, "version": 2}, "record version 2 is not 1"),
        ({k: v for k, v in game.items() if k != "version"}, "record version None is not 1"),
        (
            {k: v for k, v in game.items() if k != "variant"},
            "a game line that golf did not write: no 'variant'",
        ),
        ({**game, "variant": 7}, "embedded variant: must be a name or a mapping"),
        ({**game, "names": "ann"}, "names must be a list of player names"),
        ({**game, "names": ["ann", 5]}, "names must be a list of player names"),
        ({**game, "extra_reveals": [1]}, "extra_reveals must map seats to card counts"),
        (
            {**game, "extra_reveals": {"a": 1}},
            "a game line that golf did not write: invalid literal for int() with base 10: 'a'",
        ),
        (
            {**game, "extra_reveals": {"1": "x"}},
            "a game line that golf did not write: invalid literal for int() with base 10: 'x'",
        ),
        ({**game, "scoring": "golf"}, "scoring must be stroke or match, not 'golf'"),
        ({**game, "sides": ["Clubs"]}, "sides must be a list of 2 side names"),
        ({**game, "sides": "Clubs"}, "sides must be a list of 2 side names"),
        ({**game, "sides": ["Clubs", 2]}, "sides must be a list of 2 side names"),
        ({**game, "sides": ["Clubs", "Spa\x1bdes"]}, "sides must be a list of 2 side names"),
    ]  # fmt: skip
    for head, words in cases:
        path = write(tmp_path, [head, first])
        assert refused(path) == f"{path}:1: {words}", words
    for scoring in ("stroke", "match"):
        assert (
            load_record(write(tmp_path, [{**game, "scoring": scoring}, first])).scoring == scoring
        )


def test_an_embedded_variant_that_does_not_load(
    tmp_path: Path, lines: list[dict[str, Any]]
) -> None:
    game, first = lines[0], lines[1]
    path = write(tmp_path, [{**game, "variant": "no-such-variant"}, first])
    assert refused(path).startswith(f"{path}:1: embedded variant: ")
    assert "no-such-variant" in refused(path)
    path = write(tmp_path, [{**game, "names": ["ann"]}, first])  # six-card is 2 to 8 players
    message = refused(path)
    assert message.startswith(f"{path}:1: ") and "player" in message


# --------------------------------------------------------------------------- refused: a hole


def test_a_hole_golf_did_not_write(tmp_path: Path, lines: list[dict[str, Any]]) -> None:
    game, first = lines[0], lines[1]
    needs = "a hole needs a number and one score per side"
    cases: list[tuple[dict[str, Any], str]] = [
        ({**first, "number": "1"}, needs),
        ({**first, "number": True}, needs),
        ({**first, "scores": "x"}, needs),
        ({**first, "scores": [1]}, needs),
        ({**first, "scores": [1, 2, 3]}, needs),
        ({**first, "scores": [1.5, 2]}, "hole scores must be whole numbers"),
        ({**first, "scores": [True, 2]}, "hole scores must be whole numbers"),
        (
            {k: v for k, v in first.items() if k != "number"},
            "a hole line that golf did not write: no 'number'",
        ),
        ({k: v for k, v in first.items() if k != "events"}, "hole 1 does not replay: 'events'"),
    ]  # fmt: skip
    for hole, words in cases:
        path = write(tmp_path, [game, hole])
        assert refused(path) == f"{path}:2: {words}", words
    path = write(tmp_path, [game, {**first, "events": [[1]]}])
    assert refused(path).startswith(f"{path}:2: hole 1 does not replay: ")


class _Counting:
    """A file that counts the bytes read from it, or fails to read."""

    def __init__(self, data: bytes, fail: OSError | None = None) -> None:
        import io

        self.inner = io.BytesIO(data)
        self.fail = fail
        self.read = 0

    def readline(self, size: int = -1) -> bytes:
        if self.fail is not None:
            raise self.fail
        line = self.inner.readline(size)
        self.read += len(line)
        return line

    def __enter__(self) -> _Counting:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def test_reading_stops_at_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line with no end (/dev/zero) is read only as far as the bound and
    its one byte more, never whole; a read that fails is one line too."""
    import errno

    monkeypatch.setattr(record, "MAX_LINE", 40)
    path = tmp_path / "endless.jsonl"
    path.write_bytes(b"")
    endless = _Counting(b"0" * 10_000)
    monkeypatch.setattr(Path, "open", lambda self, mode="r": endless)
    assert refused(path) == f"{path}:1: a line longer than 40 bytes"
    assert endless.read == 41
    broken = _Counting(b"", OSError(errno.EIO, "Input/output error"))
    monkeypatch.setattr(Path, "open", lambda self, mode="r": broken)
    assert refused(path) == f"{path}: cannot read: Input/output error"
