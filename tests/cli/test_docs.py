"""The repository's docs stand alone: nothing points outside it, and every
reference to the rules lands on a section of docs/rules.md."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from ..helpers import REPO

ROOT = REPO
SUFFIXES = {".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".cfg"}
#: Folders a walk outside git leaves out (in a checkout, .gitignore says so)
SKIP = {".git", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", "runs", "mutants"}

#: Pointers out of the repository: the outside rules specification, a shared
#: folder beside the checkout, an issue tracker's numbers.
OUTSIDE = {
    "the outside rules specification": re.compile(r"RULES\.md"),
    "a shared folder": re.compile(r"\.\./shared|\bshared/[A-Z]"),
    "an issue number": re.compile(r"\bissues? #?\d|\(#\d+\)"),
}


def repo_files(root: Path = ROOT) -> list[Path]:
    """The repository's own text files: what git tracks, plus new files it
    would add (not ignored); outside a git checkout (an unpacked source
    archive), a walk of the tree.  Either way a virtual environment inside
    the checkout (a folder with ``pyvenv.cfg``, whatever its name) is not the
    repository's: its third-party files may name anything."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            check=True,
        ).stdout.decode()
        paths = {root / name for name in listed.split("\0") if name}
    except (OSError, subprocess.CalledProcessError):
        paths = {p for p in root.rglob("*") if not _skipped(p.relative_to(root).parts)}
    venvs: dict[Path, bool] = {}

    def in_venv(path: Path) -> bool:
        for parent in path.relative_to(root).parents:
            if parent not in venvs:
                venvs[parent] = (root / parent / "pyvenv.cfg").is_file()
            if venvs[parent]:
                return True
        return False

    return sorted(p for p in paths if p.suffix in SUFFIXES and p.is_file() and not in_venv(p))


def _skipped(parts: tuple[str, ...]) -> bool:
    return any(part in SKIP or part.endswith(".egg-info") for part in parts)


#: What a third-party file may say (spelled apart, or this file would say it)
POINTER = "RULES" + ".md"


def _tree(root: Path) -> None:
    """A checkout with a virtual environment not named .venv in it."""
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text("see docs/rules.md\n")
    site = root / "venv-py311" / "lib" / "site-packages"
    site.mkdir(parents=True)
    (root / "venv-py311" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (site / "setuptools_file.py").write_text(f"# see {POINTER}\n")
    (root / "pkg.egg-info").mkdir()
    (root / "pkg.egg-info" / "SOURCES.txt").write_text(POINTER)


def test_repo_files_leave_out_a_virtual_environment_of_any_name(tmp_path: Path) -> None:
    """Outside git (an unpacked archive): the walk skips the venv and build litter."""
    _tree(tmp_path)
    assert repo_files(tmp_path) == [tmp_path / "docs" / "a.md"]


def test_repo_files_are_what_git_would_commit(tmp_path: Path) -> None:
    """In a checkout: tracked files and new ones not ignored, never a venv
    (here .gitignore does not name it, as a venv called venv-py311 is not)."""
    _tree(tmp_path)
    (tmp_path / ".gitignore").write_text("*.egg-info/\nbuild/\n")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "copy.py").write_text(POINTER)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(tmp_path)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "docs", ".gitignore"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "x"], check=True)
    (tmp_path / "docs" / "new.md").write_text("not added yet\n")
    assert repo_files(tmp_path) == [tmp_path / "docs" / "a.md", tmp_path / "docs" / "new.md"]


def test_nothing_points_outside_the_repository() -> None:
    found = []
    for path in repo_files():
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for what, pattern in OUTSIDE.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{lineno}: {what}: {line.strip()}")
    assert not found, "\n".join(found)


