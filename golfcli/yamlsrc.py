"""YAML that remembers where every key came from.

PyYAML's ``safe_load`` forgets line numbers and silently keeps the last of
two equal keys.  Users of a variant or tournament file deserve errors that
say ``file:line: key.path: problem``, so we compose the node tree ourselves
and record the line of every key path.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

KeyPath = tuple[str | int, ...]


class SourceError(ValueError):
    """Bad input with a place: ``where`` is ``file:line`` or a label like ``--set``."""

    def __init__(self, where: str, path: KeyPath | str, message: str) -> None:
        self.where = where
        self.path = path if isinstance(path, str) else dotted(path)
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [p for p in (self.where, self.path) if p]
        return ": ".join([*parts, self.message])


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


def load_text(text: str, source: str) -> Located:
    """Parse YAML text; a syntax error becomes one ``SourceError`` with its line."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[KeyPath, str] = {}
        data = _convert(loader, node, (), lines, source) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f"{source}:{mark.line + 1}" if mark else source
        raise SourceError(line, "", f"invalid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise SourceError(source, "", f"invalid YAML: {exc}") from None
    finally:
        loader.dispose()
    lines.setdefault((), f"{source}:1")
    return Located(data, lines, source)


def load_file(path: str | Path) -> Located:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError(str(p), "", "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(str(p), "", f"cannot read file: {exc}") from None
    return load_text(text, str(p))


def _convert(
    loader: yaml.SafeLoader, node: yaml.Node, path: KeyPath, lines: dict[KeyPath, str], src: str
) -> Any:
    lines[path] = f"{src}:{node.start_mark.line + 1}"
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for knode, vnode in node.value:
            key = loader.construct_object(knode, deep=True)
            if isinstance(key, (list, dict)):
                raise SourceError(
                    f"{src}:{knode.start_mark.line + 1}", path, "a key must be a scalar"
                )
            if key in out:
                raise SourceError(
                    f"{src}:{knode.start_mark.line + 1}", (*path, key), "key given twice"
                )
            sub = (*path, key)
            out[key] = _convert(loader, vnode, sub, lines, src)
            lines[sub] = f"{src}:{knode.start_mark.line + 1}"
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(loader, v, (*path, i), lines, src) for i, v in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def parse_scalar(text: str) -> Any:
    """Read a ``--set`` value the way YAML would (``2`` is an int, ``[A, K]`` a list)."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


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

    def fail(self, path: KeyPath, message: str) -> SourceError:
        return self.error(self.doc.where(path), path, message)

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
            raise self.fail(path, f"must be a mapping of keys, not {kind_of(node)}")
        names = sorted(allowed) if isinstance(allowed, (set, frozenset)) else list(allowed)
        where = f" in {what}" if what else ""
        for k in node:
            if k not in names:
                raise self.fail(
                    (*path, k), f"unknown key{where} (expected one of: {', '.join(names)})"
                )
        return node

    def int_(
        self, path: KeyPath, lo: int | None = None, hi: int | None = None, none: bool = False
    ) -> Any:
        v = self.get(path)
        if v is None and none:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(path, f"must be a whole number, not {kind_of(v)} {v!r}")
        if lo is not None and v < lo:
            raise self.fail(path, f"must be at least {lo}, not {v}")
        if hi is not None and v > hi:
            raise self.fail(path, f"must be at most {hi}, not {v}")
        return v

    def num(
        self, path: KeyPath, lo: float, hi: float | None = None, open_lo: bool = False
    ) -> float:
        v = self.get(path)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or math.isnan(v):
            raise self.fail(path, f"must be a number, not {kind_of(v)} {v!r}")
        if v < lo or (open_lo and v == lo):
            bound = "more than" if open_lo else "at least"
            raise self.fail(path, f"must be {bound} {lo:g}, not {v!r}")
        if hi is not None and v > hi:
            raise self.fail(path, f"must be at most {hi:g}, not {v!r}")
        return float(v)

    def bool_(self, path: KeyPath) -> bool:
        v = self.get(path)
        if not isinstance(v, bool):
            raise self.fail(path, f"must be true or false, not {v!r}")
        return v

    def choice(self, path: KeyPath, options: Sequence[str]) -> str:
        v = self.get(path)
        if v not in options:
            raise self.fail(path, f"must be one of {', '.join(options)}, not {v!r}")
        return str(v)

    def str_(self, path: KeyPath) -> str:
        v = self.get(path)
        if not isinstance(v, str):
            raise self.fail(path, f"must be text, not {kind_of(v)}")
        return v

    def text(self, path: KeyPath) -> str:
        """Non-empty text, stripped."""
        v = self.get(path)
        if not isinstance(v, str) or not v.strip():
            raise self.fail(path, f"must be non-empty text, not {kind_of(v)} {v!r}")
        return v.strip()
