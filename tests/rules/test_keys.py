"""The key and its generators (golfcli/keys.py): deals reproducible from a
key, unpredictable without it, and the same on every Python."""

from __future__ import annotations

import hashlib
import hmac
import random
import struct
from collections import Counter
from collections.abc import MutableSequence
from typing import Any

import pytest

from golfcli.keys import KeyedRandom, bot_seed, derive, is_key, key_from_seed, new_key


def test_a_key_gives_the_same_numbers_and_another_key_others() -> None:
    a, b, c = KeyedRandom("k1"), KeyedRandom("k1"), KeyedRandom("k2")
    xs = [a.getrandbits(64) for _ in range(50)]
    assert xs == [b.getrandbits(64) for _ in range(50)]
    assert xs != [c.getrandbits(64) for _ in range(50)]
    assert all(0 <= KeyedRandom(str(i)).random() < 1 for i in range(200))


def test_the_stream_is_hmac_sha256_of_a_counter() -> None:
    """What the docs promise: block n of the stream is HMAC-SHA256(key, n)."""
    r = KeyedRandom("secret")
    first = r.getrandbits(256).to_bytes(32, "big")
    assert first == hmac.new(b"secret", (0).to_bytes(8, "big"), hashlib.sha256).digest()


def reference_shuffle(key: str, n: int) -> list[int]:
    """The documented algorithm, written out from the standard library: the
    HMAC-SHA256 counter stream read as little-endian 16-bit words, in order,
    Fisher-Yates from the top, a biased word skipped for the next."""
    stream = b"".join(
        hmac.new(key.encode(), i.to_bytes(8, "big"), hashlib.sha256).digest()
        for i in range(n // 8 + 64)
    )
    words = [int.from_bytes(stream[k : k + 2], "little") for k in range(0, len(stream), 2)]
    deck, w = list(range(n)), 0
    for i in range(n - 1, 0, -1):
        v = words[w]
        w += 1
        while v >= 65536 - 65536 % (i + 1):
            v = words[w]
            w += 1
        j = v % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize("n", [2, 10, 52, 108, 30_000])
def test_a_shuffle_is_the_documented_algorithm(n: int) -> None:
    """So a key deals the same cards on any machine and any Python (the
    shuffle is golf's own loop, not random.Random's).  30,000 cards make
    biased words, and so the skipping, certain to happen."""
    for key in ("golf", "7f" * 32, "x"):
        deck = list(range(n))
        KeyedRandom(key).shuffle(deck)
        assert deck == reference_shuffle(key, n)
    deck = list(range(10))
    KeyedRandom("golf").shuffle(deck)
    assert deck == [2, 7, 1, 6, 9, 8, 5, 3, 0, 4]  # pinned: a change here re-deals every key
    assert derive("golf", "hole:1") == hmac.new(b"golf", b"hole:1", hashlib.sha256).hexdigest()


def test_shuffles_are_uniform() -> None:
    """All 24 orders of 4 cards come up about equally often (chi-square, df 23;
    the 0.1% critical value is 49.7)."""
    counts: Counter[tuple[int, ...]] = Counter()
    n = 12_000
    for i in range(n):
        deck = [0, 1, 2, 3]
        KeyedRandom(f"u{i}").shuffle(deck)
        counts[tuple(deck)] += 1
    assert len(counts) == 24
    expected = n / 24
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 49.7


def test_keys_seeds_and_labels() -> None:
    k = new_key()
    assert is_key(k) and k != new_key()
    assert key_from_seed(3) == key_from_seed("3") != key_from_seed(4) and is_key(key_from_seed(3))
    assert not is_key("3") and not is_key("g" * 64)
    assert derive(k, "hole:1") != derive(k, "hole:2") != derive(k, "bot:ann")
    assert bot_seed(k, "ann") != bot_seed(k, "bob") and len(bot_seed(k, "ann")) == 32
    assert bot_seed(k, "ann") not in derive(k, "hole:1")


def test_a_keyed_generator_has_no_state_to_set() -> None:
    r = KeyedRandom("k")
    with pytest.raises(NotImplementedError):
        r.getstate()
    with pytest.raises(NotImplementedError):
        r.setstate(())


class PreviousKeyedRandom(random.Random):
    """The generator as it was written before the compiled KeyStream, kept
    word for word (``hmac`` and ``struct``) as the oracle: a faster
    implementation must read the same bytes of the same stream in the same
    order, or every deal of every key changes."""

    def __init__(self, key: str | bytes) -> None:
        k = key if isinstance(key, bytes) else str(key).encode()
        self._mac = hmac.new(k, digestmod=hashlib.sha256)
        self._block = 0
        self._pool = b""
        super().__init__()

    def seed(self, a: Any = None, version: int = 2) -> None:
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
        n = (k + 7) // 8
        return int.from_bytes(self._take(n), "big") >> (8 * n - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def shuffle(self, x: MutableSequence[Any]) -> None:
        n = len(x)
        if n < 2:
            return
        words = list(struct.unpack(f"<{n - 1}H", self._take(2 * (n - 1))))
        w = 0
        for i in range(n - 1, 0, -1):
            m = i + 1
            limit = 65536 - 65536 % m
            while True:
                if w == len(words):
                    words.append(int.from_bytes(self._take(2), "little"))
                v = words[w]
                w += 1
                if v < limit:
                    break
            j = v % m
            x[i], x[j] = x[j], x[i]


def _keys_of_every_shape(count: int) -> list[str]:
    """Hex keys (64 bytes of text: one HMAC block), derived sub-keys, short
    seeds, empty and long (over a block: HMAC hashes those first) keys."""
    out = ["", "0", "golf", "x" * 64, "y" * 65, "z" * 200, "é-ü"]
    out += [derive("many", f"k:{i}") for i in range(count)]
    out += [str(i) for i in range(count // 4)]
    return out


def test_the_stream_and_the_deals_are_the_previous_implementations() -> None:
    """Interleaved draws of every kind (shuffles of a deck, of a pile at a
    reshuffle, of 40,000 items where biased words are skipped often, bits,
    floats, randrange): the same numbers as the previous generator."""
    for key in _keys_of_every_shape(300):
        new, old = KeyedRandom(key), PreviousKeyedRandom(key)
        for n in (52, 104, 17, 1, 2, 3):
            a, b = list(range(n)), list(range(n))
            new.shuffle(a)
            old.shuffle(b)
            assert a == b, (key, n)
            assert new.getrandbits(13) == old.getrandbits(13)
            assert new.random() == old.random()
            assert new.randrange(1000) == old.randrange(1000)
        assert new.getrandbits(300) == old.getrandbits(300)
    for key in ("big", "7f" * 32):
        a, b = list(range(40_000)), list(range(40_000))
        new, old = KeyedRandom(key), PreviousKeyedRandom(key)
        new.shuffle(a)
        old.shuffle(b)
        assert a == b
        assert new.getrandbits(64) == old.getrandbits(64)


def test_derive_is_hmac_sha256_on_keys_of_every_shape() -> None:
    for key in _keys_of_every_shape(100):
        for label in ("hole:1", "bot:alice", "", "deal:" + "9" * 100):
            want = hmac.new(key.encode(), label.encode(), hashlib.sha256).hexdigest()
            assert derive(key, label) == want
            assert derive(key.encode(), label) == want
    assert derive(42, "x") == hmac.new(b"42", b"x", hashlib.sha256).hexdigest()


def test_a_shuffle_of_any_mutable_sequence_is_the_shuffle_of_a_list() -> None:
    """A list takes the compiled fast path; other mutable sequences (a deque,
    a bytearray) are shuffled the same way, in place."""
    from collections import deque

    want = list(range(30))
    KeyedRandom("any").shuffle(want)
    queue = deque(range(30))
    KeyedRandom("any").shuffle(queue)
    assert list(queue) == want
    raw = bytearray(range(30))
    KeyedRandom("any").shuffle(raw)
    assert list(raw) == want
