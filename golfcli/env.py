"""Every golf variant as a PettingZoo environment (the ``rl`` extra).

>>> from golfcli.env import env
>>> table = env("four-card", players=2)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_1'

:func:`env` (and :class:`GolfEnv`, without PettingZoo's order-checking
wrapper) is an AEC environment: the agents ``player_0`` ... take turns as the
seats of a :class:`golfcli.Hole`.

* **Actions** are the hole's action numbers (:meth:`golfcli.Hole.action_id`,
  ``Discrete(Hole.action_count(variant))``); an illegal one raises
  :class:`golfcli.IllegalAction`.
* **Observations** are ``{"observation": vector, "action_mask": mask}``: the
  vector is :func:`golfcli.features.vector` of the agent's view (float32;
  docs/frameworks.md lays it out field by field), the mask has a 1 for
  each legal action of the agent to play (all 0 for the others and at the
  end).  Both come from the one censor's view, which is also in the
  agent's ``info["view"]`` (a :class:`golfcli.View`).
* **Rewards** come at the end of each hole: every agent gets its side's hole
  score negated (golf's lowest score wins; partners share a side, and so its
  reward).  An episode is ``holes`` holes (default 1), the dealer moving one
  seat left each hole; over an episode an agent's rewards add up to minus
  its side's strokes.  At the end of a hole every agent's info also holds
  ``scores`` (each side's hole score) and its last ``view``, showing every
  card.
* **Seeds**: ``reset(seed=s)`` deals what ``golf play --seed s`` and
  ``golfcli.Hole(variant, seed=s)`` deal; each later ``reset()`` without a
  seed deals the key's next hole, so a seeded run is reproducible end to
  end.  Without any seed the cards come from a fresh secret key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import golfcli
from golfcli import features

_LOADED: dict[tuple[str, int | None, str], golfcli.Variant] = {}


def _load(
    variant: str | Path | golfcli.Variant, overrides: Mapping[str, object] | Sequence[str] | None
) -> golfcli.Variant:
    """The variant, loaded once per name (or file, as long as it is unchanged)
    and overrides: environments made alike share one :class:`golfcli.Variant`,
    so their views compare equal (a variant is equal only to itself)."""
    if isinstance(variant, golfcli.Variant) and not overrides:
        return variant
    if isinstance(variant, golfcli.Variant):
        return golfcli.load_variant(variant, overrides or ())
    path = Path(variant)
    stamp = path.stat().st_mtime_ns if path.is_file() else None
    changes = sorted(overrides.items()) if isinstance(overrides, Mapping) else list(overrides or ())
    key = (str(variant), stamp, repr(changes))
    loaded = _LOADED.get(key)
    if loaded is None:
        loaded = _LOADED[key] = golfcli.load_variant(variant, overrides or ())
    return loaded


class GolfEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """One golf variant for ``players`` agents (module docstring).

    ``variant`` is a built-in's name, a variant file or a loaded
    :class:`golfcli.Variant`; ``overrides`` changes keys as ``golf --set``
    does; ``holes`` is how many holes an episode plays.  ``render_mode``
    ``"ansi"`` makes :meth:`render` return the table as text (face-down cards
    as ``?``), ``"human"`` prints it."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "golf_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Path | golfcli.Variant = "six-card",
        players: int = 2,
        *,
        holes: int = 1,
        overrides: Mapping[str, object] | Sequence[str] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.variant = _load(variant, overrides)
        self.variant.check_players(players)
        if holes < 1:
            raise golfcli.InputError(f"holes must be at least 1, not {holes}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise golfcli.InputError(f"render_mode is 'ansi' or 'human', not {render_mode!r}")
        self.players = players
        self.holes = holes
        self.render_mode = render_mode
        self.side_of = self.variant.side_of(players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.num_actions = golfcli.Hole.action_count(self.variant)
        low, high = features.bounds(self.variant, players)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._none = np.zeros(self.num_actions, np.int8)
        self._none.flags.writeable = False
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        self._key: str | None = None
        self._next = 1
        self.hole: golfcli.Hole | None = None
        self._view: golfcli.View | None = None  # the agent to play's view
        self._legal: tuple[int, ...] = ()  # and its legal action numbers

    # ------------------------------------------------------------------ the spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ playing

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the first hole of an episode (module docstring: seeds)."""
        if seed is not None:
            self._key = golfcli.Hole(self.variant, self.players, seed=seed).key
            self._next = 1
        elif self._key is None:
            self._key = golfcli.Hole(self.variant, self.players).key  # a fresh secret key
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._played = 0
        self._deal()

    def _deal(self) -> None:
        self.hole = golfcli.Hole(self.variant, self.players, key=self._key, number=self._next)
        self._next += 1
        self._select()

    def _select(self) -> None:
        """The agent to play, its view and its info."""
        assert self.hole is not None
        seat = self.hole.current
        self.agent_selection = self.possible_agents[seat]
        self._view = self.hole.view(seat)
        self._legal = self.hole.legal_ids()
        self.infos[self.agent_selection] = {"view": self._view}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hole = self.hole
        assert hole is not None and action is not None
        number = int(action)
        if number not in self._legal:
            raise golfcli.IllegalAction(
                f"{agent} cannot play action {number} now: it is not in the action mask", "mask"
            )
        self._cumulative_rewards[agent] = 0.0
        hole.apply_id(number)
        if hole.is_over():
            self._hole_over(hole)
        else:
            self._select()
            self._clear_rewards()
        if self.render_mode == "human":
            self.render()

    def _hole_over(self, hole: golfcli.Hole) -> None:
        scores = hole.scores()
        self.rewards = {a: -float(scores[self.side_of[self._seat[a]]]) for a in self.agents}
        for a in self.agents:
            self.infos[a] = {"view": hole.view(self._seat[a]), "scores": scores}
        self._accumulate_rewards()
        self._played += 1
        if self._played < self.holes:
            self._deal()
            self.infos[self.agent_selection]["scores"] = scores
        else:
            self.terminations = {a: True for a in self.agents}
            self._view = None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its view as numbers, and its action mask."""
        hole = self.hole
        assert hole is not None
        seat = self._seat[agent]
        playing = agent == self.agent_selection and self._view is not None
        view = self._view if playing else hole.view(seat)
        assert view is not None
        mask = self._mask(self._legal) if playing else self._none
        return {"observation": np.array(features.vector(view), np.float32), "action_mask": mask}

    def _mask(self, legal: tuple[int, ...]) -> np.ndarray:
        """The action mask of a list of legal ids: made once per list, read-only
        (copy it to change it)."""
        mask = self._masks.get(legal)
        if mask is None:
            mask = np.zeros(self.num_actions, np.int8)
            mask[list(legal)] = 1
            mask.flags.writeable = False
            self._masks[legal] = mask
        return mask

    # ------------------------------------------------------------------ looking

    def render(self) -> str | None:
        """The table as text (face-down cards as ``?``); printed in ``human`` mode."""
        if self.render_mode is None:
            return None
        text = "" if self.hole is None else str(self.hole)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no process or file."""


def raw_env(
    variant: str | Path | golfcli.Variant = "six-card", players: int = 2, **kwargs: Any
) -> GolfEnv:
    """The environment without wrappers (fastest)."""
    return GolfEnv(variant, players, **kwargs)


def env(
    variant: str | Path | golfcli.Variant = "six-card", players: int = 2, **kwargs: Any
) -> AECEnv:
    """The environment in PettingZoo's order-checking wrapper (it refuses a
    ``step`` before ``reset``, as PettingZoo's own environments do)."""
    return wrappers.OrderEnforcingWrapper(GolfEnv(variant, players, **kwargs))
