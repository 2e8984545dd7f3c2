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
from collections.abc import MutableSequence
from typing import Any, Final, NoReturn

from mypy_extensions import mypyc_attr

from .exceptions import InputError

KEY_BYTES = 32
"""Bytes of entropy in a fresh key (printed as 64 hex digits)."""

_KEY_RE = re.compile(r"[0-9a-f]{64}")

# HMAC-SHA256 written out (RFC 2104) from hashlib's SHA-256: the key padded
# to the 64-byte block, XORed with 0x36 (inner) and 0x5c (outer).  The same
# bytes as ``hmac.new(key, msg, hashlib.sha256)`` (tests/rules/test_keys.py checks
# it on many keys), at half the cost: the ``hmac`` module's Python wrapper
# costs more than the two SHA-256 blocks themselves, and a generator keeps
# both padded states, so each block of its stream is two copies and two
# digests.
_BLOCK: Final = 64
_IPAD: Final = bytes(x ^ 0x36 for x in range(256))
_OPAD: Final = bytes(x ^ 0x5C for x in range(256))


def _pads(key: bytes) -> tuple[Any, Any]:
    """The inner and outer SHA-256 states of HMAC under ``key``."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    return hashlib.sha256(key.translate(_IPAD)), hashlib.sha256(key.translate(_OPAD))


def _mac(inner_pad: Any, outer_pad: Any, msg: bytes) -> Any:
    """HMAC-SHA256 of ``msg`` from a key's padded states (left as they are: they
    are copied), as a finished hash object (``.digest()``, ``.hexdigest()``)."""
    inner = inner_pad.copy()
    inner.update(msg)
    outer = outer_pad.copy()
    outer.update(inner.digest())
    return outer


# The last key's padded states: a match derives its hole's key and each bot's
# seed from one key in a row (and a tournament game its seats' seeds too), so
# the pads are worked out once (``_mac`` never changes them).  One tuple,
# replaced whole: safe for threads (a Dask worker may run several).
_last_pads: tuple[bytes, Any, Any] = (b"", None, None)


def _hmac(key: bytes, msg: bytes) -> Any:
    """HMAC-SHA256(key, msg) as a finished hash object (``.digest()``, ``.hexdigest()``)."""
    global _last_pads
    last = _last_pads
    if last[0] != key or last[1] is None:
        inner, outer = _pads(key)
        last = _last_pads = (key, inner, outer)
    return _mac(last[1], last[2], msg)


def new_key() -> str:
    """A fresh secret key: 32 bytes from the operating system, as hex."""
    return os.urandom(KEY_BYTES).hex()


def key_from_seed(seed: int | str) -> str:
    """The key a given seed stands for (reproducible, so not secret).

    Anyone who knows the seed can compute this key and every deal: use a
    seed to reproduce or share a run, never for a competition.
    """
    return hmac.new(b"golf seed v1", str(seed).encode(), hashlib.sha256).hexdigest()


def match_key(seed: int | str | None = None, key: str | None = None) -> str:
    """The key a game's cards come from: ``key`` itself, else the key of
    ``seed`` (reproducible by anyone who knows the seed), else a fresh
    secret one.  ``golf play``, ``golfcli.play_match`` and ``golfcli.Hole``
    all ask here, so one seed deals the same cards in each.

    >>> match_key(seed=3) == key_from_seed(3) and is_key(match_key())
    True
    """
    if key is not None:
        if (problem := key_problem(seed, key)) is not None:
            raise InputError(problem)
        return key
    return key_from_seed(seed) if seed is not None else new_key()


def key_problem(
    seed: object, key: str | None, *, option: str = "a key", what: str = "game"
) -> str | None:
    """What is wrong with a ``seed`` and ``key`` given together, or None: a
    key and a seed exclude each other (each says where the cards come from),
    and a key is the 64 hex digits a finished game or run printed.  The one
    statement of that rule, worded for a door (``a key``) or an option
    (``--key``) by ``option``, and for a game or a run by ``what``."""
    if key is None:
        return None
    if seed is not None:
        other = "--seed" if option.startswith("--") else "a seed"
        return f"give {option} or {other}, not both"
    if not is_key(key):
        return f"{option} must be the 64 hex digits a finished {what} printed"
    return None


def is_key(text: str) -> bool:
    """True for 64 lowercase hex digits (what :func:`new_key` makes)."""
    return bool(_KEY_RE.fullmatch(text))


def _key_bytes(key: int | str | bytes) -> bytes:
    if isinstance(key, bytes):
        return key
    if isinstance(key, str):
        return key.encode()
    return str(key).encode()


def derive(key: int | str | bytes, label: str) -> str:
    """HMAC-SHA256(key, label) as hex: a sub-key for one purpose.

    ``key`` may be a hex key, a derived sub-key, or (tests, ``golf play
    --seed``) any seed: its text is the HMAC key.  The result is only as
    secret as ``key`` is.
    """
    return str(_hmac(_key_bytes(key), label.encode()).hexdigest())


def bot_seed(match_key: int | str, name: str) -> str:
    """Seed for the bot called ``name`` in a match: independent of the deal.

    Derived under its own label, so neither the deal nor this seed can be
    computed from the other without the match key.
    """
    return derive(match_key, f"bot:{name}")[:32]


def hole_rng(match_key: int | str, number: int) -> KeyedRandom:
    """The generator that deals hole ``number`` of a match (and reshuffles its
    stock): keyed by the match key and the hole number alone, so a hole can be
    dealt again from a game's key without playing the holes before it (a
    compact record's replay, :func:`golfcli.record.from_moves`)."""
    return KeyedRandom(derive(match_key, f"hole:{number}"))


