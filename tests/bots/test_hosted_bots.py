"""A Python bot file in a process of its own (golfcli.bots.pyhost): the bot
gets what it would get in golf's process and so plays the same game; its
exception is the same fault, naming its file; views survive pickling on
both builds."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

from golfcli import load_variant
from golfcli.bots import RandomBot
from golfcli.bots.pyhost import HostedBot
from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.state import HoleState
from golfcli.view import MatchInfo, view

BOT = '''
import random


class Bot:
    """Random, from its own seed; counts what the hooks tell it and raises
    on its fifth decision of a game (naming nothing secret)."""

    def __init__(self, seed=None, crash_at: int = 0):
        self.rng = random.Random(seed)
        self.crash_at = crash_at
        self.calls = 0
        self.events = 0

    def start_game(self, info):
        self.calls = 0

    def notify(self, event):
        assert isinstance(event, dict) and "kind" in event
        self.events += 1

    def end_hole(self, info):
        assert all(isinstance(c, int) for lay in info["layouts"] for c in lay)

    def choose(self, view, legal):
        self.calls += 1
        if self.calls == self.crash_at:
            raise KeyError("missing")
        assert view.variant.name == "alberta" and self.events > 0
        return self.rng.choice(legal)
'''


def _play(bot: object, holes: int = 2) -> Match:
    names = ["mine", "r1", "r2", "r3"]
    m = Match(
        load_variant("alberta"),
        [bot, RandomBot(), RandomBot(), RandomBot()],
        names,
        seed=9,
        holes=holes,
    )
    m.play()
    return m


def test_a_hosted_bot_plays_the_game_it_plays_in_golfs_process(tmp_path: Path) -> None:
    path = tmp_path / "mine.py"
    path.write_text(BOT)
    here = _play(make_bot(str(path), seed="s"))
    hosted = HostedBot(path, seed="s", time_limit=5.0, time_bank=10.0)
    try:
        there = _play(hosted)
    finally:
        hosted.close()
    assert [h.scores for h in there.holes] == [h.scores for h in here.holes]
    assert [h.layouts for h in there.holes] == [h.layouts for h in here.holes]
    assert not any(there.stats[0].faults.values()) and not hosted.running


def test_a_hosted_bots_exception_is_the_fault_golfs_process_gives(tmp_path: Path) -> None:
    path = tmp_path / "mine.py"
    path.write_text(BOT)
    log = tmp_path / "mine.log"
    here = _play(make_bot(str(path), seed="s", options={"crash_at": 5}), holes=1)
    hosted = HostedBot(
        path, {"crash_at": 5}, seed="s", time_limit=5.0, time_bank=10.0, log_path=log
    )
    try:
        there = _play(hosted, holes=1)
    finally:
        hosted.close()
    assert there.stats[0].faults["crash"] == here.stats[0].faults["crash"] == 1
    assert there.stats[0].last_fault == here.stats[0].last_fault
    assert "mine.py:" in there.stats[0].last_fault and "KeyError" in there.stats[0].last_fault
    assert "KeyError: 'missing'" in log.read_text()  # the traceback, for the bot's author
    assert hosted.restarts == 0  # it played on, keeping its state


def test_views_survive_pickling() -> None:
    """Compiled, a frozen class is rebuilt through __init__: View and
    MatchInfo give their fields to pickle (View.__reduce__)."""
    rng = random.Random(4)
    for name, players in (("six-card", 2), ("alberta", 4), ("nine-card", 3)):
        st = HoleState(load_variant(name), players, 0, random.Random(rng.random()))
        for _ in range(30):
            if st.phase == "over":
                break
            for seat in range(players):
                v = view(st, seat, MatchInfo(2, 9, (3,) * st.variant.groups_for(players)))
                back = pickle.loads(pickle.dumps(v))
                # (the host sends no variant: it rebuilds it from its data, as here)
                assert back.variant.to_data() == v.variant.to_data()
                assert back.to_json() == v.to_json() and back.memory == v.memory
                assert back.history == v.history and back.match == v.match
                assert back.turn_limit_left == v.turn_limit_left
            st.apply(rng.choice(st.legal_actions()))
