#!/usr/bin/env python3
"""Teach a policy to play four-card golf on golf's PettingZoo environment,
with numpy alone, then enter it in a golf tournament against ``random``.

The learner is REINFORCE with a learned baseline: a linear softmax policy
over the legal actions (examples/rl/policy_bot.py) plays both seats of
every hole (self-play); when the hole ends each seat's return is its reward,
minus its score; every decision's log-probability is pushed up by how much
better that return was than a linear value estimate of the position.  Adam
steps once per batch of holes.  A few minutes on one core for the default
30,000 holes (the environment and the policy are the whole cost).

Then the weights are judged the way golf judges any bot: a duplicate-deal
tournament (examples/rl/tournament.yaml: each deal played in both seatings),
whose report gives the mean strokes of each player with a confidence
interval.  The weights committed beside this file came from

    python examples/rl/train.py --seed 1

and ``golf tournament examples/rl/tournament.yaml`` replays their evaluation.

Usage: python examples/rl/train.py [--episodes N] [--seed S] [--out FILE]
       [--games N] [--workers N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import yaml

import golfcli
from golfcli.env import raw_env

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from policy_bot import WEIGHTS, Policy  # noqa: E402  (the bot file beside this one)


class Adam:
    def __init__(self, shape: tuple[int, ...], lr: float) -> None:
        self.m, self.v, self.lr, self.t = np.zeros(shape), np.zeros(shape), lr, 0

    def step(self, grad: np.ndarray) -> np.ndarray:
        """The change to add to the parameters for ``grad`` (ascent)."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        m, v = self.m / (1 - 0.9**self.t), self.v / (1 - 0.999**self.t)
        return self.lr * m / (np.sqrt(v) + 1e-8)


def train(
    variant: str = "four-card",
    players: int = 2,
    episodes: int = 30_000,
    seed: int = 1,
    batch: int = 32,
    lr: float = 0.01,
    report_every: int = 2_000,
) -> Policy:
    """Self-play REINFORCE with a linear baseline; returns the policy."""
    table = raw_env(variant, players)
    policy = Policy.fresh(table.variant, players)
    value = np.zeros(policy.w.shape[1])
    rng = np.random.default_rng(seed)
    adam_w, adam_v = Adam(policy.w.shape, lr), Adam(value.shape, lr)
    grad_w, grad_v = np.zeros_like(policy.w), np.zeros_like(value)
    scores: list[float] = []
    start = time.perf_counter()
    table.reset(seed=seed)
    for episode in range(1, episodes + 1):
        if episode > 1:
            table.reset()  # the key's next deal
        taken: list[tuple[str, np.ndarray, tuple[int, ...], int, np.ndarray]] = []
        returns: dict[str, float] = {}
        for agent in table.agent_iter():
            obs, reward, done, truncated, _ = table.last()
            if done or truncated:
                returns[agent] = reward
                table.step(None)
                continue
            x = policy.inputs(obs["observation"])
            legal = tuple(np.flatnonzero(obs["action_mask"]))
            probs = policy.probabilities(x, legal)
            i = int(rng.choice(len(legal), p=probs))
            taken.append((agent, x, legal, i, probs))
            table.step(int(legal[i]))
        scores.extend(-r for r in returns.values())
        for agent, x, legal, i, probs in taken:
            advantage = returns[agent] - value @ x
            step = -probs
            step[i] += 1.0
            grad_w[list(legal)] += advantage * np.outer(step, x)
            grad_v += advantage * x
        if episode % batch == 0:
            policy.w += adam_w.step(grad_w / batch)
            value += adam_v.step(grad_v / batch)
            grad_w[:] = 0.0
            grad_v[:] = 0.0
        if report_every and episode % report_every == 0:
            recent = scores[-report_every * players :]
            print(
                f"{episode:6d} holes: mean score {np.mean(recent):5.2f} "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    return policy


def evaluate(weights: Path, games: int, seed: int, workers: int) -> golfcli.Report:
    """The learned bot against random as examples/rl/tournament.yaml has
    them play (duplicate deals), with these weights, deals and seed."""
    config = yaml.safe_load((HERE / "tournament.yaml").read_text(encoding="utf-8"))
    for player in config["players"]:
        if player["bot"] == "policy_bot.py":
            player["bot"] = str(HERE / "policy_bot.py")
            player["options"] = {"weights": str(weights)}
    return golfcli.run_tournament(config, games=games, seed=seed, workers=workers)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--episodes", type=int, default=30_000, help="holes to learn from")
    ap.add_argument("--seed", type=int, default=1, help="the deals' and the policy's seed")
    ap.add_argument("--out", type=Path, default=WEIGHTS, help="where the weights go")
    ap.add_argument("--games", type=int, default=500, help="deals in the evaluation tournament")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    policy = train(episodes=args.episodes, seed=args.seed)
    policy.save(args.out)
    print(f"wrote {args.out}")
    print(evaluate(args.out, args.games, seed=args.seed, workers=args.workers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
