"""Gymnasium environments of the games (``pip install gymnasium``): one
seat learns, a built-in bot plays the others.

* :class:`ContestEnv` - one game, a ``gymnasium.Env``.
* :class:`ContestVectorEnv` - ``num_envs`` games stepped together from Rust
  (:class:`contest_games.VectorEnv`), a ``gymnasium.vector.VectorEnv``.

The observation is the learner's planes (float32); ``info["action_mask"]``
holds its legal actions. The reward is the learner's return when a game
ends, 0 before. In :class:`ContestEnv` an illegal action ends the game as
a loss (reward -1), as a CodinGame referee ends a game on an illegal
answer; :class:`ContestVectorEnv` refuses a step with an illegal action
(``ValueError``).
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

import contest_games as cg


def _box(game):
    return spaces.Box(0.0, np.inf, tuple(game.observation_tensor_shape()), np.float32)


class ContestEnv(gymnasium.Env):
    """One game: seat ``player`` learns, ``opponent`` (a bot spec) plays the others."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "yavalath", opponent: str = "random", player: int = 0,
                 render_mode: str | None = None, **params: int):
        self._name, self._params = game, {k: v for k, v in params.items() if k != "seed"}
        self.game = cg.load_game(game, **self._params)
        if not 0 <= player < self.game.num_players():
            raise ValueError(f"player={player}: no such seat (the game has {self.game.num_players()})")
        cg.bot(opponent, self.game, 0)  # a bad spec fails here
        self.opponent, self.player, self.render_mode = opponent, player, render_mode
        self.observation_space = _box(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state = None

    def _info(self):
        mask = self.state.legal_actions_mask(self.player) if not self.state.is_terminal() else [0] * self.action_space.n
        return {"action_mask": np.array(mask, dtype=np.int8)}

    def _obs(self):
        return self.state.observation_tensor(self.player)

    def _others(self):
        """The bots play until the learner acts or the game is over."""
        while not self.state.is_terminal():
            acting = self.state.acting_players()
            if self.state.is_chance_node():
                self.state.resolve_chance()
            elif self.state.current_player() == cg.SIMULTANEOUS_PLAYER_ID:
                others = [p for p in acting if p != self.player]
                if not others:
                    return
                actions = [cg.INVALID_ACTION] * self.game.num_players()
                for p in others:
                    actions[p] = self.bots[p].step(self.state, p)
                if self.player in acting:
                    self._pending = actions
                    return
                self.state.apply_actions(actions)
            elif self.state.current_player() == self.player:
                return
            else:
                p = self.state.current_player()
                self.state.apply_action(self.bots[p].step(self.state, p))

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        base = int(self.np_random.integers(0, 2**63))
        self.game = cg.load_game(self._name, **self._params, seed=base)
        self.bots = [cg.bot(self.opponent, self.game, base + p) for p in range(self.game.num_players())]
        self.state = self.game.new_initial_state()
        self._pending = None
        self._others()
        return self._obs(), self._info()

    def step(self, action):
        action = int(action)
        if action not in self.state.legal_actions(self.player):
            returns = [0.0] * self.game.num_players()
            return self._obs(), -1.0, True, False, dict(self._info(), illegal_action=action, returns=returns)
        if self._pending is not None:
            self._pending[self.player] = action
            actions, self._pending = self._pending, None
            self.state.apply_actions(actions)
        else:
            self.state.apply_action(action)
        self._others()
        over = self.state.is_terminal()
        reward = float(self.state.returns()[self.player]) if over else 0.0
        return self._obs(), reward, over, False, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None


class ContestVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games stepped together from Rust; seat ``player`` learns
    against ``opponent``. A finished game is reset in the same step."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: str = "quoridor", num_envs: int = 16, opponent: str = "mcts:iters=50",
                 player: int = 0, threads: int = 1, **params: int):
        self._name, self._params = game, {k: v for k, v in params.items() if k != "seed"}
        self.game = cg.load_game(game, **self._params)
        self.num_envs, self.player, self.opponent, self.threads = num_envs, player, opponent, threads
        self.single_observation_space = _box(self.game)
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self.env = None

    def _out(self, out):
        infos = {"action_mask": out["legal_actions_mask"]}
        return out["observation"], infos

    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else seed
        self.env = cg.VectorEnv(cg.load_game(self._name, **self._params), self.num_envs, seed=seed,
                                opponent=self.opponent, player=self.player, threads=self.threads)
        return self._out(self.env.reset())

    def step(self, actions):
        out = self.env.step(np.asarray(actions, dtype=np.int64))
        obs, infos = self._out(out)
        rewards = out["rewards"][:, self.player].copy()
        done = out["done"].copy()
        return obs, rewards, done, np.zeros_like(done), infos
