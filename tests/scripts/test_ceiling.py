"""scripts/ceiling.py: the ceiling's measuring tool.

Its oracle reads hidden cards, so what matters is that the measure is
fair: the same deal and seeds as the ladder's games (level ``expert`` is the
expert of a normal match, move for move), the opponent shown nothing but
its censored view, and the same numbers for the same seed.  A handful of
holes against a field style (no outside project needed).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.replay import actions_of, replay_steps
from golfcli.view import MatchInfo, View, view

from ..helpers import script_module

ceiling = script_module("ceiling")
RULES = "six-card-2p"
OPPONENT = "strong"


class Spy:
    """A field bot that keeps every argument it is given."""

    def __init__(self) -> None:
        self.bot = make_bot("field?style=strong")
        self.asked: list[tuple[Any, Any, Any]] = []

    def seed(self, seed: int | str) -> None:
        self.bot.seed(seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> Spy:
        """The seer's copy of the real opponent: a spy of its own."""
        twin = Spy()
        twin.bot = copy.deepcopy(self.bot, memo)
        return twin

    def choose(self, v: Any, legal: Any) -> Any:
        action = self.bot.choose(v, legal)
        self.asked.append((v, legal, action))
        return action


def _moves(events: Any, seat: int) -> list[Any]:
    return [ev for ev in events if ev.seat == seat]


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("deal", [0, 1, 2])
def test_level_expert_plays_the_expert_of_a_normal_match(deal: int, seat: int) -> None:
    st, _ = ceiling.play(RULES, "expert", make_bot("field?style=strong"), deal, seat)
    variant = ceiling.ladder.field_variant("six-card")
    bots = [make_bot("field?style=strong"), make_bot("field?style=strong")]
    bots[seat] = make_bot("expert")
    names = list(ceiling.NAMES)
    res = Match(variant, bots, names, seed=ceiling.seed_of(RULES, deal), holes=1, record=True)
    hole = res.play().holes[0]
    assert tuple(st.events) == hole.events
    assert st.result is not None and st.result.totals == hole.scores


@pytest.mark.parametrize("level", ["expert", "own", "all", "seer"])
def test_the_opponent_is_shown_only_its_censored_view(level: str) -> None:
    seat, deal = 1, 3
    spy = Spy()
    st, _ = ceiling.play(RULES, level, spy, deal, seat)
    info = MatchInfo(1, 1, (0, 0), ("seat0", "seat1"))
    expected = [
        (view(s, 1 - seat, info), s.legal_actions())
        for s in replay_steps(st.variant, 2, st.events)
        if s.phase != "over" and s.current == 1 - seat
    ]
    assert len(spy.asked) == len(expected) > 5
    for (got, legal, _), (want, want_legal) in zip(spy.asked, expected, strict=True):
        assert type(got) is View
        assert got == want and tuple(legal) == tuple(want_legal)


def test_level_own_tells_the_expert_its_own_cards() -> None:
    told: list[View] = []

    class Recorder:
        def choose(self, v: View, legal: Any) -> Any:
            told.append(v)
            return legal[0]

    st, _ = ceiling.play(RULES, "expert", make_bot("field?style=strong"), 0, 0)
    own = ceiling.OwnCards(Recorder())
    for s in replay_steps(st.variant, 2, st.events):
        if s.phase != "over" and s.current == 0:
            v = view(s, 0)
            own.choose(s, v, s.legal_actions())
            mine = [c for c in v.layouts[0]]
            assert told[-1].known_layout() == list(s.layouts[0])
            # only the memory changed: the face-down cards stay face down
            assert told[-1].layouts == v.layouts and told[-1].history == v.history
            assert None in mine or s.phase == "over"
    assert len(told) > 5


def test_the_same_seed_gives_the_same_games() -> None:
    def plain(rec: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in rec.items() if k != "cpu"}  # process time varies

    for level in ("own", "all", "seer"):
        first = ceiling.play_hole(RULES, level, OPPONENT, 5, 0)
        assert plain(first) == plain(ceiling.play_hole(RULES, level, OPPONENT, 5, 0))
    both = ceiling.play_deal((RULES, ("expert",), OPPONENT, 5))
    assert [(r["level"], r["seat"], r["first"]) for r in both] == [
        ("expert", 0, False),
        ("expert", 1, True),
    ]


@pytest.mark.parametrize("level", ["all", "seer"])
def test_the_search_leaves_the_real_opponent_alone(level: str) -> None:
    """The oracle's rollouts draw nothing from the real opponent's
    generator: a fresh copy of it, given the same views, answers the same."""
    deal, seat = 4, 0
    spy = Spy()
    ceiling.play(RULES, level, spy, deal, seat)
    fresh = make_bot("field?style=strong")
    fresh.seed(ceiling.bot_seed(ceiling.seed_of(RULES, deal), "seat1"))
    assert [fresh.choose(v, legal) for v, legal, _ in spy.asked] == [a for *_, a in spy.asked]


