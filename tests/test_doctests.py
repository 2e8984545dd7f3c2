"""The examples in golfcli's docstrings run, so they stay true.

Every module is imported and its ``>>>`` examples run with :mod:`doctest`
(the same as ``pytest --doctest-modules golfcli``, kept in one test file so
that the test directory's bot scripts are not imported as modules)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "golfcli"


def module_names() -> list[str]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


@pytest.mark.parametrize("name", module_names())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) in {name} failed"


def test_the_examples_are_found() -> None:
    """A doctest runner that finds nothing passes everything: count them."""
    finder = doctest.DocTestFinder()
    found = sum(
        len(t.examples)
        for name in module_names()
        for t in finder.find(importlib.import_module(name))
    )
    assert found >= 6
