"""Build hook: compile the engine's hot modules with mypyc when we can.

The same typed sources run either way.  ``pip install .`` compiles the
modules in ``COMPILED`` to C extensions (mypyc, a build requirement in
pyproject.toml) when a C compiler and the Python headers are present, and
otherwise installs them as plain Python, saying so in one line.
``GOLF_PURE=1`` forces the pure build; ``golf --version`` says which one runs.
docs/performance.md says why these modules and not others.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The engine and the built-in bots' inner loops (measured: docs/performance.md).
# Modules that talk to the outside (cli, tui, tournament, external bots) stay
# Python: they are not hot, and they use dynamic features mypyc does not allow.
# variant.py stays Python too: its frozen dataclasses travel pickled to
# tournament workers, and compiled frozen dataclasses cannot be unpickled.
COMPILED = [
    "golfcli/cards.py",
    "golfcli/keys.py",
    "golfcli/scoring.py",
    "golfcli/actions.py",
    "golfcli/events.py",
    "golfcli/state.py",
    "golfcli/view.py",
    "golfcli/bots/common.py",
    "golfcli/bots/greedy.py",
    "golfcli/bots/endgame.py",
    "golfcli/bots/evaluator.py",
    "golfcli/bots/expert.py",
    "golfcli/bots/mc.py",
    "golfcli/game.py",
    "golfcli/matchresult.py",
    "golfcli/match.py",
    "golfcli/features.py",
]


def _say(msg: str) -> None:
    # pip hides a build's stdout unless it fails; stderr lines with -v.  One line either way.
    print(f"golfcli: {msg}", file=sys.stderr)


def _why_pure() -> str | None:
    """None if we can compile; otherwise the reason we cannot."""
    if os.environ.get("GOLF_PURE", "") not in ("", "0"):
        return "GOLF_PURE is set"
    if sys.implementation.name != "cpython":
        return f"mypyc needs CPython, not {sys.implementation.name}"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return None


def _jobs() -> int:
    """C compilers to run at once: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class OptionalBuildExt(build_ext):
    """Compiled modules are an optimisation: a failed compile falls back to
    the pure Python modules (always installed too) with one line, never a
    failed install.  All or nothing: the modules share one compiled library.

    The C files (one per module, and mypyc's runtime) are compiled side by
    side, one compiler per core, largest first: setuptools compiles an
    extension's sources one after the other, and the shared library is
    nearly all of the build.  The small extensions (one per module, each
    importing the library) are built beside it."""

    def build_extensions(self) -> None:
        jobs = _jobs()
        if jobs < 2:
            super().build_extensions()
            return
        compile_one = self.compiler.compile
        pool = ThreadPoolExecutor(jobs)

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            order = sorted(sources, key=lambda s: -os.path.getsize(s))
            objects = list(pool.map(lambda s: compile_one([s], *args, **kwargs), order))
            done = dict(zip(order, objects, strict=True))
            return [obj for s in sources for obj in done[s]]

        self.compiler.compile = compile_all  # type: ignore[method-assign]
        self.parallel = jobs
        try:
            super().build_extensions()
        finally:
            pool.shutdown()

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # compiler errors arrive as several distutils types
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            _say(f"compiling failed ({type(exc).__name__}: {exc}); installing pure Python")


#: The setup.py commands that build.  pip runs two others first (egg_info for
#: the build's requirements, dist_info for the metadata), which need no C code
#: generated: about 4 s each.
_BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install", "bdist_egg"}


def _ext_modules() -> list[Any]:
    if not _BUILDS.intersection(sys.argv[1:]):
        return []
    why = _why_pure()
    if why is not None:
        _say(f"installing pure Python ({why}); the compiled build plays 2-6x faster, same results")
        return []
    from mypyc.build import mypycify

    _say(f"compiling the engine with mypyc ({_jobs()} at once; under a minute)")
    # The build environment holds only mypy and types-PyYAML: modules outside COMPILED
    # are read for their types, but their errors are not the build's to report;
    # `mypy` in the dev environment checks them all.  _ENGINE_TYPES_ONLY leaves
    # out the package facade's type-only imports that no compiled module needs
    # (the tournament runner, the report: four fifths of what mypy would read).
    # multi_file: one C file per module, compiled side by side (OptionalBuildExt).
    return mypycify(
        ["--follow-imports=silent", "--always-true", "_ENGINE_TYPES_ONLY", *COMPILED],
        opt_level="3",
        debug_level="0",
        multi_file=True,
    )


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
