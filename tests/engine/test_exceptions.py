"""One exception tree: every exception golf raises on purpose is a ``GolfError``.

Run on both builds (.ci/run lists this file for the pure one): ``CardError``,
``IllegalAction`` and ``OverBudget`` are classes of mypyc-compiled modules
deriving from a Python class, and ``Match`` (compiled) must let ``StopMatch``
through while it still counts every other exception from a bot as a fault.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import signal
from pathlib import Path
from typing import Any

import pytest

import golfcli
from golfcli import cards
from golfcli.actions import IllegalAction
from golfcli.bots import RandomBot
from golfcli.bots.evaluator import OverBudget
from golfcli.exceptions import GolfError, InputError, StopMatch
from golfcli.faults import BotFault
from golfcli.match import Match
from golfcli.state import HoleState
from golfcli.variant import VariantError
from golfcli.variantload import builtin
from golfcli.yamlsrc import Checker, load_text

from ..helpers import extra_missing

ROOT = Path(golfcli.__file__).resolve().parent


def golf_exceptions() -> dict[str, type[BaseException]]:
    """Every exception class defined in golfcli, by ``module.Name``: every
    module imported (the walk would miss one never imported)."""
    found: dict[str, type[BaseException]] = {}
    names = ["golfcli"] + [m.name for m in pkgutil.walk_packages(golfcli.__path__, "golfcli.")]
    # golfcli.cli.entry is the console script's: importing it sets a SIGINT
    # handler that only takes note; the rest of the suite expects Python's.
    sigint = signal.getsignal(signal.SIGINT)
    for name in names:
        if extra_missing(name):
            continue
        module = importlib.import_module(name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == name:
                found[f"{name}.{obj.__qualname__}"] = obj
    signal.signal(signal.SIGINT, sigint)
    return found


EXCEPTIONS = golf_exceptions()

#: Bad input, and ``ValueError`` subclasses as they always were (callers catch
#: ValueError); the walk must find each of them.
VALUE_ERRORS = {
    "golfcli.exceptions.InputError",
    "golfcli.arguments.ArgumentError",
    "golfcli.arguments.ArgumentTypeError",
    "golfcli.yamlsrc.SourceError",
    "golfcli.yamlsrc.LimitError",
    "golfcli.variant.VariantError",
    "golfcli.cards.CardError",
    "golfcli.actions.IllegalAction",
    "golfcli.bots.BotSpecError",
    "golfcli.record.RecordError",
    "golfcli.tournament.plan.ConfigError",
    "golfcli.scorecard.model.ScorecardError",
    "golfcli.scorecard.model.BadValue",
    "golfcli.scorecard.model.ChangeError",
    "golfcli.scorecard.model.StaleCard",
    "golfcli.scorecard.model.LaterHoles",
    "golfcli.scorecard.model.HoleEntered",
    "golfcli.scorecard.model.GameOver",
    "golfcli.scorecard.model.NoSuchHole",
    "golfcli.scorecard.model.CardExists",
    "golfcli.web.RequestError",
    "golfcli.scorecard.count.EntryError",
    "golfcli.scorecard.count.VariantUnavailable",
    "golfcli.tui.seats.UsageError",
    "golfcli.table.TableError",
    "golfcli.tournament.executors.ExecutorError",
}


def test_the_walk_finds_the_classes_of_every_layer() -> None:
    # a walk that found nothing would pass the tests below
    assert set(EXCEPTIONS) >= VALUE_ERRORS
    assert len(EXCEPTIONS) >= 24


def test_the_exception_tree_names_each_class_at_its_home() -> None:
    """golfcli.exceptions' docstring is the map of the tree: each
    ``module.Class`` it names is defined in that module (a class that moved
    and a map that did not is what a reader trips on)."""
    import re

    import golfcli.exceptions

    named = re.findall(r"``([a-z_.]+)\.([A-Z]\w+)``", golfcli.exceptions.__doc__ or "")
    assert len(named) >= 15
    wrong = [f"{m}.{c}" for m, c in named if f"golfcli.{m}.{c}" not in EXCEPTIONS]
    assert not wrong, f"named where they do not live: {wrong}"


@pytest.mark.parametrize("name", sorted(EXCEPTIONS))
def test_every_exception_class_derives_from_golf_error(name: str) -> None:
    assert issubclass(EXCEPTIONS[name], GolfError), f"{name} is not a GolfError"


@pytest.mark.parametrize("name", sorted(VALUE_ERRORS))
def test_bad_input_is_an_input_error_and_a_value_error(name: str) -> None:
    cls = EXCEPTIONS[name]
    assert issubclass(cls, InputError) and issubclass(cls, ValueError)


def test_only_bad_input_is_a_value_error() -> None:
    assert {n for n, c in EXCEPTIONS.items() if issubclass(c, ValueError)} == VALUE_ERRORS


def test_a_wrong_type_is_a_type_error_and_still_bad_input() -> None:
    """A program passing ``Card(None)`` may catch it as Python's calls are
    caught (``TypeError``) or as golf's bad input (``InputError``, a
    ``ValueError``): the one class is all three."""
    typed = {n for n, c in EXCEPTIONS.items() if issubclass(c, TypeError)}
    assert typed == {"golfcli.arguments.ArgumentTypeError"}
    cls = EXCEPTIONS["golfcli.arguments.ArgumentTypeError"]
    err = cls("holes", "a whole number from 1 to 1,000", "3")
    assert isinstance(err, InputError) and isinstance(err, TypeError)
    assert str(err) == "holes: must be a whole number from 1 to 1,000, not '3'"
    assert (err.argument, err.takes, err.got) == ("holes", "a whole number from 1 to 1,000", "3")


def test_front_ends_stop_a_match_with_stop_match_not_base_exception() -> None:
    stops = {n for n, c in EXCEPTIONS.items() if issubclass(c, StopMatch)}
    assert stops == {
        "golfcli.exceptions.StopMatch",
        "golfcli.tui.play.QuitGame",
        "golfcli.tui.play.RecordFailed",
        "golfcli.tui.narrate.StrictStop",
        "golfcli.table.table.TableClosed",
    }
    assert all(issubclass(c, Exception) for c in EXCEPTIONS.values())


def _bare_raises(path: Path) -> list[int]:
    """The lines of ``raise ValueError(...)`` / ``raise Exception(...)`` in a
    module: golf raises its own classes, so a caller can tell golf's refusal
    from a bug."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(exc, ast.Name) and exc.id in ("ValueError", "Exception"):
                out.append(node.lineno)
    return out


