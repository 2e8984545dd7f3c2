"""How the terminal prints: suit symbols or letters, ANSI colour or none.

Colour and suit symbols are used only on a terminal that can show them
(``NO_COLOR`` and ``TERM=dumb`` are honoured); ``--ascii`` turns both off.
rich is not needed for a few ANSI colours and keeps its import time out of
the game's start-up.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from typing import IO

from .. import cards as C

# --------------------------------------------------------------------------- style

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def vlen(text: str) -> int:
    """Printed width of ``text`` (colour codes take no room)."""
    return len(_ANSI.sub("", text))


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - vlen(text))


@dataclass(frozen=True)
class Style:
    """How to print: suit symbols or letters, ANSI colour or none."""

    symbols: bool = False
    colour: bool = False

    @classmethod
    def detect(cls, ascii_only: bool, stream: IO[str] | None = None) -> Style:
        """Symbols where the output encoding has them; colour only on a TTY
        without ``NO_COLOR`` (https://no-color.org) and not ``TERM=dumb``."""
        if ascii_only:
            return cls(False, False)
        out = stream or sys.stdout
        try:
            "♣♦♥♠·".encode(getattr(out, "encoding", None) or "ascii")
            symbols = True
        except (UnicodeEncodeError, LookupError):
            symbols = False
        try:
            tty = out.isatty()
        except (AttributeError, ValueError):
            tty = False
        colour = tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        return cls(symbols, colour)

    def paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.colour and text else text

    def dim(self, text: str) -> str:
        return self.paint(text, "2")

    def bold(self, text: str) -> str:
        return self.paint(text, "1")

    def warn(self, text: str) -> str:
        return self.paint(text, "33")

    def card(self, card: int) -> str:
        """A card in notation, red for hearts and diamonds, magenta for jokers."""
        text = C.card_str(card, self.symbols)
        if C.rank_of(card) == C.JOKER:
            return self.paint(text, "35")
        if C.suit_of(card) in (C.DIAMONDS, C.HEARTS):
            return self.paint(text, "31")
        return self.paint(text, "1")
