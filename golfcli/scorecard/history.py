"""A card's changes: entering and fixing holes as kept changes, and undo.

The changes to the table (players, the game's length, the switches, the
par, the dealer) are made by :mod:`.table`; undo takes them back here too,
in the one order of the card's history.

Every change a command makes is one :class:`~.model.Change` appended to the
card's ``history`` by :func:`.store.commit`; the functions here make the
change to the card and return the record of it.  A change keeps what it
replaced (a fixed hole as it was, holes set aside, the hole an undo took
away), so nothing typed into a card is ever lost, and :func:`undo` can put
the card back one change at a time.

Undo walks back like an editor's: each ``golf card undo`` takes back the
latest change not yet taken back (undos themselves are not undone; enter
the hole again instead).  Before it changes anything it checks that the
card still holds what that change wrote; a card edited by hand since is
refused rather than "undone" into something no one entered.
"""

from __future__ import annotations

import copy

from . import table
from .model import (
    TABLE_CHANGES,
    Change,
    ChangeError,
    EnteredHole,
    LaterHoles,
    Scorecard,
    hole_label,
    label_words,
    next_seat,
    now_text,
)
from .standings import standing

UNDOABLE = ("add", "playoff", "fix", *TABLE_CHANGES)


def started(card: Scorecard) -> Change:
    """The first change of a new card."""
    return Change(0, now_text(), "new")


def entered(card: Scorecard, hole: EnteredHole) -> Change:
    """Append ``hole`` (a regular or a playoff hole) and return the change.
    The hole is dealt by the dealer marker's player, and the marker moves on
    one seat (see :func:`.model.next_seat`)."""
    if card.dealer is not None:
        hole.dealer = card.dealer
        card.dealer = next_seat(card, card.dealer)
    card.played.append(hole)
    return Change(
        0,
        now_text(),
        "playoff" if hole.playoff else "add",
        hole=hole.number,
        label=hole_label(card, hole),
        scores=hole.totals,
        closer=hole.closer,
    )


def fixed(card: Scorecard, index: int, new: EnteredHole, drop_later: bool = False) -> Change:
    """Put ``new`` in place of ``card.played[index]`` and return the change.

    A correction can make a game to a target end sooner (someone now reaches
    it on an earlier hole).  The holes played after the new end must not
    count; they are set aside into the change only when ``drop_later`` says
    so (and come back with an undo), else the fix is refused naming them.
    A correction that reopens a finished game is refused when playoff holes
    were played after it: a regular hole entered next would follow them."""
    old = card.played[index]
    label = hole_label(card, old)
    new.dealer, new.overrides = old.dealer, old.overrides
    card.played[index] = new
    dropped: list[EnteredHole] = []
    was: dict[str, str | None] = {}
    now: dict[str, str | None] = {}
    end = standing(card).ended_early
    if end is not None:
        later = card.played[end:]
        if not drop_later:
            card.played[index] = old
            raise LaterHoles(end, [hole_label(card, h) for h in later])
        dropped = later
        del card.played[end:]
        if later[0].dealer is not None:  # the marker goes back to who dealt the first of them
            was, now = {"dealer": card.dealer}, {"dealer": later[0].dealer}
            card.dealer = later[0].dealer
    if any(h.playoff for h in card.played) and not standing(card).finished:
        card.played[index] = old
        card.played.extend(dropped)
        card.dealer = was.get("dealer", card.dealer)
        raise ChangeError(
            "with this correction the game is not over, but playoff holes were played after it"
        )
    return Change(
        0,
        now_text(),
        "fix",
        hole=new.number,
        label=label,
        scores=new.totals,
        closer=new.closer,
        before=old,
        dropped=dropped,
        was=was,
        now=now,
    )


def next_to_undo(card: Scorecard) -> Change | None:
    """The latest change not yet taken back (None: nothing left to undo)."""
    undone = {c.undoes for c in card.history if c.what == "undo"}
    for c in reversed(card.history):
        if c.what == "new":
            return None
        if c.what in UNDOABLE and c.number not in undone:
            return c
    return None


def undo(card: Scorecard) -> Change:
    """Take back the latest change not yet taken back; return the undo's own
    change (which keeps the hole it removed or replaced)."""
    c = next_to_undo(card)
    if c is None:
        if not card.history and card.played:
            raise ChangeError(
                "nothing to undo: this card's holes were entered before golf kept a "
                "history of changes (correct a hole with golf card fix)"
            )
        raise ChangeError("nothing to undo")
    if c.what in TABLE_CHANGES:
        return table.undo(card, c)
    assert c.hole is not None
    index = c.hole - 1
    what = f"change {c.number} ({c.what} of {label_words(c.label)})"
    if c.what in ("add", "playoff"):
        if len(card.played) != c.hole or card.played[index].totals != c.scores:
            raise ChangeError(
                f"cannot undo {what}: the card no longer ends with the hole it entered "
                "(edited by hand?); correct the card with golf card fix"
            )
        removed = card.played.pop()
        if removed.dealer is not None and card.dealer is not None:
            card.dealer = removed.dealer  # the marker goes back to who dealt it
        return Change(
            0, now_text(), "undo", hole=c.hole, label=c.label, before=removed, undoes=c.number
        )
    assert c.before is not None
    restored = card.played[:]
    ends = c.dropped[0].number - 1 if c.dropped else len(card.played)
    if (
        index >= len(card.played)
        or card.played[index].totals != c.scores
        or len(card.played) != ends
    ):
        raise ChangeError(
            f"cannot undo {what}: the hole no longer holds what the fix wrote "
            "(edited by hand?); correct it with golf card fix"
        )
    current = card.played[index]
    restored[index] = copy.deepcopy(c.before)
    restored += copy.deepcopy(c.dropped)
    card.played[:] = restored
    if c.was.get("dealer") is not None:  # the holes set aside are back, and so is the marker
        card.dealer = c.was["dealer"]
    return Change(
        0,
        now_text(),
        "undo",
        hole=c.hole,
        label=c.label,
        scores=c.before.totals,
        closer=c.before.closer,
        before=current,
        undoes=c.number,
    )


def since(card: Scorecard, revision: int) -> list[Change]:
    """The changes made after ``revision`` (what another command wrote while
    this one waited for a person)."""
    return [c for c in card.history if c.number > revision]
