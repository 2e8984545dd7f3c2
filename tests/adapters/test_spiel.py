"""golf as an OpenSpiel game (golfcli.spiel, the ``spiel`` extra).

OpenSpiel's own conformance tests run on every built-in and a variant file
with overrides: ``pyspiel.random_sim_test`` with serialization, and the
checks OpenSpiel's test suite makes of every Python game
(open_spiel/python/tests/games_sim_test.py's ``sim_game``: the game, its
type and states pickle, a clone is the state and plays on as it, a
serialized state loads back; and the per-game tests' clone check).  Then
golf's own promises: chance with the real odds, returns, what each seat
knows (a card a seat has not seen changes nothing it is shown), worlds for
ISMCTS, and the bots in golf tournaments."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from pathlib import Path

import pytest

from ..helpers import REPO

np = pytest.importorskip(
    "numpy", reason="the spiel extra is not installed: pip install 'golfcli[spiel]'"
)
pyspiel = pytest.importorskip(
    "pyspiel", reason="the spiel extra is not installed: pip install 'golfcli[spiel]'"
)

import golfcli  # noqa: E402
import golfcli.spiel  # noqa: E402
from golfcli.spiel import GolfState  # noqa: E402

ROOT = REPO
GAMES = [
    {"variant": "six-card", "players": 2},
    {"variant": "six-card", "players": 4},
    {"variant": "four-card", "players": 2},
    {"variant": "nine-card", "players": 3},
    {"variant": "alberta", "players": 4},
    {"variant": "duel", "players": 2},
    {
        "variant": str(ROOT / "configs" / "variants" / "alberta-shots.yaml"),
        "players": 4,
        "set": "values.ranks.2=2;end.turn_limit=20",
    },
]
IDS = ["six-card-2", "six-card-4", "four-card-2", "nine-card-3", "alberta-4", "duel-2", "file"]


def chance(state: pyspiel.State, rng: np.random.RandomState) -> None:
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(outcomes, p=probs)))


#: The weights of a policy that plays slowly: it draws from the stock and
#: discards, rarely knocks or plays a shot, so that stocks run out.
SLOW = {
    "draw_stock": 10.0,
    "discard": 10.0,
    "pass": 10.0,
    "knock": 0.01,
    "bunker": 0.01,
    "approach": 0.01,
}


def states(game: pyspiel.Game, seed: int, games: int = 2, slow: bool = False):  # type: ignore[no-untyped-def]
    """Every decision state of ``games`` random holes (with ``slow``, a policy
    that draws from the stock and discards, so that stocks run out)."""
    rng = np.random.RandomState(seed)
    codes = game.codes
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chance(state, rng)
                continue
            yield state
            legal = state.legal_actions()
            if slow:
                kinds = [codes.action_of(a).kind for a in legal]
                weights = np.array([SLOW.get(k, 1.0) for k in kinds])
                state.apply_action(int(rng.choice(legal, p=weights / weights.sum())))
            else:
                state.apply_action(int(rng.choice(legal)))


# ---------------------------------------------------------------------- OpenSpiel's own tests


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_openspiel_random_sim_test_with_serialization(params: dict[str, object]) -> None:
    game = pyspiel.load_game("golf", params)
    sims = 2 if params["players"] == 4 and "alberta" in str(params["variant"]) else 5
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_openspiel_python_game_checks(params: dict[str, object]) -> None:
    """What games_sim_test.sim_game checks of every Python game."""
    game = pyspiel.load_game("golf", params)
    assert game.min_utility() < game.max_utility()
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    actions, check = 0, 1
    while not state.is_terminal():
        actions += 1
        if actions >= check:  # serialization, every power of two actions
            check *= 2
            text = pyspiel.serialize_game_and_state(game, state)
            new_game, new_state = pyspiel.deserialize_game_and_state(text)
            assert str(new_game) == str(game) and str(new_state) == str(state)
            assert new_state.history() == state.history()
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
        if state.is_chance_node():
            assert state.chance_outcomes()
            chance(state, rng)
            continue
        action = int(rng.choice(state.legal_actions(state.current_player())))
        clone = state.clone()
        assert str(clone) == str(state) and clone.history() == state.history()
        assert clone.move_number() == state.move_number()
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state) and clone.history() == state.history()
    assert state.legal_actions() == []
    for player in range(game.num_players()):
        assert state.legal_actions(player) == []
        assert state.player_return(player) == state.returns()[player]
        assert game.min_utility() <= state.returns()[player] <= game.max_utility()


def test_the_game_names_its_parameters_and_refuses_bad_ones() -> None:
    game = pyspiel.load_game("golf")
    assert str(game) == "golf(players=2,set=,variant=six-card)"
    assert game.get_type().parameter_specification == {
        "players": 2,
        "set": "",
        "variant": "six-card",
    }
    changed = pyspiel.load_game(
        "golf(players=3,set=values.ranks.2:2;game.holes:18,variant=six-card)"
    )
    assert changed.variant.rank_values[2] == 2
    assert str(changed) == "golf(players=3,set=values.ranks.2:2;game.holes:18,variant=six-card)"
    with pytest.raises(golfcli.GolfError, match="for 2, 3, 4 players, not 5"):
        golfcli.spiel.GolfGame({"variant": "duel", "players": 5})
    with pytest.raises(golfcli.VariantError, match="rankz"):
        golfcli.spiel.GolfGame({"set": "values.rankz.2=2"})


# ---------------------------------------------------------------------- chance


def test_the_deal_is_card_by_card_with_the_real_odds() -> None:
    game = pyspiel.load_game("golf", {"variant": "duel", "players": 2})
    state = game.new_initial_state()
    deck = Counter(game.variant.deck(2))  # one pack and jokers: 54 cards
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(deck)
    joker = next(
        p for a, p in outcomes if state.action_to_string(pyspiel.PlayerId.CHANCE, a) == "JK"
    )
    assert joker == pytest.approx(deck[golfcli.Card("JK")] / 54)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(game.chance_of[golfcli.Card("JK")])
    outcomes = dict(state.chance_outcomes())
    assert outcomes[game.chance_of[golfcli.Card("JK")]] == pytest.approx(
        (deck[golfcli.Card("JK")] - 1) / 53
    )
    assert outcomes[game.chance_of[golfcli.Card("5H")]] == pytest.approx(1 / 53)


def test_a_stock_draw_is_chance_over_the_stock() -> None:
    game = pyspiel.load_game("golf")
    for state in states(game, seed=2, games=1):
        kinds = {game.codes.action_of(a).kind: a for a in state.legal_actions()}
        if "draw_stock" not in kinds:
            continue
        seat = state.current_player()
        stock = Counter(state.hole.stock_cards())
        state.apply_action(kinds["draw_stock"])
        assert state.is_chance_node()
        assert "draws from the stock" in state.observation_string(1 - seat)
        outcomes = state.chance_outcomes()
        assert {game.chance_card[a]: p for a, p in outcomes} == pytest.approx(
            {c: k / sum(stock.values()) for c, k in stock.items()}
        )
        card = game.chance_card[outcomes[-1][0]]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[-1][0]) == str(
            golfcli.Card(card)
        )
        state.apply_action(outcomes[-1][0])
        assert state.current_player() == seat
        assert state.hole.view(seat).drawn == card
        return
    pytest.fail("no stock draw")


# ---------------------------------------------------------------------- returns


def test_returns_are_the_scores_negated_and_partners_share_them() -> None:
    game = pyspiel.load_game("golf", {"variant": "alberta", "players": 4})
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        if state.is_chance_node():
            chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    scores = state.hole.scores()
    assert len(scores) == 2  # two partner sides
    assert state.returns() == [-scores[0], -scores[1], -scores[0], -scores[1]]
    assert state.action_to_string(0, game.codes.action_id("swap 3")) == "swap 3"


# ---------------------------------------------------------------------- what each seat knows


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_a_card_a_seat_has_not_seen_changes_nothing_it_is_shown(params: dict[str, object]) -> None:
    """A world resampled for a seat deals every card it has not seen afresh
    (reshuffles included): its information state, observation and legal
    moves are the same strings and tensors, although the cards differ."""
    slow = "turn.flip_after_discard=never;end.turn_limit=60"  # stocks run out
    game = pyspiel.load_game("golf", {**params, "set": f"{params.get('set', '')};{slow}"})
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    differ = compared = reshuffles = 0
    for n, state in enumerate(states(game, seed=4, games=3, slow=True)):
        if n % 5:
            continue
        for seat in range(game.num_players()):
            other = state.resample_from_infostate(seat, sampler)
            for look in ("information_state_string", "observation_string"):
                assert getattr(other, look)(seat) == getattr(state, look)(seat)
            for look in ("information_state_tensor", "observation_tensor"):
                assert list(getattr(other, look)(seat)) == list(getattr(state, look)(seat))
            assert other.legal_actions() == state.legal_actions()
            differ += other.hole.state.layouts != state.hole.state.layouts
            compared += 1
        reshuffles = max(reshuffles, sum(e.kind == "reshuffle" for e in state.hole.events))
    assert compared > 20 and differ > compared // 2  # the twins really differ
    assert reshuffles > 0


def test_another_seat_s_information_does_change() -> None:
    """The check above can fail: a seat that saw a card the resampled world
    changed sees a different information state."""
    game = pyspiel.load_game("golf")
    sampler = pyspiel.UniformProbabilitySampler(6, 0.0, 1.0)
    changed = 0
    for state in states(game, seed=5, games=1):
        other = state.resample_from_infostate(0, sampler)
        changed += other.information_state_string(1) != state.information_state_string(1)
    assert changed


def test_a_resampled_world_depends_only_on_what_the_seat_knows() -> None:
    """Two states the seat cannot tell apart give the same world for the
    same random numbers: no hidden card reaches the sample."""
    game = pyspiel.load_game("golf", {"variant": "six-card", "players": 3})
    for n, state in enumerate(states(game, seed=6, games=2)):
        seat = state.current_player()
        twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(n, 0.0, 1.0))
        a = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(99, 0.0, 1.0))
        b = twin.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(99, 0.0, 1.0))
        assert a.history() == b.history()


def test_a_resampled_world_deals_hidden_cards_from_what_the_seat_cannot_place() -> None:
    """Right after the deal every card but the seat's own seen ones and the
    discard is equally likely in an opponent's face-down position."""
    game = pyspiel.load_game("golf", {"variant": "four-card", "players": 2})
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        chance(state, rng)
    view = state.hole.view(state.current_player())
    unseen = Counter(view.unseen_cards())
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    got = Counter(
        state.resample_from_infostate(view.seat, sampler).hole.state.layouts[1 - view.side][0]
        for _ in range(2000)
    )
    assert set(got) <= set(unseen)
    for card, _k in unseen.items():  # 2000 draws, 50 cards: about 40 each
        assert 15 < got[card] < 75, (golfcli.Card(card), got[card])


