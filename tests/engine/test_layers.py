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

from ..helpers import REPO

ROOT = REPO / "golfcli"

#: Lowest first.  Modules in one layer stand beside each other and may not
#: import each other; a package is one entry and its rooms are ordered below.
LAYERS: tuple[tuple[str, ...], ...] = (
    # the package itself: __version__, and the public names, each loaded from
    # its own module on first use (checked apart: test_the_facade_loads_lazily)
    ("golfcli",),
    ("exceptions",),  # GolfError and its branches: every module may raise them
    ("arguments",),  # the library's doors: argument checks, and messages' shortened echoes
    ("atomic", "cards", "interrupts", "keys", "limits", "inference"),
    ("yamlsrc", "render", "verdicts", "builtindata"),  # builtindata: the built-ins as data
    ("variant", "notation"),  # notation: Card and Layout, the public face of cards
    ("variantcheck",),  # a variant's document checked and built
    ("variantload",),  # a variant file read, extends: followed, --set applied
    ("rulestext", "scoring", "validate"),
    ("actions", "events"),  # a hole's actions and its log: what HoleState does and records
    ("breakdown", "state"),
    ("view", "faults", "game", "replay"),
    ("hole",),  # golfcli.Hole: one hole a program drives
    ("bots",),
    ("matchresult",),  # what a match returns: its holes, faults and clocks
    ("match",),
    ("record",),
    ("sprt",),
    ("stats",),
    ("tournament", "tui", "checkbot", "scorecard", "features"),
    ("table",),  # a table for people and bots: golf's game as messages, for pages
    ("web",),  # the pages (the web extra): thin clients of the library, like the commands
    # the command line (everything that knows Typer, options, exit codes and
    # printing errors), and the framework adapters beside it (the spiel and rl
    # extras): golf for people, and golf for OpenSpiel and PettingZoo
    ("cli", "spiel", "env"),
)