def test_the_library_raises_no_bare_value_error() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}" for p in sorted(ROOT.rglob("*.py")) for n in _bare_raises(p)
    ]
    assert found == []


def test_the_bare_raise_scan_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    if 1:\n        raise ValueError('x')\n", encoding="utf-8")
    assert _bare_raises(bad) == [3]


# --------------------------------------------------------------------------- both builds


def test_errors_of_compiled_modules_are_caught_as_golf_errors() -> None:
    # raised by compiled code (cards, state) when the build is compiled
    with pytest.raises(GolfError) as card:
        cards.parse_layout("5 K 2 / 5 7 X")
    assert type(card.value) is cards.CardError
    assert isinstance(card.value, ValueError)
    assert str(card.value).startswith("row 2, card 3: unknown card 'X'")
    st = HoleState(builtin("six-card"), 2, 0)
    legal = st.legal_actions()[0]
    st.apply(legal)
    with pytest.raises(InputError) as illegal:
        st.apply(legal)  # the same card again
    assert type(illegal.value) is IllegalAction
    assert illegal.value.rule and illegal.value.pos == legal.pos
    assert issubclass(OverBudget, GolfError) and not issubclass(OverBudget, ValueError)


def test_checker_fail_raises_as_errors_fail_does() -> None:
    doc = load_text("name: x\ngrid: {rows: 0}\n", "v.yaml")
    ck = Checker(doc, VariantError)
    with pytest.raises(VariantError) as exc:
        try:
            int("zz")
        except ValueError:
            ck.fail(("grid", "rows"), "must be at least 1")
    assert str(exc.value) == "v.yaml:2: grid.rows: must be at least 1"
    # one problem, said alone: not chained to what the check was handling
    assert exc.value.__suppress_context__


