"""The PettingZoo and Gymnasium wrappers pass those libraries' own checkers."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

from contest_games import pettingzoo as cpz  # noqa: E402
from contest_games.gymnasium import ContestEnv, ContestVectorEnv  # noqa: E402

TURN_BASED = [("yavalath", {}), ("paper-soccer", {}), ("quoridor", {}), ("quoridor", {"players": 4, "max_ticks": 80})]
PF = {"p": 2, "k": 3, "max_turns": 30}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name,params", TURN_BASED)
def test_aec_envs_pass_pettingzoo_checks(name, params):
    api_test(cpz.env(name, **params), num_cycles=300)
    seed_test(lambda: cpz.env(name, **params), num_cycles=100)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_parallel_football_passes_the_parallel_checks():
    parallel_api_test(cpz.parallel_env(**PF), num_cycles=300)
    parallel_seed_test(lambda: cpz.parallel_env(**PF), num_cycles=100)
    with pytest.raises(ValueError, match="parallel_env"):
        cpz.env("parallel-football")


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name,params", TURN_BASED + [("parallel-football", PF)])
def test_gymnasium_envs_pass_check_env(name, params):
    env = ContestEnv(name, opponent="random", player=1, **params)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=3)
    done = False
    while not done:
        obs, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert reward in (-1.0, 1.0) or -1.0 < reward < 1.0


def test_an_illegal_action_loses():
    env = ContestEnv("yavalath", opponent="random")
    env.reset(seed=0)
    env.step(30)  # the centre; the bot answers (a steal leaves it occupied too)
    _, reward, done, _, info = env.step(30)  # occupied now
    assert (reward, done) == (-1.0, True) and info["illegal_action"] == 30


def test_the_vector_env_steps_and_resets():
    env = ContestVectorEnv("quoridor", num_envs=8, opponent="random", threads=2)
    obs, info = env.reset(seed=1)
    assert obs.shape == (8, 9, 9, 9) and env.observation_space.contains(obs)
    ended = 0
    for _ in range(150):
        obs, rewards, terminated, truncated, info = env.step(info["action_mask"].argmax(axis=1))
        ended += int(terminated.sum())
        assert rewards.shape == (8,) and not truncated.any()
    assert ended > 0
