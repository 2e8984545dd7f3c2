"""The options a bot class takes, checked once, by name: an option its
constructor does not name and a value its annotation does not allow
(``greedy?threshold=x``, ``bots/strict.py?low=abc``) are refused when the
spec is checked -- ``golf validate``, a tournament before its first game --
for golf's bots and a user's bot file or module alike, not in every game
of a run.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..arguments import MESSAGE_MOST, listing, shown
from . import BotSpecError


def check_options(cls: Any, spec: str, opts: Mapping[str, Any]) -> None:
    """Refuse, once and by name, the options a bot class cannot take: one
    its constructor does not name (unless it takes ``**kwargs``) and one of
    another type than its annotation says (``threshold: int`` and
    ``threshold=abc``).  The built-ins and a bot file's or module's class
    alike, when the spec is checked (``golf validate``, a config before its
    first game), not in every game of a run."""
    known = builtin_options(cls) if _builtin_like(cls) else _options_of(cls)
    unknown = [] if known is None else sorted(set(opts) - known)
    if unknown and known is not None:  # a misspelt option would otherwise go unnoticed
        from ..yamlsrc import did_you_mean

        hint = did_you_mean(unknown[0], known)
        said = f"bot {shown(spec)} has no option {shown(unknown[0])}{hint}"
        room = MESSAGE_MOST - len(said) - 18  # mc's 20 options are more than a line holds
        takes = f"its options: {listing(sorted(known), room)}" if known else "it takes none"
        raise BotSpecError(f"{said} ({takes})")
    check_option_types(cls, spec, dict(opts))


def _builtin_like(cls: Any) -> bool:
    """A class of golf's own (a built-in bot, a family's): its answers are cached."""
    return str(getattr(cls, "__module__", "")).startswith("golfcli.")


def _options_of(cls: Any) -> frozenset[str] | None:
    """The options a user's bot class takes, or None when it takes any
    (``**kwargs``) or its constructor cannot be read."""
    try:
        params = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return frozenset(p.name for p in params if p.kind is not p.VAR_POSITIONAL and p.name != "seed")


#: what an option's annotation asks for, in a user's words
_TYPE_WORDS = {int: "a whole number", float: "a number", bool: "true or false", str: "text"}


def _init_hints(klass: Any) -> dict[str, Any]:
    """The annotations of a bot class's constructor: golf's own classes'
    once (:func:`_golf_hints`), a user's each time (a bot file is loaded
    afresh for every game, each time a new class: a cache would keep them
    all alive)."""
    if _builtin_like(klass):
        return _golf_hints(klass)
    import typing

    return typing.get_type_hints(klass.__init__)


@functools.cache
def _golf_hints(klass: Any) -> dict[str, Any]:
    """The annotations of a built-in bot's constructor.  The compiled build
    (mypyc) keeps none on its methods, so there they are read from the
    module's source, which the compiled module was built from: an option's
    wrong type gets the same message on both builds."""
    import ast
    import sys
    import typing

    hints = typing.get_type_hints(klass.__init__)
    if hints:
        return hints
    module = sys.modules[klass.__module__]
    compiled = Path(module.__file__ or "")
    source = compiled.with_name(compiled.name.split(".")[0] + ".py")
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
            for fn in node.body:
                if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
                    args = fn.args.args + fn.args.kwonlyargs
                    return {
                        a.arg: eval(ast.unparse(a.annotation), vars(module))  # golf's own source
                        for a in args
                        if a.annotation is not None
                    }
    return {}


def _option_type(cls: Any, name: str) -> tuple[type, ...] | None:
    """The types a built-in bot's option accepts, from its constructor's
    annotations (``int | None`` -> (int, NoneType)); None if unannotated."""
    import types
    import typing

    try:
        hints = _init_hints(cls)
    except Exception:  # a user's annotation that does not resolve: unchecked
        return None
    if name not in hints:
        return None
    hint = hints[name]
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return tuple(typing.get_args(hint))
    return (hint,) if isinstance(hint, type) else None


def check_option_types(cls: Any, spec: str, options: dict[str, Any]) -> None:
    """Refuse a built-in bot's option of the wrong type now, when the bot is
    made (``greedy?threshold=x``), not at every decision of a game later."""
    import math

    for name, value in options.items():
        allowed = _option_type(cls, name)
        if allowed is None:
            continue
        ok = False
        for t in allowed:
            if t is type(None):
                ok = ok or value is None
            elif t is bool:
                ok = ok or isinstance(value, bool)
            elif t is int:
                ok = ok or (isinstance(value, int) and not isinstance(value, bool))
            elif t is float:
                ok = ok or (
                    isinstance(value, (int, float))
                    and not isinstance(value, bool)
                    and math.isfinite(value)
                )
            else:
                ok = ok or isinstance(value, t)
        if not ok:
            words = " or ".join(
                "empty" if t is type(None) else _TYPE_WORDS.get(t, t.__name__) for t in allowed
            )
            raise BotSpecError(
                f"bot {shown(spec)} option {name} must be {words}, not {shown(value)}"
            )


@functools.cache
def builtin_options(cls: Any) -> frozenset[str]:
    """The options a built-in bot class takes: its named constructor
    parameters (``mc`` names the expert options it passes on to its inner
    expert among its own).  Cached: there are four such classes, and a
    tournament asks for every bot of every game."""
    return frozenset(
        p.name
        for p in inspect.signature(cls).parameters.values()
        if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL) and p.name != "seed"
    )
