"""golf: the reference engine, terminal game and bot tournament runner for
the card game Golf.  Imports flow one way: cards -> variant -> scoring ->
state -> view -> bots -> match/tournament -> CLI (see docs/architecture.md).

An install may hold the engine's hot modules twice: compiled by mypyc (the
``.so`` files, which Python prefers) and as the ``.py`` sources they were
compiled from.  ``GOLF_PURE=1`` in the environment makes this process run
the sources instead (to compare the builds, or to test edited code in an
editable install without compiling it again)."""

import os

__version__ = "0.1.0"


def _prefer_sources() -> None:
    """Put a finder before the standard ones that loads ``golfcli.*`` modules
    from their ``.py`` file whenever there is one; packages and everything
    else take the normal path."""
    import importlib.util
    import sys
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

    class SourcesFirst:
        @staticmethod
        def find_spec(
            name: str, path: Sequence[str] | None, target: ModuleType | None = None
        ) -> ModuleSpec | None:
            if not name.startswith("golfcli.") or not path:
                return None
            leaf = name.rpartition(".")[2] + ".py"
            for entry in path:
                source = os.path.join(entry, leaf)
                if os.path.isfile(source):
                    return importlib.util.spec_from_file_location(name, source)
            return None

    sys.meta_path.insert(0, SourcesFirst())


if os.environ.get("GOLF_PURE", "") not in ("", "0"):
    _prefer_sources()
