"""The examples in golfcli's docstrings run, so they stay true.

Every module is imported and its ``>>>`` examples run with :mod:`doctest`
(the same as ``pytest --doctest-modules golfcli``, kept in one test file so
that the test directory's bot scripts are not imported as modules)."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from ..helpers import REPO, extra_missing

ROOT = REPO / "golfcli"


#: Not imported here: golfcli.cli.entry, the console script's module, takes over
#: Ctrl-C when imported (so that a Ctrl-C during start-up is noted, not a
#: traceback) and gives it back in ``main``, which only the script calls.
NOT_IMPORTED = {"golfcli.cli.entry"}


def module_names() -> list[str]:
    """Every module, but those whose extra is not installed here."""
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return [name for name in out if name not in NOT_IMPORTED and not extra_missing(name)]


@contextlib.contextmanager
def source_module(name: str) -> Iterator[ModuleType]:
    """The module as its ``.py`` source defines it.  A mypyc-compiled module's
    functions carry no examples doctest can find, so its source is run in a
    module object of its own, in ``sys.modules`` only while doctest looks
    (doctest asks ``sys.modules`` which module a function comes from)."""
    module = importlib.import_module(name)
    if (module.__file__ or "").endswith(".py"):
        yield module
        return
    path = ROOT.parent.joinpath(*name.split(".")).with_suffix(".py")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    sys.modules[name] = copy
    try:
        yield copy
    finally:
        sys.modules[name] = module


@pytest.mark.parametrize("name", module_names())
def test_docstring_examples(name: str) -> None:
    with source_module(name) as module:
        result = doctest.testmod(
            module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        )
    assert result.failed == 0, f"{result.failed} docstring example(s) in {name} failed"


def test_the_examples_are_found() -> None:
    """A doctest runner that finds nothing passes everything: count them."""
    finder = doctest.DocTestFinder()
    found = 0
    for name in module_names():
        with source_module(name) as module:
            found += sum(len(t.examples) for t in finder.find(module))
    assert found >= 6


REPO = ROOT.parent
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def run_examples(text: str, name: str) -> doctest.TestResults:
    """Run the ``>>>`` examples of a Markdown text as one doctest."""
    test = doctest.DocTestParser().get_doctest(text, {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_the_api_tutorial_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/api.md, example by example (in a scratch directory: it writes a bot file)."""
    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run_examples(text, "docs/api.md")
    assert result.failed == 0, f"{result.failed} example(s) in docs/api.md failed"
    assert result.attempted >= 40


def test_the_readme_python_lines_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """README's "From Python" section, from the checkout (it names a shipped config)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## From Python", 1)[1].split("\n## ", 1)[0]
    monkeypatch.chdir(REPO)
    result = run_examples(section, "README.md")
    assert result.failed == 0 and result.attempted >= 4


def test_the_frameworks_page_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/frameworks.md, example by example: both adapters as the page shows them."""
    if extra_missing("golfcli.spiel") or extra_missing("golfcli.env"):
        pytest.skip("the spiel and rl extras are not installed: pip install 'golfcli[spiel,rl]'")
    text = (REPO / "docs" / "frameworks.md").read_text(encoding="utf-8")
    monkeypatch.chdir(REPO)
    result = run_examples(text, "docs/frameworks.md")
    assert result.failed == 0, f"{result.failed} example(s) in docs/frameworks.md failed"
    assert result.attempted >= 25


def test_a_module_walk_leaves_out_only_an_adapter_whose_extra_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The base install's suite skips golfcli.spiel and golfcli.env, and no
    other module; with the extras installed, nothing is left out."""
    import importlib.util

    names = module_names()
    for module, library in (("golfcli.spiel", "pyspiel"), ("golfcli.env", "pettingzoo")):
        assert (module in names) == (importlib.util.find_spec(library) is not None)
    find_spec = importlib.util.find_spec
    missing = {"pyspiel", "pettingzoo"}
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name in missing else find_spec(name, *a),
    )
    without = module_names()
    assert set(names) - set(without) <= {"golfcli.spiel", "golfcli.env"}
    assert "golfcli.spiel" not in without and "golfcli.env" not in without
    assert "golfcli.features" in without
