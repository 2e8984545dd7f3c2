"""golf as a PettingZoo environment (golfcli.env, the ``rl`` extra).

PettingZoo's own tests (``api_test``, ``seed_test``) on every built-in and a
variant file; then golf's promises: observations from the seat's censored
view (a card the agent has not seen changes nothing it gets), the mask of
legal actions, rewards per hole with partners sharing theirs, seeds."""

from __future__ import annotations

import warnings

import pytest

from ..helpers import REPO

np = pytest.importorskip("numpy", reason="the rl extra is not installed: pip install 'golfcli[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'golfcli[rl]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import golfcli  # noqa: E402
from golfcli import features  # noqa: E402
from golfcli.env import GolfEnv, env, raw_env  # noqa: E402

ROOT = REPO
TABLES = [
    ("six-card", 2, None),
    ("six-card", 4, None),
    ("four-card", 2, None),
    ("nine-card", 3, None),
    ("alberta", 4, None),
    ("duel", 2, None),
    (str(ROOT / "configs" / "variants" / "alberta-shots.yaml"), 4, ["end.turn_limit=20"]),
]
IDS = ["six-card-2", "six-card-4", "four-card-2", "nine-card-3", "alberta-4", "duel-2", "file"]


@pytest.mark.parametrize(("variant", "players", "overrides"), TABLES, ids=IDS)
def test_pettingzoo_api_test(variant: str, players: int, overrides: list[str] | None) -> None:
    with warnings.catch_warnings():
        # PettingZoo's own note on every environment with a dict observation
        # (an action mask beside the vector, as its card games have)
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api_test(env(variant, players, overrides=overrides), num_cycles=100)
        api_test(raw_env(variant, players, holes=3, overrides=overrides), num_cycles=100)


@pytest.mark.parametrize(("variant", "players", "overrides"), TABLES, ids=IDS)
def test_pettingzoo_seed_test(variant: str, players: int, overrides: list[str] | None) -> None:
    seed_test(lambda: env(variant, players, overrides=overrides, holes=2), num_cycles=100)


def play(
    table: GolfEnv, rng: np.random.RandomState
) -> list[tuple[str, dict[str, np.ndarray], float]]:
    """Play random legal moves to the end of the episode: (agent, obs, reward) per step."""
    out = []
    for agent in table.agent_iter():
        obs, reward, term, trunc, _ = table.last()
        out.append((agent, obs, reward))
        if term or trunc:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


def test_the_observation_is_the_censored_view_as_numbers_and_the_mask_its_legal_moves() -> None:
    table = raw_env("nine-card", 3)
    table.reset(seed=2)
    rng = np.random.RandomState(0)
    steps = 0
    while not table.terminations[table.agent_selection]:
        agent = table.agent_selection
        obs, _, _, _, info = table.last()
        seat = int(agent.split("_")[1])
        view = info["view"]
        assert isinstance(view, golfcli.View) and view.seat == seat == table.hole.current
        assert view == table.hole.view(seat)
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].tolist() == features.vector(view)
        assert np.flatnonzero(obs["action_mask"]).tolist() == list(table.hole.legal_ids())
        for other in table.agents:  # the others: their own view, nothing to play
            if other != agent:
                theirs = table.observe(other)
                them = int(other.split("_")[1])
                assert theirs["observation"].tolist() == features.vector(table.hole.view(them))
                assert not theirs["action_mask"].any()
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps > 10


