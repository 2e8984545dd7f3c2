"""The hole state machine: every rule of docs/rules.md §§3-6, with the reason
each forbidden action gives (the verify/can/do trio)."""

from __future__ import annotations

import random

import pytest

from golfcli.cards import parse_card
from golfcli.exceptions import InputError
from golfcli.state import Action, HoleState, IllegalAction, replay_hole
from golfcli.variant import builtin

from .helpers import cards, state, variant

SIX = "six-card"


def c(t: str) -> int:
    return parse_card(t)


# ---------------------------------------------------------------- deal and setup


def test_deal_uses_whole_deck_and_starts_discard():
    v = builtin(SIX)
    st = HoleState(v, 3, dealer=0, rng=random.Random(5))
    assert sorted(st.all_cards()) == sorted(v.deck(3))
    assert len(st.discard) == 1
    assert len(st.stock) == 52 - 3 * 6 - 1
    assert st.events[0].kind == "deal"
    assert st.phase == "setup"
    # the player left of the dealer decides first
    assert st.current == 1


def test_setup_reveals_per_side_then_first_player_draws():
    v = builtin(SIX)
    st = HoleState(v, 2, dealer=1, rng=random.Random(1))
    assert st.current == 0
    st.reveal(0)
    assert st.current == 0  # two reveals each
    with pytest.raises(IllegalAction, match="already face up"):
        st.verify_reveal(0)
    st.reveal(4)
    assert st.current == 1
    st.reveal(1)
    st.reveal(2)
    assert st.phase == "draw" and st.current == 0
    assert st.up == [0b010001, 0b000110]


def test_handicap_extra_reveals():
    v = builtin(SIX)
    st = HoleState(v, 2, dealer=1, rng=random.Random(1), extra_reveals={1: 2})
    for p in (0, 1):
        st.reveal(p)
    for p in (0, 1, 2, 3):
        st.reveal(p)
    assert bin(st.up[1]).count("1") == 4
    assert st.phase == "draw"


def test_four_card_peeks_stay_hidden_and_are_remembered():
    v = builtin("four-card")
    st = HoleState(v, 2, dealer=1, rng=random.Random(2))
    with pytest.raises(IllegalAction, match="peek"):
        st.verify_reveal(0)
    st.peek(2)
    with pytest.raises(IllegalAction, match="already looked"):
        st.verify_peek(2)
    st.peek(3)
    assert st.up == [0, 0]
    assert st.memory[0] == 0b1100
    assert [e.kind for e in st.events[1:3]] == ["peek", "peek"]


def test_partners_share_a_layout_in_seat_order():
    v = builtin("alberta")
    st = HoleState(v, 4, dealer=3, rng=random.Random(3))
    assert st.groups == 2
    assert st.side_of == [0, 1, 0, 1]
    # one setup per group (3 reveals), decided by the first seat of each group
    seats = []
    while st.phase == "setup":
        seats.append(st.current)
        st.apply(st.legal_actions()[0])
    assert seats == [0, 0, 0, 1, 1, 1]
    assert bin(st.up[0]).count("1") == 3 and bin(st.up[1]).count("1") == 3
    # turns: seats 0,1,2,3 -> sides 0,1,0,1
    order = []
    for _ in range(4):
        order.append((st.current, st.side))
        st.draw_stock()
        st.swap(17)
    assert order == [(0, 0), (1, 1), (2, 0), (3, 1)]


# ---------------------------------------------------------------- a turn


def test_swap_puts_card_face_up_and_old_on_discard():
    v = builtin(SIX)
    st = state(
        v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], up=["110000", "000000"], stock="3 Q", discard="8"
    )
    st.draw_stock()
    assert st.drawn == c("Q") and st.phase == "place"
    st.swap(5)
    assert st.layouts[0][5] == c("Q")
    assert st.up[0] & (1 << 5)
    assert st.discard[-1] == c("9")
    assert st.current == 1


