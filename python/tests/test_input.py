"""Arguments of the wrong type or range are refused with a TypeError or a
ValueError naming the argument, never an OverflowError or a crash."""

import pickle
import threading

import numpy as np
import pytest

import contest_games as cg


def test_a_huge_num_envs_is_a_value_error_naming_the_limit():
    q = cg.load_game("quoridor")
    with pytest.raises(ValueError, match=f"num_envs=1000000000.*{cg.MAX_NUM_ENVS}"):
        cg.VectorEnv(q, 10**9)
    with pytest.raises(ValueError, match="num_envs"):
        cg.VectorEnv(q, 10**30)


@pytest.mark.parametrize(
    "kwargs, name",
    [({"player": -1}, "player"), ({"player": 2}, "player"), ({"seed": -1}, "seed"), ({"threads": 0}, "threads"), ({"seed": 2**64}, "seed")],
)
def test_vector_env_arguments_out_of_range_are_value_errors(kwargs, name):
    with pytest.raises(ValueError, match=name):
        cg.VectorEnv(cg.load_game("quoridor"), 4, opponent="random", **kwargs)


def test_vector_env_player_needs_an_opponent():
    with pytest.raises(ValueError, match="opponent"):
        cg.VectorEnv(cg.load_game("quoridor"), 4, player=1)


def test_vector_env_actions_must_be_whole_numbers_in_one_dimension():
    env = cg.VectorEnv(cg.load_game("quoridor"), 4, opponent="random")
    with pytest.raises(RuntimeError, match="reset"):
        env.step([0, 0, 0, 0])
    env.reset()
    with pytest.raises(ValueError, match="1-D"):
        env.step(np.zeros((4, 1), dtype=np.int64))
    with pytest.raises(TypeError, match="float"):
        env.step(np.array([3.9] * 4))
    with pytest.raises(ValueError, match="range"):
        env.step(np.array([2**64 - 1] * 4, dtype=np.uint64))


def test_state_actions_refuse_bools_floats_and_huge_numbers():
    s = cg.load_game("yavalath").new_initial_state()
    with pytest.raises(TypeError, match="bool"):
        s.apply_action(True)
    with pytest.raises(TypeError):
        s.apply_action(3.0)
    with pytest.raises(ValueError, match="action="):
        s.apply_action(10**30)
    assert s.history_json() == "[]"


def test_a_seat_that_must_act_is_named():
    s = cg.load_game("yavalath").new_initial_state()
    with pytest.raises(ValueError, match="player 0 must act"):
        s.apply_actions([-1, -1])


def test_load_game_refuses_bools_and_lists_parameters_cleanly():
    with pytest.raises(TypeError, match="players"):
        cg.load_game("quoridor", players=True)
    with pytest.raises(ValueError, match="seed=-1"):
        cg.load_game("quoridor", seed=-1)
    with pytest.raises(ValueError) as e:
        cg.load_game("paper-soccer", players=2)
    assert ": , " not in str(e.value) and str(e.value).endswith("seed")


def test_bot_seed_and_spec_errors():
    q = cg.load_game("quoridor")
    with pytest.raises(ValueError, match="seed"):
        cg.bot("random", q, seed=-1)
    with pytest.raises(ValueError) as e:
        cg.bot("mcts:iters=0", q)
    assert str(e.value).count('bot "mcts:iters=0"') == 1
    # A good spec but for its case or the spaces around it: the same kind
    # of message, naming the spec it resembles.
    for near, meant in [("Random", "random"), ("random ", "random"), (" RANDOM", "random"),
                        ("MCTS:iters=5", "mcts:iters=5")]:
        with pytest.raises(ValueError) as e:
            cg.bot(near, q)
        assert str(e.value) == (
            f'bot "{near}": no such bot, did you mean "{meant}"? (a spec is lower case, with no spaces around it)'
        )
        assert "cmd:" not in str(e.value)
        with pytest.raises(ValueError, match=f'did you mean "{meant}"'):
            cg.VectorEnv(q, 2, opponent=near)
    with pytest.raises(ValueError) as e:
        cg.bot("Nonsense", q)
    assert "did you mean" not in str(e.value) and "its bots" in str(e.value)