# --------------------------------------------------------------------------- StopMatch


class Quit(StopMatch):
    """What a front end raises to stop (golf play's QuitGame is one)."""


class StopsOnTurn(RandomBot):
    """Plays at random until its ``turn``-th decision, then stops the match."""

    def __init__(self, turn: int) -> None:
        super().__init__()
        self.turn = turn
        self.calls = 0

    def choose(self, view: Any, legal: Any) -> Any:
        self.calls += 1
        if self.calls == self.turn:
            raise Quit("the person typed quit")
        return super().choose(view, legal)


def test_stop_match_from_choose_goes_through_the_match() -> None:
    bots = [StopsOnTurn(40), RandomBot()]
    m = Match(builtin("six-card"), bots, seed=1, holes=9)
    with pytest.raises(Quit, match="typed quit"):
        m.play()
    # not a fault, and the holes played before it are kept
    assert m.stats[0].faults["crash"] == 0
    assert 0 < len(m.holes) < 9


@pytest.mark.parametrize("hook", ["start_game", "notify", "end_hole"])
def test_stop_match_from_a_hook_goes_through_the_match(hook: str) -> None:
    class Hooked(RandomBot):
        pass

    def stop(self: Any, info: Any) -> None:
        raise Quit(hook)

    setattr(Hooked, hook, stop)
    with pytest.raises(Quit, match=hook):
        Match(builtin("six-card"), [Hooked(), RandomBot()], seed=1, holes=2).play()


def test_stop_match_from_the_fault_callback_goes_through_the_match() -> None:
    # golf play --strict: the first fault ends the game
    class Crash(RandomBot):
        def choose(self, view: Any, legal: Any) -> Any:
            raise RuntimeError("boom")

    def strict(seat: int, kind: str, message: str) -> None:
        raise Quit(f"{kind}: {message}")

    m = Match(builtin("six-card"), [Crash(), RandomBot()], seed=1, holes=2, on_fault=strict)
    with pytest.raises(Quit, match="crash: RuntimeError: boom"):
        m.play()


@pytest.mark.parametrize(
    "error",
    [
        InputError("a golf error that is not a stop"),
        BotFault("crash", "an adapter's fault"),
        GolfError("the base class"),
        RuntimeError("any other exception"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_every_other_exception_from_a_bot_is_still_a_fault(error: Exception) -> None:
    class Raiser(RandomBot):
        def choose(self, view: Any, legal: Any) -> Any:
            raise error

    res = Match(builtin("six-card"), [Raiser(), RandomBot()], seed=1, holes=2).play()
    assert len(res.holes) == 2
    kind = error.kind if isinstance(error, BotFault) else "crash"
    assert res.stats[0].faults[kind] == res.stats[0].decisions > 0


@pytest.mark.parametrize("where", ["choose", "notify"])
def test_stop_match_goes_through_a_python_bot_wrapper(where: str) -> None:
    # make_bot wraps a bot written in Python (a file or module:Name) in
    # PythonBot, which turns its exceptions into crash faults naming the
    # place: a StopMatch must pass through the wrapper as it passes the match.
    from golfcli.bots.registry import PythonBot

    class Hooked(RandomBot):
        pass

    def stop(self: Any, *args: Any) -> Any:
        raise Quit(where)

    setattr(Hooked, where, stop)
    m = Match(builtin("six-card"), [PythonBot(Hooked()), RandomBot()], seed=1, holes=2)
    with pytest.raises(Quit, match=where):
        m.play()
    assert m.stats[0].faults["crash"] == 0
