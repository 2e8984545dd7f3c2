"""The two builds: the mypyc-compiled engine and the pure Python sources.

``golf --version`` must tell the truth about which one runs, ``GOLF_PURE=1``
must really run the sources, and compiled modules must not be older than
their sources (an editable install keeps the ``.so`` files beside the
``.py`` files it was built from: after an edit, Python would still load the
old compiled code and the tests would test that).  ``GOLF_EXPECT_BUILD``
(``compiled`` or ``pure``, set by .ci/run) makes the suite fail if it is not
running the build it is meant to test."""

from __future__ import annotations

import ast
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import golfcli
from golfcli.cli.app import build_kind

ROOT = Path(golfcli.__file__).parent


def _setup_compiled() -> list[str]:
    """setup.py's ``COMPILED`` as module names (``bots.expert``): the one list
    of the compiled modules, read here rather than copied."""
    tree = ast.parse((ROOT.parent / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            paths = ast.literal_eval(node.value)
            return [p.removeprefix("golfcli/").removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


COMPILED = _setup_compiled()


def _compiled_files() -> list[Path]:
    out = []
    for mod in COMPILED:
        base = ROOT.joinpath(*mod.split("."))
        out += [base.parent / (base.name + s) for s in importlib.machinery.EXTENSION_SUFFIXES]
    return [p for p in out if p.exists()]


@pytest.mark.parametrize("pure", [False, True])
def test_version_names_the_build_that_runs(pure: bool) -> None:
    """``golf --version`` says compiled exactly when the engine's functions
    are native code (a compiled function has no Python ``__code__``), in a
    fresh process of either build."""
    env = {**os.environ, "GOLF_PURE": "1"} if pure else dict(os.environ)
    probe = (
        "import golfcli.state as s, golfcli.bots.expert as e;"
        "print(hasattr(s.tables_for, '__code__'), hasattr(e.ExpertBot.choose, '__code__'))"
    )
    native = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    version = subprocess.run(
        [sys.executable, "-m", "golfcli.cli.app", "--version"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    compiled = native == ["False", "False"]
    assert native in (["False", "False"], ["True", "True"]), native  # one build, not a mix
    assert ("compiled with mypyc" in version) == compiled, version
    assert ("pure Python" in version) == (not compiled), version
    if pure:
        assert not compiled


def test_the_build_is_the_one_expected() -> None:
    expect = os.environ.get("GOLF_EXPECT_BUILD")
    if expect is None:
        pytest.skip("GOLF_EXPECT_BUILD not set (.ci/run sets it)")
    assert expect in ("compiled", "pure")
    want = "compiled with mypyc" if expect == "compiled" else "pure Python"
    assert build_kind() == want
    if expect == "compiled":  # every hot module, not just state
        import importlib

        for mod in COMPILED:
            f = importlib.import_module(f"golfcli.{mod}").__file__ or ""
            assert f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), mod


def test_compiled_modules_are_not_stale() -> None:
    if build_kind() == "pure Python":
        pytest.skip("this process runs the sources")
    for so in _compiled_files():
        source = so.parent / (so.name.split(".")[0] + ".py")
        assert so.stat().st_mtime >= source.stat().st_mtime, (
            f"{so.name} is older than {source.name}: rebuild (pip install -e .) "
            "or run with GOLF_PURE=1"
        )


def test_golf_pure_runs_the_sources() -> None:
    code = (
        "import golfcli.state, golfcli.bots.expert as e; print(golfcli.state.__file__, e.__file__)"
    )
    env = {**os.environ, "GOLF_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    files = out.stdout.split()
    assert len(files) == 2 and all(f.endswith(".py") for f in files), out.stdout
