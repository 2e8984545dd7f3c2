"""Imports flow one way: the layers of docs/architecture.md, checked.

Every ``golfcli`` module is parsed (imports inside functions count too: a
lazy import is still a dependency) and each import must point at a module in
a lower layer, or, inside a package, at a room listed before it.  A new
module must be given its place in ``LAYERS`` below, which is the point: the
layering is a decision, written down once.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "golfcli"

#: Lowest first.  Modules in one layer stand beside each other and may not
#: import each other; a package is one entry and its rooms are ordered below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("golfcli",),  # the package itself: __version__ only
    ("cards", "keys", "limits", "inference"),
    ("yamlsrc", "render"),
    ("variant",),
    ("rulestext", "scoring", "validate"),
    ("scorecard", "state"),
    ("view", "faults"),
    ("bots",),
    ("match",),
    ("record",),
    ("sprt",),
    ("golden", "stats"),
    ("errors",),  # one line and exit 2: what every command module says bad input with
    ("tournament", "tui", "checkbot", "card"),
    ("cli",),
    ("entry",),  # the console script: catches Ctrl-C before importing cli
)

#: Inside a package a room may import only the rooms before it.
ROOMS: dict[str, tuple[str, ...]] = {
    "bots": (
        "",
        "procs",
        "common",
        "greedy",
        "field",
        "endgame",
        "expert",
        "mc",
        "external",
        "registry",
    ),
    "tournament": (
        "",
        "plan",
        "worker",
        "executors",
        "config",
        "rundir",
        "ratings",
        "leaderboard",
        "report",
        "runner",
    ),
    "tui": ("", "style", "seats", "board", "narrate", "input", "hint", "play", "replay"),
    "card": (
        "",
        "model",
        "store",
        "history",
        "count",
        "present",
        "season",
        "pdf",
        "edit",
        "commands",
    ),
    "render": ("", "ratings", "svg", "tournament", "html", "report"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every golfcli module ``path`` imports, as dotted names.  ``from . import
    x`` names ``pkg.x`` when x is a module, else the package ``pkg``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split(".")[0] == "golfcli")
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if node.module and node.module.split(".")[0] == "golfcli":
                    base = node.module
                else:
                    continue
            else:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if is_module(sub) else base)
    return out


def is_module(dotted: str) -> bool:
    p = ROOT.parent.joinpath(*dotted.split("."))
    return p.with_suffix(".py").is_file() or (p / "__init__.py").is_file()


def place(dotted: str) -> tuple[int, int]:
    """(layer, room) of a golfcli module; KeyError if it has no place yet."""
    parts = dotted.split(".")[1:]
    top = parts[0] if parts else "golfcli"
    layer = next(i for i, names in enumerate(LAYERS) if top in names)
    if top in ROOMS:
        room = parts[1] if len(parts) > 1 else ""
        return layer, ROOMS[top].index(room)
    return layer, 0


def arrows_up(me: str, deps: set[str]) -> list[str]:
    """The imports of module ``me`` that point up or sideways."""
    mine = place(me)
    package = me.split(".")[:2]
    bad = []
    for dep in sorted(deps - {me}):
        theirs = place(dep)
        if theirs[0] != mine[0]:
            if theirs[0] > mine[0]:
                bad.append(dep)
        elif dep.split(".")[:2] != package or package[-1] not in ROOMS or theirs[1] >= mine[1]:
            bad.append(dep)
    return bad


MODULES = sorted(ROOT.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_every_import_points_down_the_layers(path: Path) -> None:
    me = module_name(path)
    try:
        place(me)
    except (StopIteration, ValueError):
        pytest.fail(f"{me} has no place in LAYERS/ROOMS: add it (and to docs/architecture.md)")
    up = arrows_up(me, imports_of(path))
    assert not up, f"{me} imports {', '.join(up)}: an arrow pointing up (or sideways) the layers"


def test_every_module_has_a_place_and_every_place_a_module() -> None:
    names = {module_name(p) for p in MODULES}
    for name in names:
        place(name)
    for top in (n for layer in LAYERS for n in layer):
        assert top == "golfcli" or f"golfcli.{top}" in names, f"LAYERS names {top}: no such module"
    for pkg, rooms in ROOMS.items():
        for room in rooms:
            assert f"golfcli.{pkg}" + (f".{room}" if room else "") in names, (pkg, room)


def test_the_checker_catches_arrows_up_and_sideways() -> None:
    assert arrows_up("golfcli.state", {"golfcli.match", "golfcli.scoring"}) == ["golfcli.match"]
    assert arrows_up("golfcli.bots.external", {"golfcli.match"}) == ["golfcli.match"]
    assert arrows_up("golfcli.tui.board", {"golfcli.tui.play"}) == ["golfcli.tui.play"]
    assert arrows_up("golfcli.tui.play", {"golfcli.tui.board", "golfcli.match"}) == []
    assert arrows_up("golfcli.tui.play", {"golfcli.tournament.plan"}) == ["golfcli.tournament.plan"]
    assert arrows_up("golfcli.view", {"golfcli.faults"}) == ["golfcli.faults"]
    # the parser sees lazy imports and ``from . import module``
    assert "golfcli.match" in imports_of(ROOT / "tournament" / "worker.py")
    assert "golfcli.bots" in imports_of(ROOT / "bots" / "registry.py")
    assert "golfcli.bots.external" in imports_of(ROOT / "bots" / "registry.py")
