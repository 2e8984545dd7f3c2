"""Shared test helpers: build exact hole states from typed cards."""

from __future__ import annotations

import random

from golfcli.cards import parse_card
from golfcli.state import HoleState
from golfcli.variant import Variant, builtin, load_variant


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.replace("/", " ").split()]


def variant(name: str = "six-card", *overrides: str) -> Variant:
    return load_variant(name, list(overrides)) if overrides else builtin(name)


def state(
    v: Variant,
    layouts: list[str],
    up: list[str] | None = None,
    stock: str = "",
    discard: str = "9",
    current: int = 0,
    phase: str = "draw",
    players: int | None = None,
    **kw: object,
) -> HoleState:
    """A mid-hole state: layouts as typed rows; ``up`` as strings of 0/1 per cell."""
    lays = [cards(t) for t in layouts]
    n = players or len(lays)
    masks = []
    for i in range(len(lays)):
        bits = (up[i] if up else "0" * v.cells).replace(" ", "")
        masks.append(sum(1 << p for p, b in enumerate(bits) if b == "1"))
    return HoleState.assemble(
        v,
        n,
        kw.pop("dealer", n - 1),  # type: ignore[arg-type]
        layouts=lays,
        up=masks,
        stock=cards(stock),
        discard=cards(discard),
        current=current,
        phase=phase,
        rng=random.Random(0),
        **kw,  # type: ignore[arg-type]
    )


def play_random(st: HoleState, rng: random.Random) -> None:
    while not st.is_over:
        legal = st.legal_actions()
        st.apply(legal[int(rng.random() * len(legal))])
