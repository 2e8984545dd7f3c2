"""Playing the games of a tournament plan, wherever they run.

A game is a pure function of the plan and its index (its seed, seating and
bots' seeds all derive from them), so it can be played in this process, in
a local worker process or on a Dask worker on another machine and give the
same line.  This module holds that function (:class:`GameRunner`) and the two
task functions the executors send out:

* :func:`play_batch_local` runs in a local pool worker set up by
  :func:`init_local_worker`; the worker appends each finished game to
  ``games.jsonl`` itself, at once (the run directory is on this machine).
* :func:`play_batch_remote` runs on a Dask worker, which may be on another
  machine: it gets the plan as pickled bytes (kept per process, keyed by
  the config hash), checks that its golf code is the client's, and returns
  the lines (and event logs) for the client to write.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import math
import os
import shlex
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..exceptions import GolfError
from ..interrupts import HELD, runs_anywhere
from ..keys import bot_seed

if TYPE_CHECKING:
    from .plan import Plan, PlayerSpec

RECORD_VERSION = 1


class GameError(GolfError):
    """A game could not be played at all (not a bot fault: e.g. a bot cannot be built)."""


class VersionMismatch(GameError):
    """A Dask worker runs other golf code than the client: its games would not
    be the client's games, so the run stops instead of mixing them."""


# One game's result as it travels back: (index, games.jsonl line, event log or None).
GameLine = tuple[int, str, str | None]


@dataclass(frozen=True)
class BatchResult:
    """What one task returns: its games (possibly fewer than asked, if told to
    stop), the seconds they took (for sizing later batches), who played them."""

    games: list[GameLine]
    seconds: float
    worker: str  # "golfcli VERSION (code FINGERPRINT) on HOST"


def append_line(fd: int, line: str) -> None:
    """One ``write`` on an ``O_APPEND`` descriptor: a whole line, or (killed
    mid-write) a torn tail that the next scan drops."""
    os.write(fd, line.encode())


def events_file(out: Path, index: int) -> Path:
    """Where game ``index``'s event log goes in a run directory."""
    return out / "events" / f"game-{index:06d}.jsonl"


def log_file(out: Path, name: str) -> Path:
    """Where player ``name``'s bot log goes in a run directory: an external
    program's stderr, a Python bot's crash tracebacks."""
    return out / "logs" / f"{name}.log"


def _logs(spec: PlayerSpec) -> bool:
    """Whether a player's bot keeps a log: any but a built-in."""
    from ..bots.registry import BUILTIN_BOTS, split_options

    return spec.is_external() or split_options((spec.bot or "").strip())[0] not in BUILTIN_BOTS