def test_info_state_strings_carry_the_history_and_observations_do_not() -> None:
    game = pyspiel.load_game("golf")
    state = next(s for n, s in enumerate(states(game, seed=7, games=1)) if n == 6)
    info, obs = state.information_state_string(0), state.observation_string(0)
    assert "reveal seat" in info and "reveal seat" not in obs
    assert "first discard" in info
    assert obs.splitlines()[0].startswith("six-card, 2 players; seat 0")
    assert len(state.observation_tensor(0)) == golfcli.features.size(game.variant, 2)


# ---------------------------------------------------------------------- bots


def test_an_ismcts_bot_plays_a_match_and_replays_from_its_seed() -> None:
    results = [
        golfcli.play_match("four-card", ["spiel:ismcts?simulations=20", "random"], seed=3, holes=1)
        for _ in range(2)
    ]
    assert results[0].totals == results[1].totals
    assert [e for e in results[0].events[0]] == [e for e in results[1].events[0]]
    assert results[0].stats[0].last_fault == ""


def test_spiel_bots_take_checked_options() -> None:
    bot = golfcli.make_bot("spiel:mcts?simulations=10&uct_c=3.5")
    assert bot.name == "spiel:mcts"
    with pytest.raises(golfcli.BotSpecError, match="did you mean 'simulations'"):
        golfcli.make_bot("spiel:ismcts?simulation=5")
    with pytest.raises(golfcli.BotSpecError, match="the spiel bots are spiel:ismcts, spiel:mcts"):
        golfcli.make_bot("spiel:cfr")
    with pytest.raises(golfcli.BotSpecError, match="at least 1"):
        golfcli.make_bot("spiel:ismcts?simulations=0")


