"""The key and its generators (golfcli/keys.py): deals reproducible from a
key, unpredictable without it, and the same on every Python."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

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
