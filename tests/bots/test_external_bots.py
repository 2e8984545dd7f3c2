"""External bots (golfcli/bots/external.py, docs/bot-protocol.md).

Two halves, as python-chess tests its engines:

* the protocol against a scripted other side: :class:`ScriptedBot` is a
  transport that expects golf's messages one by one and answers with
  scripted lines, so every reply shape and every fault is checked without
  a process;
* real subprocesses (tests/fixtures/bots/faulty_bot.py) that crash, hang, print
  garbage, name illegal actions or exit at once, each inside a real
  ``Match``: the fault is counted under the right kind and the match ends.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from golfcli.actions import Action
from golfcli.bots.external import PROTOCOL, ExternalBot, derived_seed
from golfcli.bots.registry import BotSpecError, make_bot
from golfcli.bots.transport import ProcessTransport, TransportClosed, TransportTimeout
from golfcli.faults import BotFault
from golfcli.match import Match
from golfcli.variantload import builtin

from ..helpers import REPO, TESTS, a_decision, game_info

ROOT = REPO
FAULTY = TESTS / "fixtures" / "bots" / "faulty_bot.py"
EXAMPLE = ROOT / "examples" / "bots" / "external_bot.py"
READY = '{"type": "ready", "name": "scripted", "protocol": 1}'


# ---------------------------------------------------------------------- scripted transport


class ScriptedBot:
    """The bot's side of the pipe, scripted: ``expect(fields, replies)``.

    Every message golf sends must match the next expectation (each given
    field equal); its reply lines are then queued for golf to read.  With
    nothing queued a read times out at once (a hung bot); after ``die()``
    reads and writes fail (a crashed bot).  Lines still queued when golf
    asks to ``drain`` are stray output.
    """

    def __init__(self) -> None:
        self.expected: deque[tuple[dict[str, Any], list[str], float]] = deque()
        self.queue: deque[tuple[str, float]] = deque()
        self.sent: list[dict[str, Any]] = []
        self.dead = False
        self.closed = False

    def expect(
        self, fields: dict[str, Any], replies: list[str] | None = None, delay: float = 0.0
    ) -> None:
        self.expected.append((fields, list(replies or []), delay))

    def die(self) -> None:
        self.dead = True

    def send(self, line: str, timeout: float) -> None:
        if self.dead or self.closed:
            raise TransportClosed("exited with status 1")
        msg = json.loads(line)
        self.sent.append(msg)
        assert self.expected, f"golf sent an unexpected message: {msg}"
        fields, replies, delay = self.expected.popleft()
        for key, value in fields.items():
            assert msg.get(key) == value, f"{key}: expected {value!r}, golf sent {msg.get(key)!r}"
        self.queue.extend((r, delay) for r in replies)

    def receive(self, timeout: float) -> str:
        if self.queue:
            line, delay = self.queue.popleft()
            if delay > timeout:
                time.sleep(timeout)
                raise TransportTimeout("no answer")
            time.sleep(delay)
            return line
        if self.dead:
            raise TransportClosed("exited with status 1")
        raise TransportTimeout("no answer")

    def drain(self) -> list[str]:
        out = [line for line, _ in self.queue]
        self.queue.clear()
        return out

    def close(self, grace: float) -> None:
        self.closed = True

    def exit_note(self) -> str:
        return "exited with status 1"

    def done(self) -> bool:
        return not self.expected


def scripted(*transports: ScriptedBot, **kw: Any) -> ExternalBot:
    """An ExternalBot whose starts return the given transports in turn."""
    it = iter(transports)

    def factory() -> ScriptedBot:
        try:
            return next(it)
        except StopIteration:
            raise AssertionError("golf started the bot more often than scripted") from None

    kw.setdefault("time_limit", 0.05)
    kw.setdefault("time_bank", 0.0)
    return ExternalBot(["scripted-bot"], transport_factory=factory, **kw)


def fault_of(fn: Any, *args: Any) -> BotFault:
    with pytest.raises(BotFault) as info:
        fn(*args)
    return info.value


# ---------------------------------------------------------------------- protocol, scripted


def test_hello_carries_the_game_but_not_the_match_seed() -> None:
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    bot = scripted(t)
    bot.seed("77:bot:P1")  # what Match does: the match seed is in the string
    bot.start_game(game_info(seed="77"))
    hello = t.sent[0]
    assert hello["protocol"] == PROTOCOL
    assert hello["variant"] == json.loads(json.dumps(builtin("six-card").to_data()))
    assert (hello["seat"], hello["players"]) == (0, 2)
    assert (hello["names"], hello["side_of"]) == (["P1", "P2"], [0, 1])
    assert hello["restart"] == 0 and hello["time_limit"] == 0.05
    assert hello["seed"] == derived_seed("77:bot:P1") and isinstance(hello["seed"], int)
    assert "77:bot" not in json.dumps(hello)
    assert bot.name == "scripted" and bot.running


def test_request_carries_view_and_legal_and_reply_by_object_or_index() -> None:
    v, legal = a_decision()
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    t.expect({"type": "request", "id": 1}, ['{"id": 1, "action": {"kind": "reveal", "pos": 4}}'])
    t.expect({"type": "request", "id": 2}, ["", '{"action": 2}'])  # blank lines are skipped
    bot = scripted(t)
    bot.start_game(game_info())
    got = bot.choose(v, legal)
    assert got == Action("reveal", 4) and got in legal
    request = t.sent[1]
    assert request["view"] == v.to_json()
    assert request["legal"] == [a.to_json() for a in legal]
    assert bot.choose(v, legal) is legal[2]
    assert t.done()


@pytest.mark.parametrize(
    ("reply", "kind"),
    [
        ("this is not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"move": 0}', "malformed"),
        ('{"action": true}', "malformed"),
        ('{"action": "reveal 1"}', "malformed"),
        ('{"action": {"kind": "teleport"}}', "malformed"),
        ('{"action": {"kind": "reveal", "pos": "x"}}', "malformed"),
        ('{"id": 99, "action": 0}', "malformed"),
        ('{"action": 57}', "illegal"),
        ('{"action": -1}', "illegal"),
        ('{"action": {"kind": "knock"}}', "illegal"),
        ('{"action": {"kind": "reveal"}}', "illegal"),
    ],
)
def test_bad_replies_are_classified_and_the_bot_keeps_running(reply: str, kind: str) -> None:
    v, legal = a_decision()
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    t.expect({"type": "request", "id": 1}, [reply])
    t.expect({"type": "request", "id": 2}, ['{"id": 2, "action": 0}'])
    bot = scripted(t)
    bot.start_game(game_info())
    assert fault_of(bot.choose, v, legal).kind == kind
    assert bot.choose(v, legal) is legal[0]  # same process, still in step
    assert bot.restarts == 0 and not t.closed


def test_no_answer_is_a_timeout_kills_and_restarts_with_a_new_hello() -> None:
    v, legal = a_decision()
    first, second = ScriptedBot(), ScriptedBot()
    first.expect({"type": "hello", "restart": 0}, [READY])
    first.expect({"type": "request"}, [])  # never answers
    second.expect({"type": "hello", "restart": 1}, [READY])
    second.expect({"type": "request", "id": 2}, ['{"action": 1}'])
    bot = scripted(first, second, time_limit=0.01, time_bank=0.02)
    bot.start_game(game_info())
    f = fault_of(bot.choose, v, legal)
    assert f.kind == "timeout" and "request 1" in str(f)
    assert first.closed and not bot.running and bot.bank == 0.0
    assert bot.choose(v, legal) is legal[1]
    assert bot.restarts == 1 and second.done()


def test_time_over_the_limit_is_drawn_from_the_bank() -> None:
    v, legal = a_decision()
    t = ScriptedBot()
    t.expect({"type": "hello", "time_bank": 0.3}, [READY])
    t.expect({"type": "request", "id": 1}, ['{"action": 0}'], delay=0.12)
    bot = scripted(t, time_limit=0.02, time_bank=0.3)
    bot.start_game(game_info())
    bot.choose(v, legal)
    assert 0.0 < bot.bank <= 0.2  # about 0.1 s over the limit came out of the bank
    left = bot.bank
    t.expect(
        {"type": "request", "id": 2, "time_bank": round(left, 6)},
        ['{"action": 0}'],
        delay=left + 0.1,
    )
    assert fault_of(bot.choose, v, legal).kind == "timeout"
    assert bot.bank == 0.0


def test_bank_is_refilled_each_game() -> None:
    t1, t2 = ScriptedBot(), ScriptedBot()
    t1.expect({"type": "hello"}, [READY])
    t1.expect({"type": "request"}, [])
    t1.expect({"type": "game_end"})
    t1.expect({"type": "quit"})
    t2.expect({"type": "hello", "time_bank": 0.02, "restart": 0}, [READY])
    bot = scripted(t1, t2, time_limit=0.01, time_bank=0.02)
    bot.start_game(game_info())
    v, legal = a_decision()
    fault_of(bot.choose, v, legal)
    assert bot.bank == 0.0
    bot.end_game({"totals": [1, 2], "winners": [0]})
    bot.start_game(game_info())
    assert bot.bank == 0.02 and t2.done()


def test_a_bot_that_never_starts_is_given_up_after_three_tries() -> None:
    v, legal = a_decision()
    starts = [ScriptedBot() for _ in range(3)]
    for t in starts:
        t.die()
    bot = scripted(*starts)
    f = fault_of(bot.start_game, game_info())
    assert f.kind == "crash" and "hello" in str(f)
    assert fault_of(bot.choose, v, legal).kind == "crash"
    assert fault_of(bot.choose, v, legal).kind == "crash"  # third failed start: down
    f = fault_of(bot.choose, v, legal)  # no fourth start (scripted() would fail the test)
    assert f.kind == "crash" and "down" in str(f)
    assert bot.restarts == 2
    bot.notify({"kind": "pass", "seat": 1})  # a down bot is not told anything, and no fault


def test_restart_off_means_down_after_the_first_failure() -> None:
    v, legal = a_decision()
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    t.expect({"type": "request"}, [])
    bot = scripted(t, restart=False)
    bot.start_game(game_info())
    assert fault_of(bot.choose, v, legal).kind == "timeout"
    f = fault_of(bot.choose, v, legal)
    assert f.kind == "crash" and "restarts are off" in str(f)
    assert bot.restarts == 0


def test_a_bot_that_answers_before_crashing_is_restarted_every_time() -> None:
    v, legal = a_decision()
    starts = []
    for i in range(5):
        t = ScriptedBot()
        t.expect({"type": "hello", "restart": i}, [READY])
        t.expect({"type": "request"}, ['{"action": 0}'])
        t.expect({"type": "request"}, [])
        starts.append(t)
    bot = scripted(*starts)
    bot.start_game(game_info())
    for t in starts:
        bot.choose(v, legal)
        t.die()
        assert fault_of(bot.choose, v, legal).kind == "crash"
    assert bot.restarts == 4


@pytest.mark.parametrize(
    "ready",
    ["hi there", '{"type": "hello"}', '{"type": "ready", "protocol": 2}', "[]"],
)
def test_a_wrong_ready_line_is_malformed(ready: str) -> None:
    t = ScriptedBot()
    t.expect({"type": "hello"}, [ready])
    bot = scripted(t)
    assert fault_of(bot.start_game, game_info()).kind == "malformed"
    assert t.closed and not bot.running


def test_no_ready_line_is_a_timeout() -> None:
    t = ScriptedBot()
    t.expect({"type": "hello"}, [])
    bot = scripted(t, startup_time=0.05)
    assert fault_of(bot.start_game, game_info()).kind == "timeout"


def test_events_hole_end_game_end_and_quit() -> None:
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    event = {"kind": "draw", "seat": 1, "source": "stock", "card": None}
    t.expect({"type": "event", "event": event})
    t.expect(
        {
            "type": "hole_end",
            "hole": 1,
            "scores": [3, 4],
            "totals": [3, 4],
            "layouts": [["AC", "2D"], ["KH", "10S"]],
        }
    )
    t.expect({"type": "game_end", "totals": [3, 4], "winners": [0]})
    t.expect({"type": "quit"})
    bot = scripted(t)
    bot.start_game(game_info())
    bot.notify(event)
    from golfcli.cards import parse_card

    cards = [[parse_card("AC"), parse_card("2D")], [parse_card("KH"), parse_card("10S")]]
    bot.end_hole({"hole": 1, "scores": [3, 4], "totals": [3, 4], "layouts": cards})
    bot.end_game({"totals": [3, 4], "winners": [0]})
    assert t.done() and t.closed and not bot.running


def test_close_says_quit() -> None:
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    t.expect({"type": "quit"})
    with scripted(t) as bot:
        bot.start_game(game_info())
    assert t.done() and t.closed


def test_a_crash_while_notifying_is_one_fault_then_silence() -> None:
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    bot = scripted(t)
    bot.start_game(game_info())
    t.die()
    assert fault_of(bot.notify, {"kind": "pass", "seat": 1}).kind == "crash"
    bot.notify({"kind": "pass", "seat": 1})  # down until the next decision: no second fault


def test_stray_output_is_a_protocol_error_not_a_fault() -> None:
    v, legal = a_decision()
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    t.expect({"type": "request", "id": 1}, ['{"action": 0}', "debug: thinking..."])
    t.expect({"type": "request", "id": 2}, ['{"action": 0}'])
    bot = scripted(t)
    bot.start_game(game_info())
    bot.choose(v, legal)
    bot.choose(v, legal)
    assert len(bot.protocol_errors) == 1 and "debug: thinking" in bot.protocol_errors[0]


def test_choose_without_start_game_greets_from_the_view() -> None:
    v, legal = a_decision()
    t = ScriptedBot()
    t.expect({"type": "hello", "seat": v.seat, "players": 2, "side_of": [0, 1]}, [READY])
    t.expect({"type": "request"}, ['{"action": 0}'])
    bot = scripted(t)
    assert bot.choose(v, legal) is legal[0]
    assert t.sent[0]["variant"]["name"] == "six-card"


def test_a_given_name_is_kept() -> None:
    t = ScriptedBot()
    t.expect({"type": "hello"}, [READY])
    bot = scripted(t, name="alice")
    bot.start_game(game_info())
    assert bot.name == "alice"


def test_bad_arguments() -> None:
    with pytest.raises(BotSpecError):
        ExternalBot([])
    with pytest.raises(BotSpecError):
        ExternalBot(["x"], time_limit=0, transport_factory=ScriptedBot)


# ---------------------------------------------------------------------- real processes


def faulty(mode: str, n: int | None = None, **kw: Any) -> ExternalBot:
    argv = [sys.executable, str(FAULTY), mode] + ([str(n)] if n is not None else [])
    # generous enough that a stall on a busy machine is not a timeout
    kw.setdefault("time_limit", 0.25)
    kw.setdefault("time_bank", 1.0)
    return ExternalBot(argv, **kw)


def play(bot: Any, holes: int = 1, variant: str = "six-card", opponent: str = "random") -> Any:
    """One seeded match, the bot in seat 0; returns (result, seat 0 stats)."""
    try:
        result = Match(builtin(variant), [bot, make_bot(opponent)], seed=5, holes=holes).play()
    finally:
        bot.close()
    assert len(result.holes) >= holes  # the match ran to its end
    return result, result.stats[0]


def no_faults() -> dict[str, int]:
    return {"timeout": 0, "crash": 0, "malformed": 0, "illegal": 0}


def test_example_external_bot_plays_a_clean_match() -> None:
    bot = make_bot(f"cmd:{sys.executable} {EXAMPLE}", time_limit=1.0)
    _, stats = play(bot, holes=2, opponent="greedy")
    assert stats.faults == no_faults()
    assert stats.decisions > 10 and bot.name == "example-greedy" and not bot.protocol_errors


def test_argv_list_spec_builds_an_external_bot() -> None:
    bot = make_bot([sys.executable, str(EXAMPLE)], time_limit=1.0)
    assert isinstance(bot, ExternalBot)
    _, stats = play(bot)
    assert stats.faults == no_faults()


def test_crash_mid_game_is_one_crash_and_a_restart(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    bot = faulty("crash", 3, log_path=log)
    _, stats = play(bot)
    assert stats.faults == {**no_faults(), "crash": 1}
    assert bot.restarts == 1
    assert "boom" in stats.last_fault and "status 3" in stats.last_fault
    assert "boom" in log.read_text()


def test_hang_is_a_timeout_the_process_is_killed_and_restarted() -> None:
    bot = faulty("hang", 2)
    t0 = time.monotonic()
    _, stats = play(bot)
    assert stats.faults == {**no_faults(), "timeout": 1}
    assert bot.restarts == 1
    assert time.monotonic() - t0 < 5.0


def test_garbage_every_time_is_malformed_every_time() -> None:
    bot = faulty("garbage")
    _, stats = play(bot)
    assert stats.faults == {**no_faults(), "malformed": stats.decisions}
    assert bot.restarts == 0


def test_an_unknown_action_kind_is_malformed() -> None:
    _, stats = play(faulty("unknown", 1))
    assert stats.faults == {**no_faults(), "malformed": 1}


def test_illegal_every_time_is_illegal_every_time() -> None:
    _, stats = play(faulty("illegal"))
    assert stats.faults == {**no_faults(), "illegal": stats.decisions}


def test_a_bot_that_exits_at_once_faults_every_decision_and_the_match_ends() -> None:
    bot = faulty("exit")
    _, stats = play(bot)
    # start_game and every decision; it was started three times, then given up
    assert stats.faults == {**no_faults(), "crash": stats.decisions + 1}
    assert bot.restarts == 2


def test_a_bad_handshake_is_malformed_then_the_bot_is_down() -> None:
    bot = faulty("badready")
    _, stats = play(bot)
    assert stats.faults["malformed"] == 3
    assert stats.faults["crash"] == stats.decisions - 2


def test_stray_lines_are_protocol_errors() -> None:
    bot = faulty("noisy")
    _, stats = play(bot)
    assert stats.faults == no_faults()
    assert len(bot.protocol_errors) == stats.decisions - 1
    assert all("debug: I chose 0" in e for e in bot.protocol_errors)


def test_bot_stderr_goes_to_its_log_never_to_our_output(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "logs" / "leaky.log"
    play(faulty("leak", log_path=log))
    play(faulty("leak"))  # default: an anonymous temporary file
    out, err = capfd.readouterr()
    assert "SECRET-STDERR" not in out + err
    assert "SECRET-STDERR" in log.read_text()


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] == "Z"  # a zombie is dead
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_hung_bot_ignoring_sigterm_is_killed_with_its_children(tmp_path: Path) -> None:
    log = tmp_path / "stubborn.log"
    bot = faulty("stubborn", 1, log_path=log, time_limit=0.5, time_bank=0.0, restart=False)
    v, legal = a_decision()
    bot.start_game(game_info())
    proc = bot._holder[0].proc  # type: ignore[union-attr]
    t0 = time.monotonic()
    assert fault_of(bot.choose, v, legal).kind == "timeout"
    assert time.monotonic() - t0 < 2.5
    assert proc.poll() is not None
    child = int(log.read_text().split("child ")[1].split()[0])
    deadline = time.monotonic() + 3
    while not _gone(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(child)


def test_close_and_garbage_collection_end_the_process() -> None:
    bot = make_bot(f"cmd:{sys.executable} {EXAMPLE}")
    bot.start_game(game_info())
    proc = bot._holder[0].proc
    bot.close()
    assert proc.poll() is not None
    bot = make_bot(f"cmd:{sys.executable} {FAULTY} hang")
    bot.start_game(game_info())
    proc = bot._holder[0].proc
    del bot
    gc.collect()
    assert proc.wait(2) is not None


def test_writing_to_a_bot_that_does_not_read_times_out() -> None:
    t = ProcessTransport([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        t0 = time.monotonic()
        with pytest.raises(TransportTimeout):
            for _ in range(1000):  # far more than a pipe buffer holds
                t.send("x" * 10_000, 0.1)
        assert time.monotonic() - t0 < 2.0
    finally:
        t.close(0.0)


def test_a_line_without_end_is_too_long() -> None:
    from golfcli.bots.transport import MAX_LINE, LineTooLong

    code = (
        f"import sys, time; sys.stdout.write('x' * {MAX_LINE + 10}); sys.stdout.flush(); "
        "time.sleep(30)"
    )
    t = ProcessTransport([sys.executable, "-c", code])
    try:
        with pytest.raises(LineTooLong):
            t.receive(3.0)
    finally:
        t.close(0.0)


def test_program_that_cannot_run_is_a_bad_spec(tmp_path: Path) -> None:
    with pytest.raises(BotSpecError, match="not found on PATH"):
        make_bot("cmd:no-such-golf-bot-program --fast")
    with pytest.raises(BotSpecError, match="not found"):
        make_bot("cmd:./missing_bot.sh", base_dir=tmp_path)
    script = tmp_path / "bot.sh"
    script.write_text("#!/bin/sh\n")
    os.chmod(script, 0o644)
    with pytest.raises(BotSpecError, match="not executable"):
        make_bot("cmd:./bot.sh", base_dir=tmp_path)


def test_a_program_that_vanishes_before_start_is_a_crash(tmp_path: Path) -> None:
    script = tmp_path / "bot.sh"
    script.write_text("#!/bin/sh\nexit 0\n")
    os.chmod(script, 0o755)
    bot = make_bot("cmd:./bot.sh", base_dir=tmp_path)
    script.unlink()
    f = fault_of(bot.start_game, game_info())
    assert f.kind == "crash" and "cannot start" in str(f)