class KeyStream:
    """The bytes of HMAC-SHA256(key, counter) for counter 0, 1, 2 ... in order
    (the counter as 8 big-endian bytes), read a piece at a time.

    The engine of :class:`KeyedRandom`, compiled with the engine: a deal is
    one :meth:`shuffle`, whose loop runs here rather than in Python.
    """

    def __init__(self, key: bytes) -> None:
        self._inner, self._outer = _pads(key)
        self._block = 0
        self._buf = b""
        self._at = 0  # bytes of _buf already read

    def copy(self) -> KeyStream:
        """A stream at the same point that reads on by itself (the pads are
        shared: :func:`_mac` copies them before use)."""
        new = KeyStream(b"")
        new._inner, new._outer = self._inner, self._outer
        new._block, new._buf, new._at = self._block, self._buf, self._at
        return new

    def _fill(self, n: int) -> None:
        """Make at least ``n`` unread bytes available in ``_buf``."""
        if len(self._buf) - self._at >= n:
            return
        buf = self._buf[self._at :]
        while len(buf) < n:
            buf += _mac(self._inner, self._outer, self._block.to_bytes(8, "big")).digest()
            self._block += 1
        self._buf = buf
        self._at = 0

    def take(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        self._fill(n)
        at = self._at
        self._at = at + n
        return self._buf[at : at + n]

    def _word(self) -> int:
        """The next 16-bit little-endian word of the stream."""
        self._fill(2)
        at = self._at
        self._at = at + 2
        buf = self._buf
        return buf[at] | buf[at + 1] << 8

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Fisher-Yates with every index drawn from 16 bits of the stream.

        The words are the stream's, in order: ``n - 1`` of them are read at
        once, and each word skipped as biased (at or above the largest
        multiple of ``i + 1`` below 65536) is followed by one more.
        """
        if isinstance(x, list):
            self._shuffle_list(x)  # the deal's case: list operations compiled to C
            return
        items = list(x)
        self._shuffle_list(items)
        for k, item in enumerate(items):
            x[k] = item

    def _shuffle_list(self, x: list[Any]) -> None:
        n = len(x)
        if n < 2:
            return
        if n > 1 << 16:
            raise InputError("KeyedRandom.shuffle takes at most 65536 items")
        self._fill(2 * (n - 1))
        buf = self._buf
        at = self._at
        end = at + 2 * (n - 1)  # the words read at once, as the first take
        self._at = end
        i = n - 1
        while i > 0:
            m = i + 1
            limit = 65536 - 65536 % m
            while True:  # the stream's words in order; a rare biased one is skipped
                if at < end:
                    v = buf[at] | buf[at + 1] << 8
                    at += 2
                else:
                    v = self._word()
                if v < limit:
                    break
            j = v % m
            x[i], x[j] = x[j], x[i]
            i -= 1


# A plain Python class in a compiled module (it extends random.Random,
# which a compiled class cannot); its work is KeyStream's.
@mypyc_attr(native_class=False)
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
        self._stream = KeyStream(_key_bytes(key))
        super().__init__()

    def seed(self, a: Any = None, version: int = 2) -> None:
        """No-op: the key given to the constructor is the only seed
        (``random.Random.__init__`` calls this)."""
        return None

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise InputError("number of bits must be non-negative")
        n = (k + 7) // 8
        return int.from_bytes(self._stream.take(n), "big") >> (8 * n - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Fisher-Yates with every index drawn from 16 bits of the stream.

        Golf's own loop rather than ``random.Random.shuffle`` for two reasons:
        speed (the stream is read in one piece instead of one call per card,
        and the loop is compiled: :meth:`KeyStream.shuffle`) and stability
        (the deal of a key must not change with the Python version).  A
        draw that would make the index biased (at or above the largest
        multiple of ``i + 1`` below 65536) is skipped for the next word.
        """
        self._stream.shuffle(x)

    def copy(self) -> KeyedRandom:
        """A generator at the same point of the same stream: what it draws next
        is what this one would, and drawing from either leaves the other
        alone (a cloned hole reshuffles as the original would)."""
        new = KeyedRandom(b"")
        new._stream = self._stream.copy()
        return new

    def getstate(self) -> NoReturn:
        raise NotImplementedError("a KeyedRandom is rebuilt from its key, not from a state")

    def setstate(self, state: Any) -> NoReturn:
        raise NotImplementedError("a KeyedRandom is rebuilt from its key, not from a state")
