"""Secret keys and the generators that deal from them.

Why this module exists: a bot that can guess where the cards come from can
rebuild every hidden card.  A deal drawn from ``random.Random("42:hole:1")``
falls to a search over small seeds (a bot compares the cards it sees with
the deals of each candidate), and the Mersenne Twister is not meant to keep
its seed secret anyway.  So golf deals from a *key*:

* a run with no seed gets :func:`new_key` (256 bits from ``os.urandom``): a
  search over keys is hopeless, and the key stays in golf's hands until the
  run is over;
* a run with a seed gets :func:`key_from_seed`: the same seed, the same
  deals, for reproducing a run -- and for anyone who knows or guesses the
  seed, the same deals too.  A known seed means known deals.

Everything random in a game is then :func:`derive`\\ d from the key with
HMAC-SHA256 under a label that says what it is for (``"hole:3"``,
``"bot:alice"``, ``"fallback"``).  HMAC is a pseudorandom function: outputs
under different labels are independent for anyone without the key, and no
output gives the key back.  In particular a bot's seed tells nothing about
the deal and the deal tells nothing about a bot's seed.

:class:`KeyedRandom` is a ``random.Random`` whose bits are HMAC-SHA256 of a
counter (a deterministic generator in counter mode), so a shuffle is as
unpredictable as HMAC: seeing some cards of a deal says nothing about the
others beyond what the cards themselves say.

This module imports nothing from golf: cards, states and matches all sit
above it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import random
import re
import struct
from collections.abc import MutableSequence
from typing import Any, NoReturn

KEY_BYTES = 32
"""Bytes of entropy in a fresh key (printed as 64 hex digits)."""

_KEY_RE = re.compile(r"[0-9a-f]{64}")


def new_key() -> str:
    """A fresh secret key: 32 bytes from the operating system, as hex."""
    return os.urandom(KEY_BYTES).hex()


def key_from_seed(seed: int | str) -> str:
    """The key a given seed stands for (reproducible, so not secret).

    Anyone who knows the seed can compute this key and every deal: use a
    seed to reproduce or share a run, never for a competition.
    """
    return hmac.new(b"golf seed v1", str(seed).encode(), hashlib.sha256).hexdigest()


def is_key(text: str) -> bool:
    """True for 64 lowercase hex digits (what :func:`new_key` makes)."""
    return bool(_KEY_RE.fullmatch(text))


def _key_bytes(key: int | str | bytes) -> bytes:
    return key if isinstance(key, bytes) else str(key).encode()


def derive(key: int | str | bytes, label: str) -> str:
    """HMAC-SHA256(key, label) as hex: a sub-key for one purpose.

    ``key`` may be a hex key, a derived sub-key, or (tests, ``golf play
    --seed``) any seed: its text is the HMAC key.  The result is only as
    secret as ``key`` is.
    """
    return hmac.new(_key_bytes(key), label.encode(), hashlib.sha256).hexdigest()


def bot_seed(match_key: int | str, name: str) -> str:
    """Seed for the bot called ``name`` in a match: independent of the deal.

    Derived under its own label, so neither the deal nor this seed can be
    computed from the other without the match key.
    """
    return derive(match_key, f"bot:{name}")[:32]


class KeyedRandom(random.Random):
    """A ``random.Random`` whose bits are HMAC-SHA256(key, counter).

    Every method of ``random.Random`` (``shuffle``, ``random``, ``randrange``
    ...) works on top of :meth:`getrandbits` and :meth:`random`, which this
    class supplies from the HMAC stream instead of the Mersenne Twister.  The
    stream is a function of the key alone: two generators made from one key
    give the same numbers (reproducible deals), and without the key the
    numbers cannot be predicted from earlier ones.
    """

    def __init__(self, key: int | str | bytes) -> None:
        self._mac = hmac.new(_key_bytes(key), digestmod=hashlib.sha256)
        self._block = 0
        self._pool = b""
        super().__init__()

    def seed(self, a: Any = None, version: int = 2) -> None:
        """No-op: the key given to the constructor is the only seed
        (``random.Random.__init__`` calls this)."""
        return None

    def _take(self, n: int) -> bytes:
        while len(self._pool) < n:
            mac = self._mac.copy()
            mac.update(self._block.to_bytes(8, "big"))
            self._pool += mac.digest()
            self._block += 1
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        n = (k + 7) // 8
        return int.from_bytes(self._take(n), "big") >> (8 * n - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Fisher-Yates with every index drawn from 16 bits of the stream.

        Golf's own loop rather than ``random.Random.shuffle`` for two reasons:
        speed (the stream is read in one piece instead of one call per card:
        a deal costs about as much as the Mersenne Twister's) and stability
        (the deal of a key must not change with the Python version).  A
        draw that would make the index biased (at or above the largest
        multiple of ``i + 1`` below 65536) is skipped for the next word.
        """
        n = len(x)
        if n < 2:
            return
        if n > 1 << 16:
            raise ValueError("KeyedRandom.shuffle takes at most 65536 items")
        words = list(struct.unpack(f"<{n - 1}H", self._take(2 * (n - 1))))
        w = 0
        for i in range(n - 1, 0, -1):
            m = i + 1
            limit = 65536 - 65536 % m
            while True:  # the stream's words in order; a rare biased one is skipped
                if w == len(words):
                    words.append(int.from_bytes(self._take(2), "little"))
                v = words[w]
                w += 1
                if v < limit:
                    break
            j = v % m
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> NoReturn:
        raise NotImplementedError("a KeyedRandom is rebuilt from its key, not from a state")

    def setstate(self, state: Any) -> NoReturn:
        raise NotImplementedError("a KeyedRandom is rebuilt from its key, not from a state")
