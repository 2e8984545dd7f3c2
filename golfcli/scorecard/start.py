"""New cards: the card ``golf card new`` starts (written under the card's
lock, its history beginning with it) and the blank cards ``golf card
print`` draws, both made from the commands' options (:mod:`.options`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..errors import fail
from . import options

if TYPE_CHECKING:
    from .model import Scorecard


def write_new(card: Scorecard, file: Path, force: bool) -> None:
    """Write a new card under the card's lock, its history starting with it:
    two ``new`` at once make one card, and ``--force`` does not land in the
    middle of another command's write."""
    from . import edit
    from .history import started
    from .store import stamp_of

    with edit.locked(file):
        check_new_file(file, card.title, force)
        card.stamp = stamp_of(file)  # the card (if any) that --force replaces
        edit.commit(card, file, started(card))


def check_new_file(file: Path, title: str, force: bool) -> None:
    """A printable title and a place to start the card: not a folder, and
    not an existing card unless --force."""
    if not title.isprintable():
        fail(f"--title: a control character in {title!r}")
    if file.is_dir():
        fail(f"{file}: is a folder")
    if file.exists() and not force:
        fail(f"{file}: a card already exists (use --force to start it again)")


def new_golf_card(
    file: Path,
    names: list[str],
    variant: str | None,
    holes: int | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
    created: str,
    title: str,
) -> Scorecard:
    """A new card golf card: the variant's game (its holes, or its target
    when --holes is not given), partners as the variant seats them, and
    the card values written out for the table."""
    from .count import values_text
    from .model import Scorecard, alternate_partners

    spec = variant or "six-card"
    overrides = [*(set_ or []), *options.toggles(twos, kings)]
    var = options.variant_of(spec, overrides)
    try:
        var.check_players(len(names))
    except ValueError as exc:
        fail(f"--players: {exc}")
    sides = alternate_partners(names, var.side_of(len(names)))
    g = var.game
    return Scorecard(
        kind="golf",
        players=names,
        sides=sides,
        holes=holes if holes is not None else g.holes,
        target=None if holes is not None else g.target,
        target_rule=g.target_rule,
        max_holes=None if holes is not None else g.max_holes,
        scoring=g.scoring,
        ties=g.ties,
        variant=options.variant_ref(spec, file),
        overrides=overrides,
        values=values_text(var),
        created=created,
        title=title,
    )


def announce_new(card: Scorecard, file: Path) -> None:
    """Say what was started and how to enter the first hole."""
    from .present import describe

    typer.echo(f"New card {file}: {describe(card)}")
    typer.echo(f"Columns: {', '.join(card.side_names)}.")
    for line in card.values:
        typer.echo(line)
    first = card.side_names[0].split(" & ")[0]
    typer.echo(f"Enter a hole: golf card add {file} {first}=SCORE ... (or no values to be asked)")


def blank_mini_card(
    names: list[str],
    holes: int | None,
    par: str | None,
    variant: str | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
    created: str = "",
    title: str = "",
) -> Scorecard:
    """A mini golf card with its par column (filled in when --par is given):
    blank for printing, or ``created`` (and titled) for a new card file."""
    from .model import Scorecard

    pars, n_holes = options.mini_holes(holes, par, variant, set_, twos, kings)
    return Scorecard(
        kind="mini",
        players=names,
        sides=[[n] for n in names],
        holes=n_holes,
        par=pars,
        created=created,
        title=title,
    )


def blank_golf_card(
    names: list[str],
    holes: int | None,
    variant: str | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
) -> Scorecard:
    """A blank card golf card: the variant's holes (or its target, which the
    PDF turns into rows enough to reach it, unless --holes is given), partner
    columns only when names are given for a count the variant plays in
    partners, and the card values underneath."""
    from .count import values_text
    from .model import Scorecard, alternate_partners

    spec = variant or "six-card"
    var = options.variant_of(spec, [*(set_ or []), *options.toggles(twos, kings)])
    g = var.game
    sides = [[n] for n in names]
    if any(names) and len(names) in var.partners.player_counts:
        sides = alternate_partners(names, var.side_of(len(names)))
    to_target = holes is None and g.holes is None
    return Scorecard(
        kind="golf",
        players=names,
        sides=sides,
        holes=None if to_target else (holes or g.holes),
        target=g.target if to_target else None,
        max_holes=g.max_holes if to_target else None,
        target_rule=g.target_rule,
        scoring=g.scoring,
        ties=g.ties,
        variant=var.name,
        values=values_text(var),
    )