def test_a_spiel_bot_in_a_tournament(tmp_path: Path) -> None:
    report = golfcli.run_tournament(
        {
            "variant": "four-card",
            "holes": 1,
            "games": 2,
            "seed": 4,
            "players": [
                {"name": "ismcts", "bot": "spiel:ismcts", "options": {"simulations": 10}},
                {"name": "random", "bot": "random"},
            ],
        },
        workers=1,
    )
    assert {r["player"] for r in report.standings} == {"ismcts", "random"}
    assert all(r["games"] == 4 for r in report.standings)


def test_the_first_discard_is_remembered_past_a_reshuffle() -> None:
    """A bot's world needs the card that started the discard pile; once a
    reshuffle took it into the stock unseen, the view no longer shows it."""
    hole = golfcli.Hole("six-card", players=2, seed=1)
    first = hole.discard[0]
    assert golfcli.spiel.first_discard(hole.view(0)) == first
    hole.apply("reveal 0")
    hole.apply("reveal 1")
    hole.apply("reveal 0")
    hole.apply("reveal 1")
    hole.apply("draw_discard")
    assert golfcli.spiel.first_discard(hole.view(0)) == first  # from the draw's event
    assert isinstance(GolfState, type)


def test_golf_play_and_check_bot_take_a_spiel_bot() -> None:
    from ..helpers import golf

    result = golf("check-bot", "spiel:mcts?simulations=5", "--holes", "1")
    assert result.exit_code == 0, result.output


