"""A learned policy as a golf bot: the linear softmax policy that
examples/rl/train.py trains on golf's PettingZoo environment.

The policy reads exactly what the environment gave it while it learned: the
seat's view as numbers (:func:`golfcli.features.vector`, scaled to 0-1 by
its bounds) and the legal actions' numbers (:meth:`golfcli.Hole.action_ids`);
so the same weights play in ``golf tournament``, ``golf play`` and
``golf check-bot`` as this file::

    golf tournament examples/rl/tournament.yaml
    golf play -p human,examples/rl/policy_bot.py --variant four-card

Options: ``weights`` (an ``.npz`` file train.py wrote; default: the
four-card policy committed beside this file) and ``greedy`` (default true:
play the most likely action; false: sample from the policy with the bot's
seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

import golfcli
from golfcli import features

WEIGHTS = Path(__file__).with_name("four-card-policy.npz")


class Policy:
    """logits = W x over the legal actions, x the scaled view and a 1."""

    def __init__(
        self, w: np.ndarray, low: np.ndarray, high: np.ndarray, variant: str, players: int
    ):
        self.w, self.low, self.variant, self.players = w, low, variant, players
        self.scale = 1.0 / np.maximum(high - low, 1.0)

    @classmethod
    def fresh(cls, variant: golfcli.Variant, players: int) -> Policy:
        """All weights zero: every legal action equally likely."""
        low, high = (np.array(b, np.float64) for b in features.bounds(variant, players))
        w = np.zeros((golfcli.Hole.action_count(variant), len(low) + 1))
        return cls(w, low, high, variant.name, players)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        with np.load(path) as f:
            return cls(f["w"], f["low"], f["high"], str(f["variant"]), int(f["players"]))

    def save(self, path: str | Path) -> None:
        high = self.low + 1.0 / self.scale
        np.savez_compressed(
            path, w=self.w, low=self.low, high=high, variant=self.variant, players=self.players
        )

    def inputs(self, observation: Sequence[float] | np.ndarray) -> np.ndarray:
        """The policy's input: an observation (the environment's, or
        ``features.vector`` of a view) scaled to 0-1, and a 1."""
        x = (np.asarray(observation, np.float64) - self.low) * self.scale
        return np.append(x, 1.0)

    def probabilities(self, x: np.ndarray, legal: Sequence[int]) -> np.ndarray:
        logits = self.w[list(legal)] @ x
        e = np.exp(logits - logits.max())
        return e / e.sum()


class Bot(golfcli.BaseBot):
    """Plays the policy's most likely legal action (or samples it)."""

    name = "learned"

    def __init__(
        self, seed: int | str | None = None, weights: str = "", greedy: bool = True
    ) -> None:
        super().__init__(seed)
        self.policy = Policy.load(weights or WEIGHTS)
        self.greedy = greedy

    def choose(self, view: golfcli.View, legal: Sequence[golfcli.Action]) -> golfcli.Action:
        p = self.policy
        if (view.variant.name, view.players) != (p.variant, p.players):
            raise golfcli.InputError(f"these weights play {p.variant} with {p.players} players")
        x = p.inputs(features.vector(view))
        probs = p.probabilities(x, golfcli.Hole.action_ids(view.variant, legal))
        if self.greedy:
            return legal[int(np.argmax(probs))]
        return legal[min(int(np.searchsorted(np.cumsum(probs), self.rng.random())), len(legal) - 1)]