def test_discard_pile_card_must_be_kept():
    v = builtin(SIX)
    st = state(v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8")
    st.draw_discard()
    assert not st.can_discard()
    with pytest.raises(IllegalAction, match="must be kept"):
        st.verify_discard()
    assert Action("discard") not in st.legal_actions()
    assert set(st.legal_actions()) == {Action("swap", p) for p in range(6)}


def test_discard_then_required_flip():
    v = builtin(SIX)
    st = state(
        v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], up=["100000", "0" * 6], stock="3", discard="8"
    )
    st.draw_stock()
    st.discard_drawn()
    assert st.phase == "flip"
    with pytest.raises(IllegalAction, match="must turn"):
        st.verify_pass()
    assert {a.kind for a in st.legal_actions()} == {"flip"}
    with pytest.raises(IllegalAction, match="already face up"):
        st.verify_flip(0)
    st.flip(3)
    assert st.up[0] == 0b1001 and st.current == 1


def test_optional_flip_allows_pass():
    v = variant(SIX, "turn.flip_after_discard=optional")
    st = state(v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8")
    st.draw_stock()
    st.discard_drawn()
    assert Action("pass") in st.legal_actions()
    st.pass_()
    assert st.up[0] == 0 and st.current == 1


def test_no_flip_after_discard():
    v = builtin("duel")
    st = state(v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8")
    st.draw_stock()
    st.discard_drawn()
    assert st.phase == "draw" and st.current == 1 and st.up[0] == 0


def test_flip_only_in_end_phase():
    v = variant(SIX, "turn.flip_after_discard_phase=end_phase")
    st = state(v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3 6", discard="8", players=2)
    st.draw_stock()
    st.discard_drawn()
    assert st.current == 1  # no flip before anyone is out
    st2 = state(
        v,
        ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"],
        up=["0" * 6, "1" * 6],
        stock="3 6",
        discard="8",
        closer=1,
        closer_seat=1,
        final_left=[0],
    )
    st2.draw_stock()
    st2.discard_drawn()
    assert st2.phase == "flip"


def test_flip_instead_of_drawing():
    v = variant(SIX, "turn.flip_instead_of_draw=true")
    st = state(
        v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], up=["100000", "0" * 6], stock="3", discard="8"
    )
    assert Action("flip", 1) in st.legal_actions()
    assert Action("flip", 0) not in st.legal_actions()
    st.flip(1)
    assert st.current == 1 and st.up[0] == 0b11
    plain = state(builtin(SIX), ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8")
    with pytest.raises(IllegalAction, match="flipping instead of drawing"):
        plain.verify_flip(1)


def test_knock_gives_everyone_else_one_final_turn():
    v = builtin("four-card")
    st = state(
        v, ["5 K / 5 7", "4 4 / 4 4", "6 6 / 6 6"], stock="3 3 3 3 3 3", discard="8", current=1
    )
    st.knock()
    assert st.closer == 1 and st.final_left == [2, 0]
    with pytest.raises(IllegalAction, match="already ending"):
        st.verify_knock()
    for _ in range(2):
        st.draw_stock()
        st.discard_drawn()
        if st.phase == "flip":
            st.pass_()
    assert st.is_over and st.end_reason == "final turns played"
    assert st.turns == [1, 1, 1]


def test_knock_not_allowed_without_rule():
    st = state(builtin(SIX), ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8")
    with pytest.raises(IllegalAction, match="no knocking"):
        st.verify_knock()


def test_going_out_gives_each_other_player_one_turn_partners_included():
    v = builtin("alberta")
    lay = "A A A A A A / A A A A A A / A A A A A A"
    st = state(
        v,
        [lay, lay],
        up=["1" * 17 + "0", "0" * 18],
        stock="3 3 3 3 3 3 3 3",
        discard="8",
        players=4,
        current=0,
    )
    st.draw_stock()
    st.swap(17)  # side 0 (seats 0 and 2) is all face up: out
    assert st.closer == 0 and st.closer_seat == 0
    assert st.final_left == [1, 2, 3]  # the partner (seat 2) plays too
    for seat in (1, 2, 3):
        assert st.current == seat
        st.draw_stock()
        st.swap(0)
    assert st.is_over


def test_immediate_end_option():
    v = variant("nine-card", "end.final_turns=none")
    st = state(
        v,
        ["5 5 5 / 6 6 6 / 7 7 7", "4 4 4 / 4 4 4 / 4 4 4"],
        up=["111111110", "0" * 9],
        stock="3",
        discard="8",
    )
    st.draw_stock()
    st.swap(8)
    assert st.is_over and st.end_reason == "went out"


def test_frozen_discard_on_final_turns():
    v = builtin("duel")
    st = state(
        v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], up=["111110", "0" * 6], stock="3 3", discard="8"
    )
    st.draw_stock()
    st.swap(5)
    assert st.closer == 0
    assert not st.can_draw_discard()
    with pytest.raises(IllegalAction, match="frozen"):
        st.verify_draw_discard()
    assert Action("draw_discard") not in st.legal_actions()


def test_no_change_of_mind_after_choosing_a_face_down_card():
    st = state(builtin(SIX), ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8")
    st.draw_stock()
    st.swap(4)  # the 7 is gone to the discard; the turn is over
    assert st.discard[-1] == c("7") and st.current == 1
    with pytest.raises(IllegalAction):
        st.verify_swap(4)


def test_reshuffle_keeps_top_discard():
    v = builtin(SIX)
    st = state(v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8 9 10 J")
    st.draw_stock()
    st.swap(0)  # stock is now empty; the next turn reshuffles
    assert st.stock and st.discard == [c("5")]
    assert sorted(st.stock) == sorted(cards("8 9 10 J"))
    assert st.events[-1].kind == "reshuffle"


def test_empty_stock_and_discard_ends_hole():
    v = builtin(SIX)
    st = state(v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="")
    st.draw_stock()
    st.discard_drawn()  # the discard pile is just [3]: nothing to reshuffle
    st.flip(0)
    assert st.is_over and st.end_reason == "stock exhausted"
    assert st.result is not None


def test_stock_empty_end_hole_option():
    v = variant(SIX, "end.stock_empty=end_hole")
    st = state(v, ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8 9")
    st.draw_stock()
    st.swap(0)
    assert st.is_over and st.end_reason == "stock exhausted"


def test_turn_limit_ends_an_endless_hole():
    v = variant("four-card", "end.turn_limit=3", "end.all_face_up=false")
    st = HoleState(v, 2, 0, random.Random(1))
    rng = random.Random(1)
    while not st.is_over:
        legal = [a for a in st.legal_actions() if a.kind != "knock"]
        st.apply(legal[int(rng.random() * len(legal))])
    assert st.end_reason == "turn limit" and st.turn_count == 6
    assert st.result is not None


def test_bunker_and_approach_shots_keep_face_state():
    v = variant("alberta", "turn.bunker_shot=true", "turn.approach_shot=true")
    lay = "A 2 3 4 5 6 / 7 8 9 10 J Q / K A 2 3 4 5"
    st = state(v, [lay, lay], up=["1" + "0" * 17, "0" * 18], stock="3", discard="8")
    acts = st.legal_actions()
    assert Action("bunker", 0, 7) in acts  # adjacent column, other row
    assert Action("bunker", 0, 2) not in acts
    assert Action("approach", 0, 5) in acts  # same row
    assert Action("approach", 0, 6) not in acts
    with pytest.raises(IllegalAction, match="face down"):
        st.verify_shot("bunker", 1, 0)
    st.shot("bunker", 0, 7)
    assert st.layouts[0][0] == c("8") and st.layouts[0][7] == c("A")
    assert st.up[0] == 1 << 7  # the face-up ace moved; the face-down 8 stays face down
    assert st.current == 1 and st.stock == [c("3")]  # no draw, no discard
    assert st.discard == [c("8")]


def test_look_again_remembers_card():
    v = variant("four-card", "turn.look_again=true")
    st = state(v, ["5 K / 5 7", "4 4 / 4 4"], stock="3", discard="8")
    st.look(3)
    assert st.memory[0] == 1 << 3 and st.up[0] == 0 and st.current == 1
    assert st.events[-1].kind == "look"


def test_unknown_action_and_bad_position_reasons():
    st = state(builtin(SIX), ["5 K 2 / 5 7 9", "4 4 4 / 4 4 4"], stock="3", discard="8")
    with pytest.raises(IllegalAction, match="unknown action"):
        st.apply(Action("dance"))
    st.draw_stock()
    with pytest.raises(IllegalAction, match="not on a 2x3"):
        st.apply(Action("swap", 9))
    with pytest.raises(IllegalAction, match="place step"):
        st.apply(Action("draw_stock"))


def test_legal_actions_agree_with_can():
    v = variant("alberta", "turn.bunker_shot=true", "turn.flip_instead_of_draw=true")
    rng = random.Random(4)
    st = HoleState(v, 2, 0, rng)
    probes = [
        Action(k, p, q)
        for k in ("reveal", "flip", "swap", "bunker")
        for p in (0, 5, 17)
        for q in (-1, 1, 6)
    ]
    probes += [
        Action("draw_stock"),
        Action("draw_discard"),
        Action("discard"),
        Action("pass"),
        Action("knock"),
    ]
    for _ in range(60):
        if st.is_over:
            break
        legal = set(st.legal_actions())
        for a in probes:
            if a.kind in ("reveal", "flip", "swap") and a.pos2 != -1:
                continue
            assert (a in legal) == st.can(a), (a, st.phase)
        st.apply(rng.choice(sorted(legal)))


def test_end_of_hole_scores_and_replay_is_identical():
    v = builtin("duel")
    st = HoleState(v, 2, 0, random.Random(9))
    rng = random.Random(9)
    while not st.is_over:
        st.apply(rng.choice(st.legal_actions()))
    from .test_scoring import independent_score

    assert st.result is not None
    (a, pa), (b, pb) = (independent_score("duel", lay) for lay in st.layouts)
    assert st.result.totals == (a + pb, b + pa)  # each side pays the other's penalties
    again = replay_hole(v, 2, st.events)
    assert again.signature() == st.signature()


def test_per_variant_caches_are_bounded():
    """Caches keyed by a variant keep only the recent ones: a long-lived
    process (a Dask worker) that loads many variants does not grow."""
    from golfcli.bots.evaluator import instances
    from golfcli.scoring import compiled
    from golfcli.state import catalogue
    from golfcli.variant import load_variant

    for _ in range(100):
        v = load_variant("six-card")
        HoleState(v, 2, 0, random.Random(1))
        instances(v)
    for cached in (catalogue, compiled, instances):
        assert cached.cache_info().currsize <= 64
    assert catalogue(v) is catalogue(v)  # and a hit is the same object


def test_clone_copies_every_field() -> None:
    """``clone`` copies field by field (the compiled class has no ``__dict__``):
    a field added to HoleState and forgotten there fails here, on both builds."""
    st = HoleState(builtin("six-card"), 2, 0, random.Random(3))
    for _ in range(9):
        st.apply(st.legal_actions()[0])
    twin = st.clone(keep_events=True)
    names = getattr(HoleState, "__mypyc_attrs__", None) or tuple(vars(st))
    names = tuple(n for n in names if n != "__dict__")
    assert len(names) > 30
    for name in names:
        assert getattr(twin, name) == getattr(st, name), name
    assert twin.signature() == st.signature()
    for name in ("layouts", "up", "memory", "stock", "discard", "turns", "events"):
        assert getattr(twin, name) is not getattr(st, name), name


def test_the_rule_tables_are_copied_whole_from_the_variants_catalogue() -> None:
    """``_tables`` copies what ``_work_out_tables`` worked out once per variant
    and player count: a field added there and not copied fails here.

    Each variant is loaded afresh, so its per-variant cache entries are this
    test's own: with ``builtin(name)``, a test that churned the bounded caches
    before (``test_per_variant_caches_are_bounded``) could leave the variant's
    catalogue cached and its scorer evicted, and ``scorer`` then compares two
    equal tables that are different objects (it failed in that order)."""
    from golfcli.variant import load_variant

    for name, players in (("six-card", 2), ("alberta", 4), ("nine-card", 3)):
        v = load_variant(name)
        worked = HoleState(v, players, _blank=True)
        worked._work_out_tables(v, players)
        names = getattr(HoleState, "__mypyc_attrs__", None) or tuple(vars(worked))
        names = tuple(n for n in names if n != "__dict__" and hasattr(worked, n))
        assert len(names) > 15
        for dealer in range(players):  # the first from the tables, the rest from the cache
            st = HoleState(v, players, dealer, random.Random(dealer))
            for n in names:
                assert getattr(st, n) == getattr(worked, n), (name, n)
    with pytest.raises(InputError):
        HoleState(builtin("alberta"), 5, 0, random.Random(1))  # a count it is not for


def test_a_cached_setup_queue_is_not_shared_with_the_state() -> None:
    """The setup queue comes from a per-variant cache after the first hole:
    playing one hole's setup must not change the next hole's."""
    v = builtin("six-card")
    first = HoleState(v, 2, 0, random.Random(1))
    queue = [list(step) for step in first._setup]
    while first.phase == "setup":
        first.apply(first.legal_actions()[0])
    again = HoleState(v, 2, 0, random.Random(2))
    assert again._setup == queue and again._setup is not first._setup
    handicap = HoleState(v, 2, 0, random.Random(2), extra_reveals={1: 1})
    assert handicap._setup != queue


def _can_x(st: HoleState, a: Action) -> bool:
    """The action's own can_x method (not the generic can)."""
    if a.kind in ("bunker", "approach"):
        return st.can_shot(a.kind, a.pos, a.pos2)
    if a.kind in ("reveal", "peek", "flip", "look", "swap"):
        return bool(getattr(st, f"can_{a.kind}")(a.pos))
    return bool(getattr(st, f"can_{a.kind}")())


@pytest.mark.parametrize(
    "name,sets",
    [
        ("six-card", ()),
        ("four-card", ("turn.look_again=true",)),
        ("alberta", ("turn.bunker_shot=true", "turn.approach_shot=true")),
        ("duel", ()),
        ("nine-card", ("turn.flip_after_discard=optional", "turn.flip_instead_of_draw=true")),
    ],
)
def test_every_can_x_is_verify_x_without_the_raise_and_legal_actions_agree(
    name: str, sets: tuple[str, ...]
) -> None:
    v = variant(name, *sets)
    rng = random.Random(7)
    st = HoleState(v, v.players[0], 0, rng)
    n = v.cells
    probes = [Action(k) for k in ("draw_stock", "draw_discard", "knock", "discard", "pass")]
    probes += [Action(k, p) for k in ("reveal", "peek", "flip", "look", "swap") for p in range(n)]
    probes += [Action(k, p, q) for k in ("bunker", "approach") for p in range(n) for q in range(n)]
    steps = 0
    while not st.is_over and steps < 400:
        legal = set(st.legal_actions())
        for a in probes:
            try:
                st.verify(a)
                reason = None
            except IllegalAction as exc:
                reason = exc
                assert exc.rule, f"{a}: {exc} has no rule name"
            assert _can_x(st, a) == (reason is None) == (a in legal), (a, st.phase, reason)
        st.apply(rng.choice(sorted(legal)))
        steps += 1
    assert st.is_over


def test_kinds_and_phases_are_strenums_that_read_as_plain_text():
    """Phase, ActionKind and EventKind are StrEnums: the engine's values say
    what they are, and still compare, hash, print and serialise as the
    plain strings records, views and bots use."""
    import json

    from golfcli.state import ActionKind, Event, EventKind, Phase

    st = HoleState(builtin("six-card"), 2, 0, random.Random(1))
    assert isinstance(st.phase, Phase) and st.phase == "setup"
    a = st.legal_actions()[0]
    assert isinstance(a.kind, ActionKind) and a == Action("reveal", a.pos)
    assert hash(a) == hash(Action("reveal", a.pos))
    assert repr(a) == f"Action(kind='reveal', pos={a.pos}, pos2=-1)"
    ev = st.events[0]
    assert isinstance(ev.kind, EventKind) and ev.kind == "deal"
    assert json.dumps(ev.to_json()) == json.dumps(Event("deal", ev.seat, ev.data).to_json())
    assert f"{st.phase} {a.kind}" == "setup reveal"
    assert type(str(Action(ActionKind.KNOCK))) is str and str(Action(ActionKind.KNOCK)) == "knock"


def test_events_compare_hash_unpack_and_pickle_by_value() -> None:
    """Event is a small class, not a named tuple: what a tuple gave for free
    is its own code, so each part is checked here.  Equal events (an engine
    kind and the same text) are == and not !=; any field apart makes them !=;
    equal events hash alike and events of different kinds apart; unpacking
    gives (kind, seat, data); a pickled event (sent to a worker) comes back
    equal, its kind as plain text."""
    import pickle

    from golfcli.state import Event, EventKind

    ev = Event(EventKind.SWAP, 1, (2, 41, 17, False))
    same = Event("swap", 1, (2, 41, 17, False))
    assert ev == same and (ev != same) is False
    for other in (
        Event("discard", 1, (2, 41, 17, False)),
        Event("swap", 0, (2, 41, 17, False)),
        Event("swap", 1, (2, 41, 17, True)),
    ):
        assert ev != other and (ev == other) is False
    assert ev != ("swap", 1, (2, 41, 17, False))  # an event is not a tuple
    assert hash(ev) == hash(same)
    kinds = ("reveal", "peek", "look", "flip")
    assert len({hash(Event(k, 0, (3, 17))) for k in kinds}) == len(kinds)
    kind, seat, data = ev
    assert (kind, seat, data) == ("swap", 1, (2, 41, 17, False))
    back = pickle.loads(pickle.dumps(ev))
    assert back == ev and type(back.kind) is str and back.kind == "swap"


def test_event_field_tables_say_where_each_field_sits() -> None:
    """The per-field tables behind ``ev.pos``, ``ev.card``... are built once
    at import (so a test of ``ev.card`` alone cannot tell a broken builder):
    each maps exactly the kinds that have the field to its place in data."""
    from golfcli.state import _index_of

    assert _index_of("card") == {
        "reveal": 1,
        "peek": 1,
        "look": 1,
        "flip": 1,
        "draw": 1,
        "swap": 1,
        "discard": 0,
    }
    assert _index_of("pos2") == {"bunker": 1, "approach": 1}
    assert _index_of("was_face_up") == {"swap": 3}


def test_rule_tables_are_worked_out_once_per_variant_and_player_count() -> None:
    """Every hole of a variant and player count shares one set of seat and
    side tables (worked out once, kept in the variant's catalogue, never
    changed): a new hole does not build them again.  The variant is loaded
    afresh, so its catalogue starts empty here whatever ran before."""
    from golfcli.variant import load_variant

    v = load_variant("alberta")
    a, b = HoleState(v, 4, 0, random.Random(1)), HoleState(v, 4, 2, random.Random(2))
    assert a.side_of is b.side_of and a.seats_of is b.seats_of
    three = HoleState(v, 3, 0, random.Random(3))
    assert three.side_of is not a.side_of and len(three.side_of) == 3


def test_events_are_read_only_on_both_builds() -> None:
    """The events in a view's history are the engine's own objects: a bot that
    could rewrite one would change the log every seat and the record read.
    Compiled, Event's Final attributes are read-only; interpreted, the module
    makes them so (GOLF_PURE=1 runs this test on the sources)."""
    from golfcli.state import Event

    ev = Event("swap", 0, (2, 41, 17, False))
    for name, value in (("kind", "flip"), ("seat", 1), ("data", (0,))):
        with pytest.raises(AttributeError):
            setattr(ev, name, value)
        with pytest.raises(AttributeError):
            delattr(ev, name)
    assert ev == Event("swap", 0, (2, 41, 17, False)) and ev.pos == 2
