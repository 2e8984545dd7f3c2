"""What every thinking bot needs from a view: card values, the unseen
cards, and an estimate of a layout's score with face-down cards in it.

The estimate runs the real scorer (so every pattern of every variant is
understood) with each unknown card counted at the mean value of the unseen
cards and matching nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..exceptions import InputError
from ..scoring import Compiled, compiled
from ..state import HoleState, flip_follows_discard
from ..view import View


class Knowledge:
    """Facts derived once per decision from a view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.comp: Compiled = compiled(view.variant)
        self.vt = self.comp.values
        self.unseen = view.unseen_cards()
        vals = [self.vt[c] for c in self.unseen]
        self.mu = sum(vals) / len(vals) if vals else 0.0
        self.mine: list[int | None] = view.known_layout()
        self._mine_value: float | None = None

    def mine_value(self) -> float:
        """``estimate(self.mine)``, worked out once per decision: every
        candidate move is weighed against it."""
        if self._mine_value is None:
            self._mine_value = self.estimate(self.mine)
        return self._mine_value

    def estimate(self, cells: list[int | None]) -> float:
        """Expected layout score, unknown cards at the unseen mean, no matches."""
        ranks = [c >> 3 if c is not None else -1 - i for i, c in enumerate(cells)]
        values: list[float] = [self.vt[c] if c is not None else self.mu for c in cells]
        scored, bonus, _, _ = self.comp.evaluate(ranks, values)
        return float(sum(scored) + bonus)

    def unknown(self, cells: list[int | None]) -> list[int]:
        return [i for i, c in enumerate(cells) if c is None]


def discard_flips(view: View) -> bool:
    """Whether discarding a card drawn from the stock now leads to the flip
    step (the rule the state applies, asked with what the view shows: every
    layout's face-down cards and whether someone has gone out)."""
    t = view.variant.turn
    return flip_follows_discard(
        t.flip_after_discard,
        t.flip_after_discard_phase == "end_phase",
        t.flip_after_discard_max_face_down,
        view.final_turn,
        None in view.my_layout,
        min(sum(c is None for c in lay) for lay in view.layouts),
    )


def column_known(view: View, pos: int) -> int:
    """How many cards of the seat's own column at ``pos`` it already knows
    (face up or remembered from a peek).  The start-card choice of the
    thinking bots: a card turned up in a column with none known yet gives
    one more pairing target, so they spread their start flips."""
    cols = view.variant.cols
    col = pos % cols
    lay = view.layouts[view.side]
    mem = {p for p, _ in view.memory}
    return sum(1 for p, c in enumerate(lay) if p % cols == col and (c is not None or p in mem))


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``: the same order, drawn from the same bits.

    A plain ``random.Random``'s shuffle is interpreted Python (``random.py``),
    a call into it per card; the expert's last move shuffles 48 deals a hole
    and mc a deal per determinisation, and this compiled loop does it for a
    fifth of the cost.  It is CPython's own algorithm (Fisher-Yates from the
    top, each index drawn as ``_randbelow_with_getrandbits`` draws it:
    ``getrandbits`` of the bound's bit length until below it), so every
    recorded game stays as it was; tests/bots/test_bots.py checks it against
    ``random.Random.shuffle``.  Any other generator shuffles by its own method."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    i = len(cards) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j: int = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1


def determinize(view: View, rng: random.Random) -> HoleState:
    """A full state consistent with ``view``: every card the seat cannot see
    (other face-down cards, the stock) dealt at random from the unseen cards.

    Any bot may use this hook for sampling-based search (``mc`` does).  It
    only reads the view, so it cannot leak what the seat does not know.
    A card another seat holds after drawing it from the stock is unseen too
    and is dealt like the rest.  Not during setup (start flips and peeks are
    not a position to search from): that raises
    :class:`~golfcli.exceptions.InputError`.
    """
    if view.phase == "setup":
        raise InputError("determinize: the hole is still in setup")
    pool = view.unseen_cards()
    shuffle(rng, pool)
    return state_from_view(view, pool.pop, lambda: pool, rng=rng)


def closer_in_history(v: View) -> int | None:
    """The seat the hole's history names as going out or knocking, if any
    (with partners the side's closer is one of two seats)."""
    history = v.history
    for i in range(len(history) - 1, -1, -1):  # latest first (mypyc: no reversed() of a tuple)
        ev = history[i]
        if ev.kind in ("out", "knock"):
            return int(ev.seat)
    return None


def state_from_view(
    view: View,
    hidden: Callable[[], int],
    stock: Callable[[], list[int]],
    *,
    rng: random.Random | None = None,
    setup: str = "",
) -> HoleState:
    """A state holding what ``view`` shows, with ``hidden()`` for each card
    the seat cannot see (face-down cards, a card another seat drew from the
    stock) and ``stock()`` for the stock, asked for last: unseen cards at
    random to search (:func:`determinize`), or placeholders to ask the rules
    about the position (the terminal does).  ``setup`` is what the seat does
    in the setup step (``reveal`` or ``peek``)."""
    mem = dict(view.memory)
    layouts: list[list[int]] = []
    up: list[int] = []
    for s, lay in enumerate(view.layouts):
        cards: list[int] = []
        mask = 0
        for p, c in enumerate(lay):
            if c is not None:
                cards.append(c)
                mask |= 1 << p
            elif s == view.side and p in mem:
                cards.append(mem[p])
            else:
                cards.append(hidden())
        layouts.append(cards)
        up.append(mask)
    closer_seat = None if not view.final_turn else closer_in_history(view)
    final_left: list[int] | None = None
    if view.final_turn:
        owed: list[int] = []
        k = view.current
        while k != closer_seat and len(owed) < view.players:
            owed.append(k)
            k = (k + 1) % view.players
        final_left = owed
    memory = [0] * view.players
    for p in mem:
        memory[view.seat] |= 1 << p
    drawn = view.drawn if view.phase == "place" else None
    if view.phase == "place" and drawn is None:  # another seat holds a card from the stock
        drawn = hidden()
    return HoleState.assemble(
        view.variant,
        view.players,
        view.dealer,
        layouts=layouts,
        up=up,
        stock=stock(),
        discard=list(view.discard),
        current=view.current,
        phase=view.phase,
        drawn=drawn,
        drawn_from=view.drawn_from,
        closer=view.closer,
        closer_seat=closer_seat,
        final_left=final_left,
        turns=list(view.turns),
        memory=memory,
        rng=rng,
        setup=setup,
    )
