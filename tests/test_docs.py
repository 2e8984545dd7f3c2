"""The repository's docs stand alone: nothing points outside it, and every
reference to the rules lands on a section of docs/rules.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = {".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".cfg"}
SKIP = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", "runs"}

#: Pointers out of the repository: the outside rules specification, a shared
#: folder beside the checkout, an issue tracker's numbers.
OUTSIDE = {
    "the outside rules specification": re.compile(r"RULES\.md"),
    "a shared folder": re.compile(r"\.\./shared|\bshared/[A-Z]"),
    "an issue number": re.compile(r"\bissues? #?\d|\(#\d+\)"),
}


def repo_files() -> list[Path]:
    out = []
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT)
        if any(part in SKIP or part.endswith(".egg-info") for part in rel.parts):
            continue
        if path.is_file() and path.suffix in SUFFIXES:
            out.append(path)
    return out


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
