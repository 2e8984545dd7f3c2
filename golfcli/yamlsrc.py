"""YAML that remembers where every key came from.

PyYAML's ``safe_load`` forgets line numbers and silently keeps the last of
two equal keys.  Users of a variant or tournament file deserve errors that
say ``file:line: key.path: problem``, so we compose the node tree ourselves
and record the line of every key path.
"""

from __future__ import annotations

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
