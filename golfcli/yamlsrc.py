"""YAML that remembers where every key came from.

PyYAML's ``safe_load`` forgets line numbers and silently keeps the last of
two equal keys.  Users of a variant or tournament file deserve errors that
say ``file:line: key.path: problem``, so we compose the node tree ourselves
and record the line of every key path.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .arguments import MESSAGE_MOST, MESSAGE_ROOM, listing, shorten, shown, shown_path
from .exceptions import InputError

if TYPE_CHECKING:
    import yaml

KeyPath = tuple[str | int, ...]


class SourceError(InputError):
    """Bad input with a place: ``where`` is ``file:line`` or a label like ``--set``."""

    def __init__(self, where: str, path: KeyPath | str, message: str) -> None:
        self.where = where
        self.path = path if isinstance(path, str) else dotted(path)
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        """``file:line: key.path: problem`` on one line, of at most
        :data:`~golfcli.arguments.MESSAGE_MOST` characters: a key of a
        thousand characters is shortened, then the problem's middle (and a
        file's path of more than 80 characters leaves the rest 120 of its
        own); ``where``, ``path`` and ``message`` keep each part whole."""
        where = shown_path(printable(self.where)) if self.where else ""
        path, message = printable(self.path), printable(self.message)
        room = max(MESSAGE_MOST - len(where) - 2, MESSAGE_ROOM)
        if len(path) + len(message) + 2 > room:
            path = shorten(path, 40)
            message = shorten(message, room - len(path) - 2)
        return ": ".join(p for p in (where, path, message) if p)


def printable(text: str) -> str:
    """``text`` with every unprintable character escaped (``\\x1e``, ``\\r``):
    a key or value quoted in an error message must not break its one line
    (``str.splitlines`` and terminals break at more than ``\\n``)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def did_you_mean(word: Any, choices: Iterable[Any]) -> str:
    """`` (did you mean 'games'?)`` when ``word`` is close to one of
    ``choices`` (difflib's ratio, letter case ignored), else ``""``: a
    misspelt key, value or name is named with what was probably meant."""
    import difflib

    by_lower: dict[str, str] = {}
    for c in choices:
        by_lower.setdefault(str(c).lower(), str(c))
    close = difflib.get_close_matches(str(word).lower(), list(by_lower), n=1, cutoff=0.6)
    return f" (did you mean {by_lower[close[0]]!r}?)" if close else ""


