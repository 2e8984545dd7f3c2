"""``golf validate``: every error of a variant file (or of a tournament
config), in file order.

Loading a variant stops at its first error, which is right for every command
that then plays or scores with it.  A person fixing a file wants the whole
list at once, top to bottom.  So the file is loaded again and again: after
each error the key at fault is taken out of the file (the value it extends,
or the default, applies in its place) and the next error comes up, until the
file loads or an error cannot be taken out (a YAML syntax error, an error in
the file it extends).  An error about a key already taken out, or about the
mapping that held it, is a consequence of taking it out and is not shown.
The errors are then sorted by line, this file's first.

:class:`Collector` is that loop; a tournament config's collector (in
``tournament/config.py``) is another subclass, with its own repairs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .variant import Variant, VariantError
from .variantload import load_variant, missing_name
from .yamlsrc import KeyPath, Located, SourceError, dotted, load_file, whole_number

#: A file that breaks more keys than this is reported as far as this.
MAX_ERRORS = 50


class Collector:
    """Every error of a YAML document, in file order.

    :meth:`load` stops at the first error.  After each one, :meth:`repair`
    takes the key at fault out of the document (or puts a stand-in in its
    place) and the document is loaded again, until it loads, an error
    cannot be repaired, or :data:`MAX_ERRORS` are found.  An error that
    :meth:`consequence` says follows from a repair already made is not
    reported.  An error from outside the document (a file it names, a
    command-line option) goes to :meth:`outside`.

    Variant files (:func:`validate_file`) and tournament configs
    (``tournament.configerrors.config_errors``) are two subclasses."""

    def __init__(self, doc: Located) -> None:
        self.doc = doc
        self.errors: list[SourceError] = []
        self.gone: list[str] = []  # dotted paths, as in the file, taken out or stood in for
        self.removed: dict[KeyPath, list[int]] = {}  # list path -> items taken out (file numbers)

    # -- what a subclass says

    def load(self) -> Any:
        raise NotImplementedError

    def outside(self, exc: SourceError) -> tuple[list[SourceError], KeyPath | None]:
        """An error of another file or of an option: what to report, and a key
        of this document to repair to go on (None: stop here)."""
        return [exc], None

    def consequence(self, path: str) -> bool:
        """Whether an error at ``path`` (dotted, as in the file) follows from a
        key taken out before: the key itself, inside it, or a mapping that held it."""
        return any(_related(path, g) for g in self.gone)

    def repair(self, at: KeyPath | None, path: str) -> bool:
        """Take the key at fault (``at``, in the document; ``path``, the
        error's dotted path) out; a bad key inside a list item takes the
        whole item out (checking the rest of the item without it would
        report the same fault twice).  False: nothing to take out, stop."""
        if not at:
            return False
        ints = [i for i, k in enumerate(at) if isinstance(k, int)]
        self.take_out(at[: ints[-1] + 1] if ints else at)
        return True

    # -- the loop

    def run(self) -> tuple[Any, list[SourceError]]:
        """The loaded result (None if any error) and every error, in file order."""
        result: Any = None
        # every pass repairs one key: a bound on passes, for errors that are
        # all consequences (not counted in MAX_ERRORS)
        for _ in range(4 * MAX_ERRORS):
            if len(self.errors) >= MAX_ERRORS:
                break
            try:
                result = self.load()
                break
            except SourceError as exc:
                if not self._ours(exc):
                    report, then = self.outside(exc)
                    self.errors += report
                    if then is None or not self.repair(then, dotted(then)):
                        break
                    continue
                at = _key_path(self.doc.data, exc.path)
                # the error names a key of this file (not a mapping that lacks one)
                full = at is not None and len(at) == len(exc.path.split("."))
                in_file = dotted(self.as_in_file(at)) if full and at else exc.path
                if not self.consequence(in_file):
                    self.errors.append(
                        SourceError(exc.where, in_file, exc.message) if full else exc
                    )
                if not self.repair(at, exc.path):
                    break
        own = f"{self.doc.source}:"
        errors = sorted(self.errors, key=lambda e: (not e.where.startswith(own), _line(e)))
        return (result if not errors else None), errors

    def _ours(self, exc: SourceError) -> bool:
        return exc.where.startswith(f"{self.doc.source}:") or exc.where == self.doc.source

    # -- editing the document (each edit is remembered in ``gone``)

    def as_in_file(self, path: KeyPath) -> KeyPath:
        """``path`` with list indices as the file numbers them (items taken out before)."""
        return _as_in_file(path, self.removed)

    def take_out(self, path: KeyPath) -> None:
        """Remove the key (or list item) at ``path``, and its lines."""
        self.gone.append(dotted(self.as_in_file(path)))
        _take_out(self.doc, path, self.removed)

    def stand_in(self, path: KeyPath, value: Any) -> None:
        """Put ``value`` where the key at ``path`` is (or would be): a key the
        rest depends on cannot simply be taken out."""
        self.gone.append(dotted(self.as_in_file(path)))
        parent: Any = self.doc.data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
        n = len(path)
        self.doc.lines = {p: w for p, w in self.doc.lines.items() if p[:n] != path or p == path}


class _VariantCollector(Collector):
    def __init__(self, doc: Located, path: Path) -> None:
        super().__init__(doc)
        self.path = path

    def load(self) -> Variant:
        return load_variant(self.doc, base_dir=self.path.parent)

    def outside(self, exc: SourceError) -> tuple[list[SourceError], KeyPath | None]:
        # after keys were taken out, an error in the file extended is its own
        # only if that file fails by itself too
        if self.gone:
            theirs = _own_error(self.doc.data.get("extends"), self.path.parent)
            return ([theirs] if theirs is not None else []), None
        return [exc], None


def validate_file(path: Path) -> tuple[Variant | None, list[SourceError]]:
    """The variant (None if any error) and every error found, in file order."""
    try:
        doc = load_file(path)
    except SourceError as exc:
        return None, [exc]
    if not isinstance(doc.data, dict):
        return None, [VariantError(doc.where(()), "", "a variant file must be a YAML mapping")]
    collector = _VariantCollector(doc, path)
    if "name" not in doc.data:
        collector.errors.append(missing_name(doc.where(())))
        doc.data["name"] = path.stem  # to look for the other errors
    variant, errors = collector.run()
    return variant, errors


def _own_error(parent: Any, here: Path) -> SourceError | None:
    """The error of the file extended, loaded alone (None if it loads)."""
    if not isinstance(parent, str):
        return None
    try:
        load_variant(parent, base_dir=here)
    except SourceError as exc:
        return exc
    return None


def _related(path: str, taken: str) -> bool:
    """``path`` is ``taken``, inside it, or a mapping that held it."""
    return path == taken or path.startswith(taken + ".") or taken.startswith(path + ".")


def _line(err: SourceError) -> int:
    m = re.search(r":(\d+)$", err.where)
    return int(m.group(1)) if m else 0


def _key_path(data: Any, dotted: str) -> KeyPath | None:
    """The key path in ``data`` that ``dotted`` names (keys may be numbers)."""
    if not dotted:
        return ()
    node: Any = data
    out: list[Any] = []
    for part in dotted.split("."):
        if isinstance(node, list):
            index = whole_number(part)
            if index is None or index >= len(node):
                return None
            key: Any = index
        elif isinstance(node, dict):
            key = next((k for k in node if str(k) == part), None)
            if key is None:
                return tuple(out) if out else None  # a missing key: its mapping is at fault
        else:
            return tuple(out) if out else None
        out.append(key)
        node = node[key]
    return tuple(out)


def _as_in_file(path: KeyPath, removed: dict[KeyPath, list[int]]) -> KeyPath:
    """``path`` with list indices as the file numbers them (items taken out before)."""
    out: list[Any] = []
    for key in path:
        gone = removed.get(tuple(out), [])
        if isinstance(key, int):
            for r in sorted(gone):
                if r <= key:
                    key += 1
        out.append(key)
    return tuple(out)


def _take_out(doc: Located, path: KeyPath, removed: dict[KeyPath, list[int]]) -> None:
    """Remove the key (or list item) at ``path`` from the file, and its lines."""
    parent: Any = doc.data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    del parent[last]
    n = len(path)
    lines: dict[KeyPath, str] = {}
    for p, where in doc.lines.items():
        if p[:n] == path:
            continue
        if isinstance(last, int) and p[: n - 1] == path[:-1] and len(p) >= n:
            i = p[n - 1]
            if isinstance(i, int) and i > last:
                p = (*path[:-1], i - 1, *p[n:])
        lines[p] = where
    doc.lines = lines
    if isinstance(last, int):
        list_path = _as_in_file(path[:-1], removed)
        removed.setdefault(list_path, []).append(int(_as_in_file(path, removed)[-1]))
