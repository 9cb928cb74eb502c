"""The batched environment: N games stepped in one call, the same as N
single games, whatever the number of threads, and the GIL released."""

import signal
import threading
import time

import numpy as np
import pytest

import contest_games as cg


def random_actions(out, rng):
    mask = out["legal_actions_mask"]
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def run(env, steps, seed):
    rng = np.random.default_rng(seed)
    out = env.reset()
    frames = [out]
    for _ in range(steps):
        out = env.step(random_actions(out, rng))
        frames.append(out)
    return frames


@pytest.mark.parametrize(
    "name,params,opponent",
    [
        ("yavalath", {}, None),
        ("quoridor", {"players": 4, "max_ticks": 60}, "random"),
        ("paper-soccer", {}, "mcts:iters=10"),
        ("parallel-football", {"p": 2, "k": 3, "max_turns": 8, "seed": 1}, None),
        ("parallel-football", {"p": 2, "k": 3, "max_turns": 8}, "random"),
    ],
)
def test_results_do_not_depend_on_the_threads(name, params, opponent):
    g = cg.load_game(name, **params)
    runs = [run(cg.VectorEnv(g, 7, seed=3, opponent=opponent, threads=t), 120, 5) for t in (1, 2, 3)]
    for frames in runs[1:]:
        for a, b in zip(runs[0], frames):
            for key in a:
                assert (a[key] == b[key]).all(), key
    done = sum(int(f["done"].sum()) for f in runs[0])
    assert done > 0, "no game ended: the test checks no reset"


def test_a_batch_is_n_single_games():
    g = cg.load_game("yavalath")
    n = 5
    env = cg.VectorEnv(g, n, seed=0)
    out = env.reset()
    states = [g.new_initial_state() for _ in range(n)]
    rng = np.random.default_rng(2)
    for _ in range(200):
        for i, s in enumerate(states):
            assert out["to_play"][i] == s.current_player()
            assert (out["observation"][i] == s.observation_tensor(s.current_player())).all()
            assert list(np.flatnonzero(out["legal_actions_mask"][i])) == s.legal_actions()
        actions = random_actions(out, rng)
        out = env.step(actions)
        for i, s in enumerate(states):
            s.apply_action(int(actions[i]))
            assert out["done"][i] == s.is_terminal()
            if s.is_terminal():
                assert list(out["rewards"][i]) == s.returns()
                states[i] = g.new_initial_state()
            else:
                assert not out["rewards"][i].any()


def test_the_opponent_plays_the_other_seats():
    g = cg.load_game("quoridor")
    env = cg.VectorEnv(g, 4, seed=1, opponent="random", player=1)
    out = env.reset()
    assert (out["to_play"] == 1).all()
    rng = np.random.default_rng(0)
    for _ in range(100):
        out = env.step(random_actions(out, rng))
        assert (out["to_play"] == 1).all()


def test_bad_steps_are_refused_and_change_nothing():
    g = cg.load_game("yavalath")
    env = cg.VectorEnv(g, 3)
    out = env.reset()
    with pytest.raises(ValueError, match="one per environment"):
        env.step([0, 1])
    with pytest.raises(ValueError, match="environment 1: action 99"):
        env.step([0, 99, 0])
    # Nothing moved: the same actions are still legal everywhere.
    again = env.step([0, 0, 0])
    assert not (again["observation"] == out["observation"]).all()
    with pytest.raises(ValueError, match="no such seat"):
        cg.VectorEnv(g, 2, opponent="random", player=2)
    with pytest.raises(ValueError, match="bot"):
        cg.VectorEnv(g, 2, opponent="nonsense")
    with pytest.raises(ValueError):
        cg.VectorEnv(g, 0)


def test_a_python_thread_runs_while_a_long_step_does():
    g = cg.load_game("yavalath")
    env = cg.VectorEnv(g, 64, opponent="mcts:iters=20000")
    env.reset()
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    time.sleep(0.01)
    start = time.perf_counter()
    env.step(np.zeros(64, dtype=np.int64) + 30)
    end = time.perf_counter()
    stop.set()
    t.join()
    during = [x for x in ticks if start < x < end]
    assert end - start > 0.05, "the step was too short to tell"
    assert len(during) >= 3, f"{len(during)} ticks during a {end - start:.3f} s step"


def test_a_step_s_arrays_are_its_own():
    """Each step returns new arrays (written in place from Rust, not
    copied): later steps, and steps from other threads, leave them as they
    were, and they are writable numpy arrays of their own."""
    g = cg.load_game("quoridor")
    env = cg.VectorEnv(g, 32, seed=3)
    rng = np.random.default_rng(0)
    first = env.reset()
    kept = {k: v.copy() for k, v in first.items()}
    out = first
    for _ in range(5):
        out = env.step(random_actions(out, rng))
    # Other threads' calls of the same object (resets: always legal).
    threads = [threading.Thread(target=lambda: [env.reset() for _ in range(5)]) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, v in first.items():
        assert (v == kept[k]).all(), k
        assert v.flags.writeable and v.dtype == kept[k].dtype and v.shape == kept[k].shape
    first["observation"][:] = 7  # the arrays share one buffer, not its cells
    assert (first["legal_actions_mask"] == kept["legal_actions_mask"]).all()
    assert first["observation"].dtype == np.float32 and first["done"].dtype == np.bool_
    assert first["to_play"].dtype == np.int64 and first["legal_actions_mask"].dtype == np.uint8


@pytest.fixture
def sigint_heard():
    """Python's own SIGINT handler for the test: a process started in the
    background (as CI's steps may be) inherits SIGINT ignored, and then
    `_thread.interrupt_main()` does nothing."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_interrupts_a_long_step(sigint_heard):
    """Ctrl-C during a long step is heard within one game's step: a
    KeyboardInterrupt well before the step would end; the games are then
    partly stepped, so the next step needs a reset."""
    import _thread

    g = cg.load_game("yavalath")
    env = cg.VectorEnv(g, 64, opponent="mcts:iters=20000")
    env.reset()
    actions = np.zeros(64, dtype=np.int64) + 30
    timer = threading.Timer(0.2, _thread.interrupt_main)
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        env.step(actions)
        time.sleep(10)  # only if the step ended before the signal: then it is heard here
    took = time.perf_counter() - start
    timer.join()
    # The whole step takes seconds (64 searches of 20,000 iterations).
    assert took < 1.5, f"heard after {took:.2f} s"
    with pytest.raises(RuntimeError, match="reset"):
        env.step(actions)
    out = env.reset()
    assert out["observation"].shape[0] == 64
    env.step(actions)


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_is_heard_when_the_opponents_plan_after_cheap_steps(threads, sigint_heard):
    """Cheap steps (the opponents' planned turns handed out) then a step in
    which every opponent plans a new turn: Ctrl-C is heard within about one
    game's step, not at the end of the whole step."""
    import _thread

    g = cg.load_game("parallel-football")
    env = cg.VectorEnv(g, 16, seed=1, opponent="mcts:iters=500", threads=threads)
    out = env.reset()
    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        _thread.interrupt_main()

    # A step in which the opponents plan takes seconds (16 searches).
    timer = threading.Timer(1.0, interrupt)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline:
            out = env.step(out["legal_actions_mask"].argmax(axis=1))
    heard = time.perf_counter()
    timer.join()
    assert sent and heard - sent[0] < 1.0, f"heard {heard - sent[0]:.2f} s after the signal"
