"""New cards: the card a game night starts (``golf card new``, a page's
"Start a card") and the blank cards ``golf card print`` draws.

A card golf card takes its game from the variant (its holes, or its target;
stroke or match play; ties shared or played off), partners as the engine
seats them, and the card values written out for the table; the two switches
(twos -2, kings 0) are ``--set`` changes of the variant like any other.  A
mini golf card has strokes and, if known, a par per hole.  Nothing here
writes: :func:`.ops.start_card` writes a new card under its lock.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ..variant import BUILTIN_NAMES, Variant
from ..variantload import load_variant
from .count import values_text
from .inputs import check_pars, check_title
from .model import MAX_TARGET, BadValue, CardExists, Scorecard, ScorecardError, alternate_partners

#: A mini golf card without a number of holes or pars has this many holes.
MINI_HOLES = 18
#: What a card golf card is played by when no variant is named.
DEFAULT_VARIANT = "six-card"


def toggles(twos_minus: bool | None, kings_zero: bool | None) -> list[str]:
    """The two switches as ``--set`` changes: twos -2 (on) or +2 (off), kings
    0 (on) or 10 (off); None leaves the variant's value."""
    out = []
    if twos_minus is not None:
        out.append(f"values.ranks.2={-2 if twos_minus else 2}")
    if kings_zero is not None:
        out.append(f"values.ranks.K={0 if kings_zero else 10}")
    return out


def variant_ref(spec: str, card_path: Path) -> str:
    """How the card names its variant: a built-in by name, a file relative to
    the card's folder (so a folder of cards and variants can move together)."""
    if spec in BUILTIN_NAMES and not Path(spec).is_file():
        return spec
    target = Path(spec).resolve()
    try:
        return os.path.relpath(target, card_path.resolve().parent)
    except ValueError:  # another drive on Windows
        return str(target)


def check_new_file(path: Path, title: str, force: bool) -> None:
    """A printable title and a place to start the card: not a folder, and not
    an existing card unless ``force``."""
    check_title(title)
    if path.is_dir():
        raise ScorecardError(str(path), "", "is a folder")
    if path.exists() and not force:
        raise CardExists()


def new_golf_card(
    path: Path,
    players: Sequence[str],
    *,
    variant: str | None = None,
    holes: int | None = None,
    target: int | None = None,
    overrides: Sequence[str] = (),
    dealer: str | None = None,
    created: str = "",
    title: str = "",
) -> Scorecard:
    """A new card golf card for the file at ``path`` (a variant file is
    named relative to it): the variant's game (its holes, or its target when
    ``holes`` is not given), or ``holes`` or a ``target`` (a game to 50 or
    100: it ends on the hole where a total reaches it) given here; partners
    as the variant seats them, the card values written out for the table,
    and the dealer marker on ``dealer`` (the first player by default).
    Raises the loader's ``VariantError`` for a variant that cannot be loaded,
    :class:`~.model.BadValue` for a player count it does not allow."""
    if holes is not None and target is not None:
        raise BadValue("target", "a game is played to a number of holes or to a target, not both")
    if target is not None and not 1 <= target <= MAX_TARGET:
        raise BadValue("target", f"must be a whole number from 1 to {MAX_TARGET:,}, not {target}")
    spec = variant or DEFAULT_VARIANT
    var = load_variant(spec, list(overrides))
    names = list(players)
    try:
        var.check_players(len(names))
    except ValueError as exc:
        raise BadValue("players", str(exc)) from None
    if dealer is not None and dealer not in names:
        raise BadValue("dealer", f"{dealer!r} is not one of the players ({', '.join(names)})")
    sides = alternate_partners(names, var.side_of(len(names)))
    g = var.game
    to_target = target is not None or (holes is None and g.holes is None)
    return Scorecard(
        kind="golf",
        players=names,
        sides=sides,
        holes=None if to_target else (holes if holes is not None else g.holes),
        target=(target or g.target) if to_target else None,
        target_rule=g.target_rule,
        max_holes=g.max_holes if to_target and g.holes is None else None,
        scoring=g.scoring,
        ties=g.ties,
        variant=variant_ref(spec, path),
        overrides=list(overrides),
        values=values_text(var),
        dealer=dealer if dealer is not None else names[0],
        created=created,
        title=title,
    )


def mini_holes(holes: int | None, par: Sequence[int | None] | None) -> int:
    """A mini golf card's number of holes: as given, else one per par, else
    :data:`MINI_HOLES`; a par for each hole when pars are given."""
    n_holes = holes if holes is not None else (len(par) if par else MINI_HOLES)
    if par is not None:
        check_pars(par)
        if len(par) != n_holes:
            raise BadValue("par", f"{len(par)} values for {n_holes} holes")
    return n_holes


def new_mini_card(
    players: Sequence[str],
    *,
    holes: int | None = None,
    par: Sequence[int | None] | None = None,
    created: str = "",
    title: str = "",
) -> Scorecard:
    """A mini golf card with its par column (filled in when pars are given):
    blank for printing, or ``created`` (and titled) for a new card file."""
    names = list(players)
    return Scorecard(
        kind="mini",
        players=names,
        sides=[[n] for n in names],
        holes=mini_holes(holes, par),
        par=None if par is None else list(par),
        created=created,
        title=title,
    )


def blank_golf_card(
    names: Sequence[str],
    holes: int | None,
    variant: str | None,
    overrides: Sequence[str],
    target: int | None = None,
) -> Scorecard:
    """A blank card golf card: the variant's holes (or its target, which the
    PDF turns into rows enough to reach it, unless ``holes`` is given; or
    ``target``), partner columns only when names are given for a count the
    variant plays in partners, and the card values underneath."""
    if holes is not None and target is not None:
        raise BadValue("target", "a game is played to a number of holes or to a target, not both")
    var: Variant = load_variant(variant or DEFAULT_VARIANT, list(overrides))
    g = var.game
    sides = [[n] for n in names]
    if any(names) and len(names) in var.partners.player_counts:
        sides = alternate_partners(list(names), var.side_of(len(names)))
    to_target = target is not None or (holes is None and g.holes is None)
    return Scorecard(
        kind="golf",
        players=list(names),
        sides=sides,
        holes=None if to_target else (holes or g.holes),
        target=(target or g.target) if to_target else None,
        max_holes=g.max_holes if to_target and g.holes is None else None,
        target_rule=g.target_rule,
        scoring=g.scoring,
        ties=g.ties,
        variant=var.name,
        values=values_text(var),
    )