#: Inside a package a room may import only the rooms before it.
ROOMS: dict[str, tuple[str, ...]] = {
    "web": (
        "",
        "access",
        "live",
        "fields",
        "app",
        "server",
        "cardbook",
        "cardview",
        "scorecard",
        "tables",
    ),
    "bots": (
        "",
        "procs",
        "common",
        "greedy",
        "field",
        "endgame",
        "evaluator",
        "expert",
        "mc",
        "transport",
        "external",
        "names",
        "source",
        "options",
        "registry",
        "pyhost",
    ),
    "tournament": (
        "",
        "plan",
        "worker",
        "executors",
        "configplayers",
        "config",
        "configerrors",
        "rundir",
        "ratingsdb",
        "ratingsimport",
        "leaderboard",
        "report",
        "signals",
        "pool",
        "recording",
        "runner",
    ),
    "tui": ("", "style", "seats", "board", "narrate", "input", "hint", "play"),
    "scorecard": (
        "",
        "model",
        "reading",
        "standings",
        "store",
        "table",
        "history",
        "count",
        "present",
        "season",
        "pdf",
        "inputs",
        "start",
        "ops",
    ),
    "cli": (
        "",
        "listing",  # the root help's text as data (made from the app by a script)
        "roothelp",  # golf --help drawn from it without Typer
        "say",
        "params",
        "score",
        "variants",
        "play_run",
        "play_replay",
        "play",
        "tournament",
        "match",
        "ratings",
        "check_bot",
        "card_input",
        "card_table",
        "card_serve",
        "card",
        "serve",
        "app",
        "entry",
    ),
    "table": (
        "",
        "folder",
        "config",
        "words",
        "feed",
        "files",
        "protocol",
        "seats",
        "table",
        "lobby",
    ),
    "render": ("", "progress", "boards", "svg", "pictures", "tournament", "html", "report_formats"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def type_checking_blocks(tree: ast.AST) -> list[ast.If]:
    """The ``if TYPE_CHECKING:`` blocks of a module: imports for type checkers only."""
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
    ]


def imports_of(path: Path, run_time_only: bool = False) -> set[str]:
    """Every golfcli module ``path`` imports, as dotted names (with
    ``run_time_only``, not those under ``if TYPE_CHECKING``).  ``from . import
    x`` names ``pkg.x`` when x is a module, else the package ``pkg``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = type_checking_blocks(tree) if run_time_only else []
    skipped = {id(n) for s in skip for n in ast.walk(s)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
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
FACADE = ROOT / "__init__.py"


@pytest.mark.parametrize("path", [m for m in MODULES if m != FACADE], ids=module_name)
def test_every_import_points_down_the_layers(path: Path) -> None:
    me = module_name(path)
    try:
        place(me)
    except (StopIteration, ValueError):
        pytest.fail(f"{me} has no place in LAYERS/ROOMS: add it (and to docs/architecture.md)")
    up = arrows_up(me, imports_of(path))
    assert not up, f"{me} imports {', '.join(up)}: an arrow pointing up (or sideways) the layers"


#: Modules built on the public API alone (golfcli's public names, docs/api.md),
#: and the modules of their own each may import besides: the framework
#: adapters are clients of golf, as a program of anyone else's would be.
ON_THE_PUBLIC_API: dict[str, set[str]] = {
    "golfcli.features": set(),
    "golfcli.spiel": {"golfcli.features"},
    "golfcli.env": {"golfcli.features"},
}


@pytest.mark.parametrize("name", sorted(ON_THE_PUBLIC_API))
def test_the_framework_adapters_use_only_the_public_api(name: str) -> None:
    path = ROOT.parent.joinpath(*name.split(".")).with_suffix(".py")
    beyond = imports_of(path) - {"golfcli"} - ON_THE_PUBLIC_API[name]
    assert not beyond, f"{name} imports {', '.join(sorted(beyond))}: not the public API"


def test_the_facade_loads_lazily() -> None:
    """``golfcli/__init__.py`` is the public face: it imports no golfcli
    module when it runs (``import golfcli`` stays cheap and stays the bottom
    layer); its names load on first use from the modules ``_PUBLIC`` names,
    and the same names are imported for type checkers only, under
    ``if TYPE_CHECKING``: both lists must agree."""
    import golfcli

    tree = ast.parse(FACADE.read_text(encoding="utf-8"))
    blocks = type_checking_blocks(tree)
    assert len(blocks) == 1, "one `if TYPE_CHECKING:` block lists the public names' modules"
    assert imports_of(FACADE, run_time_only=True) == set(), "the facade imports golfcli at run time"
    typed: dict[str, str] = {}
    for node in ast.walk(blocks[0]):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                typed[alias.asname or alias.name] = node.module or ""
    lazy = golfcli._PUBLIC
    assert typed == lazy
    assert sorted(golfcli.__all__) == sorted(["__version__", *lazy])
    for module in lazy.values():  # each has its place in the layers
        place(f"golfcli.{module}")


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


def reaches(start: str) -> set[str]:
    """Every golfcli module ``start`` imports, directly or through others
    (lazy imports included), with the packages the modules live in."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = ROOT.parent.joinpath(*name.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        todo.extend(imports_of(path))
        if name.count(".") > 1:  # a room imports its package's __init__
            todo.append(name.rpartition(".")[0])
    return seen


@pytest.mark.parametrize("room", ROOMS["scorecard"], ids=lambda r: r or "__init__")
def test_golf_card_counts_a_game_without_the_bot_runner(room: str) -> None:
    """Scorecards of games played with real cards need the rules of a game
    (``game``), never the machinery that runs bots (``match``, ``bots``)."""
    name = "golfcli.scorecard" + (f".{room}" if room else "")
    runner = {"golfcli.match", "golfcli.bots"}
    assert not reaches(name) & runner, f"{name} reaches {sorted(reaches(name) & runner)}"


def test_the_walk_reaches_through_modules_and_packages() -> None:
    assert "golfcli.match" in reaches("golfcli.tui.play")  # directly
    assert "golfcli.yamlsrc" in reaches("golfcli.scorecard.count")  # through variant
    assert "golfcli.bots.procs" in reaches("golfcli.bots.registry")  # a room's package


def top_level_names(path: Path) -> set[str]:
    """The names a module defines itself (functions, classes, assignments,
    also inside top-level ``if``/``try``), not those it imports."""
    names: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for n in body:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(n.name)
            elif isinstance(n, ast.Assign):
                names.update(
                    x.id for t in n.targets for x in ast.walk(t) if isinstance(x, ast.Name)
                )
            elif isinstance(n, (ast.AnnAssign, ast.AugAssign)) and isinstance(n.target, ast.Name):
                names.add(n.target.id)
            elif isinstance(n, (ast.If, ast.Try)):
                walk(n.body)
                walk(n.orelse)
                for h in getattr(n, "handlers", []):
                    walk(h.body)

    walk(ast.parse(path.read_text(encoding="utf-8")).body)
    return names


def borrowed_names(path: Path, text: str | None = None) -> list[str]:
    """The names ``path`` (or ``text`` as if it were ``path``) imports from a
    golfcli module that does not define them (it imported them in turn):
    each should come from its home."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    source_text = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source_text)):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            source = ".".join(parts + ([node.module] if node.module else []))
        elif node.module and node.module.split(".")[0] == "golfcli":
            source = node.module
        else:
            continue
        file = ROOT.parent.joinpath(*source.split("."))
        file = file / "__init__.py" if file.is_dir() else file.with_suffix(".py")
        for alias in node.names:
            if not is_module(f"{source}.{alias.name}") and alias.name not in top_level_names(file):
                out.append(f"{alias.name} from {source} (line {node.lineno})")
    return out


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_every_name_is_imported_from_its_home_module(path: Path) -> None:
    """Inside golfcli a name comes from the module that defines it, never
    through another that imported it: re-export lists (``state.__all__``,
    the facade) are for users, and a name borrowed through one breaks when
    that module stops importing it."""
    assert not borrowed_names(path)


def test_the_home_check_sees_a_borrowed_name() -> None:
    text = "from ..state import Action\nfrom ..actions import Phase\nfrom . import greedy\n"
    assert borrowed_names(ROOT / "bots" / "expert.py", text) == [
        "Action from golfcli.state (line 1)"
    ]


def layers_text() -> str:
    """LAYERS and ROOMS as docs/architecture.md shows them: one line per
    layer, lowest first, then each package's rooms in order."""
    import textwrap

    out = ["```"]
    for i, layer in enumerate(LAYERS):
        names = ", ".join(n + ("/" if n in ROOMS else "") for n in layer)
        out.append(("   " if i else "") + ("-> " if i else "") + names)
    out.append("```")
    out += ["", "Inside a package, a room imports only the rooms before it:", "", "```"]
    for layer in LAYERS:
        for pkg in (n for n in layer if n in ROOMS):
            rooms = " -> ".join(r or "__init__" for r in ROOMS[pkg])
            first, *rest = textwrap.wrap(rooms, 84, break_on_hyphens=False)
            out.append(f"{pkg + '/':<12} {first}")
            out += [f"{'':<12} {line}" for line in rest]
    out.append("```")
    return "\n".join(out)


def test_architecture_md_shows_these_layers() -> None:
    """The layering is written once, here; docs/architecture.md shows it as
    :func:`layers_text` draws it (copy the text this test prints when a
    layer or room changes)."""
    doc = (ROOT.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert layers_text() in doc, "docs/architecture.md's layers should read:\n" + layers_text()


def test_architecture_md_names_only_modules_that_exist() -> None:
    """Every ``golfcli`` module path the map names is a file or package."""
    import re

    doc = (ROOT.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = {n for n in re.findall(r"`((?:[a-z_]+/)*[a-z_]+\.py)`", doc) if n[:6] != "tests/"}
    missing = sorted(n for n in named if not (ROOT / n).is_file())
    assert len(named) > 20 and not missing, missing


@pytest.mark.parametrize("package", sorted(ROOMS))
def test_a_package_docstring_names_its_rooms_as_they_are(package: str) -> None:
    """A package's docstring may describe its rooms (``name`` or
    :mod:`.name`), but the order is ROOMS' alone (docs/architecture.md draws
    it): each room it names must exist, and every room must be named, so the
    docstring cannot drift from the package as the lists once did."""
    import re

    doc = ast.get_docstring(ast.parse((ROOT / package / "__init__.py").read_text())) or ""
    rooms = {r for r in ROOMS[package] if r}
    named = set(re.findall(r":mod:`\.(\w+)`", doc))
    missing = sorted(r for r in rooms if f":mod:`.{r}`" not in doc and f"``{r}``" not in doc)
    assert not missing, f"golfcli/{package}/__init__.py does not name {missing}"
    assert named <= rooms, f"golfcli/{package}/__init__.py names {sorted(named - rooms)}"
