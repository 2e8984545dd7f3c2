"""Bot specs: one syntax for ``golf play``, ``golf tournament`` and tests.

* a built-in name: ``random``, ``greedy``, ``expert``, ``mc``, ``field`` (the
  opponent styles: ``field?style=racer``, see golfcli/bots/field.py);
* ``path/to/bot.py``: a file defining a ``Bot`` class or a ``choose`` function;
* ``package.module:Name``: a class or function importable from Python;
* ``cmd:ARGV``: an external program speaking the JSON-lines protocol
  (docs/bot-protocol.md), e.g. ``cmd:python3 examples/bots/external_bot.py``;
* ``FAMILY:NAME``: a bot an extra brings (:data:`FAMILIES`), e.g.
  ``spiel:ismcts`` (OpenSpiel's ISMCTS, ``pip install 'golfcli[spiel]'``).

Options (``key=value`` pairs after a ``?`` or from a tournament config's
``options:``) go to the bot's constructor, e.g. ``greedy?threshold=3`` or
``mc?iterations=200``.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import inspect
import os
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from ..actions import Action
from ..arguments import (
    ArgumentError,
    ArgumentTypeError,
    callback,
    flag,
    items,
    mapping,
    number,
    optional_path,
    optional_text,
    reason,
    shorten,
    shown,
    whole,
    wrong_type,
)
from ..exceptions import StopMatch
from ..faults import BotFault
from ..view import View
from . import Bot, check_seed
from . import BotSpecError as BotSpecError  # re-exported: callers know it from here
from .options import check_options

BUILTIN_BOTS = ("random", "greedy", "expert", "mc", "field")

#: Bot families an extra brings, named ``family:name`` in a spec: the module
#: that has them (in its ``BOTS`` table), the extra that installs what it
#: needs and the library that plays (its version is part of the bot's
#: identity in the ratings).  The module sits at the top of the layers,
#: beside the command line, so it is imported by name when a spec asks for
#: one of its bots, never by an import statement here (docs/architecture.md).
FAMILIES: dict[str, tuple[str, str, str]] = {"spiel": ("golfcli.spiel", "spiel", "open-spiel")}


def family_of(base: str) -> str | None:
    """The family of a ``family:name`` spec (without options), or None."""
    family, colon, _ = base.partition(":")
    return family if colon and family in FAMILIES else None


def family_library(base: str) -> str | None:
    """``library==version`` of the library a family's bot drives (``None``
    for a spec of no family; the version ``?`` when it is not installed)."""
    family = family_of(base)
    if family is None:
        return None
    from importlib import metadata

    name = FAMILIES[family][2]
    try:
        return f"{name}=={metadata.version(name)}"
    except metadata.PackageNotFoundError:
        return f"{name}==?"


class FunctionBot:
    """Wraps a plain ``choose(view, legal)`` function as a bot."""

    wants_view = True

    def __init__(self, fn: Callable[[View, Sequence[Action]], Action], name: str) -> None:
        self.fn = fn
        self.name = name

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.fn(view, legal)


#: The optional hooks the match calls (docs/bot-protocol.md): a crash in one
#: is a fault like a crash in ``choose``.
HOOKS = frozenset({"start_game", "notify", "end_hole", "end_game"})


class PythonBot:
    """A bot written in Python (a file or ``module:Name``), run in golf's process.

    An exception from its ``choose`` or a hook is a ``crash`` fault whose
    message names the place in the bot's own code (``KeyError: 'missing'
    (my_bot.py:12, in choose)``); the traceback's last frames go to
    ``log_path``, as an external program's stderr goes to its log (``golf
    check-bot`` prints them, a tournament keeps them in ``DIR/logs``).  A
    crash at a place already logged by this process is not logged again: a
    bot that fails on every decision of a long run gives one traceback,
    its count is in the standings.  The first few are kept in ``traces``.

    Everything else passes through to the bot (``__getattr__``): its
    attributes, ``seed``, ``wants_view``, ``close``, and a hook only if the
    bot has it."""

    KEEP = 3

    def __init__(self, bot: Any, log_path: Path | None = None, source: str = "") -> None:
        self._bot = bot
        self._log_path = log_path
        #: what the spec named: the bot's file as given, or ``module:Name``
        #: (a wrapper that passes attributes through, as ``golf check-bot``'s
        #: and ``golf play``'s do, passes it on: :func:`source_of`)
        self.bot_source = source
        self.traces: list[str] = []

    @property
    def bot(self) -> Any:
        """The bot itself."""
        return self._bot

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        # what the bot answers is the match's to judge (golfcli.actions.answer_index):
        # text such as "swap 0" is an answer too
        try:
            action: Any = self._bot.choose(view, legal)
        except (BotFault, StopMatch):  # a fault already, or a match ended on purpose
            raise
        except Exception as exc:
            raise self._crash(exc, "choose") from None
        return cast(Action, action)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._bot, name)
        if name not in HOOKS or not callable(value):
            return value

        def hook(info: Any) -> Any:
            try:
                return value(info)
            except (BotFault, StopMatch):
                raise
            except Exception as exc:
                raise self._crash(exc, name) from None

        return hook

    def __repr__(self) -> str:
        return f"PythonBot({self._bot!r})"

    def _crash(self, exc: Exception, where: str) -> BotFault:
        from ..faults import crash_message, crash_place, crash_trace

        trace = crash_trace(exc)
        if len(self.traces) < self.KEEP:
            self.traces.append(trace)
        if self._log_path is not None:
            seen = (self._log_path, type(exc).__name__, crash_place(exc))
            _log_once(seen, f"--- golf: crash in {where} ---\n{trace}")
        return BotFault("crash", crash_message(exc))


def source_of(bot: object) -> str:
    """Where a bot's code is, as a fault names it: the file or
    ``module:Name`` its spec named, else its class (or function) and the
    file that defines it (``Mine in my_script.py``), else the class alone."""
    try:  # a hostile bot's attribute lookup may raise anything
        given = getattr(bot, "bot_source", None)
    except Exception:
        given = None
    if isinstance(given, str) and given:
        return given
    if isinstance(bot, PythonBot):
        bot = bot.bot
    target: Any = bot.fn if isinstance(bot, FunctionBot) else type(bot)
    name = str(getattr(target, "__qualname__", type(bot).__name__))
    try:
        found = inspect.getsourcefile(target)
    except (TypeError, OSError):  # a built-in type, a class made at run time
        found = None
    return f"{name} in {os.path.basename(found)}" if found else name


#: (log file, exception type, place) of the crashes this process has logged
_LOGGED: set[tuple[Path, str, str]] = set()


def _log_once(seen: tuple[Path, str, str], text: str) -> None:
    """Append ``text`` to the log ``seen[0]`` in one write, unless this
    process logged the same exception from the same place there (at most a
    thousand places); a log that cannot be written costs the log, never the
    game."""
    if seen in _LOGGED or len(_LOGGED) >= 1000:
        return
    _LOGGED.add(seen)
    path = seen[0]
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, text.encode("utf-8", errors="replace"))
        finally:
            os.close(fd)
    except OSError:
        pass


def split_options(spec: str) -> tuple[str, dict[str, Any]]:
    """``greedy?threshold=3&knock_at=4`` -> ("greedy", {"threshold": 3, "knock_at": 4})."""
    if spec.startswith("cmd:") or "?" not in spec:
        return spec, {}
    from ..yamlsrc import parse_scalar

    base, _, query = spec.partition("?")
    opts: dict[str, Any] = {}
    for part in query.split("&"):
        if not part:
            continue
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise BotSpecError(f"bot option {shown(part)} in {shown(spec)} is not key=value")
        opts[key] = parse_scalar(value)
    return base, opts


def _takes_seed(cls: Any) -> bool:
    """Whether a bot class's constructor has a ``seed`` parameter.

    ``inspect.signature`` costs tens of microseconds: :func:`builtin_factory`
    asks once per player, not once per game."""
    try:
        return "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):
        return False


def _cannot_create(spec: str, exc: Exception) -> BotSpecError:
    """A constructor's refusal in one line: bad options (TypeError, ValueError)
    as their message, anything else (the bot's own code failed) with its type."""
    if isinstance(exc, TypeError | ValueError):
        return BotSpecError(f"cannot create bot {shown(spec)}: {reason(exc)}")
    return BotSpecError(f"cannot create bot {shown(spec)}: {type(exc).__name__}: {reason(exc)}")


def _instantiate(
    obj: Any, spec: str, seed: Any, options: dict[str, Any], takes_seed: bool | None = None
) -> Bot:
    """Build a bot from a class or a function; ``takes_seed`` is
    :func:`_takes_seed` of the class when the caller already knows it."""
    if inspect.isclass(obj):
        check_options(obj, spec, options)
        kwargs = dict(options)
        if _takes_seed(obj) if takes_seed is None else takes_seed:
            kwargs["seed"] = seed
        try:
            bot = obj(**kwargs)
        except Exception as exc:
            raise _cannot_create(spec, exc) from None
    elif callable(obj):
        if options:
            raise BotSpecError(f"bot {shown(spec)} is a function and takes no options")
        bot = FunctionBot(obj, spec)
    else:
        raise BotSpecError(f"{shown(spec)} is neither a class nor a function")
    if not callable(getattr(bot, "choose", None)):
        raise BotSpecError(f"bot {shown(spec)} has no choose(view, legal) method")
    if not hasattr(bot, "name"):
        # a bot with __slots__ keeps its own naming
        with contextlib.suppress(AttributeError):
            setattr(bot, "name", spec)  # noqa: B010 - bot is any user object
    return cast(Bot, bot)  # a user's object, checked above: it has choose()


def _load_file(path: Path, spec: str) -> Any:
    if not path.exists():
        raise BotSpecError(f"bot file {shown(str(path))} not found")
    # Named from the path's digest, not hash(): nothing may depend on the hash seed.
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    mod_name = f"golf_user_bot_{digest}"
    loader_spec = importlib.util.spec_from_file_location(mod_name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise BotSpecError(f"cannot load bot file {shown(str(path))}")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[mod_name] = module
    from .source import folder_importable

    try:
        with folder_importable(path):  # `import helpers` finds helpers.py beside it
            loader_spec.loader.exec_module(module)
    except SystemExit as exc:
        # sys.exit() at import would otherwise end golf itself, silently, with the
        # bot's exit code; the bot file is at fault, so say so like any load failure.
        raise BotSpecError(
            f"bot file {shown(str(path))} exited while being loaded (exit code {shown(exc.code)})"
        ) from None
    except Exception as exc:
        raise BotSpecError(
            f"bot file {shown(str(path))} failed to load: {type(exc).__name__}: {reason(exc)}"
            + _import_hint(exc, path)
        ) from None
    for attr in ("Bot", "choose"):
        if hasattr(module, attr):
            return getattr(module, attr)
    raise BotSpecError(
        f"bot file {shown(str(path))} defines neither a Bot class nor a choose function"
    )


def _import_hint(exc: Exception, path: Path) -> str:
    """What to do about a module a bot file could not import: a module
    beside it is found (its folder is importable), anything else must be
    installed."""
    if not isinstance(exc, ModuleNotFoundError) or not exc.name:
        return ""
    top = exc.name.partition(".")[0]
    return (
        f" (a module of the bot's own goes in the bot file's folder, as {shorten(top)}.py; "
        "anything else must be installed where golf runs)"
    )


def make_bot(
    spec: str | Sequence[str],
    seed: int | str | None = None,
    options: Mapping[str, object] | None = None,
    base_dir: Path | None = None,
    **external: Any,
) -> Bot:
    """A bot from its spec: a built-in's name (``random``, ``greedy``,
    ``expert``, ``mc``), ``file.py``, ``package.module:Name`` or
    ``cmd:PROGRAM`` (or a program's argv list), with options after a ``?``
    (``greedy?threshold=3``) or in ``options``.  ``seed`` seeds it (a match
    seeds it again from its key and the seat's name); a relative file or
    program is found from ``base_dir``.  ``external`` keyword arguments
    (time limits, log file) go to external program bots.  A spec that
    cannot be made raises :class:`BotSpecError` saying why.

    A bot written in Python (a file, ``module:Name``) comes wrapped in
    :class:`PythonBot` and takes the log file (``log_path``) too.

    >>> make_bot("greedy?threshold=3").name
    'greedy'
    """
    seed = None if seed is None else check_seed(seed)
    opts_given = _options(options)
    base_dir = optional_path("base_dir", base_dir, "a directory (a path) or None")
    external = _external(external)
    if not isinstance(spec, str):
        argv = items("spec", spec, _SPEC, 1000)
        if not argv or not all(isinstance(w, str) for w in argv):
            raise ArgumentTypeError("spec", _SPEC, spec)
        from .external import ExternalBot

        return ExternalBot(argv, seed=seed, cwd=base_dir, **external)
    base, opts = split_options(spec.strip())
    opts.update(opts_given)
    if base.startswith("cmd:"):
        argv = split_command(base[4:])
        if not argv:
            raise BotSpecError("cmd: needs a program to run, e.g. cmd:python3 my_bot.py")
        from .external import ExternalBot

        return ExternalBot(argv, seed=seed, cwd=base_dir, **external)
    if base in BUILTIN_BOTS:
        return builtin_factory(base, opts)(seed)
    log_path = external.get("log_path")
    if family_of(base):
        return PythonBot(class_factory(_family_class(base), base, opts)(seed), log_path, base)
    if base.endswith(".py"):
        path = Path(base)
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        return PythonBot(_instantiate(_load_file(path, base), base, seed, opts), log_path, base)
    if ":" in base:
        mod_name, _, attr = base.partition(":")
        try:
            module = importlib.import_module(mod_name)
        except (ImportError, ValueError, TypeError) as exc:  # ":x", "..x" are no module
            raise BotSpecError(
                f"cannot import {shown(mod_name)} for bot {shown(base)}: {reason(exc)}"
            ) from None
        except Exception as exc:  # the module's own code failed
            raise BotSpecError(
                f"cannot import {shown(mod_name)} for bot {shown(base)}: "
                f"{type(exc).__name__}: {reason(exc)}"
            ) from None
        if not hasattr(module, attr):
            raise BotSpecError(f"module {shown(mod_name)} has no {shown(attr)}")
        return PythonBot(_instantiate(getattr(module, attr), base, seed, opts), log_path, base)
    from ..yamlsrc import did_you_mean

    names = ", ".join(BUILTIN_BOTS)
    raise BotSpecError(
        f"unknown bot {shown(spec)}{did_you_mean(base, BUILTIN_BOTS)}: use a built-in ({names}), "
        "a file.py, package.module:Name or cmd:PROGRAM"
    )


_SPEC = "a bot's spec such as 'greedy', 'my_bot.py' or 'cmd:PROGRAM', or a program's argv list"
_OPTIONS = "a mapping of option names to values, or None"
#: ``make_bot``'s keywords for a program, each with its check (a Python bot takes log_path)
_EXTERNAL: dict[str, Callable[[str, object], object]] = {
    "time_limit": lambda k, v: number(k, v, 0.0, MAX_SECONDS, above=True),
    "time_bank": lambda k, v: number(k, v, 0.0, MAX_SECONDS),
    "startup_time": lambda k, v: number(k, v, 0.0, MAX_SECONDS, above=True),
    "log_path": lambda k, v: optional_path(k, v, "a file's path or None"),
    "name": lambda k, v: optional_text(k, v, "a name (text) or None"),
    "restart": flag,
    "max_failed_starts": lambda k, v: whole(k, v, 0, 1000),
    "max_timeouts": lambda k, v: whole(k, v, 0, 1000),
    "transport_factory": callback,
}
MAX_SECONDS = 86_400.0  #: the most seconds a time limit or bank may be (a day)


def _options(options: object) -> dict[str, Any]:
    """``options``: a mapping of option names (text) to values, or None."""
    got = {} if options is None else mapping("options", options, _OPTIONS)
    if not all(isinstance(key, str) for key in got):
        wrong_type("options", "a mapping whose keys are option names (text)", options)
    return dict(got)


def _external(external: Mapping[str, object]) -> dict[str, Any]:
    """The keyword arguments for an external program, each checked."""
    for key, value in external.items():
        if key not in _EXTERNAL:
            raise ArgumentError(key, "one of make_bot's arguments: " + ", ".join(_EXTERNAL), value)
    return {key: _EXTERNAL[key](key, value) for key, value in external.items()}


def builtin_factory(base: str, opts: dict[str, Any]) -> Callable[[Any], Bot]:
    """A function of the seed that builds built-in bot ``base`` with ``opts``.

    The options are checked here, once: a tournament resolves each player's
    spec once and then calls the factory for every game (checking them per
    game cost a quarter of a one-hole random game)."""
    return class_factory(_builtin_class(base), base, opts)


def class_factory(cls: Any, base: str, opts: dict[str, Any]) -> Callable[[Any], Bot]:
    """:func:`builtin_factory` for a bot class golf knows (a built-in, or a
    family's): unknown options and options of the wrong type are refused
    once, by name."""
    check_options(cls, base, opts)
    opts = dict(opts)
    takes_seed = _takes_seed(cls)

    def make(seed: Any) -> Bot:
        # _instantiate's checks of the class (a choose method, a name) hold
        # for every built-in: only the constructor's own refusals are left
        try:
            return cast(Bot, cls(seed=seed, **opts) if takes_seed else cls(**opts))
        except Exception as exc:
            raise _cannot_create(base, exc) from None

    return make


def split_command(text: str) -> list[str]:
    """A command line split as a shell would; an unclosed quote is a
    :class:`BotSpecError` (shlex's own ValueError would end in a traceback)."""
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise BotSpecError(
            f"bot command {shown(text)}: {reason(exc)} (an unclosed quote?)"
        ) from None


def _family_class(base: str) -> Any:
    """The class a ``family:name`` spec names, from its family's module;
    a missing extra or an unknown name is a BotSpecError saying what to do."""
    family, _, name = base.partition(":")
    module_name, extra, _ = FAMILIES[family]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise BotSpecError(
            f"bot {shown(base)} needs the {extra} extra: pip install 'golfcli[{extra}]' "
            f"({reason(exc)})"
        ) from None
    bots: dict[str, Any] = module.BOTS
    if name not in bots:
        from ..yamlsrc import did_you_mean

        raise BotSpecError(
            f"unknown bot {shown(base)}{did_you_mean(name, bots)}: the {family} bots are "
            + ", ".join(f"{family}:{b}" for b in bots)
        )
    return bots[name]


def _builtin_class(name: str) -> Any:
    if name == "random":
        from . import RandomBot

        return RandomBot
    if name == "greedy":
        from .greedy import GreedyBot

        return GreedyBot
    if name == "expert":
        from .expert import ExpertBot

        return ExpertBot
    if name == "field":
        from .field import FieldBot

        return FieldBot
    from .mc import MCBot

    return MCBot


def close_bot(bot: Any) -> None:
    """Shut a bot down if it has ``close`` (external programs do).  A failing
    shutdown is swallowed: it must never hide a finished game's result."""
    close = getattr(bot, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()
