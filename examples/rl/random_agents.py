"""Random agents at a golf table, through PettingZoo's AEC loop (pip install 'golfcli[rl]')."""

import numpy as np

from golfcli.env import env

table, rng = env("four-card", players=2), np.random.default_rng(1)
table.reset(seed=1)
for agent in table.agent_iter():
    obs, reward, done, truncated, info = table.last()
    legal = np.flatnonzero(obs["action_mask"])  # the legal action numbers
    table.step(None if done or truncated else int(rng.choice(legal)))
    if done:
        print(agent, "scored", -reward)
