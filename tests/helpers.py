"""Shared test helpers: exact hole states and scores from typed cards, the
check that a command failed with golf's one error line, a CliRunner that
builds golf's Click command once, and the test side of tests/fixtures/bots/gate_bot.py."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import typer
import typer.testing
from typer.main import get_command

from golfcli import cards as C
from golfcli.actions import Action
from golfcli.bots import procs
from golfcli.bots.registry import make_bot
from golfcli.cards import parse_card
from golfcli.cli.app import app
from golfcli.match import Match
from golfcli.matchresult import MatchResult
from golfcli.scoring import score_hole, score_layout
from golfcli.state import HoleState
from golfcli.tournament import leaderboard, ratingsdb, recording
from golfcli.tournament.config import load_config
from golfcli.tournament.ratingsdb import RunInfo
from golfcli.tournament.report import RunResult
from golfcli.tournament.runner import run_plan
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant
from golfcli.view import view

#: The repository and the tests folder, wherever a test module sits below it.
REPO = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent


#: The modules an extra brings, and the library each imports: a test that
#: imports every golfcli module leaves one out when its extra is not installed.
EXTRA_MODULES = {
    "golfcli.spiel": "pyspiel",
    "golfcli.env": "pettingzoo",
    # the pages (the web extra): every room but the package's door imports Starlette
    **{
        f"golfcli.web.{room}": "starlette"
        for room in ("live", "fields", "app", "server", "cardbook", "cardview", "scorecard")
    },
}


def extra_missing(module: str) -> bool:
    """Whether ``module`` needs an extra that is not installed here."""
    import importlib.util

    library = EXTRA_MODULES.get(module)
    return library is not None and importlib.util.find_spec(library) is None


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.replace("/", " ").split()]


def total(variant: Variant | str, text: str) -> int:
    """The score of one layout typed as ``golf score`` takes it."""
    v = builtin(variant) if isinstance(variant, str) else variant
    return score_layout(v, C.parse_layout(text)[2]).total


def hole(variant: Variant | str, *texts: str, closer: int | None = None) -> tuple[int, ...]:
    """The totals of a whole hole of typed layouts (``closer``: who went out)."""
    v = builtin(variant) if isinstance(variant, str) else variant
    return score_hole(v, [C.parse_layout(t)[2] for t in texts], closer).totals


_COMMANDS: dict[int, tuple[typer.Typer, Any]] = {}


def _command_of(app: typer.Typer) -> Any:
    """The Click command of ``app``, built on first use and kept for the session.

    Typer's CliRunner rebuilds the whole command tree (every command's
    signature inspected) on each ``invoke``: 9 of the 12 ms a ``golf score``
    costs, and about 10 CPU-s over the suite's 1,000 invocations.  A real
    ``golf`` process builds it once and runs one command, so one tree per
    test session is what production does; the invocation itself (parsing,
    callbacks, output, exit code) still runs in full every time."""
    kept = _COMMANDS.get(id(app))
    if kept is None or kept[0] is not app:
        kept = _COMMANDS[id(app)] = (app, get_command(app))
    return kept[1]


class CliRunner(typer.testing.CliRunner):
    """typer.testing.CliRunner with golf's command tree built once (see _command_of)."""

    def invoke(self, app: typer.Typer, *args: Any, **kwargs: Any) -> Any:
        real: Callable[[typer.Typer], Any] = typer.testing._get_command
        typer.testing._get_command = _command_of  # type: ignore[assignment]
        try:
            return super().invoke(app, *args, **kwargs)
        finally:
            typer.testing._get_command = real


def golf(*args: str) -> Any:
    """``golf ARGS...`` in this process, as a CliRunner result."""
    from golfcli.cli.app import app

    return CliRunner().invoke(app, list(args))


#: ``golf`` in a fresh process, started the way the console script starts it
GOLF = [sys.executable, "-c", "from golfcli.cli.entry import main; main()"]


