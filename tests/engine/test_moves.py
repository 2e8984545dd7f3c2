"""Compact moves: a hole's decisions as a few bytes of text, which the game's
key and the rules turn back into the very same hole.

A tournament keeps them for every game (golf replay DIR --game N), so they
must hold everything the event log holds that a key cannot deal again: tested
here on every built-in and every variant golf ships, by playing matches,
keeping their moves, rebuilding every hole and comparing the whole log."""

from __future__ import annotations

from pathlib import Path

import pytest

from golfcli import load_variant
from golfcli.actions import MOVE_LETTERS, Action, ActionKind, moves_of
from golfcli.bots import RandomBot
from golfcli.bots.greedy import GreedyBot
from golfcli.exceptions import InputError
from golfcli.game import dealer_of
from golfcli.keys import hole_rng
from golfcli.match import Match
from golfcli.record import from_moves
from golfcli.replay import moves_actions, moves_text, replay_moves

from ..helpers import REPO

SHIPPED = sorted(str(p) for p in (REPO / "configs" / "variants").glob("*.yaml"))
VARIANTS = ["six-card", "four-card", "nine-card", "duel", "alberta", *SHIPPED]


def test_every_kind_has_its_own_letter_and_reads_back() -> None:
    assert set(MOVE_LETTERS) == set(ActionKind)
    assert len(set(MOVE_LETTERS.values())) == len(MOVE_LETTERS)
    actions = [
        Action(kind, pos, pos2)
        for kind in ActionKind
        for pos, pos2 in ((-1, -1), (0, -1), (17, -1), (3, 12))
    ]
    text = moves_of(actions)
    assert moves_actions(text) == actions
    assert moves_of([Action(ActionKind.SWAP, 2), Action(ActionKind.DRAW_STOCK)]) == "w2s"
    assert moves_of([Action(ActionKind.APPROACH, 1, 4)]) == "a1.4"
    assert moves_actions("") == []


def test_moves_that_do_not_fit_their_hole_say_so() -> None:
    variant = load_variant("six-card")
    m = Match(variant, [RandomBot(), RandomBot()], seed="f", holes=1, moves=True)
    m.play()
    text = m.moves[0]

    def refused(moves: str) -> str:
        with pytest.raises(InputError) as err:
            replay_moves(variant, 2, dealer_of(1, 2), hole_rng("f", 1), moves)
        return str(err.value)

    assert refused(text[:4]) == "the moves stop before the hole is over"
    assert refused(text + "s") == "moves go on after the hole is over"
    assert replay_moves(variant, 2, dealer_of(1, 2), hole_rng("f", 1), text).phase == "over"
    with pytest.raises(InputError) as err:
        moves_actions("r0r1swordfish")
    assert str(err.value) == "moves: 'ordfish' at character 7 is not a move"
    with pytest.raises(InputError) as err:
        moves_actions("r0-r1-r2-r3-r4")
    assert str(err.value) == "moves: '-r1-r2-r' at character 3 is not a move"


@pytest.mark.parametrize(
    ("text", "where"),
    [("r0q1", "'q1' at character 3"), ("R0", "'R0' at character 1"), ("r0 r1", "' r1'")],
)
def test_text_that_is_not_moves_is_named(text: str, where: str) -> None:
    with pytest.raises(InputError, match="is not a move") as err:
        moves_actions(text)
    assert where in str(err.value)


@pytest.mark.parametrize("name", VARIANTS, ids=lambda n: Path(n).stem)
def test_moves_rebuild_every_hole_exactly(name: str) -> None:
    variant = load_variant(name)
    players = 4 if 4 in variant.players else variant.players[0]
    for seed in range(3):
        bots = [GreedyBot() if i % 2 else RandomBot() for i in range(players)]
        m = Match(variant, bots, seed=f"m{seed}", holes=2, record=True, moves=True)
        res = m.play()
        assert len(m.moves) == len(res.holes)
        for hole, text in zip(res.holes, m.moves, strict=True):
            assert hole.events is not None
            assert text == moves_text(hole.events)  # what was decided is what was logged
            st = replay_moves(
                variant,
                players,
                dealer_of(hole.number, players),
                hole_rng(f"m{seed}", hole.number),
                text,
            )
            assert tuple(st.events) == hole.events
            assert st.result is not None and tuple(st.result.totals) == hole.scores


def test_a_whole_game_rebuilt_from_its_key_and_moves() -> None:
    variant = load_variant("six-card")
    m = Match(variant, [RandomBot(), GreedyBot()], ["ann", "bob"], seed="k", holes=3, moves=True)
    res = m.play()
    scores = [list(h.scores) for h in res.holes]
    game = from_moves(
        variant, ["ann", "bob"], "k", "stroke", m.moves, scores, 3, winners=res.winners
    )
    assert [h.scores for h in game.holes] == [h.scores for h in res.holes]
    assert [[tuple(x) for x in h.state.layouts] for h in game.holes] == [
        list(h.layouts) for h in res.holes
    ]
    # another key deals other cards: the same moves cannot be that game
    with pytest.raises(InputError, match="hole 1"):
        from_moves(variant, ["ann", "bob"], "other", "stroke", m.moves, scores, 3)
    assert (game.key, game.scoring, game.names, game.sides) == ("k", "stroke", ["ann", "bob"], None)
    assert game.result == {"winners": res.winners}
    assert [h.playoff for h in game.holes] == [False, False, False]
    named = from_moves(variant, ["ann", "bob"], "k", "match", m.moves, scores, 2, sides=["A", "B"])
    assert (named.scoring, named.sides, named.result) == ("match", ["A", "B"], None)
    assert [h.playoff for h in named.holes] == [False, False, True]  # past 2 regulation holes
    with pytest.raises(InputError, match="hole 1: 3 scores for 2 sides"):
        from_moves(variant, ["ann", "bob"], "k", "stroke", m.moves, [[*s, 0] for s in scores], 3)
    # a score one more than the cards': no forfeit (the penalty is 0 unless given)
    plus_one = [
        [s + 1 if i == 0 and k == 0 else s for k, s in enumerate(h)] for i, h in enumerate(scores)
    ]
    with pytest.raises(InputError, match="hole 1: the moves score"):
        from_moves(variant, ["ann", "bob"], "k", "stroke", m.moves, plus_one, 3)
    # a forfeit's penalty is the only difference a recorded score may show
    bumped = [
        [s + 10 if i == 0 and k == 0 else s for k, s in enumerate(h)] for i, h in enumerate(scores)
    ]
    with pytest.raises(InputError, match="hole 1: the moves score"):
        from_moves(variant, ["ann", "bob"], "k", "stroke", m.moves, bumped, 3)
    assert from_moves(variant, ["ann", "bob"], "k", "stroke", m.moves, bumped, 3, penalty=10)
    with pytest.raises(InputError, match="2 holes of moves for 3"):
        from_moves(variant, ["ann", "bob"], "k", "stroke", m.moves[:2], scores, 3)


def test_a_match_keeps_no_moves_unless_asked() -> None:
    m = Match(load_variant("six-card"), [RandomBot(), RandomBot()], seed=1, holes=1)
    m.play()
    assert m.moves == []
    with pytest.raises(InputError, match="moves"):
        Match(load_variant("six-card"), [RandomBot(), RandomBot()], moves="yes")
