"""golf: the reference engine, terminal game and bot tournament runner for
the card game Golf, as a Python library.

The public API is this package's names (``__all__``; docs/api.md is the
tutorial): variants (``load_variant``), cards and layouts in the notation
people type (``Card``, ``Layout``), scores (``score``, ``score_hole``), a
hole a program drives move by move (``Hole``), whole games (``play_match``),
tournaments (``run_tournament`` and its ``Report``), the bot types
(``Bot``, ``BaseBot``, ``make_bot``) and the errors: ``GolfError`` over all
of them, ``InputError`` over bad input, one class for each kind of bad input
(``ArgumentError``, a function's argument it cannot take; ``VariantError``,
``CardError``, ``IllegalAction``, ``ConfigError``, ``BotSpecError``) and
``BotFault`` for a bot's failure.
The ``golf`` command is a client of the same functions.  Each name is
defined in the module of its concern and loaded on first use (PEP 562), so
``import golfcli`` costs no more than ``__version__`` and a command that
needs little (``golf score``) loads little.

>>> import golfcli
>>> golfcli.score("5 K 2 / 5 7 9").total
14

Imports flow one way: cards -> variant -> scoring -> state -> view -> bots
-> match/tournament -> CLI (see docs/architecture.md).  An install may hold
the engine's hot modules twice: compiled by mypyc (the ``.so`` files, which
Python prefers) and as the ``.py`` sources they were compiled from.
``GOLF_PURE=1`` in the environment makes this process run the sources
instead (to compare the builds, or to test edited code in an editable
install without compiling it again).
"""

import os as _os

# typing is not imported for this: `import golfcli` stays as cheap as
# __version__ (mypy reads any TYPE_CHECKING as true)
TYPE_CHECKING = False
# True only in setup.py's compiled build (mypy's --always-true): the type-only
# imports below that no compiled module needs (the tournament runner, the
# report) are then not read, four fifths of the build's type checking.
_ENGINE_TYPES_ONLY = False

__version__ = "0.1.0"

#: Every public name and the module (under ``golfcli.``) that defines it.
_PUBLIC: dict[str, str] = {
    # variants
    "Variant": "variant",
    "load_variant": "variantload",
    "variants": "variantload",
    # cards and layouts
    "Card": "notation",
    "Layout": "notation",
    # scores
    "score": "breakdown",
    "score_hole": "breakdown",
    "Score": "breakdown",
    "HoleResult": "breakdown",
    # one hole, driven move by move
    "Hole": "hole",
    "Action": "actions",
    "View": "view",
    # matches and tournaments
    "play_match": "match",
    "Match": "match",
    "MatchResult": "matchresult",
    "run_tournament": "tournament.runner",
    "Report": "tournament.report",
    # bots
    "Bot": "bots",
    "BaseBot": "bots",
    "make_bot": "bots.registry",
    # errors: what was wrong, and where
    "GolfError": "exceptions",
    "InputError": "exceptions",
    "ArgumentError": "arguments",
    "VariantError": "variant",
    "CardError": "cards",
    "IllegalAction": "actions",
    "ConfigError": "tournament.plan",
    "BotSpecError": "bots",
    "BotFault": "faults",
    "StopMatch": "exceptions",
}

# In the order docs/api.md teaches them (and the reference lists them).
__all__ = [  # noqa: RUF022
    "__version__",
    "Variant",
    "load_variant",
    "variants",
    "Card",
    "Layout",
    "score",
    "score_hole",
    "Score",
    "HoleResult",
    "Hole",
    "Action",
    "View",
    "play_match",
    "Match",
    "MatchResult",
    "run_tournament",
    "Report",
    "Bot",
    "BaseBot",
    "make_bot",
    "GolfError",
    "InputError",
    "ArgumentError",
    "VariantError",
    "CardError",
    "IllegalAction",
    "ConfigError",
    "BotSpecError",
    "BotFault",
    "StopMatch",
]


def __getattr__(name: str) -> object:
    """Load a public name from its module the first time it is asked for."""
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'golfcli' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next lookup finds it without asking again
    return value


def __dir__() -> list[str]:
    """What ``dir(golfcli)`` lists: the public names and the module's own
    dunders, not what this file needs to work (``os``, ``TYPE_CHECKING``,
    the lazy loader's table): a notebook's completion shows the API."""
    own = (n for n in globals() if n.startswith("__") and n.endswith("__"))
    return sorted({*__all__, *own})


if TYPE_CHECKING:  # what the names are, for type checkers and editors (none is imported here)
    from .actions import Action, IllegalAction
    from .arguments import ArgumentError
    from .bots import BaseBot, Bot, BotSpecError
    from .bots.registry import make_bot
    from .cards import CardError
    from .exceptions import GolfError, InputError, StopMatch
    from .faults import BotFault
    from .hole import Hole
    from .match import Match, play_match
    from .matchresult import MatchResult
    from .notation import Card, Layout
    from .variant import Variant, VariantError
    from .variantload import load_variant, variants
    from .view import View

    if not _ENGINE_TYPES_ONLY:
        from .breakdown import HoleResult, Score, score, score_hole
        from .tournament.plan import ConfigError
        from .tournament.report import Report
        from .tournament.runner import run_tournament


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
                source = _os.path.join(entry, leaf)
                if _os.path.isfile(source):
                    return importlib.util.spec_from_file_location(name, source)
            return None

    sys.meta_path.insert(0, SourcesFirst())


if _os.environ.get("GOLF_PURE", "") not in ("", "0"):
    _prefer_sources()
