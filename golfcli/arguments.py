"""The library's doors: what a public function's arguments must be, checked
where the call comes in, and how every message shows what it was given.

``golfcli``'s public names (``Card``, ``Hole``, ``play_match``, ...) are
called by programs, and a program can pass anything.  Deep inside, a wrong
value surfaces as whatever Python makes of it (a ``TypeError`` from
``int()``, a ``ZeroDivisionError``), names no argument, and on the compiled
build is mypyc's own ``TypeError`` (``union[int, str, None] object expected;
got list``), raised before golf's code runs.  So each public function
checks its arguments first, with the functions here, and a refusal is an
:class:`ArgumentError` naming the argument, what it got (shortened) and what
it takes, the same on both builds.  The doors check; the engine behind them
trusts its arguments, so a game's inner loops pay nothing.

A door of a compiled module (``match.play_match``, ``Match``) declares the
parameters it checks as ``object``: mypyc checks a declared type itself,
before the function's first line, in words of its own.

Messages stay short: :func:`shorten` cuts any text a message echoes (a
card typed 10,000 characters long, a path, a repr) to :data:`SHOWN`
characters with an ellipsis in the middle, and :func:`shown` is a value as
a message shows it.  Every message that echoes input goes through them.

Imports only :mod:`~golfcli.exceptions`, so every module can use it.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from .exceptions import InputError

#: How many characters of a value a message echoes.
SHOWN = 60
#: How many of a path's (a file is named whole unless its path is absurd).
SHOWN_PATH = 120
#: How many of a place that echoes what was typed (``--set KEY=VALUE``,
#: ``override KEY=VALUE``): the key and the problem follow it in the message.
SHOWN_LABEL = 36
#: The longest message golf means to write (one line).
MESSAGE_MOST = 200
#: What a file's message has besides the file's name, however long that is
#: (``file:line: `` in front, then the key and the problem in this many).
MESSAGE_ROOM = 160

T = TypeVar("T")


def shorten(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters, its middle replaced by ``…``
    (both ends kept: a file's name is at its end), on one line."""
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    tail = limit - 1 - head
    return f"{text[:head]}…{text[-tail:]}"


def listing(items: Iterable[object], most: int = 2 * SHOWN) -> str:
    """``items`` joined with commas in at most about ``most`` characters:
    all of them if they fit, else the first ones and how many more (a
    config's 24 keys, 100 players' names).  The line stays short; the full
    list is where the message points (the docs, the file)."""
    words = [shorten(str(x)) for x in items]
    whole = ", ".join(words)
    if len(whole) <= most:
        return whole
    out: list[str] = []
    used = 16  # " … and 99 more"
    for i, word in enumerate(words):
        if out and used + len(word) > most and i < len(words) - 1:  # never "and 1 more"
            return f"{', '.join(out)} … and {len(words) - i} more"
        out.append(word)
        used += len(word) + 2
    return whole


def shown_path(path: object) -> str:
    """A file's path as a message names it: whole, unless it is longer than
    :data:`SHOWN_PATH` (a path of 300 characters the system refused)."""
    return shorten(str(path), SHOWN_PATH)


def shown(value: object) -> str:
    """``value`` as a message shows it: its ``repr``, shortened; a whole
    number too long to read as its count of digits."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**24:
        return f"a number of {len(str(abs(value)))} digits"
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails is still named
        text = f"<{type(value).__name__} object>"
    return shorten(text)


def reason(exc: BaseException) -> str:
    """What a message quotes of another error: its first line, shortened
    (an import's or a constructor's error can run to many lines)."""
    lines = str(exc).strip().splitlines()
    return shorten(lines[0], 2 * SHOWN) if lines else type(exc).__name__


class ArgumentError(InputError):
    """A public function was given an argument it cannot take.

    The message is one line: the argument, what it must be, what it got
    (``holes: must be a whole number from 1 to 1,000, not 0``); the parts are
    kept as ``argument``, ``takes`` and ``got`` (the value itself)."""

    def __init__(self, argument: str, takes: str, got: object) -> None:
        super().__init__(f"{argument}: must be {takes}, not {shown(got)}")
        self.argument = argument
        self.takes = takes
        self.got = got


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (``Card(None)``, ``holes="3"``): an
    :class:`ArgumentError`, and a ``TypeError`` as Python's own calls raise
    for a wrong type, so either ``except`` catches it."""


def wrong_type(argument: str, takes: str, got: object) -> NoReturn:
    raise ArgumentTypeError(argument, takes, got)


def whole(
    argument: str,
    value: object,
    least: int,
    most: int | None,
    what: str = "a whole number",
) -> int:
    """A whole number from ``least`` to ``most`` (no bound above for None):
    an ``int`` or anything that is one (``operator.index``: numpy's
    integers), never a ``bool``.  ``what`` names it in the message (``a
    seat``, ``a side``)."""
    if type(value) is int:  # the common case, first and cheapest
        number = value
    elif isinstance(value, bool) or not hasattr(type(value), "__index__"):
        wrong_type(argument, _range(what, least, most), value)
    else:
        number = operator.index(value)  # type: ignore[arg-type]
    if number < least or (most is not None and number > most):
        raise ArgumentError(argument, _range(what, least, most), value)
    return number