def test_lookahead_plays_the_move_with_the_best_rollout() -> None:
    deal, seat = 4, 0
    st, oracle = ceiling.play(RULES, "all", make_bot("field?style=strong"), deal, seat)
    info = MatchInfo(1, 1, (0, 0), ("seat0", "seat1"))
    probe = ceiling.Lookahead(ceiling.seed_of(RULES, deal), seat, info)
    checked = 0
    for s in replay_steps(st.variant, 2, st.events):
        if s.phase == "over" or s.current != seat:
            continue
        legal = s.legal_actions()
        if len(legal) > 1:
            values = {a: probe.outcome(s, a) for a in legal}
            played = next(actions_of(st.events[len(s.events) :]))
            best = max(values.values())
            assert next(a for a in legal if values[a] == best) == played
            checked += 1
            if checked == 6:
                break
        probe.decisions += 1
    assert checked == 6 and oracle.decisions > probe.decisions


def test_table_and_raw_files(tmp_path: Path) -> None:
    raw = tmp_path / "raw.jsonl"
    recs = ceiling.run(RULES, ["expert", "own"], [OPPONENT], 0, 3, 1, str(raw))
    assert len(recs) == 12 and len(raw.read_text().splitlines()) == 12
    lines = ceiling.table(ceiling.read_raw([str(raw), str(raw)]))
    assert lines[0].startswith("| rules | opponent | level | holes |")
    own = next(line for line in lines if "| own |" in line)
    assert "| 6 |" in own and "(6)" in own
    bad = tmp_path / "bad.jsonl"
    first = json.loads(raw.read_text().splitlines()[0])
    bad.write_text(json.dumps({**first, "score": first["score"] + 1}) + "\n")
    with pytest.raises(ValueError, match=r"bad\.jsonl:1: .* another result"):
        ceiling.read_raw([str(raw), str(bad)])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--levels", "god", "--against", OPPONENT], "unknown level 'god'"),
        (["--levels", "expert"], "--against names no opponent"),
        (["--against", "nosuchbot"], "nosuchbot: unknown bot 'nosuchbot'"),
        (["--levels", "bot:nosuchbot", "--against", OPPONENT], "nosuchbot: unknown bot"),
        (["--table", "/nonexistent.jsonl"], "/nonexistent.jsonl: No such file"),
    ],
)
def test_the_command_line_says_what_is_wrong_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        ceiling.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_damaged_raw_file_is_named_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = tmp_path / "raw.jsonl"
    raw.write_text('{"rules": "six-card-2p"}\n')
    with pytest.raises(SystemExit) as exc:
        ceiling.main(["--table", str(raw)])
    assert exc.value.code == 2
    assert f"{raw}:1: not a record of this tool" in capsys.readouterr().err


def test_the_table_pools_the_golfgame_personalities() -> None:
    def rec(opponent: str, level: str, seat: int, win: float) -> dict[str, Any]:
        return {
            "rules": RULES,
            "level": level,
            "opponent": opponent,
            "deal": 7,
            "seat": seat,
            "first": seat == 1,
            "score": 10,
            "other": 12,
            "win": win,
            "decisions": 4,
            "cpu": 0.004,
        }

    recs = [
        rec(opp, level, seat, win)
        for opp in ("golfgame:A", "golfgame:B")
        for level, win in (("expert", 0.0), ("own", 1.0))
        for seat in (0, 1)
    ]
    rows = {tuple(c.strip() for c in line.split("|")[2:5]): line for line in ceiling.table(recs)}
    pooled = rows[(ceiling.POOLED, "own", "4")]
    assert "| 100.0 ± 0.0 |" in pooled and "+100.0 ± 0.0 (4)" in pooled and "| 1.00 |" in pooled
    assert ("golfgame:A", "own", "2") in rows and (ceiling.POOLED, "expert", "4") in rows
    against_own = ceiling.table(recs, reference="own")
    assert "paired change from `own`" in against_own[0]
    assert any("| expert |" in line and "-100.0 ± 0.0 (4)" in line for line in against_own)


def test_the_lookahead_rolls_its_own_seat_out_told_its_cards() -> None:
    """Level ``all`` is one step of search on top of level ``own``: in its
    rollouts its own seat knows its cards (the opponent's does not)."""
    st, _ = ceiling.play(RULES, "expert", make_bot("field?style=strong"), 4, 0)
    info = MatchInfo(1, 1, (0, 0), ("seat0", "seat1"))
    probe = ceiling.Lookahead(ceiling.seed_of(RULES, 4), 0, info)
    told: list[View] = []

    class Recorder:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def seed(self, seed: str) -> None:
            self.bot.seed(seed)

        def choose(self, v: View, legal: Any) -> Any:
            told.append(v)
            return self.bot.choose(v, legal)

    probe.bot, probe.other = Recorder(probe.bot), Recorder(probe.other)
    start = next(
        s for s in replay_steps(st.variant, 2, st.events) if s.phase == "draw" and s.current == 0
    )
    probe.outcome(start, start.legal_actions()[0])
    mine = [v for v in told if v.seat == 0]
    theirs = [v for v in told if v.seat == 1]
    assert mine and theirs
    assert all(None not in v.known_layout() for v in mine)
    assert any(None in v.known_layout() for v in theirs)
