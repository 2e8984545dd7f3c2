"""The ``--players`` grammar (seats, names, bot specs) and ``--handicap``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..exceptions import InputError

HUMAN = "human"


class UsageError(InputError):
    """Bad command-line input for ``golf play``: one line on stderr, exit 2."""


# --------------------------------------------------------------------------- seats


@dataclass(frozen=True)
class SeatSpec:
    """One seat from ``--players``: its name and ``human`` or a bot spec."""

    name: str
    kind: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,19}$")


def _default_name(kind: str) -> str:
    if kind == HUMAN:
        return "you"
    from ..bots.names import bot_label

    return bot_label(kind)


def _split_seats(text: str) -> list[str]:
    r"""Split ``--players`` at commas outside quotes: an external bot's
    command line may need a comma (``ext=cmd:"bot --weights 1,2"``).

    As in a shell, a quote opens only at the start of a word (after a comma,
    a space, ``=`` or ``:``), so ``./don't.py`` is a plain path, and a
    backslash escapes the next character (``cmd:bot 1\,2``).  Quotes and
    backslashes stay for the command's shell-like split, except around a
    whole seat or a whole kind after ``name=`` (:func:`_unquote`).

    >>> _split_seats('human,ext=cmd:"bot -w 1,2",./don\'t.py')
    ['human', 'ext=cmd:"bot -w 1,2"', "./don't.py"]
    """
    items: list[str] = []
    cur: list[str] = []
    quote = ""
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"" and (not cur or cur[-1] in " \t=:"):
            quote = ch
        elif ch == ",":
            items.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    if quote:
        raise UsageError(f"--players {text!r}: a {quote} quote is not closed")
    return [_unquote(item) for item in (*items, "".join(cur))]


def _unquote(text: str) -> str:
    """``"cmd:bot 1,2"`` -> ``cmd:bot 1,2``: quotes around the whole text go."""
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"" and text[0] not in text[1:-1]:
        return text[1:-1].strip()
    return text


def parse_players(text: str) -> list[SeatSpec]:
    """Read ``--players``: a comma list of ``human``, bot specs or ``name=kind``
    (a comma inside quotes belongs to its seat).

    ``name=`` is recognised only before a plain name, so a bot option such as
    ``greedy?threshold=3`` stays a spec.  Unnamed seats are named after their
    kind (``you`` for a lone human, ``player1``... for several), with numbers
    added to repeats, so ``--handicap NAME=N`` can name every seat.

    >>> [s.name for s in parse_players("human,greedy,greedy")]
    ['you', 'greedy', 'greedy2']
    """
    items = _split_seats(text)  # each already stripped
    if not text.strip() or any(not item for item in items):
        raise UsageError(
            f"--players {text!r}: give a comma list of seats, e.g. you=human,ann=greedy"
        )
    raw: list[tuple[str | None, str]] = []
    for item in items:
        left, eq, right = item.partition("=")
        if eq and _NAME.match(left.strip()):
            kind = _unquote(right)
            if not kind:
                raise UsageError(
                    f"--players: seat {item!r} needs a kind after '=' (human or a bot)"
                )
            raw.append((left.strip(), HUMAN if kind.lower() == HUMAN else kind))
        elif eq and not any(ch in left for ch in "?:/\\."):
            raise UsageError(
                f"--players: {left.strip()!r} is not a usable name (letters, digits, - and _)"
            )
        else:
            raw.append((None, HUMAN if item.lower() == HUMAN else item))
    humans = sum(1 for given, kind in raw if kind == HUMAN and given is None)
    taken = {given.lower() for given, _ in raw if given is not None}
    out: list[SeatSpec] = []
    counts: dict[str, int] = {}
    for given, kind in raw:
        if given is None:
            base = "player" if kind == HUMAN and humans > 1 else _default_name(kind)
            k = counts.get(base, 0)
            while True:
                k += 1
                name = base if k == 1 and base != "player" else f"{base}{k}"
                if name.lower() not in taken:
                    break
            counts[base] = k
        elif given.lower() in {s.name.lower() for s in out}:
            raise UsageError(f"--players: two seats are named {given!r}")
        else:
            name = given
        taken.add(name.lower())
        out.append(SeatSpec(name, kind))
    if len(out) < 2:
        raise UsageError("--players: Golf needs at least 2 seats, e.g. --players human,greedy")
    return out


def parse_handicap(items: Sequence[str], names: Sequence[str]) -> dict[int, int]:
    """``NAME=N`` items -> {seat: extra cards turned up} (docs/rules.md §4: 1-2)."""
    out: dict[int, int] = {}
    lower = [n.lower() for n in names]
    for item in items:
        name, eq, num = item.partition("=")
        if not eq:
            raise UsageError(f"--handicap {item!r}: use NAME=N, e.g. --handicap you=1")
        if name.strip().lower() not in lower:
            raise UsageError(
                f"--handicap {item!r}: no seat named {name.strip()!r} (seats: {', '.join(names)})"
            )
        try:
            n = int(num)
        except ValueError:
            raise UsageError(f"--handicap {item!r}: N must be a whole number (1 or 2)") from None
        if not 1 <= n <= 2:
            raise UsageError(f"--handicap {item!r}: a handicap is 1 or 2 extra cards turned up")
        out[lower.index(name.strip().lower())] = n
    return out