def _range(what: str, least: int, most: int | None) -> str:
    if most is None:
        return f"{what} of at least {least:,}"
    if least == most:
        return f"{what} {least:,}" if what != "a whole number" else f"{least:,}"
    return f"{what} from {least:,} to {most:,}"


def optional_whole(
    argument: str,
    value: object,
    least: int,
    most: int | None,
    what: str = "a whole number",
) -> int | None:
    """:func:`whole`, or None for None (the argument's default)."""
    return None if value is None else whole(argument, value, least, most, what)


def number(
    argument: str, value: object, least: float, most: float, *, above: bool = False
) -> float:
    """A number (an ``int`` or a ``float``, not a ``bool`` or NaN) from
    ``least`` (exclusive with ``above``) to ``most``."""
    takes = (
        f"a number {'above' if above else 'from'} {least:g}"
        + f" {'and at most' if above else 'to'} {most:g}"
    )
    if isinstance(value, bool) or not isinstance(value, int | float):
        wrong_type(argument, takes, value)
    # compared as given (a whole number too large for a float compares exactly);
    # NaN fails both comparisons
    if not (least < value if above else least <= value) or not value <= most:
        raise ArgumentError(argument, takes, value)
    return float(value)


def text(argument: str, value: object, takes: str = "text") -> str:
    """A ``str`` (not bytes)."""
    if not isinstance(value, str):
        wrong_type(argument, takes, value)
    return value


def optional_text(argument: str, value: object, takes: str = "text") -> str | None:
    return None if value is None else text(argument, value, takes)


def choice(argument: str, value: object, choices: Sequence[str]) -> str:
    """One of ``choices`` (text)."""
    takes = "one of " + ", ".join(choices)
    if not isinstance(value, str):
        wrong_type(argument, takes, value)
    if value not in choices:
        raise ArgumentError(argument, takes, value)
    return value


def flag(argument: str, value: object) -> bool:
    """True or False (a ``bool``: ``"yes"`` or 1 would be a guess)."""
    if not isinstance(value, bool):
        wrong_type(argument, "True or False", value)
    return value


def callback(argument: str, value: object) -> Callable[..., Any] | None:
    """A function to call, or None."""
    if value is not None and not callable(value):
        wrong_type(argument, "a function or None", value)
    return value


def path(argument: str, value: object, takes: str = "a path") -> Path:
    """A path: text or an ``os.PathLike`` of text (not bytes), not empty."""
    if isinstance(value, str | os.PathLike):
        try:
            name = os.fspath(value)
        except TypeError:  # a PathLike whose __fspath__ is not text
            wrong_type(argument, takes, value)
        if isinstance(name, str):
            if not name or "\0" in name:
                raise ArgumentError(argument, takes, value)
            return Path(name)
    wrong_type(argument, takes, value)


def optional_path(argument: str, value: object, takes: str = "a path") -> Path | None:
    return None if value is None else path(argument, value, takes)


def items(argument: str, value: object, takes: str, most: int) -> list[Any]:
    """A list or tuple (or other sequence that is not text) of at most
    ``most`` items, as a list: a sequence that is not a ``str`` or ``bytes``
    (the characters of a text are not a list of names)."""
    if (
        type(value) is not list
        and type(value) is not tuple
        and (
            isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Sequence)
        )
    ):  # (a list or a tuple is known at once: the ABC checks cost microseconds)
        wrong_type(argument, takes, value)
    if len(value) > most:
        raise ArgumentError(argument, f"{takes} (at most {most:,})", value)
    return list(value)


def names(argument: str, value: object, count: int) -> tuple[str, ...]:
    """``count`` names, each text of 1 to 100 characters."""
    if type(value) is list or type(value) is tuple:
        if len(value) == count and all(type(n) is str and 0 < len(n) <= 100 for n in value):
            return tuple(value)  # golf's own callers' names, at once
    elif isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Sequence):
        wrong_type(argument, f"a list of {count} names", value)
    if len(value) != count:
        raise ArgumentError(argument, f"a list of {count} names", value)
    got = list(value)
    if len(got) != count:
        raise ArgumentError(argument, f"a list of {count} names", value)
    for i, name in enumerate(got):
        if not isinstance(name, str):
            wrong_type(f"{argument}[{i}]", "a name (text)", name)
        if not 1 <= len(name) <= 100:
            raise ArgumentError(f"{argument}[{i}]", "a name of 1 to 100 characters", name)
    return tuple(got)


def mapping(argument: str, value: object, takes: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        wrong_type(argument, takes, value)
    return value


def seats_to_counts(
    argument: str, value: object, seats: int, least: int, most: int
) -> dict[int, int]:
    """A mapping of seat (0 to ``seats`` - 1) to a whole number from
    ``least`` to ``most``, or None for none (``handicap``)."""
    if value is None or (type(value) is dict and not value):
        return {}
    takes = f"a mapping of seat (0 to {seats - 1}) to {least} to {most}"
    got = mapping(argument, value, takes)
    out: dict[int, int] = {}
    for seat, n in got.items():
        s = whole(f"{argument} seat", seat, 0, seats - 1, "a seat")
        out[s] = whole(f"{argument}[{s}]", n, least, most)
    return out
