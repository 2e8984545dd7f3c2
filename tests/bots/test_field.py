"""The field: one heuristic bot whose options make the opponent styles the
ladder measures against.  Each style's defining habit is shown on a
hand-built position where it parts from the others."""

from __future__ import annotations

import pytest

from golfcli.actions import Action
from golfcli.bots.field import STYLES, FieldBot
from golfcli.bots.registry import BotSpecError, make_bot
from golfcli.state import HoleState
from golfcli.variantload import builtin
from golfcli.view import view

from ..helpers import play_hole, position

SIX = builtin("six-card")


def move(style: str, st: HoleState, seed: int = 1) -> Action:
    bot = make_bot(f"field?style={style}", seed=seed)
    return bot.choose(view(st, st.current), st.legal_actions())


def test_the_field_has_the_styles_the_ladder_names() -> None:
    assert set(STYLES) >= {"racer", "pairs", "dumper", "cautious", "denier", "strong", "gambler"}
    for style in STYLES:
        assert make_bot(f"field?style={style}").name == f"field:{style}"


def test_an_option_overrides_the_style_and_bad_ones_are_refused() -> None:
    bot = make_bot("field?style=racer&reveal=0.5")
    assert isinstance(bot, FieldBot)
    assert bot.reveal == 0.5 and bot.face_down_max == STYLES["racer"]["face_down_max"]
    with pytest.raises(BotSpecError, match="unknown style 'sprinter'"):
        make_bot("field?style=sprinter")
    with pytest.raises(BotSpecError, match="noise must be at least 0"):
        make_bot("field?noise=-1")
    with pytest.raises(BotSpecError, match="has no option 'speed'"):
        make_bot("field?speed=3")


def low_card_drawn() -> HoleState:
    """We hold a 3 from the stock; our only face-up card is an 8."""
    return position(
        SIX,
        ["8C 5D KH / 7S 9H 4C", "2C 8D 6H / 3S JD 10C"],
        ["100/000", "110/000"],
        discard="QD",
        phase="place",
        drawn="3H",
    )


def test_the_racer_turns_a_card_up_where_the_others_replace_their_worst() -> None:
    st = low_card_drawn()
    down = {p for p in range(6) if not st.up[0] >> p & 1}
    assert move("racer", st).pos in down
    for style in ("pairs", "dumper", "cautious"):
        assert move(style, st) == Action("swap", 0), style


def test_the_cautious_flipper_keeps_its_cards_down() -> None:
    # a 3 in hand, a 5 face up: a card at the mean is worth more than the 5's
    # saving, so the others put the 3 face down; the cautious flipper does not
    st = position(
        SIX,
        ["5C 9D KH / 7S 9H 4C", "2C 8D 6H / 3S JD 10C"],
        ["100/000", "110/000"],
        discard="QD",
        phase="place",
        drawn="3H",
    )
    assert move("cautious", st) == Action("swap", 0)
    assert move("strong", st).pos != 0


def test_the_cautious_flipper_does_not_go_out_behind_and_the_racer_does() -> None:
    # one face-down card left (9H); the 4 in hand would end the hole at 33
    # against the opponent's 30 or so: the racer goes out, the cautious flipper
    # swaps it for a face-up card instead (flipping would end the hole too)
    st = position(
        SIX,
        ["8C 5D 7H / 6S 9H 3C", "2C 8D 6H / 3S QH 10C"],
        ["111/101", "111/100"],
        discard="QD",
        phase="place",
        drawn="4S",
    )
    assert move("racer", st) == Action("swap", 4)
    cautious = move("cautious", st)
    assert cautious.kind == "swap" and cautious.pos != 4


def test_the_pair_hunter_pairs_its_twos_where_the_others_replace_a_five() -> None:
    # a 2 in hand; a face-up 2 over a face-down card, and a face-up 5: pairing
    # the twos wastes their -4; the hunter pairs them all the same
    st = position(
        SIX,
        ["2C 5D KH / 7S 9H 4C", "3C 8D 6H / 3S JD 10C"],
        ["110/000", "110/000"],
        discard="QD",
        phase="place",
        drawn="2H",
    )
    assert move("pairs", st) == Action("swap", 3)
    for style in ("strong", "dumper", "racer"):  # (a 2 face down is worth more than the 5's saving)
        assert move(style, st).pos not in (0, 3), style


def test_the_dumper_replaces_its_jack_before_it_pairs() -> None:
    # a 3 in hand; a face-up 3 over a face-up 6 (3 on the 6 pairs them: saves
    # 9) and a face-up jack (replacing it saves 7): the dumper dumps the jack
    st = position(
        SIX,
        ["3C JD KH / 6S 9H 4C", "2C 8D 6H / 3S QH 10C"],
        ["110/100", "110/000"],
        discard="QD",
        phase="place",
        drawn="3H",
    )
    assert move("dumper", st) == Action("swap", 1)
    for style in ("strong", "pairs", "cautious"):
        assert move(style, st) == Action("swap", 3), style


def test_the_denier_keeps_the_card_that_would_pair_the_next_opponent() -> None:
    # a 9 from the stock; the next opponent shows a 9 over a face-down card.
    # Keeping the 9 costs us 5 (on our 4); the denier pays it, the others discard
    st = position(
        SIX,
        ["AC 2D KH / 4S 3H 5C", "9C 8D 6H / 3S JD 10C"],
        ["111/111", "110/000"],
        discard="QD",
        phase="place",
        drawn="9H",
    )
    assert move("denier", st).kind == "swap"
    for style in ("strong", "racer", "dumper"):
        assert move(style, st) == Action("discard"), style


def test_the_strong_style_breaks_close_calls_at_random_from_its_seed() -> None:
    st = low_card_drawn()
    moves = {move("strong", st, seed) for seed in range(30)}
    assert len(moves) > 1  # noise decides between the 8 and a face-down card
    assert len({move("strong", st, 7) for _ in range(3)}) == 1  # the seed fixes it
    racer = {move("racer", st, seed) for seed in range(30)}
    assert all(m.pos != 0 for m in racer)  # small noise never overturns a clear habit


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize(("name", "players"), [("six-card", 2), ("alberta", 4), ("nine-card", 3)])
def test_every_style_plays_every_table_without_faults(style: str, name: str, players: int) -> None:
    res = play_hole(builtin(name), [f"field?style={style}"] * players, seed=f"field:{name}")
    assert all(not any(s.faults.values()) for s in res.stats)


def test_the_experts_reveal_credit_turns_a_card_up_instead() -> None:
    # the expert's tempo credit works the same way as the racer's habit: a 3
    # in hand, a face-up queen; replacing it saves 7, a face-down card at the
    # mean a little less, until turning a card up is worth 2 strokes
    st = position(
        SIX,
        ["QC 5D KH / 7S 9H 4C", "2C 8D 6H / 3S JD 10C"],
        ["100/000", "110/000"],
        discard="QD",
        phase="place",
        drawn="3H",
    )
    legal = st.legal_actions()
    assert make_bot("expert?reveal=0", seed=1).choose(view(st, 0), legal) == Action("swap", 0)
    assert make_bot("expert?reveal=2", seed=1).choose(view(st, 0), legal).pos in {1, 2, 4, 5}
    with pytest.raises(BotSpecError, match="hole_win must be at least 0"):
        make_bot("expert?hole_win=-1")
