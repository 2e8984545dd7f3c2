"""The scorecard library the command line and a page share (golfcli.scorecard.ops).

Called as a page would call it, in process: each operation with the revision
its caller saw, refusals as precise exceptions carrying what a page needs
(the card as it is now, the field and place of a bad value), every change
to the table undoable, and the case of a correction after a playoff that
once named a stale winner.  The command line's side of the same operations
is in test_scorecard_table.py; real processes in test_scorecard_processes.py.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from golfcli.exceptions import InputError
from golfcli.scorecard import ops, start, store
from golfcli.scorecard.model import (
    BadValue,
    CardExists,
    ChangeError,
    GameOver,
    HoleEntered,
    NoSuchHole,
    Scorecard,
    ScorecardError,
    StaleCard,
)
from golfcli.scorecard.present import show_json, status_lines
from golfcli.scorecard.standings import standing

from ..helpers import REPO

PACKAGE = REPO / "golfcli" / "scorecard"


def new_card(
    path: Path, players: str = "Ann,Bob,Cat", *, mini: bool = False, **kw: Any
) -> Scorecard:
    names = players.split(",")
    card = start.new_mini_card(names, **kw) if mini else start.new_golf_card(path, names, **kw)
    return ops.start_card(path, card).card


def entered(path: Path, *rows: str) -> Scorecard:
    """Enter holes given as "Ann=3 Bob=5 Cat=4"; returns the card after them."""
    card = ops.read_card(path)
    for row in rows:
        card = ops.add_hole(path, [tuple(x.split("=", 1)) for x in row.split()]).card  # type: ignore[misc]
    return card


def content(card: Scorecard) -> dict[str, Any]:
    """What a card holds, its history and counter aside: an undo must give it back."""
    data = card.to_data()
    for key in ("revision", "history"):
        data.pop(key)
    return data


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "night.yaml"
    new_card(path)
    return path


# --------------------------------------------------------------------------- a library


def test_the_scorecard_package_prints_asks_and_exits_nothing() -> None:
    """The command half lives in golfcli/cli/card*.py: nothing under
    golfcli/scorecard imports Typer or the command line's error printer, or
    calls print, input or sys.exit."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(n.split(".")[0] in ("typer", "click", "rich") or n == "errors" for n in names):
                found.append(f"{path.name}:{node.lineno} imports {names}")
            if isinstance(node, ast.Call):
                f = node.func
                called = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
                if called in ("print", "input", "exit", "prompt", "confirm"):
                    found.append(f"{path.name}:{node.lineno} calls {called}")
    assert found == []


def test_the_checker_sees_what_it_looks_for(tmp_path: Path) -> None:
    tree = ast.parse("import typer\nprint('x')\n")
    assert isinstance(tree.body[0], ast.Import) and tree.body[0].names[0].name == "typer"
    call = tree.body[1]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)


# --------------------------------------------------------------------------- revisions


def test_a_write_with_the_revision_seen_goes_in_and_a_stale_one_is_refused(night: Path) -> None:
    seen = ops.read_card(night)
    assert seen.revision == 1
    first = ops.add_hole(night, {"Ann": 3, "Bob": "5", "Cat": 4}, expect=seen.revision)
    assert first.card.revision == 2 and first.change.what == "add"
    before = night.read_bytes()
    with pytest.raises(StaleCard) as exc:  # a page that did not see hole 1 being entered
        ops.add_hole(night, {"Ann": 1, "Bob": 1, "Cat": 1}, expect=seen.revision)
    assert night.read_bytes() == before  # nothing laid over what the other wrote
    stale = exc.value
    assert isinstance(stale, ChangeError) and isinstance(stale, InputError)
    assert stale.expected == 1 and stale.card.revision == 2  # the card as it is now
    assert [c.what for c in stale.changes] == ["add"]
    assert "1 change since revision 1" in str(stale)
    # with the card it read (not just its revision) an editor's change is seen too
    card = ops.read_card(night)
    night.write_text(night.read_text() + "# a note\n")
    with pytest.raises(StaleCard, match="changed by another program"):
        ops.add_hole(night, {"Ann": 1, "Bob": 1, "Cat": 1}, expect=card)
    # no expect: the change applies to the card as it is (the next hole)
    assert ops.add_hole(night, {"Ann": 1, "Bob": 1, "Cat": 1}).card.revision == 3


