"""The ``golf card`` commands' options read into a card's terms: players,
pars, the variant and its house-rule toggles, the output format.  Each
bad value is one line naming its option (``errors.fail``), before any file
is touched.  Light at import, like :mod:`.commands`: what a function needs
beyond the error helpers it imports in its body.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import fail, load_variant_or_fail

if TYPE_CHECKING:
    from ..variant import Variant


def variant_of(spec: str, overrides: list[str], base: Path | None = None) -> Variant:
    return load_variant_or_fail(spec, overrides, base)


def toggles(twos: str | None, kings: str | None) -> list[str]:
    out = []
    if twos is not None:
        if twos not in ("minus", "plus"):
            fail(f"--twos: must be minus or plus, not {twos!r}")
        out.append(f"values.ranks.2={-2 if twos == 'minus' else 2}")
    if kings is not None:
        if kings not in ("zero", "ten"):
            fail(f"--kings: must be zero or ten, not {kings!r}")
        out.append(f"values.ranks.K={0 if kings == 'zero' else 10}")
    return out


def read_players(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not text.strip() or any(not n for n in names):
        fail(f"--players: give names separated by commas, e.g. Ann,Bob,Cat (got {text!r})")
    for n in names:
        if "=" in n:
            fail(f"--players: a name cannot contain '=' ({n!r})")
        if not n.isprintable():
            fail(f"--players: a control character in the name {n!r}")
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            fail(f"--players: {n!r} is given twice")
        seen.add(n.casefold())
    return names


def read_pars(text: str) -> list[int]:
    out = []
    for i, item in enumerate(text.split(","), start=1):
        item = item.strip()
        if not (item.isdecimal() and len(item) <= 2) or not 1 <= int(item) <= 99:
            fail(f"--par: hole {i}: {item!r} is not a par (a whole number from 1 to 99)")
        out.append(int(item))
    return out


def mini_holes(
    holes: int | None,
    par: str | None,
    variant: str | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
) -> tuple[list[int] | None, int]:
    """A mini golf card's pars and number of holes (the pars' count, else 18),
    for ``new`` and a blank ``print`` alike; card golf's options are refused."""
    for flag, given in (
        ("--variant", variant),
        ("--set", set_),
        ("--twos", twos),
        ("--kings", kings),
    ):
        if given:
            fail(f"{flag} is for card golf; a --mini card counts strokes")
    pars = read_pars(par) if par is not None else None
    n_holes = holes if holes is not None else (len(pars) if pars else 18)
    if pars is not None and len(pars) != n_holes:
        fail(f"--par: {len(pars)} values for {n_holes} holes")
    return pars, n_holes


def check_format(fmt: str) -> None:
    from ..render import bad_format

    if (problem := bad_format(fmt)) is not None:
        fail(problem)


def variant_ref(spec: str, card_path: Path) -> str:
    """How the card names its variant: a built-in by name, a file relative to
    the card's folder (so a folder of cards and variants can move together)."""
    import os

    from ..variant import BUILTIN_NAMES

    if spec in BUILTIN_NAMES and not Path(spec).is_file():
        return spec
    target = Path(spec).resolve()
    try:
        return os.path.relpath(target, card_path.resolve().parent)
    except ValueError:  # another drive on Windows
        return str(target)


def blank_names(players: str | None) -> list[str]:
    """A blank card's columns: six unnamed ones by default, a count of
    unnamed ones (1 to 24), or the names given."""
    if players is None:
        return [""] * 6
    if players.strip().isdecimal():
        # isdecimal: int() refuses what isdigit() lets by (a superscript two)
        count = int(players) if len(players.strip()) <= 3 else 0
        if not 1 <= count <= 24:
            fail(f"--players: {players.strip()[:9]}: a blank card has 1 to 24 player columns")
        return [""] * count
    return read_players(players)
