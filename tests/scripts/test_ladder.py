"""scripts/ladder.py: the duplicate design is exact and raw runs combine honestly.

The ladder's claim "only the upgraded side's bot differs" is tested by
upgrading a side to the very same bot: every deal must then give a paired
difference of exactly zero.  Combining raw files must refuse a deal seen
twice with different results.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from ..helpers import REPO, script_module

ROOT = REPO


def ladder() -> ModuleType:
    return script_module("ladder")


@pytest.mark.parametrize(
    ("scenario", "lower", "upper"),
    [
        # the same bot under another spec string: seeds must follow the seat, not the spec
        ("six-card-2p", "expert", "expert?margin=1.0"),
        ("six-card-4p", "expert", "expert?margin=1.0"),
        ("alberta-partners", "greedy", "greedy?threshold=4"),
    ],
)
def test_upgrading_a_side_to_the_same_bot_changes_nothing(
    scenario: str, lower: str, upper: str
) -> None:
    lad = ladder()
    players = next(s.players for s in lad.SCENARIOS if s.key == scenario)
    for deal in range(3):
        base, up, moved = lad.play_deal((scenario, lower, upper, deal, players))
        assert base == up and moved == 0


def test_a_different_bot_does_change_the_scores() -> None:
    lad = ladder()
    results = [lad.play_deal(("six-card-2p", "random", "greedy", d, 2)) for d in range(5)]
    assert all(upper < base and moved < 0 for base, upper, moved in results)


def test_raw_runs_combine_and_a_conflicting_deal_is_refused(tmp_path: Path) -> None:
    lad = ladder()
    sc = next(s for s in lad.SCENARIOS if s.key == "four-card-2p")
    raw = tmp_path / "raw.jsonl"
    first = lad.run_pair(sc, "random", "greedy", 3, None, 0, str(raw))
    second = lad.run_pair(sc, "random", "greedy", 2, None, 3, str(raw))
    whole = lad.run_pair(sc, "random", "greedy", 5, None, 0)
    combined = lad.from_raw([str(raw)])
    assert combined[("four-card-2p", "random", "greedy")] == first + second == whole
    lines = raw.read_text().splitlines()
    bad = json.loads(lines[0])
    bad["scores"] = [bad["scores"][0] + 1, bad["scores"][1]]
    assert bad["margin"] is not None
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps(bad) + "\n")
    with pytest.raises(SystemExit, match=r"deal 0 .* different result"):
        lad.from_raw([str(raw), str(other)])


def test_the_table_keeps_the_notes_written_after_it(tmp_path: Path) -> None:
    lad = ladder()
    out = tmp_path / "ladder.md"
    out.write_text("old header\n| old | table |\n\n## What the table shows\n\nnotes\n")
    lad.write_table(str(out), ["| new | row |"])
    text = out.read_text()
    assert text.startswith(lad.HEADER)
    assert "| new | row |" in text and "old header" not in text
    assert text.endswith("## What the table shows\n\nnotes\n")


def test_the_verdict_reads_the_margin_when_every_deal_recorded_it() -> None:
    lad = ladder()
    sc = lad.SCENARIOS[0]
    # more strokes for the upper rung, but a clearly better margin over the opponents
    deals = [(8.0, 8.5 + 0.1 * (i % 3), -1.0 - 0.1 * (i % 2)) for i in range(20)]
    assert "upper better (margin)" in lad.row(sc, "expert", "mc", deals)
    older = [(b, u, None) for b, u, _ in deals[:10]] + deals[10:]
    assert "lower better (strokes)" in lad.row(sc, "expert", "mc", older)


def test_a_replay_that_recorded_the_margin_completes_an_older_record(tmp_path: Path) -> None:
    lad = ladder()
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    line = {"scenario": "s", "lower": "expert", "upper": "mc", "deal": 0, "scores": [5.0, 4.0]}
    old.write_text(json.dumps(line) + "\n")
    new.write_text(json.dumps({**line, "margin": -1.5}) + "\n")
    for order in ([old, new], [new, old]):
        assert lad.from_raw([str(p) for p in order])[("s", "expert", "mc")] == [(5.0, 4.0, -1.5)]
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({**line, "margin": -0.5}) + "\n")
    with pytest.raises(SystemExit, match=r"deal 0 .* different result"):
        lad.from_raw([str(new), str(other)])
    moved = tmp_path / "moved.jsonl"
    moved.write_text(json.dumps({**line, "scores": [5.0, 3.0], "margin": -1.5}) + "\n")
    with pytest.raises(SystemExit, match=r"deal 0 .* different result"):
        lad.from_raw([str(old), str(moved)])


# ---------------------------------------------------------------------- the field


@pytest.mark.parametrize("scenario", ["six-card-2p", "six-card-no-flip-2p", "alberta-partners"])
def test_the_field_pairs_every_bot_on_the_same_games(scenario: str) -> None:
    lad = ladder()
    recs = lad.play_field_deal((scenario, ("expert", "expert?margin=1.0"), "racer", 0))
    sides = 2  # heads-up: both seats; partners: both sides
    assert len(recs) == 2 * sides
    same, other = recs[:sides], recs[sides:]
    for a, b in zip(same, other, strict=True):
        assert (a["side"], a["score"], a["others"], a["win"]) == (
            b["side"],
            b["score"],
            b["others"],
            b["win"],
        )
        assert a["decisions"] > 0 and a["cpu"] >= 0
    assert {r["first"] for r in same} == {True, False}


def test_the_field_table_pairs_against_the_expert(tmp_path: Path) -> None:
    lad = ladder()
    sc = next(s for s in lad.FIELD_SCENARIOS if s.key == "six-card-2p")
    raw = tmp_path / "field.jsonl"
    lad.run_field(sc, ["expert", "greedy"], "racer", 3, None, 0, str(raw))
    lad.run_field(sc, ["expert", "greedy"], "denier", 3, None, 0, str(raw))
    recs = lad.field_from_raw([str(raw), str(raw)])  # the same games twice: kept once
    assert len(recs) == 2 * 2 * 3 * 2
    text = "\n".join(lad.field_tables(recs))
    assert "| greedy | margin |" in text and "denier (held out)" in text
    # a bot paired with itself differs by exactly nothing
    twin = [{**r, "bot": "expert?margin=1.0"} for r in recs if r["bot"] == "expert"]
    text = "\n".join(lad.field_tables(recs + twin))
    assert "| expert?margin=1.0 | margin | +0.00 ± 0.00 (12) |" in text
    bad = json.loads(raw.read_text().splitlines()[0])
    bad["score"] += 1
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps(bad) + "\n")
    with pytest.raises(SystemExit, match="different result"):
        lad.field_from_raw([str(raw), str(other)])


def test_the_field_table_pools_the_styles_and_the_outside_opponents() -> None:
    lad = ladder()

    def rec(style: str, deal: int, win: float, score: int) -> dict[str, object]:
        return {
            "scenario": "six-card-2p", "bot": "expert", "style": style, "deal": deal,
            "side": 0, "first": True, "score": score, "others": 10.0, "win": win,
            "closer": "other", "closer_turns": 9, "decisions": 10, "cpu": 0.001,
        }  # fmt: skip

    recs = [rec("racer", 0, 1.0, 4), rec("racer", 1, 1.0, 6)]
    recs += [rec("golfgame:Maya", 0, 0.0, 12), rec("golfgame:Maya", 1, 0.5, 10)]
    text = "\n".join(lad.field_tables(recs))
    head = next(line for line in text.splitlines() if line.startswith("| bot | CPU"))
    assert head.startswith(
        "| bot | CPU ms/decision | all styles | held-out styles | outside opponents | racer |"
    )
    row = next(line for line in text.splitlines() if line.startswith("| expert | 0.100 |"))
    cells = [c.strip() for c in row.strip("|").split("|")][2:]
    # every style's games, the held-out ones (the outside opponent), that one alone
    assert cells[0].startswith("62.5 ± ") and cells[0].endswith("/ +2.00 ± 3.58 (4)")
    assert cells[1].startswith("25.0 ± ") and cells[1].endswith("(2)")
    assert cells[2] == cells[1] == cells[4]
    assert cells[3].startswith("100.0 ± 0.0% / +5.00 ± 1.96 (2)")


def test_the_outside_opponent_says_what_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    from golfcli.bots.registry import BotSpecError, make_bot

    monkeypatch.delenv("GOLFGAME_SERVER", raising=False)
    with pytest.raises(BotSpecError, match="needs GOLFGAME_SERVER"):
        make_bot(str(ROOT / "scripts/golfgame_bot.py"))


def test_the_ladder_page_begins_with_the_scripts_header() -> None:
    """docs/ladder.md's generated head (the bot table and how it is
    measured) is written by the script: an edit made to the page alone
    would be lost the next time the tables are written, so the two agree."""
    page = ROOT / "docs" / "ladder.md"
    assert page.read_text(encoding="utf-8").startswith(ladder().HEADER)


def test_a_hole_s_win_share_is_split_among_the_tied_lowest() -> None:
    """One count of a hole won serves the ladder's tables, the ceiling's and
    the win model's labels: alone lowest 1, tied lowest shared, else 0."""
    share = script_module("strength_common").win_share
    assert [share((3, 5), s) for s in (0, 1)] == [1.0, 0.0]
    assert [share((5, 5), s) for s in (0, 1)] == [0.5, 0.5]
    assert [share((4, 9, 4), s) for s in (0, 1, 2)] == [0.5, 0.0, 0.5]
    assert share((2, 2, 2), 1) == pytest.approx(1 / 3)
