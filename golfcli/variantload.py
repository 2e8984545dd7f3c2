"""Loading a variant: a built-in by name or a file by path, its ``extends:``
followed (a built-in's name or a path relative to the file; mappings merged
deep, lists replaced) and its ``--set key.path=value`` overrides applied
(each may name only a key the schema has), and then built by
:mod:`golfcli.variantcheck`.  Any problem is one
:class:`~golfcli.yamlsrc.SourceError` naming ``file:line`` and the key.

Apart from :mod:`golfcli.variant` (the frozen values and the schema) so
that what a variant *is* reads without how a file becomes one.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import cards as C
from .arguments import (
    SHOWN_LABEL,
    items,
    optional_path,
    shorten,
    shown,
    text,
    wrong_type,
)
from .variant import (
    _ITEM_KEYS,
    _KEYED_MAPPINGS,
    _OPEN_MAPPINGS,
    BUILTIN_NAMES,
    DEFAULTS,
    Variant,
    VariantError,
    _thawed,
)
from .variantcheck import build_variant
from .yamlsrc import (
    KeyPath,
    Located,
    did_you_mean,
    dotted,
    load_file,
    parse_scalar,
    printable,
    whole_number,
)


def builtin_path(name: str) -> Path:
    return Path(__file__).with_name("variants") / f"{name}.yaml"


def missing_name(where: str) -> VariantError:
    """The error of a variant file without its own ``name:`` (one wording for
    loading and for ``golf validate``, which reports it beside the others)."""
    return VariantError(where, "name", "missing: every variant file needs a name")


def load_variant(
    spec: str | Path | Mapping[str, Any] | Located | Variant,
    overrides: Sequence[str] | Mapping[str, Any] = (),
    base_dir: Path | None = None,
) -> Variant:
    """A variant: a built-in's name, a file's path, a mapping of keys (as in a
    variant file; tournament configs), or a :class:`Variant` to change.

    ``overrides`` change keys for this load, as ``golf score --set`` does:
    ``key.path=value`` strings, or a mapping of key paths to values.  Any
    problem is one :class:`VariantError` naming ``file:line`` and the key.

    >>> load_variant("six-card", {"values.ranks.2": 2}).rank_values[2]
    2
    >>> load_variant("six-card", ["game.holes=18"]).game.holes
    18
    """
    if isinstance(spec, Variant):
        # its merged document, which names no parent: the keys are all there
        spec = {**spec.to_data(), "extends": None}
    elif not isinstance(spec, Mapping | Located):
        spec = _spec_arg("spec", spec)
    base = optional_path("base_dir", base_dir, "a directory (a path) or None")
    doc = _resolve(spec, base, ())
    if isinstance(overrides, Mapping):
        for key, value in overrides.items():
            where = shorten(printable(f"override {key}={shown(value)}"), SHOWN_LABEL)
            _set_key(doc, str(key), _thawed(value), where)
    else:
        for i, item in enumerate(items("overrides", overrides, _OVERRIDES, 10_000)):
            _apply_override(doc, text(f"overrides[{i}]", item, "a 'key=value' text"))
    return build_variant(doc)


_OVERRIDES = "a mapping of key paths to values, or a list of 'key=value' texts"
_VARIANT = "a variant: a built-in's name, a variant file's path or a Variant"


def _spec_arg(argument: str, spec: object) -> str | Path:
    """A variant's name or path, as a door takes it: text or a path, not
    bytes or anything else (what the text says, the loader judges)."""
    if isinstance(spec, str | Path):
        return spec
    if isinstance(spec, os.PathLike):
        name = os.fspath(spec)
        if isinstance(name, str):
            return Path(name)
    wrong_type(argument, _VARIANT, spec)


def resolve(spec: str | Path | Variant) -> Variant:
    """``spec`` as a variant: a :class:`Variant` as it is, a built-in's name
    (unless a file of that name is here) from the cache, anything else
    loaded.  What the library's functions do with their ``variant``
    argument: a loop that scores many layouts with ``variant="six-card"``
    builds the variant (and its scoring tables) once."""
    if isinstance(spec, Variant):
        return spec
    if isinstance(spec, str) and spec in BUILTIN_NAMES and not _is_file(Path(spec)):
        return builtin(spec)
    return load_variant(_spec_arg("variant", spec))


def variants() -> list[Variant]:
    """The built-in variants, in the order ``golf variants`` lists them.

    >>> [v.name for v in variants()]
    ['six-card', 'four-card', 'nine-card', 'alberta', 'duel']
    """
    return [builtin(name) for name in BUILTIN_NAMES]


def _resolve(
    spec: str | Path | Mapping[str, Any] | Located,
    base_dir: Path | None,
    seen: tuple[str, ...],
    extended: bool = False,
) -> Located:
    """The merged document of ``spec`` and what it extends.  A built-in's
    name is the built-in, except where the user typed it and a file of that
    name sits in the working directory (the user's own ``six-card``); named
    by ``extends:`` (``extended``) it is always the built-in, so that a file
    in the working directory cannot change what the built-ins extend."""
    if isinstance(spec, Located):
        loc = Located(copy.deepcopy(spec.data), dict(spec.lines), spec.source)
        here = base_dir
    elif isinstance(spec, Mapping):
        loc = Located(copy.deepcopy(dict(spec)), {(): "<inline variant>"}, "<inline variant>")
        here = base_dir
    else:
        text = str(spec)
        _check_name(text)
        shipped = text in BUILTIN_NAMES and (extended or not _is_file(Path(text)))
        if shipped:
            path = builtin_path(text)
        else:
            path = Path(text)
            if base_dir is not None and not path.is_absolute():
                path = base_dir / path
            if not _exists(path) and path.suffix == "" and not path.parent.parts:
                names = ", ".join(BUILTIN_NAMES)
                raise VariantError(
                    text,
                    "",
                    f"unknown variant{did_you_mean(text, BUILTIN_NAMES)} "
                    f"(built-ins: {names}; or give a path)",
                )
        key = _resolved(path)
        if key in seen:
            raise VariantError(str(path), "extends", "extends itself in a loop")
        seen = (*seen, key)
        loc = _builtin_file(text) if shipped else load_file(path)
        here = path.parent
    if not isinstance(loc.data, dict):
        raise VariantError(loc.where(()), "", "a variant file must be a YAML mapping of keys")
    if not isinstance(spec, (Located, Mapping)) and "name" not in loc.data:
        # the name is the file's own (docs/variants.md): one taken over with
        # extends: would pass a house rule off as the built-in it changes
        raise missing_name(loc.where(()))
    parent = loc.data.get("extends")
    if parent is None:
        base = Located(copy.deepcopy(DEFAULTS), {}, "<defaults>")
    else:
        if not isinstance(parent, str):
            raise VariantError(loc.where(("extends",)), "extends", "must be a variant name or path")
        base = _resolve_parent(parent, here, seen, loc)
    _merge(base, loc, ())
    base.data["extends"] = parent
    return base


def _builtin_file(name: str) -> Located:
    """A built-in variant's file, read once per process and, where it can be,
    without PyYAML: ``golfcli/builtindata.py`` holds every shipped file's
    text, its data and the line of each key, made from the YAML by
    ``python scripts/make_builtins.py`` and checked against it by the tests.
    Parsing the YAML took 2-3 ms a file and importing PyYAML a tenth of
    ``golf score``'s start; as a module, the data loads from Python's
    bytecode cache in a tenth of a millisecond (evaluating it as a text
    literal took ~4).  A built-in the module does not hold (one added
    since, or a file edited after it was made: its text differs) is read
    from its YAML.  Each caller gets its own deep copy, because ``_merge``
    and ``--set`` edit what they get."""
    kept = _BUILTIN_FILES.get(name)
    if kept is None:
        path = builtin_path(name)
        kept = _BUILTIN_FILES[name] = _from_literal(name, path) or load_file(path)
    return Located(copy.deepcopy(kept.data), dict(kept.lines), kept.source)


#: The module of the built-ins as data: ``BUILTINS = {name: (the YAML's text,
#: data, ((key path, line), ...))}`` (made by :func:`builtins_module`).
BUILTINS_MODULE = Path(__file__).with_name("builtindata.py")


def _from_literal(name: str, path: Path) -> Located | None:
    """The built-in from :data:`BUILTINS_MODULE`, or None when it holds no
    such name or was made from another text of it.  The file's text is
    compared whole (no digest: hashlib's import alone cost ~3 ms)."""
    try:
        from .builtindata import BUILTINS

        text, data, lines = BUILTINS[name]
        if path.read_bytes() != text.encode("utf-8"):
            return None
    except (OSError, ImportError, ValueError, KeyError, TypeError):
        return None
    source = str(path)
    return Located(data, {tuple(k): f"{source}:{n}" for k, n in lines}, source)


def builtins_module() -> str:
    """What :data:`BUILTINS_MODULE` holds, made from the shipped YAML files."""
    import pprint

    out = {}
    for name in BUILTIN_NAMES:
        path = builtin_path(name)
        loc = load_file(path)
        lines = tuple((tuple(k), int(v.rsplit(":", 1)[1])) for k, v in loc.lines.items())
        out[name] = (path.read_bytes().decode("utf-8"), loc.data, lines)
    return (
        '"""Every built-in variant as data: its YAML\'s text, the data and the line\n'
        "of each key (golfcli/variantload.py reads it instead of the YAML).\n\n"
        'Made by ``python scripts/make_builtins.py``; do not edit."""\n\n'
        "TYPE_CHECKING = False  # (typing itself is not imported for this)\n"
        "if TYPE_CHECKING:\n"
        "    from typing import Any\n\n"
        f'BUILTINS: "dict[str, Any]" = {pprint.pformat(out, width=100, sort_dicts=False)}\n'
    )


_BUILTIN_FILES: dict[str, Located] = {}


def _check_name(text: str) -> None:
    """A name or path the file system could never hold is refused in words
    (the OS would answer with an ``OSError`` traceback)."""
    if not text.strip():
        names = ", ".join(BUILTIN_NAMES)
        raise VariantError("''", "", f"empty variant name (built-ins: {names}; or give a path)")
    longest = max((len(part.encode()) for part in Path(text).parts), default=0)
    # 255 bytes a part; 4096 in all is PATH_MAX, which counts the closing NUL
    if longest > 255 or len(text.encode()) >= 4096 or "\0" in text:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise VariantError(
            shown, "", "not a variant name or file (names are at most 255 bytes, no NUL)"
        )


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _resolved(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):  # a symlink loop: load_file reports it
        return str(path.absolute())


def _resolve_parent(
    parent: str, here: Path | None, seen: tuple[str, ...], child: Located
) -> Located:
    """Load what ``extends:`` names; a name or path that cannot be found is an
    error at the ``extends`` line of the child file."""
    where = child.where(("extends",))
    text = parent.strip()
    try:
        _check_name(text)
    except VariantError as exc:
        raise VariantError(where, "extends", exc.message) from None
    if text not in BUILTIN_NAMES:
        path = Path(text)
        if here is not None and not path.is_absolute():
            path = here / path
        if not _is_file(path):
            names = ", ".join(BUILTIN_NAMES)
            raise VariantError(
                where,
                "extends",
                f"no built-in variant or file {shown(parent)} (built-ins: {names})",
            )
        if _resolved(path) in seen:
            raise VariantError(where, "extends", f"{shown(parent)} extends itself in a loop")
    return _resolve(text, here, seen, extended=True)


def _merge(base: Located, top: Located, path: KeyPath) -> None:
    """Deep-merge ``top`` into ``base`` in place: mappings merge, lists replace."""
    target: Any = base.data
    for p in path:
        target = target[p]
    source: Any = top.data
    for p in path:
        source = source[p]
    if path in _KEYED_MAPPINGS:
        ids: dict[int, Any] = {}
        for key in source:
            ident = _entry_id(key, _KEYED_MAPPINGS[path])
            if ident is not None and ident in ids:
                raise VariantError(
                    top.where((*path, key)),
                    (*path, key),
                    f"same {_KEYED_MAPPINGS[path]} as {shown(ids[ident])}",
                )
            if ident is not None:
                ids[ident] = key
    for key, value in source.items():
        sub = (*path, key)
        if path in _KEYED_MAPPINGS:
            # values.ranks / values.cards merge entry by entry; ``k: -2`` in a
            # child replaces the parent's ``K: 0`` (same rank, other spelling).
            same = _find_entry_key(target, key, _KEYED_MAPPINGS[path])
            if same != key and same in target:
                del target[same]
                for k in [k for k in base.lines if k[: len(sub)] == (*path, same)]:
                    del base.lines[k]
        if isinstance(value, dict) and isinstance(target.get(key), dict) and _merges(sub):
            _merge(base, top, sub)
        else:
            target[key] = copy.deepcopy(value)
            for k in [k for k in base.lines if k[: len(sub)] == sub]:
                del base.lines[k]
        for k, v in top.lines.items():
            if k[: len(sub)] == sub:
                base.lines[k] = v
    # the document's own place; one that knows no lines at all (a tournament
    # config given as a mapping) is named by its source
    base.lines[()] = top.lines.get((), base.lines.get((), top.source))
    base.source = top.source


def _apply_override(doc: Located, item: str) -> None:
    """One ``--set KEY=VALUE``: the key path follows the schema, not the
    loaded file, so a key a file leaves out (a pattern's ``bonus``) can be
    set; a mapping merges into the mapping it lands on, as it would in a
    file that extends this one (docs/variants.md); any other value replaces."""
    where = shorten(printable(f"--set {item}"), SHOWN_LABEL)  # the key and problem follow
    if "=" not in item:
        raise VariantError(where, "", "expected KEY=VALUE, e.g. values.ranks.2=2")
    key, _, raw = item.partition("=")
    _set_key(doc, key, parse_scalar(raw, where), where)


def _set_key(doc: Located, key: str, value: Any, where: str) -> None:
    """Set the key at dotted path ``key`` to ``value``: only keys the schema
    has (or entries of its open mappings, such as a rank's value)."""
    parts: list[str | int] = []
    for word in key.strip().split("."):
        n = whole_number(word[1:] if word.startswith("-") else word)
        parts.append(word if n is None else -n if word.startswith("-") else n)
    if not parts or parts == [""]:
        raise VariantError(where, "", "empty key")
    node: Any = doc.data
    walked: KeyPath = ()
    for i, p in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, dict):
            allowed = _schema_keys(walked)
            if allowed is not None and p not in allowed:
                keys = f" (keys: {', '.join(sorted(allowed))})" if allowed else ""
                raise VariantError(
                    where,
                    dotted(tuple(parts)),
                    f"unknown key {shown(p)} in {dotted(walked) or 'the variant'}"
                    + (did_you_mean(p, allowed) or keys),
                )
            if walked in _KEYED_MAPPINGS:
                p = _find_entry_key(node, p, _KEYED_MAPPINGS[walked])
            if not last and node.get(p) is None:
                raise VariantError(
                    where,
                    dotted(tuple(parts)),
                    f"{dotted((*walked, p))} is not set, so it has no {_part(parts[i + 1])}: "
                    f"give it whole (--set {dotted((*walked, p))}=...)",
                )
        elif isinstance(node, list):
            if not isinstance(p, int) or not -len(node) <= p < len(node):
                raise VariantError(
                    where, dotted(tuple(parts)), f"no item {shown(p)} in list {dotted(walked)}"
                )
            p %= len(node)
        else:
            raise VariantError(where, dotted(tuple(parts)), f"{dotted(walked)} is not a mapping")
        if last:
            _put(doc, node, (*walked, p), value, where)
        else:
            node = node[p]
        walked = (*walked, p)


def _part(p: str | int) -> str:
    return f"item {p}" if isinstance(p, int) else repr(p)


def _schema_keys(path: KeyPath) -> Collection[str] | None:
    """The keys the mapping at ``path`` may have by the schema, or None where
    any key goes (``values.ranks``, ``values.cards``, ``deck.packs``)."""
    if path in _OPEN_MAPPINGS:
        return None
    if len(path) == 2 and isinstance(path[1], int) and path[0] in _ITEM_KEYS:
        return _ITEM_KEYS[path[0]]
    node: Any = DEFAULTS
    for p in path:
        node = node.get(p) if isinstance(node, dict) else None
    return node.keys() if isinstance(node, dict) else ()


def _merges(path: KeyPath) -> bool:
    """Whether a mapping given at ``path`` merges into the one there (by
    ``extends:`` or ``--set``) rather than replacing it: every mapping of the
    schema does, and the open ones keyed by rank or card entry by entry;
    ``deck.packs`` is replaced whole, as its ranges may not overlap."""
    return path not in _OPEN_MAPPINGS or path in _KEYED_MAPPINGS


def _put(doc: Located, node: Any, path: KeyPath, value: Any, where: str) -> None:
    """Set ``value`` at ``path`` in ``node`` (its parent), merging a mapping
    into a mapping (:func:`_merges`); the keys it brings are placed at
    ``where`` for error messages."""
    key = path[-1]
    old = node.get(key) if isinstance(node, dict) else node[key]
    if isinstance(value, dict) and isinstance(old, dict) and _merges(path):
        top: Any = value
        for p in reversed(path):
            top = {p: top}
        lines = {(*path, *sub): where for sub in _key_paths(value)}
        _merge(doc, Located(top, {(): doc.where(()), **lines}, doc.source), path)
    else:
        node[key] = value
        for k in [k for k in doc.lines if k[: len(path)] == path]:
            del doc.lines[k]
    doc.lines[path] = where


def _key_paths(value: Any) -> list[KeyPath]:
    """Every key path inside ``value`` (mappings and lists), itself first."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return [()]
    return [(), *((k, *sub) for k, v in items for sub in _key_paths(v))]


def _entry_id(key: Any, how: str) -> int | None:
    """The rank (``how == "rank"``) or exact card a values key names, or None."""
    try:
        return C.parse_rank(key) if how == "rank" else C.parse_card(str(key))
    except C.CardError:
        return None


def _find_entry_key(mapping: dict[Any, Any], key: str | int, how: str) -> Any:
    """``values.ranks.2`` should hit the existing key ``2`` whatever its YAML
    type or spelling (``k`` = ``K``, ``T`` = ``10``, ``kc`` = ``K♣``)."""
    want = _entry_id(key, how)
    if want is None:
        return key
    for k in mapping:
        if _entry_id(k, how) == want:
            return k
    return key


def builtin(name: str) -> Variant:
    """A built-in variant by name (cached: built-ins are immutable)."""
    if name not in _BUILTIN_CACHE:
        _BUILTIN_CACHE[name] = load_variant(name)
    return _BUILTIN_CACHE[name]


_BUILTIN_CACHE: dict[str, Variant] = {}
