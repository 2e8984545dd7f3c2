"""The library's contract (docs/api.md, *The contract*): every public
callable checks its arguments at the door, and a wrong type or value is a
``golfcli.GolfError`` naming the argument, what it got (shortened) and what
it takes, in one line of at most 200 characters, the same on both builds.

Two halves: each case found by generated input (a plain Python error that
escaped, mypyc's words on the compiled build, or bad input taken), as an
exact message; and a property (Hypothesis) that drives every name in
``golfcli.__all__`` with generated arguments, and finds nothing but a
``GolfError`` escaping and no call running past a bound.  This file imports
golf through ``golfcli`` only (and the one helper it tests); both builds run
it (.ci/run)."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import golfcli
from golfcli.arguments import ArgumentError, ArgumentTypeError, listing, shorten, shown

L = "5 K 2 / 5 7 9"
CFG: dict[str, Any] = {
    "variant": "six-card",
    "holes": 1,
    "games": 1,
    "seed": 1,
    "workers": 1,
    "players": [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}],
}
RAGGED = " / ".join("5 K 2" if r % 2 else "5 K" for r in range(100))
BOTS_OR_SPECS = "bots[0]: must be a bot (an object with choose(view, legal)) or a bot's spec"


def hole() -> golfcli.Hole:
    return golfcli.Hole(seed=1)


# --------------------------------------------------------------------------- the findings

#: (what was called, the error class, its message exactly)
FINDINGS: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    (
        "Card(None)",
        lambda: golfcli.Card(None),  # type: ignore[arg-type]
        ArgumentTypeError,
        "card: must be a card: text such as '10H' or 'K', or a card's number, not None",
    ),
    (
        "Card(b'A')",
        lambda: golfcli.Card(b"A"),  # type: ignore[arg-type]
        ArgumentTypeError,
        "card: must be a card: text such as '10H' or 'K', or a card's number, not b'A'",
    ),
    (
        "score(None)",
        lambda: golfcli.score(None),  # type: ignore[arg-type]
        ArgumentTypeError,
        "layout: must be a layout: text such as '5 K 2 / 5 7 9', a Layout, or a list of cards "
        "or of rows, not None",
    ),
    (
        "Layout(5)",
        lambda: golfcli.Layout(5),  # type: ignore[arg-type]
        ArgumentTypeError,
        "cards: must be a layout: text such as '5 K 2 / 5 7 9', a Layout, or a list of cards "
        "or of rows, not 5",
    ),
    (
        "view('0')",
        lambda: hole().view("0"),  # type: ignore[arg-type]
        ArgumentTypeError,
        "seat: must be a whole number from 0 to 1, not '0'",
    ),
    (
        "apply_id('0')",
        lambda: hole().apply_id("0"),  # type: ignore[arg-type]
        ArgumentTypeError,
        "number: must be an action's number of at least 0, not '0'",
    ),
    (
        "action_id(['reveal', 0])",
        lambda: hole().action_id(["reveal", 0]),  # type: ignore[arg-type]
        ArgumentTypeError,
        "action: must be an Action or its text, such as 'swap 4', not ['reveal', 0]",
    ),
    (
        "Hole('six-card', 0)",
        lambda: golfcli.Hole("six-card", 0),
        ArgumentError,
        "players: must be a whole number from 1 to 16, not 0",
    ),
    (
        "Hole.replay('six-card', 2, 5)",
        lambda: golfcli.Hole.replay("six-card", 2, 5),  # type: ignore[arg-type]
        ArgumentTypeError,
        "events: must be a hole's events (hole.events), not 5",
    ),
    (
        "make_bot(None)",
        lambda: golfcli.make_bot(None),  # type: ignore[arg-type]
        ArgumentTypeError,
        "spec: must be a bot's spec such as 'greedy', 'my_bot.py' or 'cmd:PROGRAM', or a "
        "program's argv list, not None",
    ),
    (
        "make_bot('expert', options='x')",
        lambda: golfcli.make_bot("expert", options="x"),  # type: ignore[arg-type]
        ArgumentTypeError,
        "options: must be a mapping of option names to values, or None, not 'x'",
    ),
    (
        "run_tournament(None)",
        lambda: golfcli.run_tournament(None),  # type: ignore[arg-type]
        ArgumentTypeError,
        "config: must be a tournament config: a file's path, a mapping of its keys, or a Plan, "
        "not None",
    ),
    (
        "run_tournament(cfg, on_notice=5)",
        lambda: golfcli.run_tournament(CFG, on_notice=5),  # type: ignore[arg-type]
        ArgumentTypeError,
        "on_notice: must be a function or None, not 5",
    ),
    (
        "run_tournament(cfg, holes='3')",
        lambda: golfcli.run_tournament(CFG, holes="3"),  # type: ignore[arg-type]
        ArgumentTypeError,
        "holes: must be a whole number from 1 to 1,000, not '3'",
    ),
    (
        "run_tournament({... holes: '3'})",
        lambda: golfcli.run_tournament({**CFG, "holes": "3"}),
        golfcli.ConfigError,
        "<config>: holes: must be a whole number, not text '3'",
    ),
    (
        "load_variant('x.yaml', base_dir=5)",
        lambda: golfcli.load_variant("x.yaml", base_dir=5),  # type: ignore[arg-type]
        ArgumentTypeError,
        "base_dir: must be a directory (a path) or None, not 5",
    ),
    (
        "load_variant('six-card', overrides=5)",
        lambda: golfcli.load_variant("six-card", overrides=5),  # type: ignore[arg-type]
        ArgumentTypeError,
        "overrides: must be a mapping of key paths to values, or a list of 'key=value' texts, "
        "not 5",
    ),
    (
        "score_hole([L, L], closer='0')",
        lambda: golfcli.score_hole([L, L], closer="0"),  # type: ignore[arg-type]
        ArgumentTypeError,
        "closer: must be a side from 0 to 1, not '0'",
    ),
    # mypyc's own words on the compiled build ("union[int, str, None] object expected; got list")
    (
        "Hole(seed=[])",
        lambda: golfcli.Hole(seed=[]),  # type: ignore[arg-type]
        ArgumentTypeError,
        "seed: must be a whole number from 0 to 9,223,372,036,854,775,807, not []",
    ),
    (
        "Hole('six-card', '2')",
        lambda: golfcli.Hole("six-card", "2"),  # type: ignore[arg-type]
        ArgumentTypeError,
        "players: must be a whole number from 1 to 16, not '2'",
    ),
    (
        "play_match(holes='3')",
        lambda: golfcli.play_match("six-card", ["random", "random"], holes="3"),
        ArgumentTypeError,
        "holes: must be a whole number from 1 to 1,000, not '3'",
    ),
    (
        "play_match(record='yes')",
        lambda: golfcli.play_match("six-card", ["random", "random"], holes=1, record="yes"),
        ArgumentTypeError,
        "record: must be True or False, not 'yes'",
    ),
    (
        "play_match(names=[None, None])",
        lambda: golfcli.play_match("six-card", ["random", "random"], names=[None, None]),  # type: ignore[list-item]
        ArgumentTypeError,
        "names[0]: must be a name (text), not None",
    ),
    # bad input that was taken
    (
        "play_match(holes=0)",
        lambda: golfcli.play_match("six-card", ["random", "random"], holes=0),
        ArgumentError,
        "holes: must be a whole number from 1 to 1,000, not 0",
    ),
    (
        "play_match(holes=-1)",
        lambda: golfcli.play_match("six-card", ["random", "random"], holes=-1),
        ArgumentError,
        "holes: must be a whole number from 1 to 1,000, not -1",
    ),
    (
        "play_match(holes=10**30)",
        lambda: golfcli.play_match("six-card", ["random", "random"], holes=10**30),
        ArgumentError,
        "holes: must be a whole number from 1 to 1,000, not a number of 31 digits",
    ),
    (
        "play_match([5, ...])",
        lambda: golfcli.play_match("six-card", [5, "random"], holes=1),  # type: ignore[list-item]
        ArgumentTypeError,
        f"{BOTS_OR_SPECS} such as 'greedy', not 5",
    ),
    (
        "play_match([b'greedy', ...])",
        lambda: golfcli.play_match("six-card", [b"greedy", "random"], holes=1),  # type: ignore[list-item]
        ArgumentTypeError,
        f"{BOTS_OR_SPECS} such as 'greedy', not b'greedy'",
    ),
    (
        "play_match([an object, ...])",
        lambda: golfcli.play_match("six-card", [Path("x"), "random"], holes=1),  # type: ignore[list-item]
        ArgumentTypeError,
        f"{BOTS_OR_SPECS} such as 'greedy', not PosixPath('x')",
    ),
    (
        "play_match(handicap={5: 1})",
        lambda: golfcli.play_match("six-card", ["random", "random"], holes=1, handicap={5: 1}),
        ArgumentError,
        "handicap seat: must be a seat from 0 to 1, not 5",
    ),
    (
        "Hole('six-card', 3, number=-5)",
        lambda: golfcli.Hole("six-card", 3, number=-5),
        ArgumentError,
        "number: must be a hole number from 1 to 1,100, not -5",
    ),
    (
        "play_match(fault_policy='nope')",
        lambda: golfcli.play_match("six-card", ["random", "random"], fault_policy="nope"),
        ArgumentError,
        "fault_policy: must be one of random, forfeit, disqualify, not 'nope'",
    ),
    # messages that echoed everything
    (
        "Card('A' * 10000)",
        lambda: golfcli.Card("A" * 10_000),
        golfcli.CardError,
        f"unknown card '{'A' * 28}…{'A' * 29}' (ranks A or 1, 2-10 T J Q K, suits C D H S, "
        "joker JK)",
    ),
    (
        "make_bot('mc', options={'threshold': 3})",
        lambda: golfcli.make_bot("mc", options={"threshold": 3}),
        golfcli.BotSpecError,
        "bot 'mc' has no option 'threshold' (its options: budget, close, confirm, feed_weight, "
        "future_weight, hole_win, horizon, iterations, late, margin, neutral, objective, reveal, "
        "rollout … and 6 more)",
    ),
    (
        "a ragged 100-row layout",
        lambda: golfcli.score(RAGGED),
        golfcli.CardError,
        "ragged rows: every row needs the same number of cards (row 1 has 2, row 2 has 3)",
    ),
    (
        "100 rows of lists, ragged",
        lambda: golfcli.Layout([["5", "K"] if r % 2 else ["5"] for r in range(100)]),
        golfcli.CardError,
        "every row needs the same number of cards (row 1 has 1, row 2 has 2)",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [f[1:] for f in FINDINGS],
    ids=[f[0] for f in FINDINGS],
)
def test_each_finding_is_one_golf_error_naming_the_argument(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(golfcli.GolfError) as caught:
        call()
    assert type(caught.value) is error
    assert str(caught.value) == message
    assert len(message) <= 200


def test_a_wrong_type_is_a_type_error_and_bad_input_a_value_error() -> None:
    with pytest.raises(TypeError):
        golfcli.Card(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        golfcli.Card(None)  # type: ignore[arg-type]
    with pytest.raises(golfcli.InputError) as caught:
        golfcli.play_match("six-card", ["random", "random"], holes=0)
    assert not isinstance(caught.value, TypeError)
    err = caught.value
    assert isinstance(err, ArgumentError)
    assert (err.argument, err.got) == ("holes", 0)


def test_what_each_door_still_takes() -> None:
    """The checks refuse nothing a program gave before: numpy's integers,
    paths, tuples, a bot object, a view's seat from a network's output."""
    np = pytest.importorskip("numpy")
    h = golfcli.Hole("six-card", np.int64(2), seed=np.int64(3), number=np.int64(2))
    h.apply_id(np.int64(h.legal_ids()[0]))
    assert h.view(np.int64(1)).seat == 1
    assert golfcli.Card(np.int64(82)) == golfcli.Card("10H")
    assert golfcli.Layout(("5", "K", "2", "5", "7", "9"), cols=np.int64(3)).rows == 2
    got = golfcli.play_match(
        Path(golfcli.__file__).parent / "variants" / "six-card.yaml",
        ("greedy", golfcli.make_bot("random")),
        names=("a", "b"),
        holes=np.int64(1),
        seed=1,
        handicap={np.int64(0): np.int64(1)},
    )
    assert len(got.holes) == 1 and got.extra_reveals == {0: 1}


def test_bot_fault_names_its_kinds() -> None:
    with pytest.raises(ArgumentError, match=r"^kind: must be one of timeout, crash, "):
        golfcli.BotFault("slow", "took long")
    assert golfcli.BotFault("timeout", "took long").kind == "timeout"


# --------------------------------------------------------------------------- short messages


def test_shorten_keeps_both_ends_and_one_line() -> None:
    assert shorten("abc") == "abc"
    got = shorten("x" * 50 + "/the-file.db", 30)
    assert len(got) == 30 and got.endswith("the-file.db"[-15:]) and "…" in got
    assert shorten("two\nlines") == "two\\nlines"
    assert shown("A" * 10_000) == f"'{'A' * 28}…{'A' * 29}'" and len(shown("A" * 10_000)) == 60
    assert shown(10**40) == "a number of 41 digits"
    assert shown(-(10**40)) == "a number of 41 digits"

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert shown(Broken()) == "<Broken object>"


def test_a_long_list_is_its_first_items_and_a_count() -> None:
    keys = [f"key{i}" for i in range(30)]
    assert listing(keys[:3]) == "key0, key1, key2"
    got = listing(keys, 40)
    assert got == "key0, key1, key2, key3 … and 26 more" and len(got) <= 40
    assert listing(["a" * 20, "b" * 5, "c" * 20], 30) == f"{'a' * 20} … and 2 more"
    assert listing(["a" * 20, "b" * 20], 30) == f"{'a' * 20}, {'b' * 20}"  # never "and 1 more"


def test_a_file_error_keeps_its_key_and_problem_within_the_bound() -> None:
    """A key of a thousand characters (a mapping's), a problem that echoes
    another: one line of at most 200 characters, the parts kept whole."""
    key = "k" * 1000
    with pytest.raises(golfcli.ConfigError) as caught:
        golfcli.run_tournament({**CFG, key: 1})
    text = str(caught.value)
    assert len(text) <= 200 and text.startswith("<config>: kkkk") and "unknown key" in text
    assert caught.value.path == key


# --------------------------------------------------------------------------- the property

#: Seconds any one call may take.  Counts are drawn small (holes, games,
#: players at most a few): the bound is for a call that never ends (holes=10**30
#: played on), not for a valid one that takes its time.
BOUND = 20.0


class Overran(BaseException):
    """The call ran past :data:`BOUND` (a BaseException, which a bot's
    ``except Exception`` and golf's fault handling let through)."""


@contextlib.contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Raise :class:`Overran` in the call if it runs past ``seconds``.  SIGALRM
    again every second after: a match holds signals to its next decision,
    and delivers one sent again at once (golfcli.interrupts)."""

    def alarm(signum: int, frame: object) -> None:
        raise Overran(f"still running after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def check(call: Callable[[], object]) -> None:
    """Call it: it returns, or raises a GolfError of one line of at most 200
    characters; anything else escaping, or a call past the bound, fails."""
    start = time.monotonic()
    try:
        with bounded(BOUND):
            call()
    except golfcli.GolfError as exc:
        text = str(exc)
        assert "\n" not in text and "\r" not in text, text
        assert len(text) <= 200, (len(text), text)
    assert time.monotonic() - start < BOUND


# Text from an alphabet with no lowercase letters: generated text never spells
# a bot (``mc`` plays for a minute, by design), a module to import or a variant;
# those come from the plausible values, on purpose.
TEXT = st.text(alphabet=st.characters(blacklist_categories=["Ll", "Cs"]), max_size=8)
HUGE = st.sampled_from(
    [10**30, -(10**30), 2**63, 2**64, 1001, 1101, 17, 100_000, float("nan"), float("inf")]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 6),
    HUGE,
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
    st.sampled_from(["A" * 10_000, "x" * 300, "", " ", "\x00", "é/\n", "5 K\n2 / 5 7 9"]),
    st.binary(max_size=6),
    st.builds(object),
    st.builds(Path, TEXT),
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.integers(-2, 5), TEXT), inner, max_size=3),
        st.frozensets(st.integers(-2, 5), max_size=3),
    ),
    max_leaves=6,
)


class Chooser:
    """A bot object as a program writes one: the first legal move."""

    name = "first"

    def choose(self, view: object, legal: Any) -> Any:
        return legal[0]


def _plausible() -> dict[str, st.SearchStrategy[Any]]:
    """Per argument name, values a program means (so generated calls reach
    past the first check, to the variant, the deal, the bots)."""
    variants = st.sampled_from(["six-card", "four-card", "duel", "nine-card", "alberta"])
    # the bots that play (expert's 9 holes of alberta take seconds in the pure build)
    specs = st.sampled_from(["random", "greedy", "field", "greedy?threshold=3"])
    layouts = st.sampled_from([L, "AC 2C / 3C 4C", ["5", "K", "2", "5", "7", "9"], [[1, 2]], ""])
    return {
        "variant": st.one_of(variants, st.builds(golfcli.load_variant, variants)),
        "spec": st.one_of(variants, st.just({"extends": "six-card", "game": {"holes": 2}})),
        "players": st.integers(1, 5),
        "seed": st.integers(0, 5),
        "number": st.integers(1, 3),
        "dealer": st.integers(0, 2),
        "holes": st.integers(1, 3),
        "games": st.integers(1, 2),
        "workers": st.just(1),
        "names": st.one_of(
            st.sampled_from([["ann", "bob"], ("ann", "bob")]),
            st.lists(st.sampled_from(["ann", "bob", "cat"]), min_size=1, max_size=4),
        ),
        "bots": st.one_of(
            st.lists(st.one_of(specs, st.builds(Chooser)), min_size=2, max_size=2),
            st.lists(st.one_of(specs, st.builds(Chooser)), min_size=1, max_size=4),
        ),
        "handicap": st.dictionaries(st.integers(0, 3), st.integers(0, 3), max_size=2),
        "extra_reveals": st.dictionaries(st.integers(0, 3), st.integers(0, 3), max_size=2),
        "fault_policy": st.sampled_from(["random", "forfeit", "disqualify"]),
        "fallback": st.sampled_from(["random", "forfeit", "disqualify"]),
        "scoring": st.sampled_from(["stroke", "match"]),
        "fmt": st.sampled_from(["table", "markdown", "csv", "json", "html"]),
        "table": st.sampled_from(["standings", "pairs", "crosstable"]),
        "layout": layouts,
        "layouts": st.one_of(
            st.just(["AC 2C / 3C 4C", "5C 6C / 7C 8C"]), st.lists(layouts, max_size=3)
        ),
        "cards": layouts,
        "card": st.one_of(st.sampled_from(["10H", "K", "?", "JK", "qs"]), st.integers(-1, 120)),
        "discard": st.sampled_from(["9C", "KS", 82]),
        "action": st.sampled_from(["reveal 0", "draw_stock", golfcli.Action("reveal", 1)]),
        "actions": st.lists(st.sampled_from([golfcli.Action("swap", 2), "draw_stock"])),
        "overrides": st.sampled_from([{"game.holes": 2}, ["values.ranks.2=2"], ()]),
        "config": st.just(CFG),
        "options": st.sampled_from([{"threshold": 3}, {}, None]),
        "closer": st.integers(-1, 2),
        "seat": st.integers(-1, 3),
        "side": st.integers(-1, 2),
        "r": st.integers(-1, 3),
        "sides": st.integers(1, 4),
        "record": st.booleans(),
        "data": st.sampled_from(["swap 3", {"kind": "reveal", "pos": 1}, {"kind": 5}]),
        "kind": st.sampled_from(["timeout", "crash", "slow"]),
        "message": TEXT,
        "label": TEXT,
        "symbols": st.booleans(),
        "cols": st.integers(0, 6),
        "key": st.sampled_from([None, "0" * 64, "ab" * 32]),
        "base_dir": st.sampled_from([None, ".", Path(".")]),
        "stock": st.none(),
        "out": st.sampled_from([None, "runs/a", Path("runs/b")]),
        "ratings": st.sampled_from([None, "r.db"]),
        "progress": st.booleans(),
        "resume": st.booleans(),
        "on_notice": st.sampled_from([None, len]),
        "on_progress": st.sampled_from([None, max]),
        "on_warning": st.sampled_from([None, len]),
        # a caller's own callback's error is the caller's: these raise none
        "on_hole": st.sampled_from([None, lambda match, record: None]),
        "on_fault": st.sampled_from([None, lambda seat, kind, message: None]),
        "seeded": st.sampled_from([(), [True, False]]),
        "forfeit_penalty": st.integers(0, 30),
        "time_limit": st.floats(0.1, 5),
        "log_path": st.sampled_from([None, "bot.log"]),
        "restart": st.booleans(),
    }


PLAUSIBLE = _plausible()


def argument(name: str) -> st.SearchStrategy[Any]:
    """A value for the argument ``name``: one a program means, or anything."""
    if name in PLAUSIBLE:
        return st.one_of(PLAUSIBLE[name], JUNK)
    return JUNK


def arguments(
    required: tuple[str, ...], optional: tuple[str, ...] = (), keywords: tuple[str, ...] = ()
) -> st.SearchStrategy[tuple[list[Any], dict[str, Any]]]:
    """A call of the signature's shape (a missing argument is Python's error,
    not golf's): the positional arguments ``required`` names, the
    keyword-only ones ``keywords`` names, and some of ``optional``.  Most
    calls are meant ones with one argument wrong, as a program gets one
    wrong (so the call reaches the check of that argument, past the others);
    the rest are anything at all."""
    names = required + keywords + optional

    @st.composite
    def call(draw: st.DrawFn) -> tuple[list[Any], dict[str, Any]]:
        mode = draw(st.sampled_from(["meant", "one wrong", "one wrong", "anything"]))
        anything = mode == "anything"
        wrong = draw(st.sampled_from(names)) if names and mode == "one wrong" else None

        def value(name: str) -> Any:
            if anything:
                return draw(argument(name))
            return draw(JUNK if name == wrong else PLAUSIBLE.get(name, JUNK))

        positional = [value(n) for n in required]
        keyword = {n: value(n) for n in keywords}
        for n in optional:
            if n == wrong or draw(st.booleans()):
                keyword[n] = value(n)
        return positional, keyword

    return call()


def _in_a_hole(method: str) -> Callable[[Any, int], object]:
    def drive(args: tuple[list[Any], dict[str, Any]], steps: int) -> object:
        h = golfcli.Hole("six-card", seed=3)
        for _ in range(steps):
            if h.is_over():
                break
            h.apply(h.legal_actions()[0])
        return getattr(h, method)(*args[0], **args[1])

    return drive  # type: ignore[return-value]


def _on(make: Callable[[], Any], method: str) -> Callable[[Any, int], object]:
    def drive(args: tuple[list[Any], dict[str, Any]], steps: int) -> object:
        return getattr(make(), method)(*args[0], **args[1])

    return drive


def _call(fn: Callable[..., Any]) -> Callable[[Any, int], object]:
    return lambda args, steps: fn(*args[0], **args[1])


_REPORT: list[Any] = []


def report() -> Any:
    if not _REPORT:
        _REPORT.append(golfcli.run_tournament(CFG))
    return _REPORT[0]


#: Every door: (what it is driven with, how it is called).  Methods are called
#: on an object golf made (a hole a few moves in, a score, a report).
DOORS: dict[str, tuple[st.SearchStrategy[Any], Callable[[Any, int], object]]] = {
    "load_variant": (arguments(("spec",), ("overrides", "base_dir")), _call(golfcli.load_variant)),
    "variants": (arguments(()), _call(golfcli.variants)),
    "Card": (arguments(("card",)), _call(golfcli.Card)),
    "Layout": (arguments(("cards",), ("cols",)), _call(golfcli.Layout)),
    "Layout.row": (arguments(("r",)), _on(lambda: golfcli.Layout(L), "row")),
    "score": (arguments(("layout",), ("variant",)), _call(golfcli.score)),
    "score_hole": (
        arguments(("layouts",), ("variant", "closer", "names")),
        _call(golfcli.score_hole),
    ),
    "Score.render": (
        arguments((), ("fmt", "symbols")),
        _on(lambda: golfcli.score("5 K ? / 5 7 9"), "render"),
    ),
    "Score.row": (arguments((), ("label",)), _on(lambda: golfcli.score(L), "row")),
    "HoleResult.render": (
        arguments((), ("fmt", "symbols")),
        _on(lambda: golfcli.score_hole([L, L]), "render"),
    ),
    "Hole": (
        arguments(
            (), ("variant", "players", "seed", "key", "number", "dealer", "handicap", "names")
        ),
        _call(golfcli.Hole),
    ),
    "Hole.dealt": (
        arguments(
            ("variant",),
            ("players", "stock", "seed", "number", "dealer", "names"),
            ("layouts", "discard"),
        ),
        _call(golfcli.Hole.dealt),
    ),
    "Hole.replay": (
        st.tuples(
            st.one_of(st.just(["six-card", 2]), st.tuples(argument("variant"), JUNK).map(list)),
            st.sampled_from(["log", "junk"]),
            JUNK,
        ),
        lambda args, steps: golfcli.Hole.replay(
            *args[0],
            _log(steps) if args[1] == "log" else args[2],
        ),
    ),
    "Hole.action_count": (arguments(("variant",)), _call(golfcli.Hole.action_count)),
    "Hole.action_ids": (
        arguments(("variant", "actions")),
        _call(golfcli.Hole.action_ids),
    ),
    "Hole.apply": (arguments(("action",)), _in_a_hole("apply")),
    "Hole.action_id": (arguments(("action",)), _in_a_hole("action_id")),
    "Hole.action_of": (arguments(("number",)), _in_a_hole("action_of")),
    "Hole.apply_id": (arguments(("number",)), _in_a_hole("apply_id")),
    "Hole.stack": (arguments(("card",)), _in_a_hole("stack")),
    "Hole.view": (arguments(("seat",)), _in_a_hole("view")),
    "Action.from_json": (arguments(("data",)), _call(golfcli.Action.from_json)),
    "play_match": (
        arguments(
            ("variant", "bots"),
            ("names", "seed", "key", "handicap", "fault_policy", "record"),
            ("holes",),  # small counts: a call stays fast
        ),
        _call(golfcli.play_match),
    ),
    "Match": (
        st.fixed_dictionaries(
            {"bots": st.one_of(st.just([Chooser(), Chooser()]), argument("bots"))},
            optional={
                n: argument(n)
                for n in (
                    "names",
                    "seed",
                    "holes",
                    "scoring",
                    "extra_reveals",
                    "record",
                    "fallback",
                    "forfeit_penalty",
                    "on_hole",
                    "on_fault",
                    "seeded",
                )
            },
        ),
        lambda kwargs, steps: _match(kwargs),
    ),
    "MatchResult.standing": (
        arguments(("side",)),
        _on(lambda: golfcli.play_match("six-card", ["random", "random"], holes=1), "standing"),
    ),
    "run_tournament": (
        arguments(
            ("config",),
            ("workers", "progress", "out", "resume", "games", "holes", "seed", "on_notice"),
        ),
        _call(golfcli.run_tournament),
    ),
    "Report.render": (arguments((), ("fmt", "table")), _on(report, "render")),
    "make_bot": (
        arguments((), ("seed", "options", "base_dir", "time_limit", "log_path", "restart")).flatmap(
            lambda a: st.tuples(
                st.one_of(
                    st.sampled_from(["random", "greedy", "expert", "mc", "field", "no:such"]),
                    st.sampled_from(["greedy?threshold=x", "cmd:", "cmd:'", "missing.py"]),
                    st.lists(TEXT, max_size=2),
                    JUNK,
                ).map(lambda spec: [spec]),
                st.just(a[1]),
            )
        ),
        _call(golfcli.make_bot),
    ),
    "BaseBot": (arguments((), ("seed",)), _call(golfcli.BaseBot)),
    "BaseBot.seed": (arguments(("seed",)), _on(golfcli.BaseBot, "seed")),
    "Variant.deck": (
        arguments(("players",)),
        _on(lambda: golfcli.load_variant("six-card"), "deck"),
    ),
    "Variant.value": (
        arguments(("card",)),
        _on(lambda: golfcli.load_variant("six-card"), "value"),
    ),
    "Variant.side_of": (
        arguments(("players",)),
        _on(lambda: golfcli.load_variant("alberta"), "side_of"),
    ),
    "Variant.groups_for": (
        arguments(("players",)),
        _on(lambda: golfcli.load_variant("alberta"), "groups_for"),
    ),
    "Variant.players_for_sides": (
        arguments(("sides",)),
        _on(lambda: golfcli.load_variant("alberta"), "players_for_sides"),
    ),
    "Variant.check_players": (
        arguments(("players",)),
        _on(lambda: golfcli.load_variant("six-card"), "check_players"),
    ),
    "Variant.packs_for": (
        arguments(("players",)),
        _on(lambda: golfcli.load_variant("six-card"), "packs_for"),
    ),
    "Variant.overdealt": (
        arguments(("cards",), ("players",)),
        _on(lambda: golfcli.load_variant("six-card"), "overdealt"),
    ),
    "BotFault": (arguments(("kind", "message")), _call(golfcli.BotFault)),
}

#: The error classes: raised with text, as golf raises them (their arguments
#: are golf's; a program catches them).  Each is made and read here.
ERRORS = {
    "GolfError": ("x",),
    "InputError": ("x",),
    "ArgumentError": ("holes", "x", 0),
    "CardError": ("x",),
    "BotSpecError": ("x",),
    "IllegalAction": ("x", "rule"),
    "VariantError": ("f.yaml:1", "key", "x"),
    "ConfigError": ("f.yaml:1", "key", "x"),
    "StopMatch": ("x",),
}

#: Records golf makes and hands out (and Action, a bot's answer; Bot, a
#: Protocol for isinstance and type hints): their constructors are no door,
#: for a check in them would run at every decision of every game (a View is
#: made for every decision, an Action by every bot).  Their methods that take
#: arguments are doors above.
RECORDS = {"Variant", "Score", "HoleResult", "View", "MatchResult", "Report", "Action", "Bot"}


def _log(steps: int) -> tuple[Any, ...]:
    h = golfcli.Hole("six-card", seed=5)
    for _ in range(steps):
        if h.is_over():
            break
        h.apply(h.legal_actions()[-1])
    return h.events


def _match(kwargs: dict[str, Any]) -> object:
    m = golfcli.Match(golfcli.load_variant("six-card"), **kwargs)
    return m.play() if "holes" in kwargs else None


def test_every_public_name_is_a_door_an_error_or_a_record() -> None:
    driven = {door.partition(".")[0] for door in DOORS}
    named = set(golfcli.__all__) - {"__version__"}
    assert driven | set(ERRORS) | RECORDS == named
    assert not (set(ERRORS) | RECORDS) & {d for d in DOORS if "." not in d}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_the_errors_are_made_and_read_as_golf_raises_them(name: str) -> None:
    err = getattr(golfcli, name)(*ERRORS[name])
    assert isinstance(err, golfcli.GolfError) and "x" in str(err)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A directory to run in: a generated ``out`` or path lands here."""
    where = tmp_path_factory.mktemp("contract")
    before = Path.cwd()
    os.chdir(where)
    try:
        yield where
    finally:
        os.chdir(before)


#: Examples per door: the ones that play games or tournaments take longer.
EXAMPLES = {"play_match": 40, "run_tournament": 25, "Match": 40, "make_bot": 60, "Hole.dealt": 80}


@pytest.mark.parametrize("door", sorted(DOORS))
def test_generated_arguments_raise_nothing_but_a_golf_error(scratch: Path, door: str) -> None:
    strategy, call = DOORS[door]

    @settings(
        max_examples=EXAMPLES.get(door, 50),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(args=strategy, steps=st.integers(0, 12))
    def run(args: Any, steps: int) -> None:
        check(lambda: call(args, steps))

    run()
