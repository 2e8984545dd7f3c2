"""What a seat and its bot are called: a spec's label (``bots/keeper.py``
-> ``keeper``), repeats numbered (``greedy``, ``greedy2``), and the version
label a player's name may end in (``pairs@v2``).  ``golf play`` names its
unnamed seats so, :func:`~golfcli.match.play_match` too, and the ratings'
leaderboard reads the labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any


def bot_label(spec: str) -> str:
    """The name a seat gets from its bot's spec alone: ``greedy?threshold=3``
    -> ``greedy``, ``bots/keeper.py`` -> ``keeper``, ``pkg.mod:Name`` ->
    ``Name``, ``cmd:...`` -> ``external``, and ``bot`` when nothing usable is
    left.  ``golf play`` names an unnamed seat so, and
    :func:`~golfcli.match.play_match` a seat given no name.

    >>> [bot_label(s) for s in ("greedy?threshold=3", "bots/keeper.py", "pkg.mod:Mine")]
    ['greedy', 'keeper', 'Mine']
    """
    import re

    base = spec.split("?", 1)[0]
    if base.startswith("cmd:"):
        return "external"
    if base.endswith(".py"):
        base = Path(base).stem
    base = base.rsplit(":", 1)[-1].rsplit(".", 1)[-1]
    base = re.sub(r"[^A-Za-z0-9_-]", "", base)
    return base if base and base[0].isalpha() else "bot"


def seat_names(labels: Sequence[str]) -> tuple[str, ...]:
    """One name per seat from their labels, a repeat numbered from its
    second seat on (``greedy``, ``greedy2``) as ``golf play`` numbers them."""
    out: list[str] = []
    taken: set[str] = set()
    counts: dict[str, int] = {}
    for base in labels:
        k = counts.get(base, 0)
        while True:
            k += 1
            name = base if k == 1 else f"{base}{k}"
            if name.lower() not in taken:
                break
        counts[base] = k
        taken.add(name.lower())
        out.append(name)
    return tuple(out)


def names_of_bots(bots: Sequence[Any]) -> tuple[str, ...]:
    """Seat names from the bots themselves (bot objects or specs), for
    :func:`~golfcli.match.play_match`'s unnamed seats, as ``golf play``
    names its own: a spec's label (``greedy?threshold=3`` -> ``greedy``,
    ``bots/keeper.py`` -> ``keeper``), a bot object's ``name`` read the same
    way (``bot`` without one), a repeat numbered (``greedy``, ``greedy2``)."""
    labels = []
    for bot in bots:
        name = bot if isinstance(bot, str) else getattr(bot, "name", None)
        labels.append(bot_label(name) if isinstance(name, str) else "bot")
    return seat_names(labels)


def split_label(name: str) -> tuple[str, str]:
    """``pairs@v2`` -> ``("pairs", "v2")``: a player's name may end in a
    label for the version of its bot, which the ratings' leaderboard shows
    beside it; ``("pairs", "")`` without one.

    >>> split_label("pairs@v2"), split_label("ann"), split_label("@v2")
    (('pairs', 'v2'), ('ann', ''), ('@v2', ''))
    """
    base, at, label = name.rpartition("@")
    return (base, label) if at and base and label else (name, "")
