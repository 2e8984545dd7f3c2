"""examples/rl/: the random agents run, the learner learns, and the committed
four-card policy, as a golf bot in a duplicate-deal tournament, beats random."""

from __future__ import annotations

import importlib.util
import runpy
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from ..helpers import REPO

np = pytest.importorskip("numpy", reason="the rl extra is not installed: pip install 'golfcli[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'golfcli[rl]'")

import golfcli  # noqa: E402

HERE = REPO / "examples" / "rl"


@pytest.fixture(scope="module")
def examples() -> Iterator[tuple[ModuleType, ModuleType]]:
    """policy_bot.py and train.py as modules (train.py imports the bot file
    from its folder, as it does when run)."""
    sys.path.insert(0, str(HERE))
    try:
        mods = []
        for name in ("policy_bot", "train"):
            spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
            assert spec is not None and spec.loader is not None
            mod = importlib.util.module_from_spec(spec)
            sys.modules[name] = mod
            spec.loader.exec_module(mod)
            mods.append(mod)
        yield mods[0], mods[1]
    finally:
        sys.path.remove(str(HERE))
        sys.modules.pop("policy_bot", None)
        sys.modules.pop("train", None)


def test_random_agents_play_a_hole(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(HERE / "random_agents.py"), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert sorted(line.split()[0] for line in lines) == ["player_0", "player_1"]
    assert all(line.split()[1] == "scored" for line in lines)


def test_training_changes_the_policy_and_the_weights_round_trip(
    examples: tuple[ModuleType, ModuleType], tmp_path: Path
) -> None:
    policy_bot, train = examples
    policy = train.train(episodes=64, batch=32, report_every=0)
    assert np.abs(policy.w).sum() > 0, "two Adam steps moved the weights"
    path = tmp_path / "w.npz"
    policy.save(path)
    back = policy_bot.Policy.load(path)
    x = policy.inputs(np.zeros(len(policy.low)))
    assert np.allclose(back.probabilities(x, [0, 5, 9]), policy.probabilities(x, [0, 5, 9]))
    assert (back.variant, back.players) == ("four-card", 2)
    # the same seed learns the same weights
    again = train.train(episodes=64, batch=32, report_every=0)
    assert np.array_equal(again.w, policy.w)


def test_the_committed_policy_beats_random_in_a_golf_tournament(
    examples: tuple[ModuleType, ModuleType],
) -> None:
    """The claim of examples/rl: duplicate deals, the paired margin's 95% CI
    above zero, through the tournament runner with the bot file."""
    _, train = examples
    report = train.evaluate(train.WEIGHTS, games=60, seed=3, workers=1)
    pair = report.pairs[0]
    assert (pair["a"], pair["b"]) == ("learned", "random")
    assert pair["margin_lo"] > 0, pair
    learned = next(r for r in report.standings if r["player"] == "learned")
    assert learned["faults_total"] == 0


def test_the_policy_bot_refuses_another_variant(examples: tuple[ModuleType, ModuleType]) -> None:
    policy_bot, _ = examples
    bot = policy_bot.Bot(seed=1)
    four = golfcli.Hole("four-card", 2, seed=1)
    assert bot.choose(four.view(four.current), four.legal_actions()) in four.legal_actions()
    six = golfcli.Hole("six-card", 2, seed=1)
    with pytest.raises(golfcli.InputError, match="these weights play four-card with 2 players"):
        bot.choose(six.view(six.current), six.legal_actions())