def test_repr_of_a_game_is_python_and_a_game_pickles():
    g = cg.load_game("parallel-football", p=2, seed=3)
    assert repr(g) == 'load_game("parallel-football", p=2, seed=3)'
    again = eval("cg." + repr(g))
    assert again.get_parameters() == g.get_parameters()
    back = pickle.loads(pickle.dumps(g))
    assert back.get_parameters() == g.get_parameters() and back.name() == g.name()


def test_a_bot_steps_from_another_thread():
    q = cg.load_game("quoridor")
    b = cg.bot("random", q)
    s = q.new_initial_state()
    out = []
    t = threading.Thread(target=lambda: out.append(b.step(s)))
    t.start()
    t.join()
    assert len(out) == 1 and out[0] in s.legal_actions()


def test_a_vector_env_is_used_from_several_threads():
    env = cg.VectorEnv(cg.load_game("quoridor"), 64)
    errors = []

    def run():
        try:
            for _ in range(20):
                env.reset()
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_deserialize_refuses_bad_seeds_unknown_keys_and_cut_histories():
    import json
    import random

    g = cg.load_game("parallel-football", p=2, k=3, max_turns=40, seed=9)
    s = g.new_initial_state()
    rng = random.Random(1)
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
            continue
        acting = s.acting_players()
        s.apply_actions([rng.choice(s.legal_actions(p)) if p in acting else -1 for p in range(g.num_players())])
    text = json.loads(s.serialize())
    assert cg.deserialize_state(json.dumps(text)).serialize() == s.serialize()
    for bad in [{"seed": -3}, {"seed": "x"}, {"extra": 1}]:
        with pytest.raises(ValueError):
            cg.deserialize_state(json.dumps({**text, **bad}))
    # Cut just before a chance step: a chance node, which resolves to the
    # value the game drew there.
    history = text["history"]
    chance = [i for i, step in enumerate(history) if isinstance(step, dict)]
    assert chance
    cut = cg.deserialize_state(json.dumps({**text, "history": history[: chance[0]]}))
    assert cut.is_chance_node() and cut.current_player() == cg.CHANCE_PLAYER_ID
    assert cut.resolve_chance() == history[chance[0]]["chance"]
    # A drawn value that is not the seed's draw is refused.
    forged = dict(history[chance[0]], chance={"successes": [999]})
    with pytest.raises(ValueError, match="chance"):
        cg.deserialize_state(json.dumps({**text, "history": history[: chance[0]] + [forged]}))


def test_to_record_needs_a_name_per_seat_and_a_move():
    g = cg.load_game("yavalath")
    s = g.new_initial_state()
    with pytest.raises(ValueError, match="no move"):
        s.to_record()
    s.apply_action(30)
    with pytest.raises(ValueError, match="one per seat"):
        s.to_record(["a", "b", "c"])
    with pytest.raises(ValueError, match="one per seat"):
        s.to_record(["a"])
    assert '"a"' in s.to_record(["a", "b"])


def test_a_bot_s_search_releases_the_gil():
    """Another Python thread runs during a bot's search, and the same bot
    stepped meanwhile from another thread is a RuntimeError, not a wait."""
    import time

    g = cg.load_game("yavalath")
    b = cg.bot("mcts:ms=600", g)
    s = g.new_initial_state()
    ticks, busy = [], []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.01)

    def other():
        time.sleep(0.2)
        try:
            b.step(s)
        except RuntimeError as e:
            busy.append(str(e))

    threads = [threading.Thread(target=tick), threading.Thread(target=other)]
    for t in threads:
        t.start()
    start = time.perf_counter()
    a = b.step(s)
    end = time.perf_counter()
    stop.set()
    for t in threads:
        t.join()
    assert a in s.legal_actions()
    during = [x for x in ticks if start < x < end]
    assert len(during) >= 10, f"{len(during)} ticks during a {end - start:.3f} s search"
    assert len(busy) == 1 and "busy in another thread" in busy[0]


def test_a_num_envs_needing_too_much_memory_is_a_value_error():
    """2**20 Parallel Football environments would need over 100 GiB (an
    observation of 19,456 floats each): refused with the estimate, before
    anything is allocated."""
    g = cg.load_game("parallel-football")
    with pytest.raises(ValueError, match=r"num_envs=1048576: about \d+\.\d GiB .*parallel-football"):
        cg.VectorEnv(g, cg.MAX_NUM_ENVS)
