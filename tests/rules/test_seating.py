"""Partner seating has one statement, ``Variant.side_of``: every table reads it.

Alberta's partners sit alternately (A and C against B and D).  Seat them
otherwise here (A and B against C and D) and the hole, the match, ``golf
play``, ``golf replay`` and ``golf card`` must all follow: a place that worked
the seating out for itself (``s % groups``) would not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from golfcli.bots import RandomBot
from golfcli.cli.app import app
from golfcli.match import Match
from golfcli.state import HoleState
from golfcli.tournament.config import load_config
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant

from ..helpers import REPO, CliRunner

NAMES = ["Ann", "Bob", "Cat", "Dan"]
ROOT = REPO


def test_partners_sit_alternately_and_others_alone() -> None:
    alberta = builtin("alberta")
    assert alberta.side_of(4) == (0, 1, 0, 1)
    assert alberta.side_of(6) == (0, 1, 2, 0, 1, 2)
    assert alberta.side_of(3) == (0, 1, 2)  # no partners at three
    assert builtin("six-card").side_of(4) == (0, 1, 2, 3)


@pytest.fixture
def side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four players seated A and B against C and D."""
    plain = Variant.side_of

    def seated(self: Variant, players: int) -> tuple[int, ...]:
        return (0, 0, 1, 1) if players == 4 else plain(self, players)

    monkeypatch.setattr(Variant, "side_of", seated)


def run(*args: str) -> str:
    r = CliRunner().invoke(app, list(args))
    assert r.exit_code == 0, r.stderr
    return r.stdout


@pytest.mark.usefixtures("side_by_side")
def test_every_table_seats_partners_as_the_variant_says(tmp_path: Path) -> None:
    v = load_variant("alberta")  # a fresh variant: its tables are worked out anew
    st = HoleState(v, 4, 0)
    assert st.side_of == [0, 0, 1, 1] and st.seats_of == [[0, 1], [2, 3]]

    m = Match(v, [RandomBot() for _ in NAMES], NAMES, seed=1, holes=1, record=True)
    assert m.side_of == (0, 0, 1, 1) and m.side_names == ("Ann & Bob", "Cat & Dan")
    hole = m.play().holes[0]
    assert hole.events is not None
    first_swap: dict[int, Any] = {}
    for ev in hole.events:
        if ev.kind == "swap":
            first_swap.setdefault(ev.seat, ev.pos)
    assert set(first_swap) == {0, 1, 2, 3}  # everyone played on the shared layouts

    record = tmp_path / "game.jsonl"
    shown = run(
        "play", "-v", "alberta", "--players", "ann=random,bob=random,cat=random,dan=random",
        "--holes", "1", "--seed", "2", "--record", str(record), "--ascii",
    )  # fmt: skip
    assert "ann & bob" in shown and "cat & dan" in shown
    assert "ann & bob" in run("replay", str(record), "--to-end", "--ascii")

    card = tmp_path / "night.yaml"
    run("card", "new", str(card), "-v", "alberta", "-p", ",".join(NAMES))
    assert yaml.safe_load(card.read_text(encoding="utf-8"))["partners"] == [
        ["Ann", "Bob"],
        ["Cat", "Dan"],
    ]

    # a tournament seats each team's members on its side (configs/alberta.yaml:
    # Clubs are ann and cat, Spades bob and dan)
    plan = load_config(ROOT / "configs" / "alberta.yaml")
    for slot in map(plan.slot, range(plan.per_deal)):
        names = [plan.players[p].name for p in slot.seating]
        teams = [{names[0], names[1]}, {names[2], names[3]}]
        assert sorted(map(sorted, teams)) == [["ann", "cat"], ["bob", "dan"]]
