"""``golf validate``: every error of a variant file, in file order.

Loading a variant stops at its first error, which is right for every command
that then plays or scores with it.  A person fixing a file wants the whole
list at once, top to bottom.  So the file is loaded again and again: after
each error the key at fault is taken out of the file (the value it extends,
or the default, applies in its place) and the next error comes up, until the
file loads or an error cannot be taken out (a YAML syntax error, an error in
the file it extends).  An error about a key already taken out, or about the
mapping that held it, is a consequence of taking it out and is not shown.
The errors are then sorted by line, this file's first.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .variant import Variant, VariantError, load_variant
from .yamlsrc import KeyPath, Located, SourceError, dotted, load_file, whole_number

#: A file that breaks more keys than this is reported as far as this.
MAX_ERRORS = 50

#: Keys of a tournament config that no variant file has.
_TOURNAMENT_KEYS = ("variant", "games", "teams", "schedule", "sprt")


def validate_file(path: Path) -> tuple[Variant | None, list[SourceError]]:
    """The variant (None if any error) and every error found, in file order."""
    try:
        doc = load_file(path)
    except SourceError as exc:
        return None, [exc]
    if not isinstance(doc.data, dict):
        return None, [VariantError(doc.where(()), "", "a variant file must be a YAML mapping")]
    found = [k for k in _TOURNAMENT_KEYS if k in doc.data]
    if found:
        return None, [
            VariantError(
                doc.where((found[0],)),
                "",
                f"this is a tournament config ({found[0]}: is no variant key), "
                f"not a variant: run it with golf tournament {path}",
            )
        ]
    errors: list[SourceError] = []
    if "name" not in doc.data:
        errors.append(
            VariantError(doc.where(()), "name", "missing: every variant file needs a name")
        )
        doc.data["name"] = path.stem  # to look for the other errors
    removed: dict[KeyPath, list[int]] = {}  # list path -> its items taken out (as in the file)
    gone: list[str] = []  # dotted paths taken out so far
    variant: Variant | None = None
    while len(errors) < MAX_ERRORS:
        try:
            variant = load_variant(doc, base_dir=path.parent)
            break
        except SourceError as exc:
            at = _key_path(doc.data, exc.path)
            ours = exc.where.startswith(f"{doc.source}:") or exc.where == doc.source
            # an error about a key taken out, or about the mapping that held it,
            # is a consequence of taking it out: not reported again
            full = at is not None and len(at) == len(exc.path.split(".")) and ours
            in_file = dotted(_as_in_file(at, removed)) if full and at else exc.path
            if not ours and gone:
                # after keys were taken out, an error in the file extended is
                # its own only if that file fails by itself too
                theirs = _own_error(doc.data.get("extends"), path.parent)
                if theirs is not None:
                    errors.append(theirs)
                break
            if not any(_related(in_file, g) for g in gone):
                errors.append(SourceError(exc.where, in_file, exc.message) if full else exc)
            if not ours or not at:
                break  # in the file this one extends, or no key of this file: stop here
            # a bad key inside a list item takes the whole item out: checking the
            # rest of the item without it would report the same fault twice
            ints = [i for i, k in enumerate(at) if isinstance(k, int)]
            out = at[: ints[-1] + 1] if ints else at
            gone.append(dotted(_as_in_file(out, removed)))
            _take_out(doc, out, removed)
    own = f"{doc.source}:"
    return (variant if not errors else None), sorted(
        errors, key=lambda e: (not e.where.startswith(own), _line(e))
    )


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