def open_games(out: Path) -> int:
    return os.open(out / "games.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)


class GameRunner:
    """Plays games of a plan in this process.

    ``out`` is where event logs go (``out/events``), external bots' logs
    (``out/logs``) and, with ``append``, the ``games.jsonl`` each finished
    game is appended to."""

    def __init__(self, plan: Plan, out: Path | None, *, append: bool = True) -> None:
        self.plan = plan
        self.out = out
        self.fd: int | None = None
        self._factories: dict[str, Callable[[str], Any]] = {}  # player name -> bot maker
        # players whose factory makes a bot that seeding again would not change
        # (a built-in that keeps BaseBot.seed): the match need not seed it again
        self._seeded: set[str] = set()
        if out is not None:
            if append:
                self.fd = open_games(out)
            if plan.record_events:
                (out / "events").mkdir(exist_ok=True)
            if any(_logs(spec) for spec in plan.players):
                # external bots' stderr, Python bots' tracebacks: one file each
                (out / "logs").mkdir(exist_ok=True)

    def _bot(self, spec: PlayerSpec, seed: str) -> Any:
        factory = self._factories.get(spec.name)
        if factory is not None:
            return factory(seed)
        from ..bots.registry import BUILTIN_BOTS, builtin_factory, make_bot, split_options

        if spec.bot is not None and not spec.is_external():
            base, opts = split_options(spec.bot.strip())
            if base in BUILTIN_BOTS:
                # Resolved and checked once per player, not once per game.  Only
                # built-ins: a file bot is loaded afresh for every game, so that
                # no module state carries from one game to the next.
                opts.update(spec.options)
                factory = builtin_factory(base, opts)
                self._factories[spec.name] = factory
                bot = factory(seed)
                if _reseeding_is_a_no_op(bot):
                    self._seeded.add(spec.name)
                return bot
        external: dict[str, Any] = {}
        if spec.is_external():
            tl = spec.time_limit if spec.time_limit is not None else self.plan.time_limit
            tb = spec.time_bank if spec.time_bank is not None else self.plan.time_bank
            if tl is not None:
                external["time_limit"] = tl
            if tb is not None:
                external["time_bank"] = tb
            external["name"] = spec.name
        if self.out is not None:  # every bot but a built-in keeps a log: built-ins returned above
            external["log_path"] = log_file(self.out, spec.name)
        target: str | list[str] = spec.bot if spec.bot is not None else list(spec.command or ())
        return make_bot(
            target, seed=seed, options=dict(spec.options), base_dir=self.plan.base_dir, **external
        )

    def new_match(self, key: str, bots: list[Any], names: list[str]) -> Any:
        """The ``Match`` of a game of the plan dealt from ``key``, with its bots
        seated under ``names``, as :meth:`play_record` plays it (a benchmark
        times this set-up on its own: scripts/bench.py tournament-parts)."""
        match_class = (_PARTS or _game_parts())[1]
        plan = self.plan
        return match_class(
            plan.variant,
            bots,
            names,
            seed=key,
            holes=plan.holes,
            scoring=plan.scoring,
            record=plan.record_events and self.out is not None,
            moves=plan.record_moves,
            fallback=plan.fault_policy,
            forfeit_penalty=plan.forfeit_penalty,
            seeded=[name in self._seeded for name in names],
        )

    def play(self, index: int) -> str:
        """Play game ``index``; append its line to games.jsonl (if we append); return the line."""
        return self.play_record(index)[0]

    def play_record(self, index: int, line: bool = True) -> tuple[str, dict[str, Any]]:
        """:meth:`play`, and the record the line holds (the runner tallies it
        without reading the line back).  ``line=False``: the caller wants the
        record only, and the line is made only to be appended (a run without
        ``--out`` writes none: ~10 µs a game not spent)."""
        close_bot, _, optional_attr = _PARTS or _game_parts()

        plan = self.plan
        slot = plan.slot(index)
        names = [plan.players[p].name for p in slot.seating]
        bots: list[Any] = []
        writer = None
        try:
            try:
                for p, name in zip(slot.seating, names, strict=True):
                    bots.append(self._bot(plan.players[p], bot_seed(slot.seed, name)))
            except Exception as exc:
                raise GameError(
                    f"game {index}: cannot create a bot: {type(exc).__name__}: {exc}"
                ) from None
            match = self.new_match(slot.seed, bots, names)
            if match.record and self.out is not None:
                from ..record import RecordWriter, header

                writer = RecordWriter(
                    events_file(self.out, index),
                    header(
                        plan.variant,
                        names,
                        slot.seed,
                        match.scoring,
                        sides=[plan.entrants[e].name for e in slot.sides],
                    ),
                )
                match.on_hole = lambda _m, rec: writer.hole(rec) if writer is not None else None
            res = match.play()
            if writer is not None:
                writer.close(res)
                writer = None
        finally:
            if writer is not None:
                writer.fh.close()
            for b in bots:
                close_bot(b)
        regulation = sum(1 for h in res.holes if not h.playoff)
        rec = {
            "v": RECORD_VERSION,
            "game": index,
            "deal": slot.deal,
            "table": slot.table,
            "rotation": slot.rotation,
            "key": slot.seed,
            "seating": names,
            "side_of": list(res.side_of),
            "sides": [plan.entrants[e].name for e in slot.sides],
            "holes": [list(h.scores) for h in res.holes],
            "regulation_holes": regulation,
            "playoff_holes": len(res.holes) - regulation,
            "totals": list(res.totals),
            "holes_won": list(res.holes_won),
            "winners": list(res.winners),
            "faults": [{k: c for k, c in s.faults.items() if c} for s in res.stats],
            # external programs started again after dying (the crash or timeout
            # that killed them is in faults): a bot that keeps dying shows here
            "restarts": [int(optional_attr(b, "restarts") or 0) for b in bots],
            "disqualified": [s.disqualified for s in res.stats],
            "decisions": [s.decisions for s in res.stats],
            "time_total": [round(s.time_total, 6) for s in res.stats],
            "time_max": [round(s.time_max, 6) for s in res.stats],
        }
        if plan.record_moves:
            rec["moves"] = match.moves
        if not line and self.fd is None:
            return "", rec
        text = _LINE.encode(rec) + "\n"
        if self.fd is not None:
            append_line(self.fd, text)
        return text, rec

    def play_many(
        self, indices: list[int], stop: Any = None, on_game: Callable[[], None] | None = None
    ) -> list[GameLine]:
        """Play consecutive games; stop early (between games) when ``stop`` is
        set.  Games not played are not returned: they stay to be played later.

        ``on_game`` is called after each game: a batch returns only when its
        last game is over, and the progress bar must not wait for that."""
        out: list[GameLine] = []
        with HELD:  # once for the batch: each game's match then only counts it
            for i in indices:
                if stop is not None and stop.is_set():
                    break
                try:
                    line = self.play(i)
                except GameError:
                    raise
                except Exception as exc:  # keep the error picklable and short
                    raise GameError(f"game {i}: {type(exc).__name__}: {exc}") from None
                events = None
                if self.fd is None and self.out is not None and self.plan.record_events:
                    path = events_file(self.out, i)
                    events = path.read_text(encoding="utf-8")
                    path.unlink()
                out.append((i, line, events))
                if on_game is not None:
                    on_game()
        return out

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


#: ``json.dumps(rec, separators=(",", ":"))``, with the encoder made once
#: (dumps builds a new one per call when given separators).
_LINE = json.JSONEncoder(separators=(",", ":"))

# The match and the bot registry, imported on the first game (not when this
# module is imported: `golf --help` and the Dask client do not need them).
_PARTS: tuple[Callable[[Any], None], Any, Callable[[Any, str], Any]] | None = None


def _game_parts() -> tuple[Callable[[Any], None], Any, Callable[[Any, str], Any]]:
    global _PARTS
    from ..bots.registry import close_bot
    from ..match import Match, optional_attr

    _PARTS = (close_bot, Match, optional_attr)
    return _PARTS


def _reseeding_is_a_no_op(bot: Any) -> bool:
    """Whether seeding a just-made built-in bot again with the seed it was made
    with changes nothing: true when its class keeps ``BaseBot.seed`` (which
    seeds the bot's generator exactly as its constructor did).  A bot class
    with its own ``seed`` (mc seeds its inner expert too) is seeded again."""
    from ..bots import BaseBot

    return getattr(type(bot), "seed", None) is BaseBot.seed


# --------------------------------------------------------------------------- code identity


def bot_file_hashes(players: Sequence[PlayerSpec], base_dir: Path) -> tuple[tuple[str, str], ...]:
    """Hashes of bot files named by the players, so that resuming after a bot
    changed is refused like a changed config."""
    out: dict[str, str] = {}
    for p in players:
        out.update(_named_files(p, base_dir))
    return tuple(sorted(out.items()))


def _spec_words(p: PlayerSpec) -> list[str]:
    if p.command:
        return list(p.command)
    if p.bot and p.bot.startswith("cmd:"):
        return shlex.split(p.bot[4:])
    if p.bot:
        return [p.bot.partition("?")[0]]
    return []


def _named_files(p: PlayerSpec, base_dir: Path) -> dict[str, str]:
    """word -> SHA-256 of each file a player's spec names (a bot file, an
    external program's script)."""
    return {w: hashlib.sha256(f.read_bytes()).hexdigest() for w, f in _files_named(p, base_dir)}


def _files_named(p: PlayerSpec, base_dir: Path) -> list[tuple[str, Path]]:
    """(word, file) for each existing file a player's spec names."""
    from ..bots.source import names_file

    out = []
    for w in _spec_words(p):
        if names_file(w):
            f = Path(w) if Path(w).is_absolute() else base_dir / w
            if f.is_file():
                out.append((w, f))
    return out


def bot_identity(p: PlayerSpec, base_dir: Path) -> dict[str, Any]:
    """What a player is, for the ratings database: ``bot`` (the spec without
    options, or the command line), ``options`` (the spec's and the config's,
    merged) and ``code``, a fingerprint of the code that plays.

    The code is golf's own (:func:`code_fingerprint`) for a built-in bot,
    and with the version of the library it drives for a bot an extra brings
    (``spiel:ismcts``: OpenSpiel's).  For anything else it is what the code
    is, never where it lies (golfcli/bots/source.py): a bot file's bytes and
    those of the modules beside it that it imports; a module's source and
    its package's modules that it imports; the scripts an external
    program's command names (else the program PATH finds); empty when none
    is found (nothing to tell versions apart).  A bot whose code changed is
    a new bot with a rating of its own; the same code under another path or
    name is the same bot.  An external program is named ``cmd:`` and its
    command line however the config gave it."""
    from ..bots.registry import BUILTIN_BOTS, family_library, split_options
    from ..bots.source import file_fingerprint, module_fingerprint, script_fingerprint

    options: dict[str, Any] = {}
    if p.bot is not None and not p.is_external():
        base, options = split_options(p.bot.strip())
        options.update(p.options)
    else:
        base = p.label if p.label.startswith("cmd:") else f"cmd:{p.label}"
    library = family_library(base)
    if base in BUILTIN_BOTS:
        code = code_fingerprint()
    elif library is not None:
        text = f"{code_fingerprint()}\0{library}"
        code = hashlib.sha256(text.encode()).hexdigest()[:16]
    elif p.is_external():
        code = script_fingerprint(f for _, f in _files_named(p, base_dir)) or _program_code(p)
    elif base.endswith(".py"):
        files = _files_named(p, base_dir)
        code = file_fingerprint(files[0][1]) if files else ""
    else:
        code = module_fingerprint(base.partition(":")[0])
    return {"bot": base, "options": options, "code": code}


def _program_code(p: PlayerSpec) -> str:
    """An external program named by its bare name: the file PATH finds."""
    from ..bots.source import script_fingerprint

    words = _spec_words(p)
    found = shutil.which(words[0]) if words else None
    if found is None or not Path(found).is_file():
        return ""
    return script_fingerprint([Path(found)])


_FINGERPRINT: str | None = None


def code_fingerprint() -> str:
    """A hash of this install's golf code, built-in variants and Python version.

    Two machines with the same version number but edited code would play
    different games; the fingerprint tells them apart (a few ms, once)."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        h = hashlib.sha256(f"python {sys.version_info[0]}.{sys.version_info[1]}\0".encode())
        root = Path(__file__).parent.parent  # golfcli/
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".yaml") and "__pycache__" not in path.parts:
                h.update(path.relative_to(root).as_posix().encode() + b"\0")
                h.update(path.read_bytes() + b"\0")
        _FINGERPRINT = h.hexdigest()[:16]
    return _FINGERPRINT


def worker_identity() -> str:
    import platform

    return f"golfcli {__version__} (code {code_fingerprint()}) on {platform.node()}"


# --------------------------------------------------------------------------- local pool workers


_LOCAL: GameRunner | None = None
_STOP: Any = None  # a multiprocessing Event: finish the current game, skip the rest of the batch
_FINISHED: Any = None  # a shared counter of the pool's finished games (the progress bar)


def _die_with_parent(parent: int) -> None:
    """If the main process is killed (even with SIGKILL), its workers must not
    play on as orphans: ask Linux to send SIGTERM when the parent goes (the
    worker's SIGTERM handler ends its bots, then the worker)."""
    from ..bots import procs

    if not procs.set_parent_death_signal(signal.SIGTERM, parent):
        os._exit(1)  # the parent died before the signal was set


@runs_anywhere  # ends the process with os._exit: never held while a game plays
def _end_bots_and_exit(signum: int, frame: Any) -> None:
    """SIGTERM in a worker (its main process died, or abandoned it): end every
    bot process this worker started and all they started, then go at once."""
    from ..bots import procs

    with contextlib.suppress(Exception):
        procs.end_own(0.1)
    os._exit(1)


def init_local_worker(
    plan: Plan, out: Path | None, stop: Any, parent: int, finished: Any = None
) -> None:
    global _LOCAL, _STOP, _FINISHED
    # The main process decides about Ctrl-C; programs started from here inherit SIG_IGN.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A worker is forked with the main process's SIGTERM handler (a polite
    # stop, see signals.Interrupts); a worker told to terminate must go, and
    # take its bots with it.  Set before the parent-death signal, which is it.
    signal.signal(signal.SIGTERM, _end_bots_and_exit)
    _die_with_parent(parent)
    _LOCAL = GameRunner(plan, out)
    _STOP = stop
    _FINISHED = finished


def _count_local_game() -> None:
    with _FINISHED.get_lock():
        _FINISHED.value += 1


def play_batch_local(indices: list[int]) -> BatchResult:
    assert _LOCAL is not None
    start = time.perf_counter()
    games = _LOCAL.play_many(indices, _STOP, _count_local_game if _FINISHED is not None else None)
    return BatchResult(games, time.perf_counter() - start, "local")


# --------------------------------------------------------------------------- Dask workers


_REMOTE: dict[str, GameRunner] = {}  # per worker process: plan digest -> player
_REMOTE_LOCK = threading.Lock()  # a worker may run several threads


def _drop_scratch() -> None:
    for player in _REMOTE.values():
        if player.out is not None:
            shutil.rmtree(player.out, ignore_errors=True)
    _REMOTE.clear()


atexit.register(_drop_scratch)  # a worker's event-log scratch directories go with it


def _remote_player(plan_blob: bytes, plan_key: str) -> GameRunner:
    """The worker's player for this plan: unpickled once, its bot files checked
    against the client's (same path, same bytes), or VersionMismatch."""
    import pickle

    with _REMOTE_LOCK:
        player = _REMOTE.get(plan_key)
        if player is not None:
            return player
        plan = pickle.loads(plan_blob)
        mine = dict(bot_file_hashes(plan.players, plan.base_dir))
        theirs = dict(plan.file_hashes)
        if mine != theirs:
            differ = sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
            raise VersionMismatch(
                f"bot file(s) {', '.join(differ)} differ or are missing on the worker "
                f"({worker_identity()}): copy them to the same path on every machine"
            )
        scratch = Path(tempfile.mkdtemp(prefix="golf-events-")) if plan.record_events else None
        _drop_scratch()  # one tournament at a time per worker process
        player = GameRunner(plan, scratch, append=False)
        _REMOTE[plan_key] = player
        return player


def play_batch_remote(
    plan_blob: bytes, plan_key: str, client_code: str, indices: list[int]
) -> BatchResult:
    """The Dask task: play ``indices`` of the pickled plan on this worker.

    ``plan_key`` is a digest of the pickled plan itself (not the config
    hash, which leaves out the number of games and event logging), so a
    long-lived worker never plays one run's games with another run's plan.
    Nothing is written here (the worker may be on another machine than the
    run directory): lines and event logs go back to the client, which
    appends them the moment the batch arrives."""
    code = code_fingerprint()
    if code != client_code:
        raise VersionMismatch(
            f"worker runs {worker_identity()}, the client has code {client_code}: "
            "install the same golfcli (and Python version) on every machine"
        )
    player = _remote_player(plan_blob, plan_key)
    start = time.perf_counter()
    progress = _RemoteProgress(progress_topic(plan_key))
    games = player.play_many(indices, on_game=progress)
    progress.flush()
    return BatchResult(games, time.perf_counter() - start, worker_identity())


def progress_topic(plan_key: str) -> str:
    """The Dask event topic a run's workers report finished games on (one per
    plan, so two runs on one cluster do not count each other's games)."""
    return f"golf-progress-{plan_key[:16]}"


class _RemoteProgress:
    """Counts a Dask task's finished games and tells the client through the
    scheduler's event log: the first game at once, then at most every
    ``EVERY`` seconds, and the rest after the last game (fast games would
    otherwise make a message each)."""

    EVERY = 0.25

    def __init__(self, topic: str) -> None:
        self.topic = topic
        self.unsent = 0
        self.sent_at = -math.inf

    def __call__(self) -> None:
        self.unsent += 1
        now = time.monotonic()
        if now - self.sent_at >= self.EVERY:
            self.flush()
            self.sent_at = now

    def flush(self) -> None:
        if not self.unsent:
            return
        with contextlib.suppress(Exception):  # a courtesy: never fail a game over it
            from distributed import get_worker

            get_worker().log_event(self.topic, self.unsent)
        self.unsent = 0