def dotted(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


@dataclass
class Located:
    """A loaded document plus ``key path -> "file:line"`` for error messages."""

    data: Any
    lines: dict[KeyPath, str] = field(default_factory=dict)
    source: str = "<string>"

    def where(self, path: KeyPath) -> str:
        """The most precise known place for ``path`` (walks up to a parent key)."""
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get((), self.source)

    def error(self, path: KeyPath, message: str) -> SourceError:
        return SourceError(self.where(path), path, message)


#: Limits on what a variant file, tournament config or ``--set`` value may
#: hold.  Real files are a few kilobytes with a nesting depth under ten; the
#: caps only stop input that would otherwise read forever (``/dev/zero``),
#: recurse until Python gives up, or expand aliases into gigabytes (the
#: "billion laughs" file).  docs/variants.md lists them.
MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 50
MAX_VALUES = 100_000


class LimitError(SourceError):
    """Input over one of the caps above (not a YAML syntax problem)."""


@lru_cache(maxsize=1)
def _loader_class() -> Any:
    """PyYAML's safe loader with a nesting limit while composing: its
    composer recurses once per level, so ``[[[[...]]]]`` ten thousand deep
    would end in a RecursionError instead of a message.  Made on first use:
    PyYAML costs a command that reads no YAML (``golf score`` with a
    built-in variant) a tenth of its start."""
    import yaml

    class _Loader(yaml.SafeLoader):
        def __init__(self, stream: str, source: str) -> None:
            super().__init__(stream)
            self.golf_source = source
            self.golf_depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            self.golf_depth += 1
            try:
                if self.golf_depth > MAX_DEPTH:
                    mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                    raise LimitError(
                        f"{self.golf_source}:{mark.line + 1}",
                        "",
                        f"nested more than {MAX_DEPTH} levels deep",
                    )
                return super().compose_node(parent, index)
            finally:
                self.golf_depth -= 1

    return _Loader


def _reader_error(exc: yaml.reader.ReaderError, text: str, source: str) -> SourceError:
    """A character YAML refuses (control characters, NUL: binary data), with its line."""
    line = text.count("\n", 0, max(0, exc.position)) + 1
    char = exc.character
    code = ord(char) if isinstance(char, str) else int(char)
    what = "binary data (a NUL byte)" if code == 0 else f"control character U+{code:04X}"
    return SourceError(f"{source}:{line}", "", f"{what}: not text YAML can hold")


def load_text(text: str, source: str) -> Located:
    """Parse YAML text; a syntax error or an input over a cap becomes one
    ``SourceError`` with its line."""
    if len(text) > MAX_FILE_BYTES:
        raise LimitError(source, "", f"longer than {MAX_FILE_BYTES:,} characters")
    import yaml

    lines: dict[KeyPath, str] = {}
    loader: Any = None
    try:
        loader = _loader_class()(text, source)  # checks every character first
        node = loader.get_single_node()
        conv = _Converter(loader, lines, source)
        data = conv.convert(node, ()) if node is not None else None
    except yaml.reader.ReaderError as exc:
        raise _reader_error(exc, text, source) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f"{source}:{mark.line + 1}" if mark else source
        raise SourceError(line, "", f"invalid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise SourceError(source, "", f"invalid YAML: {first}") from None
    except RecursionError:  # a ``<<`` merge key that names its own mapping
        raise LimitError(source, "", "a << merge refers to the mapping it is in") from None
    finally:
        if loader is not None:
            loader.dispose()
    lines.setdefault((), f"{source}:1")
    return Located(data, lines, source)


def load_file(path: str | Path) -> Located:
    """Read a YAML file of at most :data:`MAX_FILE_BYTES` bytes.  It is read
    with a bound, so a device like ``/dev/zero`` or a huge file costs one
    megabyte, not the machine."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise SourceError(str(p), "", "file not found") from None
    except IsADirectoryError:
        raise SourceError(str(p), "", "is a directory, not a file") from None
    except OSError as exc:
        raise SourceError(str(p), "", f"cannot read file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise LimitError(str(p), "", f"larger than {MAX_FILE_BYTES:,} bytes: not a YAML file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise SourceError(
            f"{p}:{line}", "", f"not UTF-8 text (byte {exc.start + 1} is 0x{raw[exc.start]:02x})"
        ) from None
    return load_text(text, str(p))


class _Converter:
    """Node tree -> Python data with the line of every key path.

    Aliases are expanded here, so this is where their cost is counted: a
    file of a few hundred bytes can name one node billions of times
    ("billion laughs"), and ``a: &a [*a]`` names a node inside itself.  Both
    become one error instead of a minute of work or a RecursionError."""

    def __init__(self, loader: yaml.SafeLoader, lines: dict[KeyPath, str], src: str) -> None:
        self.loader = loader
        self.lines = lines
        self.src = src
        self.count = 0
        self.open: set[int] = set()  # ids of the collection nodes being converted

    def at(self, node: yaml.Node) -> str:
        return f"{self.src}:{node.start_mark.line + 1}"

    def scalar(self, node: yaml.Node, path: KeyPath) -> Any:
        import yaml

        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.MarkedYAMLError:
            raise
        except (ValueError, TypeError, OverflowError) as exc:
            digits = len(str(getattr(node, "value", "")))
            if "integer string conversion" in str(exc):
                msg = f"a number of {digits} digits is too long to read"
            else:
                msg = f"cannot read value: {str(exc).splitlines()[0] if str(exc) else exc}"
            raise SourceError(self.at(node), path, msg) from None

    def convert(self, node: yaml.Node, path: KeyPath) -> Any:
        import yaml

        self.count += 1
        if self.count > MAX_VALUES:
            raise LimitError(
                self.at(node),
                path,
                f"more than {MAX_VALUES:,} values (once aliases *name are expanded)",
            )
        if len(path) > MAX_DEPTH:
            raise LimitError(self.at(node), path, f"nested more than {MAX_DEPTH} levels deep")
        self.lines[path] = self.at(node)
        if not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            return self.scalar(node, path)
        if id(node) in self.open:
            raise SourceError(self.at(node), path, "an alias *name refers to a value inside itself")
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.convert(v, (*path, i)) for i, v in enumerate(node.value)]
            return self.mapping(node, path)
        finally:
            self.open.discard(id(node))

    def mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[Any, Any]:
        import yaml

        if node.tag != "tag:yaml.org,2002:map":
            raise SourceError(self.at(node), path, "a set or tagged mapping is not a value here")
        self.loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                what = "a list" if isinstance(knode, yaml.SequenceNode) else "a mapping or set"
                raise SourceError(
                    self.at(knode), path, f"a key must be a plain word or number, not {what}"
                )
            key = self.scalar(knode, path)
            try:
                hash(key)
            except TypeError:
                raise SourceError(
                    self.at(knode), path, "a key must be a plain word or number"
                ) from None
            if key in out:
                raise SourceError(self.at(knode), (*path, key), "key given twice")
            sub = (*path, key)
            out[key] = self.convert(vnode, sub)
            self.lines[sub] = self.at(knode)
        return out


def parse_scalar(text: str, source: str = "--set") -> Any:
    """Read a ``--set`` value the way YAML would (``2`` is an int, ``[A, K]`` a list).

    Text that is not valid YAML stays text; a value over a cap (aliases,
    depth, a number too long to read) raises :class:`SourceError` naming
    ``source``, as a file would."""
    try:
        return load_text(text, source).data
    except SourceError as exc:
        if isinstance(exc, LimitError) or not exc.message.startswith("invalid YAML"):
            raise SourceError(source, "", exc.message) from None
        return text


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is one in plain digits 0-9 (at most
    18 of them, surrounding blanks allowed), else None.

    ``str.isdigit`` is not the test: it says yes to a superscript two, which
    ``int`` refuses, and ``int`` refuses 4300 digits and more; a check that
    lets either by ends in a traceback."""
    t = text.strip()
    if t.isascii() and t.isdigit() and len(t) <= 18:
        return int(t)
    return None


def kind_of(v: Any) -> str:
    """A value's type in a user's words, for error messages."""
    names = {
        dict: "a mapping",
        list: "a list",
        str: "text",
        bool: "true/false",
        type(None): "empty",
    }
    return names.get(type(v), type(v).__name__)


class Checker:
    """Typed reads of a located document; every failure is one ``error``
    naming ``file:line`` and the key path.  Variant files and tournament
    configs share it, so both speak the same language about bad input."""

    def __init__(self, doc: Located, error: type[SourceError] = SourceError) -> None:
        self.doc = doc
        self.error = error

    def fail(self, path: KeyPath, message: str) -> NoReturn:
        """Raise the checker's error: ``file:line: key.path: message``.  Like
        :func:`golfcli.cli.say.fail` it does not return, and it says the one
        problem alone (no chained exception: the message is the whole story)."""
        raise self.error(self.doc.where(path), path, message) from None

    def get(self, path: KeyPath) -> Any:
        node: Any = self.doc.data
        for p in path:
            node = node[p]
        return node

    def mapping(self, path: KeyPath, allowed: Iterable[str], what: str = "") -> dict[str, Any]:
        """The mapping at ``path``, refusing keys outside ``allowed``
        (listed sorted when ``allowed`` is a set, in order otherwise)."""
        node = self.get(path)
        if not isinstance(node, dict):
            self.fail(path, f"must be a mapping of keys, not {kind_of(node)}")
        names = sorted(allowed) if isinstance(allowed, (set, frozenset)) else list(allowed)
        where = f" in {what}" if what else ""
        for k in node:
            if k not in names:
                said = f"unknown key{where}"
                # the keys it could be, as many as the line has room for
                room = MESSAGE_ROOM - len(dotted((*path, k))) - len(said) - 22
                hint = did_you_mean(k, names) or f" (expected one of: {listing(names, room)})"
                self.fail((*path, k), f"{said}{hint}")
        return node

    def int_(
        self, path: KeyPath, lo: int | None = None, hi: int | None = None, none: bool = False
    ) -> Any:
        v = self.get(path)
        if v is None and none:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(path, f"must be a whole number, not {kind_of(v)} {shown(v)}")
        if lo is not None and v < lo:
            self.fail(path, f"must be at least {lo}, not {v}")
        if hi is not None and v > hi:
            self.fail(path, f"must be at most {hi}, not {v}")
        return v

    def num(
        self, path: KeyPath, lo: float, hi: float | None = None, open_lo: bool = False
    ) -> float:
        v = self.get(path)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or math.isnan(v):
            self.fail(path, f"must be a number, not {kind_of(v)} {shown(v)}")
        if v < lo or (open_lo and v == lo):
            bound = "more than" if open_lo else "at least"
            self.fail(path, f"must be {bound} {lo:g}, not {shown(v)}")
        if hi is not None and v > hi:
            self.fail(path, f"must be at most {hi:g}, not {shown(v)}")
        return float(v)

    def bool_(self, path: KeyPath) -> bool:
        v = self.get(path)
        if not isinstance(v, bool):
            self.fail(path, f"must be true or false, not {shown(v)}")
        return v

    def choice(self, path: KeyPath, options: Collection[str]) -> str:
        v = self.get(path)
        if not isinstance(v, str) or v not in options:  # a list or a map is no option either
            hint = did_you_mean(v, options) if isinstance(v, str) else ""
            self.fail(path, f"must be one of {', '.join(options)}, not {shown(v)}{hint}")
        return str(v)

    def str_(self, path: KeyPath) -> str:
        v = self.get(path)
        if not isinstance(v, str):
            self.fail(path, f"must be text, not {kind_of(v)}")
        return v

    def text(self, path: KeyPath) -> str:
        """Non-empty text, stripped."""
        v = self.get(path)
        if not isinstance(v, str) or not v.strip():
            self.fail(path, f"must be non-empty text, not {kind_of(v)} {shown(v)}")
        return v.strip()