@contextlib.contextmanager
def job(args: list[str], **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """A process in a session of its own, as a terminal runs a job (so a test
    sends Ctrl-C to its whole group: ``os.killpg(p.pid, SIGINT)``), with
    text pipes; it and its group are killed if still running at the end."""
    p = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **popen,
    )
    try:
        yield p
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()


def one_error_line(result: Any) -> str:
    """A CliRunner result that failed as golf promises: exit 2, no traceback,
    exactly one printable ``golf: error:`` line on stderr; that line."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("golf: error: "), lines[0]
    assert lines[0].isprintable(), lines[0]
    return str(lines[0])


def variant(name: str = "six-card", *overrides: str) -> Variant:
    return load_variant(name, list(overrides)) if overrides else builtin(name)


def state(
    v: Variant,
    layouts: list[str],
    up: list[str] | None = None,
    stock: str = "",
    discard: str = "9",
    current: int = 0,
    phase: str = "draw",
    players: int | None = None,
    **kw: object,
) -> HoleState:
    """A mid-hole state: layouts as typed rows; ``up`` as strings of 0/1 per cell."""
    lays = [cards(t) for t in layouts]
    n = players or len(lays)
    masks = []
    for i in range(len(lays)):
        bits = (up[i] if up else "0" * v.cells).replace(" ", "")
        masks.append(sum(1 << p for p, b in enumerate(bits) if b == "1"))
    return HoleState.assemble(
        v,
        n,
        kw.pop("dealer", n - 1),  # type: ignore[arg-type]
        layouts=lays,
        up=masks,
        stock=cards(stock),
        discard=cards(discard),
        current=current,
        phase=phase,
        rng=random.Random(0),
        **kw,  # type: ignore[arg-type]
    )


def play_random(st: HoleState, rng: random.Random) -> None:
    while not st.is_over:
        legal = st.legal_actions()
        st.apply(legal[int(rng.random() * len(legal))])


GATE_BOT = Path(__file__).resolve().parent / "fixtures" / "bots" / "gate_bot.py"


class Gate:
    """The test's side of tests/fixtures/bots/gate_bot.py: a run whose gate is shut
    cannot end, so a test stops it mid-way on an event (games on disk), not
    on a timer that a busy machine outruns.  ``shut()`` before such a run,
    ``release()`` when a held worker must go on; a run played with the gate
    open is never held."""

    def __init__(self, where: Path) -> None:
        self.dir = where
        where.mkdir(parents=True, exist_ok=True)
        self.release()

    def bot(self, after: int, **options: Any) -> str:
        """``bot:`` and ``options:`` of a player in a config's flow style:
        games begun after ``after`` others are held while the gate is shut."""
        opts = ", ".join(f"{k}: {v}" for k, v in options.items())
        extra = f", {opts}" if opts else ""
        return f"bot: '{GATE_BOT}', options: {{gate: '{self.dir}', after: {after}{extra}}}"

    def shut(self) -> None:
        (self.dir / "count").write_bytes(b"")
        (self.dir / "open").unlink(missing_ok=True)

    def release(self) -> None:
        (self.dir / "open").touch()


def script_module(name: str) -> ModuleType:
    """``scripts/{name}.py`` imported as a module (the scripts are not a
    package): a fresh copy each call, registered so its dataclasses work.
    scripts/ is put on the path as ``python scripts/{name}.py`` puts it, so
    a script's imports of its neighbours (``strength_common``) resolve."""
    scripts = Path(__file__).resolve().parent.parent / "scripts"
    if str(scripts) not in sys.path:
        sys.path.append(str(scripts))
    spec = importlib.util.spec_from_file_location(f"golf_{name}_script", scripts / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def game_info(seat: int = 0, seed: str = "77") -> dict[str, Any]:
    v = builtin("six-card")
    return {
        "variant": v.to_data(),
        "seat": seat,
        "players": 2,
        "names": ["P1", "P2"],
        "side_of": [0, 1],
        "seed": seed,
        "holes": 1,
        "target": None,
    }


def a_decision(seed: int = 1) -> tuple[Any, tuple[Action, ...]]:
    """A real six-card view and its legal actions (the first setup decision)."""
    st = HoleState(builtin("six-card"), 2, 0, random.Random(seed))
    return view(st, st.current), st.legal_actions()


runner = CliRunner()


def run(*args: str | Path, stdin: str | None = None) -> Any:
    return runner.invoke(app, ["card", *[str(a) for a in args]], input=stdin)


def ok(*args: str | Path, stdin: str | None = None) -> Any:
    r = run(*args, stdin=stdin)
    assert r.exit_code == 0, (r.stdout, r.stderr)
    return r


def show_json(path: Path) -> dict[str, Any]:
    return json.loads(ok("show", path, "--format", "json").stdout)  # type: ignore[no-any-return]


def pdf_text_pure(data: bytes) -> list[str]:
    """The strings a PDF draws, read without poppler: inflate every content
    stream and collect the operands of Tj (fpdf2 writes text that way)."""
    out: list[str] = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        raw = m.group(1)
        with contextlib.suppress(zlib.error):
            raw = zlib.decompress(raw)
        for s in re.finditer(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", raw, re.S):
            text = re.sub(rb"\\(.)", rb"\1", s.group(1))
            out.append(text.decode("latin-1"))
    return out


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b", data))


THREE = """\
name: three
variant: six-card
holes: 2
players:
  - {name: ann, bot: random}
  - {name: bob, bot: greedy}
  - {name: cat, bot: random}
games: 4
seed: 11
"""


def write(tmp_path: Path, text: str, name: str = "t.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def stable(report: dict[str, Any]) -> dict[str, Any]:
    """The parts of a report that must not depend on workers, timing or resumes."""
    run = {
        k: v
        for k, v in report["run"].items()
        if k
        not in ("games_from_disk", "config", "uncounted_games", "executor", "out", "moves_kept")
    }
    return {
        "run": run,
        "standings": report["standings"],
        "pairs": report["pairs"],
        "crosstable": report["crosstable"],
        "sprt": report["sprt"],
        "hole_scores": report["hole_scores"],
        "ratings_over_run": report["ratings_over_run"],
    }


def game_lines(out: Path) -> dict[int, dict[str, Any]]:
    recs = {}
    for line in (out / "games.jsonl").read_text().splitlines():
        r = json.loads(line)
        for k in ("time_total", "time_max"):
            r.pop(k)
        assert r["game"] not in recs, "a game is recorded twice"
        recs[r["game"]] = r
    return recs


def cli(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, ["tournament", *args])
    return r.exit_code, r.stdout, r.stderr


# Stopped mid-way and resumed: 60 games, bob held at a shut gate from the 31st
# game begun (tests/fixtures/bots/gate_bot.py), so the run cannot end before the test
# stops it, however busy the machine; once stopped, a held game is let go by
# the stop itself (local workers) and the resume plays the rest.
SLOW = """\
variant: six-card
holes: 3
players:
  - {{name: ann, bot: greedy}}
  - {{name: bob, {bob}}}
games: 30
seed: 5
"""


def check_progress_moves_before_a_batch_returns(tmp_path: Path, **options: Any) -> None:
    """The second game begun waits at a shut gate, so game 0's batch (the
    deal of games 0 and 1) cannot come back: the bar must show a game done
    while none is counted yet.  (Shared with tests/tournament/test_distributed.py.)"""
    from golfcli.bots import procs
    from golfcli.tournament.runner import Runner

    gate = Gate(tmp_path / "gate")
    slow = SLOW.format(bob=gate.bot(1, threshold=2))
    cfg = write(tmp_path, slow.replace("games: 30", "games: 2"))
    plan = load_config(cfg, **options)
    seen: list[tuple[int, int]] = []  # (games shown done, games counted) while the gate was shut

    def on_progress(done: int, total: int) -> None:
        assert total == plan.total == 4
        if done and not seen:
            seen.append((done, runner.next))
            gate.release()

    gate.shut()
    runner = Runner(plan, None, on_progress=on_progress)
    procs.set_run_id()
    result = runner.run()
    assert result.played == 4
    assert seen and seen[0][0] >= 1 and seen[0][1] == 0, seen
    # and the results are those of a run without a bar, on one worker
    assert stable(result.report()) == stable(run_config(cfg, None, workers=1).report())


def mask(bits: str) -> int:
    bits = bits.replace("/", "").replace(" ", "")
    return sum(1 << p for p, b in enumerate(bits) if b == "1")


def position(
    v: Variant,
    layouts: list[str],
    up: list[str],
    discard: str,
    *,
    current: int = 0,
    phase: str = "draw",
    drawn: str | None = None,
    stock_top: str = "",
) -> HoleState:
    """A mid-hole state built from suited cards; the stock is the rest of the
    real deck (so card counting sees exactly the unseen cards), with
    ``stock_top`` on top (its last card is drawn first)."""
    players = len(layouts)
    lays = [cards(t) for t in layouts]
    disc = cards(discard)
    held = [parse_card(drawn)] if drawn else []
    top = cards(stock_top)
    rest = Counter(v.deck(players))
    rest.subtract(Counter([c for lay in lays for c in lay] + disc + held + top))
    assert min(rest.values()) >= 0, "a card is used twice"
    stock = list(rest.elements())
    random.Random(0).shuffle(stock)
    return HoleState.assemble(
        v,
        players,
        players - 1,
        layouts=lays,
        up=[mask(u) for u in up],
        stock=stock + top,
        discard=disc,
        current=current,
        phase=phase,
        drawn=held[0] if held else None,
        drawn_from="stock" if held else "",
        rng=random.Random(0),
    )


def play_hole(
    variant: Variant, specs: Sequence[str], seed: str, record: bool = False
) -> MatchResult:
    bots = [make_bot(spec) for spec in specs]
    names = [f"seat{s}" for s in range(len(specs))]  # as scripts/ladder.py names them
    return Match(variant, bots, names, seed=seed, holes=1, record=record).play()


def independent_score(name: str, cards: Sequence[int]) -> tuple[int, int]:
    """docs/rules.md §10 restated for each built-in, without the pattern engine:
    (layout total, penalty to each opponent)."""
    v = builtin(name)
    rows, cols = v.rows, v.cols
    col = [[cards[r * cols + c] for r in range(rows)] for c in range(cols)]
    ranks = [[x >> 3 for x in cc] for cc in col]
    if name == "alberta":
        clubs = {1: -2, 10: -1, 11: -1, 12: -1, 13: -1}
        plain = {0: -3, 1: 1, 11: 10, 12: 10, 13: 0}

        def val(x: int) -> int:
            r = x >> 3
            if x & 7 == C.CLUBS and r in clubs:
                return clubs[r]
            return plain.get(r, r)
    else:
        joker = -2 if name == "duel" else 0
        two = 2 if name == "duel" else -2
        table = {0: joker, 1: 1, 2: two, 11: 10, 12: 10, 13: 0}

        def val(x: int) -> int:
            return table.get(x >> 3, x >> 3)

    full = [len(set(rk)) == 1 for rk in ranks]
    score = opp = 0
    for cc, rk, f in zip(col, ranks, full, strict=True):
        if name == "duel" and f and rk[0] == C.JOKER:
            score += val(cc[0]) + val(cc[1])  # two jokers: -4, and +10 to the opponent
            opp += 10
        elif not f:
            score += sum(val(x) for x in cc)  # a full column (a pair on 2 rows) is 0
    if name == "alberta":  # side-by-side full columns of one rank: -18, left to right
        c = 0
        while c < cols - 1:
            if full[c] and full[c + 1] and ranks[c][0] == ranks[c + 1][0]:
                score -= 18
                c += 2
            else:
                c += 1
    if name == "duel":  # four of a kind in any two columns: +10 to the opponent
        per_rank = Counter(rk[0] for rk, f in zip(ranks, full, strict=True) if f)
        opp += 10 * sum(n // 2 for n in per_rank.values())
    return score, opp


BOTS = Path(__file__).resolve().parent / "fixtures" / "bots"


FAMILY = BOTS / "family_bot.py"


Ident = tuple[int, int | None]  # (pid, start time): a pid may be reused, this may not


def pids_in(piddir: Path, at_least: int, timeout: float = 10.0) -> list[Ident]:
    """The (pid, start time) the bot's processes wrote, once there are ``at_least``."""
    deadline = time.monotonic() + timeout
    while True:
        ids: list[Ident] = []
        for p in piddir.iterdir():
            text = p.read_text().strip()
            if text.isdigit():  # written in full
                ids.append((int(p.name), int(text)))
        if len(ids) >= at_least or time.monotonic() > deadline:
            assert len(ids) >= at_least, f"only {len(ids)} processes wrote their pid"
            return ids
        time.sleep(0.02)


def assert_none_left(ids: list[Ident], wait: float = 0.0) -> None:
    deadline = time.monotonic() + wait
    while procs.leftovers(ids) and time.monotonic() < deadline:
        time.sleep(0.02)
    left = procs.leftovers(ids)
    for pid, start in left:  # do not leave them to the next test either
        procs.kill(pid, start)
    assert left == [], f"processes left running: {left}"


CASES = [
    ("six-card", 2),
    ("six-card", 4),
    ("four-card", 3),
    ("nine-card", 2),
    ("alberta", 4),
    ("duel", 2),
]


def hidden_slots(s: HoleState, seat: int) -> list[tuple[str, int, int]]:
    """Every place holding a card this seat cannot see."""
    side = s.side_of[seat]
    out = [("stock", -1, i) for i in range(len(s.stock))]
    for g, lay in enumerate(s.layouts):
        for p in range(len(lay)):
            if s.up[g] >> p & 1:
                continue
            if g == side and s.memory[seat] >> p & 1:
                continue
            out.append(("layout", g, p))
    if s.drawn is not None and s.drawn_from == "stock" and s.current != seat:
        out.append(("drawn", -1, 0))
    return out


def get(s: HoleState, slot: tuple[str, int, int]) -> int:
    kind, g, p = slot
    if kind == "stock":
        return s.stock[p]
    if kind == "layout":
        return s.layouts[g][p]
    assert s.drawn is not None
    return s.drawn


def put(s: HoleState, slot: tuple[str, int, int], card: int) -> None:
    kind, g, p = slot
    if kind == "stock":
        s.stock[p] = card
    elif kind == "layout":
        s.layouts[g][p] = card
    else:
        s.drawn = card


def hidden_shuffled(s: HoleState, seat: int, rng: random.Random) -> HoleState:
    """A copy of ``s`` (log kept), the cards hidden from ``seat`` shuffled among their places."""
    other = s.clone(keep_events=True)
    slots = hidden_slots(other, seat)
    cards = [get(other, x) for x in slots]
    rng.shuffle(cards)
    for x, c in zip(slots, cards, strict=True):
        put(other, x, c)
    return other


def random_hole(v: Variant, players: int, seed: int, steps: int) -> HoleState | None:
    """A hole ``steps`` random moves in (its generator from ``seed``), or None if over by then."""
    rng = random.Random(seed)
    s = HoleState(v, players, dealer=seed % players, rng=rng)
    for _ in range(steps):
        if s.is_over:
            return None
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])
    return None if s.is_over else s


#: Seconds any one wait may take before the test fails (never a measure of speed).
WAIT = 20.0


@dataclass
class Server:
    proc: subprocess.Popen[str]
    base: str
    key: str
    out: list[str]


@contextlib.contextmanager
def serving(folder: Path, *more: str) -> Iterator[Server]:
    """``golf card serve FOLDER --port 0`` until the block ends (Ctrl-C, then
    SIGKILL if it has not stopped); its address on 127.0.0.1 and its key."""
    proc = subprocess.Popen(
        [*GOLF, "card", "serve", str(folder), "--port", "0", *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    out: list[str] = []
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + WAIT
        port = key = ""
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            out.append(line)
            if found := re.search(r":(\d+)/\?key=([A-Za-z0-9_-]+)", line):
                port, key = found[1], found[2]
            if line.startswith("Press Ctrl-C"):
                break
        assert port and key, "".join(out)
        yield Server(proc, f"http://127.0.0.1:{port}", key, out)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        if proc.stdout is not None:
            out.append(proc.stdout.read())
            proc.stdout.close()


def _chromium() -> ModuleType:
    """scripts/chromium.py: where the browser is and the flags it runs with."""
    path = Path(__file__).resolve().parents[1] / "scripts" / "chromium.py"
    spec = importlib.util.spec_from_file_location("golf_chromium", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "accept_downloads": True}


#: The longest any one step may wait, in milliseconds (a bound, never a measure).
WAIT_MS = 10_000


def _need(reason: str) -> None:
    if os.environ.get("GOLF_REQUIRE_BROWSER") == "1":
        pytest.fail(f"GOLF_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("Playwright's Python package is not installed")
    # read when a browser is wanted: a copy of the package without scripts/
    # (mutation testing's) must still import this module
    where = _chromium()
    if not os.path.exists(where.CHROMIUM):
        _need(f"no chromium at {where.CHROMIUM}")
    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=where.CHROMIUM, args=where.ARGS)
        try:
            yield b
        finally:
            b.close()
    finally:
        pw.stop()


class Swapped(random.Random):
    """The match's deal generator, with two places of the deal's order swapped."""

    def __init__(self, inner: random.Random, i: int, j: int) -> None:
        super().__init__(0)
        self.inner = inner
        self.swap: tuple[int, int] | None = (i, j)

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        self.inner.shuffle(x)
        if self.swap is not None:
            i, j = self.swap
            x[i], x[j] = x[j], x[i]
            self.swap = None


def twin_match(i: int, j: int) -> type[Match]:
    class Twin(Match):
        def _hole_rng(self, number: int) -> random.Random:
            return Swapped(super()._hole_rng(number), i, j)

    return Twin


def run_config(cfg: Path, out: Path | None = None, resume: bool = False, **kw: Any) -> RunResult:
    """A tournament config run through the library (``load_config`` with the
    command's overrides as keywords, then ``run_plan``)."""
    plan = load_config(cfg, **kw)
    return run_plan(plan, out, resume=resume)


# --------------------------------------------------------------------------- ratings databases


def info(uid: str, players: dict[str, str], **kw: Any) -> RunInfo:
    """A run of ``players`` (name -> bot) as the database keeps one."""
    fields: dict[str, Any] = {
        "uid": uid,
        "started": "2026-01-01T00:00:00Z",
        "name": uid,
        "variant": "six-card",
        "rules": "r6",
        "seats": 2,
        "format": "stroke",
        "config_hash": "h",
        "source": "test",
        "golfcli": "0.1.0",
        "players": {n: {"bot": b, "options": {}, "code": "c1"} for n, b in players.items()},
    }
    fields.update(kw)
    return RunInfo(**fields)


def record(db: Path, run: RunInfo, games: Sequence[dict[str, Any]]) -> None:
    rec = recording.Recorder(db, run)
    for i, g in enumerate(games):
        rec.add({"game": i, "deal": i // 2, **g})
    rec.close()
    assert rec.problem is None and rec.added == len(games)


def heads_up(
    a: str, b: str, a_total: int, b_total: int, holes: int | None = None
) -> dict[str, Any]:
    """A two-seat game of stroke play between the players named a and b
    (``holes``: its regulation holes, as golf records them; None, a game
    from before the database kept them)."""
    winners = [s for s, t in enumerate((a_total, b_total)) if t == min(a_total, b_total)]
    game = {
        "seating": [a, b],
        "side_of": [0, 1],
        "totals": [a_total, b_total],
        "holes_won": [0, 0],
        "winners": winners,
    }
    if holes is not None:
        game["regulation_holes"] = holes
    return game


def boards(db: Path, **kw: Any) -> list[leaderboard.Board]:
    conn = ratingsdb.connect(db, create=False)
    try:
        return leaderboard.leaderboards(conn, db, **kw)
    finally:
        conn.close()