def test_random_playouts_stay_in_the_legal_moves() -> None:
    game = pyspiel.load_game("golf", {"variant": "nine-card", "players": 2})
    rng = random.Random(1)
    for state in states(game, seed=8, games=1):
        assert set(state.legal_actions()) == set(state.hole.legal_ids())
        assert state.current_player() == state.hole.current
        rng.random()


def test_a_spiel_bot_s_identity_is_golf_s_code_and_openspiel_s_version(tmp_path: Path) -> None:
    """In the ratings a bot is its spec, options and code: a spiel bot's code
    is golf's with the OpenSpiel version that plays."""
    from importlib import metadata

    from golfcli.bots.registry import family_library
    from golfcli.tournament.plan import PlayerSpec
    from golfcli.tournament.worker import bot_identity

    def spec(bot: str) -> PlayerSpec:
        return PlayerSpec("p", bot, None, {}, None, None)

    ismcts = bot_identity(spec("spiel:ismcts?simulations=50"), tmp_path)
    assert ismcts["bot"] == "spiel:ismcts" and ismcts["options"] == {"simulations": 50}
    assert ismcts["code"] not in ("", bot_identity(spec("expert"), tmp_path)["code"])
    assert family_library("spiel:ismcts") == (f"open-spiel=={metadata.version('open-spiel')}")
