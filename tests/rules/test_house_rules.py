"""Every file in configs/variants/ (docs/rules.md §§1-9 options, §8b house rules)
proves its rule: a layout that scores differently from the built-in it
extends, or, for turn and end options, the loaded Variant plus what a real
:class:`~golfcli.state.HoleState` offers or forbids."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

import pytest
import yaml

from golfcli import cards as C
from golfcli.actions import Action
from golfcli.scoring import score_hole, score_layout
from golfcli.state import HoleState
from golfcli.variant import BUILTIN_NAMES, Variant
from golfcli.variantload import builtin, load_variant

from ..helpers import REPO, hole, total

CONFIGS = REPO / "configs" / "variants"
FILES = sorted(p.name for p in CONFIGS.glob("*.yaml"))
COVERED: set[str] = set()

F = TypeVar("F", bound=Callable[..., None])


def covers(*names: str) -> Callable[[F], F]:
    """Mark a test as the proof of one or more house-rule files."""
    COVERED.update(names)
    return lambda fn: fn


def house(name: str) -> Variant:
    return load_variant(CONFIGS / name)


def parent(name: str) -> Variant:
    data = yaml.safe_load((CONFIGS / name).read_text(encoding="utf-8"))
    return builtin(data["extends"])


# --------------------------------------------------------------------------- every file


def test_there_are_house_rule_files() -> None:
    assert len(FILES) >= 40


@pytest.mark.parametrize("name", FILES)
def test_file_extends_a_builtin_and_says_what_it_is(name: str) -> None:
    text = (CONFIGS / name).read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert data["extends"] in BUILTIN_NAMES
    assert data["name"] == name.removesuffix(".yaml")
    # a comment header naming the rule's place in docs/rules.md
    assert text.startswith("#") and "docs/rules.md §" in text.split("\nname:")[0]
    v = house(name)
    assert v.name == data["name"] and v.description


def test_every_file_has_a_test() -> None:
    assert set(FILES) - COVERED == set()
    assert COVERED - set(FILES) == set()


# --------------------------------------------------------------------------- values

# "X 3 4 / 5 6 7": columns (X,5) (3,6) (4,7), no pairs unless X is 5:
# the total is value(X) + 5 + 9 + 11 = value(X) + 25.
ONE = "{x} 3 4 / 5 6 7"


@covers("super-kings.yaml")
def test_super_kings() -> None:
    v, base = house("super-kings.yaml"), parent("super-kings.yaml")
    assert total(base, ONE.format(x="K")) == 0 + 25
    assert total(v, ONE.format(x="K")) == -2 + 25
    assert total(v, "K 3 4 / K 6 7") == 20  # a pair of kings still cancels
    assert v.rank_values[2] == -2  # the rest of six-card's values stay


@covers("ten-penny.yaml")
def test_ten_penny() -> None:
    v, base = house("ten-penny.yaml"), parent("ten-penny.yaml")
    assert total(base, ONE.format(x="10")) == 10 + 25
    assert total(v, ONE.format(x="10")) == 1 + 25
    assert total(v, ONE.format(x="J")) == 10 + 25  # only tens


@covers("lucky-swing.yaml")
def test_lucky_swing() -> None:
    v = house("lucky-swing.yaml")
    deck = v.deck(2)
    assert len(deck) == 53 and Counter(deck)[C.JOKER_CARD] == 1  # one joker per pack
    assert Counter(v.deck(5))[C.JOKER_CARD] == 2  # two packs for 5 players
    assert total(v, ONE.format(x="JK")) == -5 + 25


@covers("one-eyed-jacks.yaml")
def test_one_eyed_jacks() -> None:
    v, base = house("one-eyed-jacks.yaml"), parent("one-eyed-jacks.yaml")
    assert total(base, ONE.format(x="JH")) == 10 + 25
    assert total(v, ONE.format(x="JH")) == 0 + 25
    assert total(v, ONE.format(x="J♠")) == 0 + 25
    assert total(v, ONE.format(x="JD")) == 10 + 25
    assert total(v, ONE.format(x="JC")) == 10 + 25
    assert total(v, ONE.format(x="J")) == 10 + 25  # no suit typed: the plain jack
    assert total(v, "JH 3 4 / JD 6 7") == 20  # JH and JD are still a pair


@covers("twos-plus-two.yaml")
def test_twos_plus_two() -> None:
    v, base = house("twos-plus-two.yaml"), parent("twos-plus-two.yaml")
    # docs/rules.md §8 worked example: 14, and 18 with twos at +2
    assert total(base, "5 K 2 / 5 7 9") == 14
    assert total(v, "5 K 2 / 5 7 9") == 18
    assert total(v, "2 K 3 / 2 7 9") == 0 + 7 + 12  # a pair of twos still 0


@covers("kings-ten.yaml")
def test_kings_ten() -> None:
    v, base = house("kings-ten.yaml"), parent("kings-ten.yaml")
    assert total(base, ONE.format(x="K")) == 25
    assert total(v, ONE.format(x="K")) == 10 + 25
    assert total(v, "K 3 4 / K 6 7") == 20


@covers("jokers-minus-2.yaml", "jokers-minus-3.yaml", "jokers-minus-4.yaml", "jokers-minus-5.yaml")
@pytest.mark.parametrize("value", [2, 3, 4, 5])
def test_jokers_at_minus_n(value: int) -> None:
    v = house(f"jokers-minus-{value}.yaml")
    assert parent(f"jokers-minus-{value}.yaml").jokers_per_pack == 0
    assert Counter(v.deck(2))[C.JOKER_CARD] == 2 and len(v.deck(2)) == 54
    assert total(v, ONE.format(x="JK")) == -value + 25
    assert total(v, ONE.format(x="*")) == -value + 25
    # a pair of jokers in a column cancels like any pair (six-card's rule)
    assert total(v, "JK 3 4 / JK 6 7") == 0 + 20


# --------------------------------------------------------------------------- matching


@covers("eagle-eye.yaml")
def test_eagle_eye() -> None:
    v = house("eagle-eye.yaml")
    assert total(v, ONE.format(x="JK")) == 2 + 25  # +2 on its own
    assert total(v, "JK 3 4 / JK 6 7") == -4 + 20  # -4 as a column pair
    assert total(v, "Q 3 4 / Q 6 7") == 20  # other pairs: 0
    assert total(v, "JK JK 4 / 5 6 7") == 2 + 2 + 4 + 5 + 6 + 7  # side by side: no pair


@covers("negative-pairs.yaml")
def test_negative_pairs() -> None:
    v, base = house("negative-pairs.yaml"), parent("negative-pairs.yaml")
    assert total(base, "2 3 4 / 2 6 7") == 20
    assert total(v, "2 3 4 / 2 6 7") == -4 + 20
    assert total(v, "JK 3 4 / JK 6 7") == -4 + 20
    assert total(v, "Q 3 4 / Q 6 7") == 20
    assert total(v, ONE.format(x="JK")) == -2 + 25


@covers("four-of-a-kind-bonus.yaml")
def test_four_of_a_kind_bonus() -> None:
    v, base = house("four-of-a-kind-bonus.yaml"), parent("four-of-a-kind-bonus.yaml")
    # (5,5)(5,5)(3,4): 0 + 0 + 7, and -20 to the owner
    assert total(base, "5 5 3 / 5 5 4") == 7
    assert total(v, "5 5 3 / 5 5 4") == -20 + 7
    assert total(v, "5 3 5 / 5 4 5") == -20 + 7  # the columns need not touch
    assert total(v, "5 6 3 / 5 6 4") == 7  # two different pairs: no bonus
    # a bonus to the owner, nothing to the opponent
    assert hole(v, "5 5 3 / 5 5 4", "A 2 3 / 4 6 7") == (-13, 1 + 4 - 2 + 6 + 3 + 7)


@covers("wolfpack.yaml")
def test_wolfpack() -> None:
    v = house("wolfpack.yaml")
    # two pairs of jacks score 0, the third column (3,4) 7, and -20 (golfgame since 2026)
    assert total(v, "J J 3 / J J 4") == -20 + 7
    assert total(v, "J 3 J / J 4 J") == -20 + 7
    assert total(v, "Q Q 3 / Q Q 4") == 7  # only jacks
    assert total(v, "J 3 4 / J 6 7") == 20  # one pair of jacks: just a pair


@covers("wolfpack-four-of-a-kind.yaml")
def test_wolfpack_and_four_of_a_kind_add_up() -> None:
    v = house("wolfpack-four-of-a-kind.yaml")
    # four jacks: both bonuses, -20 - 20; the (3,4) column 7
    assert total(v, "J J 3 / J J 4") == -40 + 7
    assert [m.pattern for m in score_layout(v, C.parse_layout("J 3 J / J 4 J")[2]).matches] == [
        "column pair",
        "column pair",
        "wolfpack",
        "four of a kind",
    ]
    assert total(v, "Q Q 3 / Q Q 4") == -20 + 7  # four queens: four of a kind only
    assert total(v, "J 3 4 / J 6 7") == 20  # one pair of jacks: just a pair


@covers("nine-card-rows.yaml")
def test_nine_card_rows() -> None:
    v, base = house("nine-card-rows.yaml"), parent("nine-card-rows.yaml")
    row = "5 5 5 / 3 4 6 / 7 8 9"
    assert total(base, row) == 15 + 13 + 24
    assert total(v, row) == 13 + 24
    assert total(v, "5 3 4 / 5 6 7 / 5 9 10") == 39  # full columns still 0


@covers("nine-card-diagonals.yaml")
def test_nine_card_diagonals() -> None:
    v, base = house("nine-card-diagonals.yaml"), parent("nine-card-diagonals.yaml")
    diag = "5 3 4 / 6 5 7 / 8 9 5"
    assert total(base, diag) == 52
    assert total(v, diag) == 52 - 15
    assert total(v, "4 3 5 / 6 5 7 / 5 9 8") == 52 - 15  # the other diagonal
    assert total(v, "5 3 4 / 5 6 7 / 5 9 10") == 39


@covers("nine-card-column-pairs.yaml")
def test_nine_card_column_pairs() -> None:
    v, base = house("nine-card-column-pairs.yaml"), parent("nine-card-column-pairs.yaml")
    pair = "5 3 4 / 5 6 7 / 8 9 10"
    assert total(base, pair) == 57
    assert total(v, pair) == 57 - 10
    assert total(v, "5 3 4 / 7 6 8 / 5 9 10") == 57 - 10  # not touching: still a pair
    assert total(v, "5 3 4 / 5 6 7 / 5 9 10") == 39


@covers("nine-card-block.yaml")
def test_nine_card_block() -> None:
    v, base = house("nine-card-block.yaml"), parent("nine-card-block.yaml")
    block = "7 7 3 / 7 7 4 / 5 6 8"
    assert total(base, block) == 28 + 26
    assert total(v, block) == -25 + 26
    # six sevens: one block at most in a 3x3 grid; the third column's 7 + 7 count
    assert total(v, "7 7 7 / 7 7 7 / 2 3 4") == -25 + 14 + 5


@covers("nine-card-002.yaml")
def test_nine_card_002() -> None:
    v, base = house("nine-card-002.yaml"), parent("nine-card-002.yaml")
    # rows, columns and diagonals of three score 0; pairs count; block -25
    assert total(v, "5 5 5 / 3 4 6 / 7 8 9") == 37
    assert total(v, "5 3 4 / 5 6 7 / 5 9 10") == 39
    assert total(v, "5 3 4 / 6 5 7 / 8 9 5") == 37
    assert total(v, "5 3 4 / 5 6 7 / 8 9 10") == 57
    assert total(v, "7 7 3 / 7 7 4 / 5 6 8") == -25 + 26
    # two rows of sevens: both rows 0, and one block: -25 + (-2 + 3 + 4)
    assert total(base, "7 7 7 / 7 7 7 / 2 3 4") == 42 + 5
    assert total(v, "7 7 7 / 7 7 7 / 2 3 4") == -25 + 5


@covers("adjacent-pairs.yaml")
def test_adjacent_pairs() -> None:
    v, base = house("adjacent-pairs.yaml"), parent("adjacent-pairs.yaml")
    side = "5 5 3 / 4 6 7 / 8 9 10"
    assert total(base, side) == 57
    assert total(v, side) == 47
    assert total(v, "5 3 4 / 5 6 7 / 8 9 10") == 47  # one above the other
    assert total(v, "5 3 5 / 7 6 8 / 5 9 10") == 58  # apart: no pair
    assert total(v, "5 3 4 / 5 6 7 / 5 9 10") == 39  # a full column is two pairs


@covers("four-card-rows.yaml")
def test_four_card_rows() -> None:
    v, base = house("four-card-rows.yaml"), parent("four-card-rows.yaml")
    assert (total(base, "5 5 / 9 3"), total(v, "5 5 / 9 3")) == (22, 12)
    assert (total(base, "5 9 / 5 3"), total(v, "5 9 / 5 3")) == (12, 22)


@covers("four-card-no-pairs.yaml")
def test_four_card_no_pairs() -> None:
    v, base = house("four-card-no-pairs.yaml"), parent("four-card-no-pairs.yaml")
    assert (total(base, "5 9 / 5 3"), total(v, "5 9 / 5 3")) == (12, 22)
    assert v.patterns == ()


# --------------------------------------------------------------------------- hole-level

# Six-card layouts of known totals: "N K K / K K K" scores N's value (the
# other columns are king pairs).
L = {n: f"{r} K K / K K K" for n, r in [(3, "3"), (5, "5"), (7, "7")]}
L[20] = "10 J K / K K K"  # 10 + 10 + 0
L[21] = "A 10 J / K K K"  # 1 + 10 + 10


@covers("blackjack.yaml")
def test_blackjack() -> None:
    v, base = house("blackjack.yaml"), parent("blackjack.yaml")
    assert hole(base, L[21], L[20]) == (21, 20)
    assert hole(v, L[21], L[20]) == (0, 20)


@covers("knock-bonus.yaml")
def test_knock_bonus() -> None:
    v = house("knock-bonus.yaml")
    assert hole(v, L[3], L[5], closer=0) == (-2, 5)
    assert hole(v, L[7], L[5], closer=0) == (2, 5)  # whatever the other scores
    assert hole(v, L[7], L[5]) == (7, 5)  # nobody went out (e.g. the turn limit)


@covers("knock-penalty.yaml")
def test_knock_penalty() -> None:
    v = house("knock-penalty.yaml")
    assert hole(v, L[7], L[5], closer=0) == (17, 5)  # not lowest: +10
    assert hole(v, L[5], L[5], closer=0) == (5, 5)  # tied for lowest: no penalty
    assert hole(v, L[3], L[5], closer=0) == (3, 5)
    assert hole(v, L[3], L[5], closer=1) == (3, 15)


@covers("knock-doubled.yaml")
def test_knock_doubled() -> None:
    """Four-card layouts (2x2) of known totals, worked by hand: "3 4 / K K"
    is 3 + 4 = 7, "A 4 / K K" 1 + 4 = 5, "A 2 / K K" 1 - 2 = -1, "2 2 / K K"
    -2 - 2 = -4, "5 5 / 5 5" two pairs = 0."""
    v = house("knock-doubled.yaml")
    seven, five, minus1, minus4 = "3 4 / K K", "A 4 / K K", "A 2 / K K", "2 2 / K K"
    zero = "5 5 / 5 5"
    assert hole(parent("knock-doubled.yaml"), seven, five, closer=0) == (7, 5)
    assert hole(v, seven, five, closer=0) == (7 * 2 + 5, 5)  # lost the bet: 19
    assert hole(v, five, seven, closer=1) == (5, 19)  # whoever knocked
    assert hole(v, five, five, closer=0) == (5, 5)  # a tie for lowest is no lost bet
    assert hole(v, five, seven, closer=0) == (5, 7)  # lowest: nothing
    assert hole(v, seven, five) == (7, 5)  # nobody knocked (the turn limit)
    # a score below zero is not doubled (that would reward it); the +5 stands
    assert hole(v, minus1, minus4, closer=0) == (-1 + 5, -4)
    assert hole(v, zero, minus4, closer=0) == (0 + 5, -4)
    # three players: the knocker is compared with the lowest of the others
    assert hole(v, seven, five, minus1, closer=1) == (7, 15, -1)
    side = score_hole(v, [C.parse_layout(t)[2] for t in (seven, five)], 0).sides[0]
    assert side.adjustments == (("knock lost", 7 + 5),)


@covers("underdog.yaml")
def test_underdog() -> None:
    v = house("underdog.yaml")
    assert hole(v, L[3], L[5], L[7]) == (0, 5, 7)
    assert hole(v, L[5], L[5], L[7]) == (2, 2, 7)


@covers("tied-shame.yaml")
def test_tied_shame() -> None:
    v = house("tied-shame.yaml")
    assert hole(v, L[5], L[5], L[7]) == (10, 10, 7)
    assert hole(v, L[3], L[5], L[7]) == (3, 5, 7)


# --------------------------------------------------------------------------- turn and end


def start(v: Variant, players: int = 2, seed: int = 1) -> HoleState:
    """A dealt hole past its start reveals/peeks: the first seat is to draw."""
    h = HoleState(v, players, 0, random.Random(seed))
    while h.phase == "setup":
        h.apply(h.legal_actions()[0])
    assert h.phase == "draw"
    return h


def rush(h: HoleState) -> None:
    """One turn that turns a card up: draw from the stock, put it on the
    first face-down position (or discard it when all are up)."""
    h.apply(Action("draw_stock"))
    down = h.face_down(h.side)
    h.apply(Action("swap", down[0]) if down else Action("discard"))
    if h.phase == "flip":
        h.apply(h.legal_actions()[0])


def kinds(h: HoleState) -> set[str]:
    return {a.kind for a in h.legal_actions()}


def after_discard(h: HoleState) -> str:
    """Draw from the stock and discard: the phase that follows."""
    seat = h.current
    h.apply(Action("draw_stock"))
    h.apply(Action("discard"))
    return "flip" if h.phase == "flip" and h.current == seat else "turn over"


@covers("flip-as-action.yaml")
def test_flip_as_action() -> None:
    v, base = house("flip-as-action.yaml"), parent("flip-as-action.yaml")
    assert v.turn.flip_instead_of_draw and not base.turn.flip_instead_of_draw
    assert "flip" not in kinds(start(base))
    h = start(v)
    down = h.face_down(h.side)
    assert {a.pos for a in h.legal_actions() if a.kind == "flip"} == set(down)
    seat, side = h.current, h.side
    h.apply(Action("flip", down[0]))
    assert h.up[side] >> down[0] & 1 and h.current != seat  # the turn is over


@covers("flip-on-discard-never.yaml")
def test_flip_on_discard_never() -> None:
    v, base = house("flip-on-discard-never.yaml"), parent("flip-on-discard-never.yaml")
    assert v.turn.flip_after_discard == "never"
    assert after_discard(start(base)) == "flip"
    assert after_discard(start(v)) == "turn over"


@covers("flip-on-discard-always.yaml")
def test_flip_on_discard_always() -> None:
    v, base = house("flip-on-discard-always.yaml"), parent("flip-on-discard-always.yaml")
    assert v.turn.flip_after_discard == "required" and base.turn.flip_after_discard == "never"
    assert after_discard(start(base)) == "turn over"
    h = start(v)
    assert after_discard(h) == "flip"
    assert "pass" not in kinds(h)  # required: no passing


@covers("flip-optional.yaml")
def test_flip_optional() -> None:
    v = house("flip-optional.yaml")
    h = start(v)
    assert after_discard(h) == "flip"
    assert "pass" in kinds(h) and "flip" in kinds(h)


@covers("flip-on-discard-end-phase.yaml")
def test_flip_on_discard_end_phase() -> None:
    v = house("flip-on-discard-end-phase.yaml")
    assert v.turn.flip_after_discard_phase == "end_phase"
    h = start(v)
    # before anyone went out: discarding ends the turn
    assert after_discard(h) == "turn over"
    # seat 0 discarded; now both rush until someone has gone out
    while not h.final_phase:
        rush(h)
    assert not h.is_over and h.face_down(h.side)
    # in the end phase the discard is followed by a flip
    assert after_discard(h) == "flip"


@covers("flip-on-discard-endgame.yaml")
def test_flip_on_discard_endgame() -> None:
    v = house("flip-on-discard-endgame.yaml")
    assert v.turn.flip_after_discard == "optional"
    assert v.turn.flip_after_discard_max_face_down == 1
    h = start(v)  # every layout has four cards face down
    assert after_discard(h) == "turn over"
    # turn cards up until one layout (whichever) has a single card face down
    while min(len(h.face_down(s)) for s in range(h.groups)) > 1:
        rush(h)
    assert not h.final_phase and h.face_down(h.side)
    seat = h.current
    assert after_discard(h) == "flip"
    assert kinds(h) == {"flip", "pass"}  # optional: turn one up, or not
    h.apply(Action("pass"))
    assert h.current != seat and h.phase == "draw"


@covers("early-knock.yaml")
def test_early_knock() -> None:
    v = house("early-knock.yaml")
    assert v.turn.knock and v.turn.knock_max_face_down == 2 and v.end.all_face_up
    h = start(v)  # four cards face down: no knocking yet
    assert "knock" not in kinds(h)
    with pytest.raises(ValueError, match="knock only with at most 2 cards face down"):
        h.verify(Action("knock"))
    while len(h.face_down(h.side)) > 2:
        rush(h)
        rush(h)
    assert len(h.face_down(h.side)) == 2 and "knock" in kinds(h)
    side = h.side
    h.apply(Action("knock"))
    assert h.final_phase and h.closer == side
    rush(h)  # the other player's last turn
    assert h.is_over and h.end_reason == "final turns played"


@covers("frozen-discard.yaml")
def test_frozen_discard() -> None:
    v, base = house("frozen-discard.yaml"), parent("frozen-discard.yaml")
    for variant, frozen in ((base, False), (v, True)):
        h = start(variant)
        assert "draw_discard" in kinds(h)
        while not h.final_phase:
            rush(h)
        assert ("draw_discard" not in kinds(h)) is frozen


@covers("knocking.yaml")
def test_knocking() -> None:
    v = house("knocking.yaml")
    assert v.turn.knock and not v.end.all_face_up
    assert "knock" not in kinds(start(parent("knocking.yaml")))
    h = start(v)
    assert "knock" in kinds(h)
    # turning every card up no longer ends the hole
    for _ in range(12):
        rush(h)
    assert h.up == [h.full, h.full] and not h.final_phase and not h.is_over
    h.apply(Action("knock"))
    assert h.final_phase and not h.is_over
    rush(h)  # the other seat's one final turn
    assert h.is_over and h.end_reason == "final turns played"


@covers("four-card-no-knock.yaml")
def test_four_card_no_knock() -> None:
    v, base = house("four-card-no-knock.yaml"), parent("four-card-no-knock.yaml")
    assert "knock" in kinds(start(base))
    h = start(v)
    assert "knock" not in kinds(h)
    assert (v.start.reveal, v.start.peek) == (0, 2)  # still a memory game
    while not h.final_phase:
        rush(h)
    rush(h)
    assert h.is_over


@covers("look-again.yaml")
def test_look_again() -> None:
    v, base = house("look-again.yaml"), parent("look-again.yaml")
    assert "look" not in kinds(start(base))
    h = start(v)
    seat = h.current
    looks = [a for a in h.legal_actions() if a.kind == "look"]
    assert {a.pos for a in looks} == set(h.face_down(h.side))
    pos = looks[-1].pos
    h.apply(Action("look", pos))
    assert h.memory[seat] >> pos & 1  # the seat now knows that card
    assert not h.up[h.side_of[seat]] >> pos & 1  # and it stays face down
    assert h.current != seat


@covers("alberta-shots.yaml")
def test_alberta_shots() -> None:
    v, base = house("alberta-shots.yaml"), parent("alberta-shots.yaml")
    assert not {"bunker", "approach"} & kinds(start(base))
    h = start(v)
    side = h.side
    ups = [p for p in range(v.cells) if h.up[side] >> p & 1]
    legal = h.legal_actions()
    bunkers = {(a.pos, a.pos2) for a in legal if a.kind == "bunker"}
    approaches = {(a.pos, a.pos2) for a in legal if a.kind == "approach"}
    cols = v.cols
    # bunker: a face-up card with any card of an adjacent column
    assert bunkers == {(a, b) for a in ups for b in range(v.cells) if abs(a % cols - b % cols) == 1}
    # approach: a face-up card with any other card of its row
    assert approaches == {
        (a, b) for a in ups for b in range(v.cells) if b // cols == a // cols and b != a
    }
    # the two cards trade places and each card keeps its face-up/face-down state
    a = ups[0]
    b = next(p for p in range(v.cells) if p // cols == a // cols and not h.up[side] >> p & 1)
    before = list(h.layouts[side])
    mask = h.up[side]
    stock = len(h.stock)
    h.apply(Action("approach", a, b))
    assert h.layouts[side][a] == before[b] and h.layouts[side][b] == before[a]
    # the face-up card is face up at b now, the face-down one face down at a
    assert h.up[side] == mask ^ (1 << a) ^ (1 << b)
    assert len(h.stock) == stock  # no draw, no discard


@covers("nine-card-reveal-two.yaml")
def test_nine_card_reveal_two() -> None:
    v, base = house("nine-card-reveal-two.yaml"), parent("nine-card-reveal-two.yaml")
    assert (v.start.reveal, base.start.reveal) == (2, 3)
    for variant, n in ((v, 2), (base, 3)):
        h = start(variant)
        assert [bin(m).count("1") for m in h.up] == [n, n]


@covers("nine-card-immediate-end.yaml")
def test_nine_card_immediate_end() -> None:
    v, base = house("nine-card-immediate-end.yaml"), parent("nine-card-immediate-end.yaml")
    assert v.end.final_turns == "none"
    for variant, over in ((v, True), (base, False)):
        h = start(variant)
        while not h.final_phase:
            rush(h)
        # nine-card-immediate-end: over at once; nine-card: the others still play
        assert h.is_over is over
        assert h.end_reason == ("went out" if over else "")


@covers("packs-002.yaml")
def test_packs_002() -> None:
    v, base = house("packs-002.yaml"), parent("packs-002.yaml")
    assert [v.packs_for(n) for n in (2, 3, 4, 8)] == [1, 1, 2, 2]
    assert [base.packs_for(n) for n in (2, 3, 4, 8)] == [1, 1, 1, 2]
    h = HoleState(v, 4, 0, random.Random(1))
    assert len(h.all_cards()) == 104


# --------------------------------------------------------------------------- game options


@covers("alberta-match-play.yaml")
def test_alberta_match_play() -> None:
    v, base = house("alberta-match-play.yaml"), parent("alberta-match-play.yaml")
    assert (v.game.scoring, base.game.scoring) == ("match", "stroke")
    assert v.game.ties == "playoff" and v.patterns == base.patterns


@covers("play-to-100.yaml")
def test_play_to_100() -> None:
    v = house("play-to-100.yaml")
    g = v.game
    assert (g.holes, g.target, g.target_rule, g.max_holes) == (None, 100, "exceed", 9)


@covers("eighteen-holes.yaml")
def test_eighteen_holes() -> None:
    assert house("eighteen-holes.yaml").game.holes == 18


@covers("playoff-ties.yaml")
def test_playoff_ties() -> None:
    g = house("playoff-ties.yaml").game
    assert (g.ties, g.max_playoff_holes) == ("playoff", 5)
    assert parent("playoff-ties.yaml").game.ties == "share"