def test_every_operation_takes_expect(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    new_card(path, "Ann,Bob")
    entered(path, "Ann=1 Bob=2")
    calls = [
        lambda e: ops.add_hole(path, {"Ann": 1, "Bob": 1}, expect=e),
        lambda e: ops.fix_hole(path, 1, {"Ann": 5}, expect=e),
        lambda e: ops.undo(path, expect=e),
        lambda e: ops.join(path, "Cat", expect=e),
        lambda e: ops.leave(path, "Bob", expect=e),
        lambda e: ops.rename(path, "Ann", "Anne", expect=e),
        lambda e: ops.set_holes(path, 18, expect=e),
        lambda e: ops.set_switches(path, twos_minus=False, expect=e),
        lambda e: ops.set_dealer(path, other_than_the_dealer(path), expect=e),
    ]
    for call in calls:
        before = path.read_bytes()
        with pytest.raises(StaleCard):
            call(0)
        assert path.read_bytes() == before
        revision = ops.read_card(path).revision
        assert call(revision).card.revision == revision + 1


def other_than_the_dealer(path: Path) -> str:
    card = ops.read_card(path)
    return next(p for p in card.players if p != card.dealer and p not in card.left)


# --------------------------------------------------------------------------- holes


def test_the_hole_number_travels_with_the_entry(night: Path) -> None:
    ops.add_hole(night, {"Ann": 3, "Bob": 5, "Cat": 4}, hole=1)
    before = night.read_bytes()
    with pytest.raises(HoleEntered) as exc:  # the second phone sends hole 1 again
        ops.add_hole(night, {"Ann": 3, "Bob": 5, "Cat": 4}, hole=1)
    assert exc.value.hole.number == 1 and str(exc.value) == (
        "hole 1 is already entered (Ann 3, Bob 5, Cat 4)"
    )
    with pytest.raises(ChangeError, match="hole 3 cannot be entered now: hole 2 comes next"):
        ops.add_hole(night, {"Ann": 3, "Bob": 5, "Cat": 4}, hole=3)
    assert night.read_bytes() == before
    assert ops.add_hole(night, {"Ann": 1, "Bob": 2, "Cat": 3}, hole=2).card.regular[1].number == 2


def test_a_hole_on_a_finished_game_and_a_playoff_too_early(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    new_card(path, "Ann,Bob", holes=1)
    with pytest.raises(ChangeError, match="the game is not over yet"):
        ops.playoff_hole(path, {"Ann": 1, "Bob": 2})
    entered(path, "Ann=4 Bob=4")
    with pytest.raises(GameOver) as exc:
        ops.add_hole(path, {"Ann": 1, "Bob": 2})
    assert exc.value.tied and str(exc.value) == "the game is over"
    with pytest.raises(HoleEntered):  # a hole number says more than "the game is over"
        ops.add_hole(path, {"Ann": 1, "Bob": 2}, hole=1)
    with pytest.raises(GameOver):
        ops.add_hole(path, {"Ann": 1, "Bob": 2}, hole=2)
    assert ops.playoff_hole(path, {"Ann": 3, "Bob": 2}).card.played[-1].playoff


@pytest.mark.parametrize(
    "scores,field,place,problem",
    [
        ({"Zed": 1}, "scores", "'Zed'", "unknown player (players: Ann, Bob, Cat)"),
        ({"Ann": "x", "Bob": 1, "Cat": 1}, "scores", "hole 1, Ann", "'x' is not a number"),
        ({"Ann": 1, "Bob": 1}, "scores", "hole 1", "no score for Cat"),
        ({"Ann": 1, "Bob": 1, "Cat": "5 K 2"}, "scores", "hole 1, Cat", "a 1x3 layout"),
        ({"Ann": 1_000_000, "Bob": 1, "Cat": 1}, "scores", "hole 1, Ann", "not a number"),
    ],
)
def test_a_bad_value_names_its_field_and_place(
    night: Path, scores: dict[str, Any], field: str, place: str, problem: str
) -> None:
    before = night.read_bytes()
    with pytest.raises(BadValue) as exc:
        ops.add_hole(night, scores)
    assert (exc.value.field, exc.value.place) == (field, place)
    assert problem in exc.value.problem and str(exc.value).startswith(place)
    assert night.read_bytes() == before


def test_a_score_given_twice_and_a_closer_not_on_the_hole(night: Path) -> None:
    with pytest.raises(BadValue, match="given twice"):
        ops.add_hole(night, [("Ann", "1"), ("ann", "2"), ("Bob", "1"), ("Cat", "1")])
    with pytest.raises(BadValue) as exc:
        ops.add_hole(night, {"Ann": 1, "Bob": 1, "Cat": 1}, closer="Zed")
    assert exc.value.field == "closer"


def test_fix_undo_and_a_hole_that_is_not_there(night: Path) -> None:
    entered(night, "Ann=1 Bob=2 Cat=3")
    done = ops.fix_hole(night, "1", {"Bob": "5 K 2 / 5 7 9"})
    assert done.card.played[0].scores["Bob"].score == 14 and done.change.what == "fix"
    with pytest.raises(NoSuchHole) as exc:
        ops.fix_hole(night, "P1", {"Bob": 1})
    assert (exc.value.given, exc.value.have) == ("P1", "1 hole entered: 1")
    undone = ops.undo(night)
    assert undone.card.played[0].scores["Bob"].score == 2
    assert undone.change.undoes == done.change.number


def test_start_card_refuses_an_existing_card_and_a_missing_folder(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    new_card(path)
    with pytest.raises(CardExists):
        new_card(path)
    assert ops.read_card(path).players == ["Ann", "Bob", "Cat"]
    forced = ops.start_card(path, start.new_golf_card(path, ["X", "Y"]), force=True)
    assert forced.card.players == ["X", "Y"] and forced.card.revision == 1
    with pytest.raises(ScorecardError, match="no such folder"):
        new_card(tmp_path / "no" / "c.yaml")


# --------------------------------------------------------------------------- the dealer


def test_the_dealer_marker_moves_one_seat_each_hole_and_back_with_undo(night: Path) -> None:
    assert ops.read_card(night).dealer == "Ann"
    card = entered(night, "Ann=1 Bob=2 Cat=3", "Ann=1 Bob=2 Cat=3", "Ann=1 Bob=2 Cat=3")
    assert [h.dealer for h in card.played] == ["Ann", "Bob", "Cat"]
    assert card.dealer == "Ann"  # round the table and back to the first seat
    assert "Ann deals hole 4." in status_lines(card, standing(card), "night.yaml")
    assert show_json(card, standing(card))["dealer"] == "Ann"
    assert [r["dealer"] for r in show_json(card, standing(card))["rows"]] == ["Ann", "Bob", "Cat"]
    assert ops.undo(night).card.dealer == "Cat"  # the hole taken back: its dealer deals again
    moved = ops.set_dealer(night, "bob")  # by hand, any case
    assert moved.card.dealer == "Bob" and moved.change.was == {"dealer": "Cat"}
    with pytest.raises(ChangeError, match="Bob deals next already"):
        ops.set_dealer(night, "Bob")
    with pytest.raises(BadValue, match="unknown player"):
        ops.set_dealer(night, "Zed")
    assert ops.undo(night).card.dealer == "Cat"


def test_the_first_dealer_can_be_chosen(tmp_path: Path) -> None:
    assert new_card(tmp_path / "d.yaml", dealer="Cat").dealer == "Cat"
    with pytest.raises(BadValue) as exc:
        new_card(tmp_path / "e.yaml", dealer="Zed")
    assert exc.value.field == "dealer"
    assert new_card(tmp_path / "m.yaml", mini=True).dealer is None  # mini golf deals no cards


# --------------------------------------------------------------------------- players


def test_a_late_player_takes_each_missed_holes_highest_score(night: Path) -> None:
    entered(night, "Ann=3 Bob=9 Cat=4", "Ann=7 Bob=2 Cat=1")
    before = content(ops.read_card(night))
    done = ops.join(night, "Dan")
    card = done.card
    assert card.players == ["Ann", "Bob", "Cat", "Dan"]
    assert [h.scores["Dan"].score for h in card.played] == [9, 7]  # the highest of each hole
    assert all(h.scores["Dan"].missed for h in card.played)
    assert standing(card).totals == [10, 11, 5, 16]
    assert done.change.now == {"player": "Dan", "seat": 3, "missed": {1: 9, 2: 7}, "rule": "high"}
    card = ops.add_hole(night, {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 0}).card  # Dan plays on
    assert not card.played[-1].scores["Dan"].missed
    ops.undo(night)
    assert content(ops.undo(night).card) == before


def test_a_player_joins_at_a_seat_with_a_fixed_score_for_missed_holes(night: Path) -> None:
    entered(night, "Ann=3 Bob=9 Cat=4")
    card = ops.join(night, "Dan", seat=1, missed=10).card
    assert card.players[0] == "Dan" and card.played[0].scores["Dan"].score == 10
    assert list(card.played[0].scores) == ["Dan", "Ann", "Bob", "Cat"]  # seat order


@pytest.mark.parametrize("seat", [0, 6])
def test_a_seat_off_the_table_is_refused(night: Path, seat: int) -> None:
    ops.join(night, "Dan", seat=4)  # after the last of three: seat 4 is there
    with pytest.raises(BadValue) as exc:
        ops.join(night, "Eve", seat=seat)
    assert exc.value.field == "seat" and "from 1 to 5" in exc.value.problem


def test_who_may_join(tmp_path: Path, night: Path) -> None:
    with pytest.raises(BadValue, match="'ann' is on the card already"):
        ops.join(night, "ann")
    for bad in ("", "A=B", "Ann\x1b"):
        with pytest.raises(BadValue) as exc:
            ops.join(night, bad)
        assert exc.value.field == "name"
    with pytest.raises(BadValue) as exc:
        ops.join(night, "Dan", missed="low")
    assert exc.value.field == "missed"
    # the variant's table: six-card seats 2 to 12
    full = tmp_path / "full.yaml"
    new_card(full, ",".join(f"P{i}" for i in range(11)))
    ops.join(full, "P11")
    with pytest.raises(ChangeError, match="P12 cannot join"):
        ops.join(full, "P12")
    # partners sit as the variant seats them for the whole game
    alb = tmp_path / "alb.yaml"
    new_card(alb, "Ann,Bob,Cat,Dan", variant="alberta")
    with pytest.raises(ChangeError, match="partner game"):
        ops.join(alb, "Eve")
    assert ops.rename(alb, "Cat", "Kat").card.side_names == ["Ann & Kat", "Bob & Dan"]


def test_a_player_who_leaves_keeps_their_holes_and_is_out_of_the_running(night: Path) -> None:
    entered(night, "Ann=9 Bob=1 Cat=4")
    before = content(ops.read_card(night))
    done = ops.leave(night, "bob")
    card = done.card
    assert card.left == {"Bob": 1} and card.players == ["Ann", "Bob", "Cat"]
    assert done.change.now == {"player": "Bob", "after": 1, "dealer": "Cat"}  # Bob dealt next
    st = standing(card)
    assert st.totals == [9, 1, 4] and st.leaders == [2]  # Bob's 1 is out of the running
    card = entered(night, "Ann=1 Cat=1")  # the holes to come: without Bob
    assert "Bob" not in card.played[1].scores
    assert standing(card).running[1] == [10, None, 5]
    with pytest.raises(BadValue, match="'Bob': left the game after hole 1"):
        ops.add_hole(night, {"Ann": 1, "Bob": 1, "Cat": 1})
    with pytest.raises(ChangeError, match="Bob left the game after hole 1 already"):
        ops.leave(night, "Bob")
    with pytest.raises(ChangeError, match="Cat cannot leave"):  # six-card: two at least
        ops.leave(night, "Cat")
    ops.undo(night)
    assert content(ops.undo(night).card) == before


def test_the_dealer_passes_a_player_who_left(night: Path) -> None:
    entered(night, "Ann=1 Bob=1 Cat=1")  # Ann dealt; Bob deals next
    card = ops.leave(night, "Bob").card
    assert card.dealer == "Cat"  # the marker passes to the next seat still playing
    card = entered(night, "Ann=1 Cat=1")
    assert card.played[-1].dealer == "Cat" and card.dealer == "Ann"
    ops.undo(night)
    assert ops.undo(night).card.dealer == "Bob"


def test_a_player_who_played_no_hole_is_taken_off(night: Path) -> None:
    before = content(ops.read_card(night))
    done = ops.leave(night, "Ann")  # Ann held the marker
    assert done.card.players == ["Bob", "Cat"] and done.card.dealer == "Bob"
    assert done.change.now["removed"] is True
    assert content(ops.undo(night).card) == before
    # a late player who leaves before playing a hole: taken off with the holes they missed
    entered(night, "Ann=3 Bob=9 Cat=4")
    with_dan = content(ops.join(night, "Dan").card)
    taken = ops.leave(night, "Dan").card
    assert taken.players == ["Ann", "Bob", "Cat"] and "Dan" not in taken.played[0].scores
    assert content(ops.undo(night).card) == with_dan


def test_rename_on_every_hole_and_back(night: Path) -> None:
    entered(night, "Ann=1 Bob=2 Cat=3")
    ops.add_hole(night, {"Ann": 1, "Bob": 2, "Cat": 3}, closer="Bob")
    before = content(ops.read_card(night))
    card = ops.rename(night, "bob", "Robert").card
    assert card.players == ["Ann", "Robert", "Cat"]
    assert all("Robert" in h.scores and "Bob" not in h.scores for h in card.played)
    assert card.played[1].closer == "Robert" and card.played[1].dealer == "Robert"
    assert ops.read_card(night).history[2].scores == {"Ann": 1, "Bob": 2, "Cat": 3}  # as it was
    with pytest.raises(BadValue, match="'Cat' is on the card already"):
        ops.rename(night, "Ann", "Cat")
    with pytest.raises(ChangeError, match="called Robert already"):
        ops.rename(night, "Robert", "Robert")
    assert content(ops.undo(night).card) == before
    assert ops.rename(night, "ann", "ANN").card.players[0] == "ANN"  # a case corrected


# --------------------------------------------------------------------------- the game


def test_a_game_extended_from_9_to_18_goes_on_and_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "nine.yaml"
    new_card(path, "Ann,Bob", holes=2)
    card = entered(path, "Ann=1 Bob=2", "Ann=1 Bob=2")
    assert standing(card).finished
    before = content(card)
    card = ops.set_holes(path, 4).card
    assert card.holes == 4 and not standing(card).finished
    entered(path, "Ann=5 Bob=5")
    with pytest.raises(ChangeError, match="3 holes are played already"):
        ops.set_holes(path, 2)
    assert ops.set_holes(path, 3).card.holes == 3  # down to the holes played: it ends there
    with pytest.raises(ChangeError, match="has 3 holes already"):
        ops.set_holes(path, 3)
    for _ in range(3):
        ops.undo(path)
    assert content(ops.read_card(path)) == before


@pytest.mark.parametrize("holes,ok", [(0, False), (1, True), (1000, True), (1001, False)])
def test_the_games_length_at_its_bounds(tmp_path: Path, holes: int, ok: bool) -> None:
    path = tmp_path / "b.yaml"
    new_card(path, "Ann,Bob")
    if ok:
        assert ops.set_holes(path, holes).card.holes == holes
    else:
        with pytest.raises(BadValue) as exc:
            ops.set_holes(path, holes)
        assert exc.value.field == "holes"


def test_no_length_for_a_target_game_and_none_after_a_playoff(tmp_path: Path) -> None:
    duel = tmp_path / "duel.yaml"
    new_card(duel, "Ann,Bob", variant="duel")
    with pytest.raises(ChangeError, match="a game to a target"):
        ops.set_holes(duel, 18)
    tied = tmp_path / "tied.yaml"
    new_card(tied, "Ann,Bob", holes=1)
    entered(tied, "Ann=3 Bob=3")
    ops.playoff_hole(tied, {"Ann": 1, "Bob": 2})
    with pytest.raises(ChangeError, match="playoff holes were played"):
        ops.set_holes(tied, 2)


def test_a_target_game_to_100(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    card = new_card(path, "Ann,Bob", target=100)
    assert (card.holes, card.target, card.target_rule, card.max_holes) == (None, 100, "reach", None)
    card = entered(path, "Ann=60 Bob=10", "Ann=39 Bob=10")
    assert not standing(card).finished  # 99
    card = entered(path, "Ann=1 Bob=10")
    st = standing(card)
    assert st.finished and st.winners == [1]  # Ann reached 100; Bob's 30 is lowest
    for target in (0, 100_001):
        with pytest.raises(BadValue) as exc:
            new_card(tmp_path / f"x{target}.yaml", "Ann,Bob", target=target)
        assert exc.value.field == "target"
    with pytest.raises(BadValue, match="not both"):
        new_card(tmp_path / "y.yaml", "Ann,Bob", target=50, holes=9)


def test_switches_for_the_holes_to_come(night: Path) -> None:
    layout = "5 K 2 / 5 7 9"  # 14 with twos -2; 18 with twos +2
    ops.add_hole(night, {"Ann": layout, "Bob": layout, "Cat": 1})
    before = content(ops.read_card(night))
    done = ops.set_switches(night, twos_minus=False)
    assert done.change.now["from"] == 2 and done.change.was["twos"] == -2
    assert done.change.now["twos"] == 2
    card = done.card
    assert card.overrides == ["values.ranks.2=2"]
    assert "Toggles: twos -2 off (twos +2), kings 0 on." in card.values
    assert card.played[0].overrides == []  # hole 1 keeps the rules it was counted with
    card = ops.add_hole(night, {"Ann": layout, "Bob": 1, "Cat": 1}).card
    assert card.played[1].scores["Ann"].score == 18 and card.played[0].scores["Ann"].score == 14
    assert ops.read_card(night).warnings == []  # hole 1 checked by its own rules: no "hand edit"
    fixed = ops.fix_hole(night, 1, {"Cat": layout}).card  # a fix counts it by its own rules too
    assert [e.score for e in fixed.played[0].scores.values()] == [14, 14, 14]
    with pytest.raises(ChangeError, match="twos count \\+2 already"):
        ops.set_switches(night, twos_minus=False)
    for _ in range(3):
        ops.undo(night)
    assert content(ops.read_card(night)) == before
    with pytest.raises(BadValue):
        ops.set_switches(night)


def test_switches_back_and_forth_keep_every_hole_right(night: Path) -> None:
    layout = "5 K 2 / 5 7 9"
    counts = []
    for twos_minus in (False, True, False):
        ops.add_hole(night, {"Ann": layout, "Bob": 1, "Cat": 1})
        ops.set_switches(night, twos_minus=twos_minus)
    card = ops.add_hole(night, {"Ann": layout, "Bob": 1, "Cat": 1}).card
    counts = [h.scores["Ann"].score for h in card.played]
    assert counts == [14, 18, 14, 18]
    assert ops.read_card(night).warnings == []
    for _ in range(4):
        assert ops.read_card(night).warnings == []
        ops.undo(night)


def test_par_as_the_course_is_learned(tmp_path: Path) -> None:
    path = tmp_path / "putt.yaml"
    new_card(path, "Ann,Bob", mini=True, holes=3)
    card = entered(path, "Ann=3 Bob=4")
    assert standing(card).to_par is None
    card = ops.set_par(path, {1: 3}).card
    assert card.par == [3, None, None] and standing(card).to_par == [0, 1]
    card = ops.set_par(path, {2: 2, 3: 4}).card
    assert card.par == [3, 2, 4]
    card = ops.set_par(path, {1: None, 2: None, 3: None}).card
    assert card.par is None  # no par known: no par column
    for value in (0, 100, True):
        with pytest.raises(BadValue) as exc:
            ops.set_par(path, {1: value})  # type: ignore[dict-item]
        assert exc.value.field == "par"
    assert ops.set_par(path, {1: 1}).card.par == [1, None, None]
    assert ops.set_par(path, {1: 99}).card.par == [99, None, None]
    with pytest.raises(BadValue, match="no hole 4 on a 3-hole card"):
        ops.set_par(path, {4: 3})
    for _ in range(5):
        ops.undo(path)
    assert ops.read_card(path).par is None
    golf = tmp_path / "golf.yaml"
    new_card(golf, "Ann,Bob")
    with pytest.raises(ChangeError, match="par is for mini golf"):
        ops.set_par(golf, {1: 3})


def test_a_mini_card_extended_with_par_for_the_new_holes(tmp_path: Path) -> None:
    path = tmp_path / "putt.yaml"
    new_card(path, "Ann", mini=True, par=[3, 2])
    assert ops.set_holes(path, 4, par=[4, 5]).card.par == [3, 2, 4, 5]
    ops.undo(path)
    assert ops.set_holes(path, 3).card.par == [3, 2, None]  # the new hole's par: to be learned
    with pytest.raises(BadValue, match="2 values for the 0 new holes"):
        ops.set_holes(path, 2, par=[1, 1])


# --------------------------------------------------------------------------- a playoff, fixed


def test_a_fix_after_a_playoff_works_the_winner_out_again(tmp_path: Path) -> None:
    """Priya and Dave tied at 47 and Priya won the playoff; then Joe's hole 9
    was fixed to -8, leaving three on 47.  The playoff was played by two of
    the three: it settles nothing now, and the card says so (it once said
    "Winner: Priya (47) after a playoff")."""
    path = tmp_path / "friday.yaml"
    new_card(path, "Joe,Priya,Dave")
    # eight holes: Joe 7 x 7 + 6 = 55, Priya and Dave 8 x 5 = 40; hole 9: Joe 8, the others 7
    rows = ["Joe=7 Priya=5 Dave=5"] * 7 + ["Joe=6 Priya=5 Dave=5", "Joe=8 Priya=7 Dave=7"]
    card = entered(path, *rows)
    assert standing(card).totals == [63, 47, 47] and standing(card).tied
    card = ops.playoff_hole(path, {"Priya": 3, "Dave": 5}).card
    st = standing(card)
    assert st.winners == [1] and st.by_playoff
    assert "Winner: Priya (47) after a playoff." in status_lines(card, st, "f", hints=False)
    done = ops.fix_hole(path, 9, {"Joe": -8})  # 55 - 8: three on 47
    st = standing(done.card)
    assert st.totals == [47, 47, 47]
    assert st.tied and st.winners == [0, 1, 2] and not st.by_playoff
    assert st.void_playoffs == [(9, [0, 1, 2])]
    lines = status_lines(done.card, st, "f", hints=False)
    assert not any("Winner" in line for line in lines)
    assert (
        "Playoff hole 1 does not count: it was played by Priya and Dave, but Joe, Priya and "
        "Dave are tied." in lines
    )
    assert done.warnings == (
        "hole 9: with this correction playoff hole 1 does not count: it was played by "
        "Priya and Dave, but Joe, Priya and Dave are tied",
    )
    # another playoff hole, for all three: it counts, and decides
    card = ops.playoff_hole(path, {"Joe": 2, "Priya": 4, "Dave": 6}).card
    st = standing(card)
    assert st.winners == [0] and st.by_playoff and st.void_playoffs == [(9, [0, 1, 2])]
    assert show_json(card, st)["rows"][9]["counts"] is False
    assert show_json(card, st)["rows"][10]["counts"] is True


def test_a_fix_that_breaks_the_tie_names_the_winner_without_the_playoff(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    new_card(path, "Priya,Dave", holes=2)
    entered(path, "Priya=20 Dave=20", "Priya=27 Dave=27")
    ops.playoff_hole(path, {"Priya": 3, "Dave": 5})
    done = ops.fix_hole(path, 2, {"Dave": 26})  # Dave 46: he wins outright
    st = standing(done.card)
    assert st.winners == [1] and not st.by_playoff
    lines = status_lines(done.card, st, "f", hints=False)
    assert lines[0] == "Winner: Dave (46)."
    assert "Playoff hole 1 does not count: Dave had won without it." in lines


# --------------------------------------------------------------------------- the file


def test_a_card_of_every_change_reads_back_as_written(tmp_path: Path) -> None:
    """Format 3: the dealer, who left, a late player's missed holes, a hole's
    own rules and every table change's record survive the file."""
    path = tmp_path / "all.yaml"
    new_card(path, "Ann,Bob,Cat", holes=3)
    ops.add_hole(path, {"Ann": "5 K 2 / 5 7 9", "Bob": 1, "Cat": 2}, closer="Bob")
    ops.join(path, "Dan", seat=2)
    ops.set_switches(path, twos_minus=False, kings_zero=False)
    ops.rename(path, "Cat", "Kat")
    ops.leave(path, "Bob")
    ops.set_dealer(path, "Ann")
    ops.set_holes(path, 4)
    card = ops.read_card(path)
    again = store.load(path)
    assert again.to_data() == card.to_data()
    assert card.left == {"Bob": 1} and card.dealer == "Ann"
    assert card.played[0].overrides == [] and card.played[0].scores["Dan"].missed
    assert [c.what for c in card.history] == [
        "new", "add", "join", "switches", "rename", "leave", "dealer", "holes",
    ]  # fmt: skip
    text = path.read_text()
    assert "golf_scorecard: 3" in text and "missed: true" in text and "left:" in text
    # and back, one change at a time, to the card as it started
    for _ in range(len(card.history) - 1):
        ops.undo(path)
    assert ops.read_card(path).played == [] and ops.read_card(path).players == ["Ann", "Bob", "Cat"]


@pytest.mark.parametrize(
    "old,new,problem",
    [
        ("dealer: Ann\n", "dealer: Zed\n", "dealer: 'Zed' is not one of the card's players"),
        ("left:\n  Bob: 1\n", "left:\n  Zed: 1\n", "left.Zed: unknown key in the card's players"),
        ("    Dan:\n      score: 9\n      missed: true\n", "    Dan:\n      missed: true\n",
         "a missed hole's score needs 'score'"),
    ],
)  # fmt: skip
def test_a_damaged_format_3_card_is_one_error_with_its_line(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    path = tmp_path / "d.yaml"
    new_card(path, "Ann,Bob,Cat")
    ops.add_hole(path, {"Ann": 1, "Bob": 9, "Cat": 1})
    ops.join(path, "Dan")
    ops.leave(path, "Bob")
    ops.set_dealer(path, "Ann")
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ScorecardError) as exc:
        ops.read_card(path)
    assert problem in str(exc.value) and str(exc.value).startswith(f"{path}:")


def test_a_hole_after_someone_left_must_not_hold_their_score(tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    new_card(path, "Ann,Bob,Cat")
    ops.add_hole(path, {"Ann": 1, "Bob": 9, "Cat": 1})
    ops.leave(path, "Bob")
    ops.add_hole(path, {"Ann": 2, "Cat": 3})
    text = path.read_text()
    path.write_text(text.replace("    Ann: 2\n", "    Ann: 2\n    Bob: 4\n", 1))
    with pytest.raises(ScorecardError, match="a score for Bob, who had left the game"):
        ops.read_card(path)


def test_undo_refuses_a_table_change_the_card_no_longer_holds(tmp_path: Path) -> None:
    path = tmp_path / "u.yaml"
    new_card(path, "Ann,Bob")
    ops.set_holes(path, 12)
    path.write_text(path.read_text().replace("holes: 12\n", "holes: 11\n", 1))
    before = path.read_bytes()
    with pytest.raises(ChangeError, match="cannot undo change 2 \\(holes\\): the card no longer"):
        ops.undo(path)
    ops.set_dealer(path, "Bob")
    text = path.read_text()
    path.write_text(text.replace("    dealer: Bob\n", "    dealer: []\n", 1))
    assert path.read_bytes() != before
    with pytest.raises(ChangeError, match=r"damaged|no longer"):
        ops.undo(path)


def test_a_fix_counts_the_hole_as_played_leaving_a_late_players_missed_score(
    tmp_path: Path,
) -> None:
    """A hole of layouts counted as a whole (Ann went out with 32 but Bob has
    14: +10 to Ann, as golf score --hole counts it) stays counted as a whole
    when corrected after a late player joined: Dan's missed score is no layout
    of the hole and does not make it a hole of mixed values."""
    house = REPO / "configs/variants/knock-penalty.yaml"
    path = tmp_path / "k.yaml"
    new_card(path, "Ann,Bob", variant=str(house))
    a, b = "9 9 8 / 7 7 8", "5 K 2 / 5 7 9"
    ops.add_hole(path, {"Ann": a, "Bob": b}, closer="Ann")
    ops.join(path, "Dan")
    card = ops.read_card(path)
    assert card.warnings == [] and card.played[0].scores["Dan"].score == 42
    done = ops.fix_hole(path, 1, {"Bob": "5 K 2 / 5 7 8"})  # Bob 13: Ann still +10
    scores = {n: (e.score, e.missed) for n, e in done.card.played[0].scores.items()}
    assert scores == {"Ann": (42, False), "Bob": (13, False), "Dan": (42, True)}
    assert done.warnings == () and ops.read_card(path).warnings == []
    given = ops.fix_hole(path, 1, {"Dan": 7}).card.played[0].scores  # a score given: Dan's own
    assert (given["Dan"].score, given["Dan"].missed) == (7, False)


def test_a_value_counted_without_entering_it(night: Path) -> None:
    """The page's Count cards helper: a layout itemised with the card's rules."""
    from golfcli.scorecard.count import VariantLoader
    from golfcli.scorecard.inputs import preview

    card = ops.read_card(night)
    loader = VariantLoader(night)
    entry = preview(card, loader, "5 K 2 / 5 7 9")
    assert entry.score == 14 and entry.layout == "5 K 2 / 5 7 9"
    assert entry.count[0] == "cards: 5 +5 -> +0, K +0, 2 -2 / 5 +5 -> +0, 7 +7, 9 +9"
    assert preview(card, loader, "-3").score == -3 and preview(card, loader, "-3").count == []
    with pytest.raises(BadValue) as exc:
        preview(card, loader, "5 K")
    assert exc.value.place == "value" and "a 1x2 layout" in exc.value.problem
    assert ops.read_card(night).revision == card.revision  # nothing written


@pytest.mark.parametrize(
    "mini,missed,ok",
    [
        (False, 999_999, True), (False, -999_999, True), (False, 1_000_000, False),
        (True, 1, True), (True, 0, False),
    ],
)  # fmt: skip
def test_a_late_players_score_for_missed_holes_at_its_bounds(
    tmp_path: Path, mini: bool, missed: int, ok: bool
) -> None:
    path = tmp_path / "m.yaml"
    new_card(path, "Ann,Bob", mini=mini, holes=3)
    ops.add_hole(path, {"Ann": 3, "Bob": 4})
    if ok:
        assert ops.join(path, "Cat", missed=missed).card.played[0].scores["Cat"].score == missed
        assert store.load(path).played[0].scores["Cat"].missed  # and it reads back
    else:
        with pytest.raises(BadValue) as exc:
            ops.join(path, "Cat", missed=missed)
        assert exc.value.field == "missed"


def test_a_playoff_hole_travels_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    new_card(path, "Ann,Bob", holes=1)
    entered(path, "Ann=4 Bob=4")
    ops.playoff_hole(path, {"Ann": 3, "Bob": 3}, hole=1)
    with pytest.raises(HoleEntered) as exc:
        ops.playoff_hole(path, {"Ann": 3, "Bob": 3}, hole=1)
    assert exc.value.label == "P1" and str(exc.value).startswith("playoff hole 1 is already")
    with pytest.raises(ChangeError, match="playoff hole 3 cannot be entered now: playoff hole 2"):
        ops.playoff_hole(path, {"Ann": 3, "Bob": 3}, hole=3)
    assert ops.playoff_hole(path, {"Ann": 1, "Bob": 3}, hole=2).card.played[-1].playoff


def test_the_marker_passes_to_the_next_player_still_playing(night: Path) -> None:
    """Dan, just seated between Ann and Bob and holding the marker, is taken
    off the card: the marker goes to the next seat still playing, past Bob,
    who has left."""
    entered(night, "Ann=1 Bob=2 Cat=3")
    ops.leave(night, "Bob")
    ops.join(night, "Dan", seat=2)
    ops.set_dealer(night, "Dan")
    card = ops.leave(night, "Dan").card
    assert card.players == ["Ann", "Bob", "Cat"] and card.dealer == "Cat"
    assert ops.undo(night).card.dealer == "Dan"