def rule_sections() -> set[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return set(re.findall(r"^## §(\w+) ", text, re.M))


def test_rules_md_has_every_numbered_section() -> None:
    assert rule_sections() == {*map(str, range(1, 13)), "8b"}


@pytest.mark.parametrize("path", repo_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rules_reference_names_a_section(path: Path) -> None:
    sections = rule_sections()
    text = path.read_text(encoding="utf-8")
    for ref in re.finditer(r"rules\.md((?:[ ,]*(?:§+|-|–|and)\s*\d+b?)+)", text):
        for number in re.findall(r"\d+b?", ref.group(1)):
            assert number in sections, f"{path.name}: {ref.group(0)!r}: no §{number}"


def test_the_api_reference_builds_with_every_public_name(tmp_path: Path) -> None:
    """scripts/api_reference.py renders golfcli's public names (pdoc, a test extra)."""
    import subprocess
    import sys

    pytest.importorskip("pdoc")
    import golfcli

    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "api_reference.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and not done.stderr, done.stderr
    page = (tmp_path / "golfcli.html").read_text(encoding="utf-8")
    for name in golfcli.__all__:
        assert f'id="{name}"' in page, f"golfcli.{name} is missing from the reference"
    assert "Score one layout with a variant" in page  # a docstring, rendered


# ---------------------------------------------------------------- the size list

#: How far a size in architecture.md's list may drift before the list is
#: wrong: sizes are given as "~N lines", a rough figure, not a count.
SIZE_SLACK = 0.1
#: The size a module may reach without a place in the list.
MODULE_LIMIT = 600
_SIZED = re.compile(r"`([\w/]+\.py)` \(~([\d,]+) lines\)(?: and its `(\w+)` \(~([\d,]+) lines\))?")


def size_claims(text: str) -> dict[tuple[str, str], int]:
    """The sizes architecture.md's "Sizes" section gives: (module, '') for a
    module, (module, function) for "and its `f` (~N lines)"."""
    section = text.split("\n## Sizes\n", 1)[1].split("\n## ", 1)[0]
    claims: dict[tuple[str, str], int] = {}
    for module, lines, func, func_lines in _SIZED.findall(" ".join(section.split())):
        claims[module, ""] = int(lines.replace(",", ""))
        if func:
            claims[module, func] = int(func_lines.replace(",", ""))
    return claims


def actual_size(module: str, func: str) -> int:
    """Lines of ``golfcli/module``, or of its function (or method) ``func``."""
    source = (ROOT / "golfcli" / module).read_text(encoding="utf-8")
    if not func:
        return len(source.splitlines())
    import ast

    found = [
        node.end_lineno - node.lineno + 1
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name == func and node.end_lineno
    ]
    assert len(found) == 1, f"{module} has {len(found)} functions named {func}"
    return found[0]


def test_the_size_list_in_architecture_md_is_true() -> None:
    """docs/architecture.md lists each module over 600 lines with its size and
    why it is one room; the list is only worth reading while it is true: every
    size it gives is within 10% of the file's, and no long module is missing."""
    claims = size_claims((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8"))
    wrong = [
        f"{module}{':' + func if func else ''} is {actual_size(module, func)} lines, not ~{said}"
        for (module, func), said in claims.items()
        if abs(actual_size(module, func) - said) > SIZE_SLACK * said
    ]
    assert not wrong, "architecture.md's size list is out of date: " + "; ".join(wrong)
    long = sorted(
        str(path.relative_to(ROOT / "golfcli"))
        for path in (ROOT / "golfcli").rglob("*.py")
        if len(path.read_text(encoding="utf-8").splitlines()) > MODULE_LIMIT
    )
    assert [m for m in long if (m, "") not in claims] == [], "long modules the list leaves out"


def test_the_size_list_reads_modules_and_their_functions() -> None:
    """The reader of the list above, on a section of each shape it holds."""
    text = (
        "# A\n\n## Sizes\n\n- `variant.py` (~1,040 lines) and its `_build` (~235\n"
        "  lines): why.\n- `cli.py` (~860 lines) and `card/commands.py` (~870 lines): why.\n"
        "\n## Next\n\n- `other.py` (~10 lines)\n"
    )
    assert size_claims(text) == {
        ("variant.py", ""): 1040,
        ("variant.py", "_build"): 235,
        ("cli.py", ""): 860,
        ("card/commands.py", ""): 870,
    }


def test_the_readme_lists_every_extra() -> None:
    """README's Extras table has a row for each extra pyproject.toml defines,
    and no row for one it does not."""
    import tomllib

    extras = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    )
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Extras", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (`[^|]*`) \|", table, re.M)
    listed = {name for row in rows for name in re.findall(r"`([a-z]+)`", row)}
    assert listed == extras