def test_a_card_an_agent_has_not_seen_changes_nothing_it_observes() -> None:
    """Two environments dealt alike but for one card seat 0 has not seen
    (the stock's bottom card and seat 1's last face-down card trade places)
    give seat 0 the same observations and views for the same moves (seat 1
    keeps that card face down while it can), until that card is turned up."""
    a, b = raw_env("six-card", 2), raw_env("six-card", 2)
    a.reset(seed=5)
    b.reset(seed=5)
    hole = a.hole
    order = list(hole.events[0].order)
    layouts = [list(lay) for lay in hole.state.layouts]
    layouts[1][5], order[0] = order[0], layouts[1][5]
    b.hole = golfcli.Hole.dealt(
        a.variant, 2, layouts=layouts, discard=hole.discard[0], stock=order[:-13], dealer=0
    )
    b._select()
    assert b.hole.state.layouts != a.hole.state.layouts
    rng = np.random.RandomState(1)
    compared = 0
    while not a.terminations[a.agent_selection] and a.hole.view(0).layouts[1][5] is None:
        assert a.observe("player_0")["observation"].tolist() == (
            b.observe("player_0")["observation"].tolist()
        )
        assert a.hole.view(0) == b.hole.view(0)
        compared += 1
        legal = list(a.hole.legal_ids())
        if a.hole.current == 1:
            legal = [m for m in legal if a.hole.action_of(m).pos != 5] or legal
        move = int(rng.choice(legal))
        a.step(move)
        b.step(move)
    assert compared > 3
    assert (
        b.observe("player_1")["observation"].tolist()
        != a.observe("player_1")["observation"].tolist()
    )


def test_rewards_come_per_hole_and_add_up_to_minus_the_strokes() -> None:
    table = raw_env("six-card", 2, holes=3)
    table.reset(seed=7)
    rng = np.random.RandomState(2)
    totals = {a: 0.0 for a in table.possible_agents}
    scores: list[tuple[int, ...]] = []
    for agent in table.agent_iter():
        obs, reward, term, trunc, info = table.last()
        totals[agent] += reward
        if "scores" in info and (not scores or info["scores"] is not scores[-1]):
            scores.append(info["scores"])
        if term or trunc:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(scores) == 3
    assert totals == {f"player_{s}": -float(sum(h[s] for h in scores)) for s in range(2)}
    # the same seed plays the same holes as golf itself deals them
    assert scores[0] != scores[1]


def test_partners_share_their_side_s_reward() -> None:
    table = raw_env("alberta", 4)
    table.reset(seed=3)
    rewards: dict[str, float] = {}
    for agent, _, reward in play(table, np.random.RandomState(4)):
        rewards[agent] = rewards.get(agent, 0.0) + reward
    assert rewards["player_0"] == rewards["player_2"] != rewards["player_1"] == rewards["player_3"]


def test_a_seed_deals_what_golf_deals() -> None:
    table = raw_env("six-card", 2)
    table.reset(seed=9)
    assert table.hole.events[0] == golfcli.Hole("six-card", 2, seed=9).events[0]
    table.reset()  # the key's next hole
    assert table.hole.events[0] == golfcli.Hole("six-card", 2, seed=9, number=2).events[0]
    unseeded = [raw_env("six-card", 2) for _ in range(2)]
    for t in unseeded:
        t.reset()
    assert unseeded[0].hole.events[0] != unseeded[1].hole.events[0]  # fresh secret keys


def test_an_illegal_action_is_refused_and_bad_arguments_are_named() -> None:
    table = raw_env("six-card", 2)
    table.reset(seed=1)
    illegal = next(i for i in range(table.num_actions) if i not in table.hole.legal_ids())
    with pytest.raises(golfcli.IllegalAction, match="not in the action mask"):
        table.step(illegal)
    with pytest.raises(golfcli.GolfError, match="for 2, 3, 4 players, not 5"):
        raw_env("duel", 5)
    with pytest.raises(golfcli.GolfError, match="holes must be at least 1"):
        raw_env("duel", 2, holes=0)
    with pytest.raises(golfcli.VariantError, match="rankz"):
        raw_env("six-card", 2, overrides=["values.rankz.2=2"])
    with pytest.raises(golfcli.GolfError, match="render_mode"):
        raw_env("six-card", 2, render_mode="rgb")


def test_render_shows_the_table_with_face_down_cards_hidden(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = raw_env("six-card", 2, render_mode="ansi")
    table.reset(seed=1)
    assert table.render() == str(table.hole) and "?" in table.render()
    human = raw_env("six-card", 2, render_mode="human")
    human.reset(seed=1)
    human.step(human.hole.legal_ids()[0])
    assert "stock" in capsys.readouterr().out


def test_the_mask_is_shared_and_read_only() -> None:
    table = raw_env("six-card", 2)
    table.reset(seed=1)
    mask = table.last()[0]["action_mask"]
    with pytest.raises(ValueError, match="read-only"):
        mask[0] = 1
