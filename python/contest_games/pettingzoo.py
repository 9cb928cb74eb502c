"""PettingZoo environments of the games (``pip install pettingzoo``).

* :func:`env` - an AEC environment of a turn-based game (Paper Soccer,
  Yavalath, Quoridor): one agent acts at a time, a Paper Soccer player
  again after a bounce.
* :func:`parallel_env` - a parallel environment of Parallel Football:
  each step every team gives the decision of its next footballer (see
  docs/python.md); the ball allocation is drawn from the seed of
  ``reset``.

Observations are dicts ``{"observation": float32 planes, "action_mask":
int8}``; rewards are the game's returns, given when it ends.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import agent_selector  # noqa: F401  (the AEC helpers' module)

import contest_games as cg


def _spaces(game):
    obs = spaces.Dict(
        {
            "observation": spaces.Box(0.0, np.inf, tuple(game.observation_tensor_shape()), np.float32),
            "action_mask": spaces.Box(0, 1, (game.num_distinct_actions(),), np.int8),
        }
    )
    return obs, spaces.Discrete(game.num_distinct_actions())


def _observe(state, player):
    return {
        "observation": state.observation_tensor(player),
        "action_mask": np.array(state.legal_actions_mask(player), dtype=np.int8),
    }


class ContestAECEnv(AECEnv):
    """A turn-based game of contest_games as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "contest_games_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **params: int):
        super().__init__()
        self._name, self._params = game, params
        self.game = cg.load_game(game, **params)
        self.metadata = dict(self.metadata, name=f"contest_games_{game.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self._obs_space, self._act_space = _spaces(self.game)
        self.state = None

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def _index(self, agent):
        return self.possible_agents.index(agent)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._act_space.seed(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        return _observe(self.state, self._index(agent))

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        pass


def env(game: str = "yavalath", render_mode: str | None = None, **params: int) -> ContestAECEnv:
    """An AEC environment of a turn-based game (``paper-soccer``, ``yavalath``, ``quoridor``)."""
    if cg.load_game(game, **params).new_initial_state().current_player() == cg.SIMULTANEOUS_PLAYER_ID:
        raise ValueError(f"{game} is simultaneous: use parallel_env")
    return ContestAECEnv(game, render_mode=render_mode, **params)


class ContestParallelEnv(ParallelEnv):
    """Parallel Football as a PettingZoo parallel environment."""

    metadata = {"render_modes": ["ansi"], "name": "contest_games_parallel_football_v0"}

    def __init__(self, render_mode: str | None = None, **params: int):
        self._params = {k: v for k, v in params.items() if k != "seed"}
        self.game = cg.load_game("parallel-football", **self._params)
        self.render_mode = render_mode
        self.possible_agents = [f"team_{i}" for i in range(self.game.num_players())]
        self._obs_space, self._act_space = _spaces(self.game)
        self.state = None

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def _observations(self):
        return {a: _observe(self.state, i) for i, a in enumerate(self.possible_agents) if a in self.agents}

    def reset(self, seed=None, options=None):
        self.game = cg.load_game("parallel-football", **self._params, seed=seed or 0)
        if seed is not None:
            self._act_space.seed(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        acting = self.state.acting_players()
        self.state.apply_actions(
            [int(actions[a]) if i in acting else cg.INVALID_ACTION for i, a in enumerate(self.possible_agents)]
        )
        # The ball allocation after a turn's last orders, from the game's seed.
        if self.state.is_chance_node():
            self.state.resolve_chance()
        over = self.state.is_terminal()
        returns = self.state.returns()
        observations = self._observations()
        rewards = {a: float(returns[i]) if over else 0.0 for i, a in enumerate(self.possible_agents)}
        terminations = {a: over for a in self.agents}
        truncations = {a: False for a in self.agents}
        infos = {a: {} for a in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        pass


def parallel_env(render_mode: str | None = None, **params: int) -> ContestParallelEnv:
    """Parallel Football (options ``p``, ``k``, ``max_turns``) as a parallel environment."""
    return ContestParallelEnv(render_mode=render_mode, **params)
