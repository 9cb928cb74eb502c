#!/usr/bin/env python3
"""The Python package against OpenSpiel's pyspiel, side by side in one process.

Measured, in CPU time of this process (`time.process_time`; the fairer
figure on a loaded machine) and wall-clock:

1. random two-player Quoridor games (9x9, 10 walls each) driven from
   Python, one `legal_actions()` and one `apply_action()` a step, the
   action drawn with `random.Random`: pyspiel's state against ours;
2. the same with `observation_tensor()` of the player to act each step;
3. ours only: the batched environment (`VectorEnv`, step + observation +
   legal-action mask of every game, the actions random legal ones chosen
   in numpy), for all four games, on 1 and 2 threads.

Needs numpy and the package (`pip install ./python`), and for the
comparison OpenSpiel 2.0.2 in the same Python (without it, our figures
only):

    python3 -m venv /tmp/pyvenv && /tmp/pyvenv/bin/pip install numpy open_spiel==2.0.2 ./python
    /tmp/pyvenv/bin/python benches/python/compare.py

(or, to rebuild the package in place after a change, `pip install maturin`
and `maturin develop --release` in python/). On a machine shared with
other work, run it 3 times (`--seconds 2` each row) and take each row's
median: docs/python.md's figures are measured so.

The issue's target (issue 44): our state loop at least as fast as
pyspiel's; the batched environment at least 20 times pyspiel's loop with
observations (49.7k steps/s measured when the issue was filed).
"""

import argparse
import random
import time

import numpy as np

import contest_games as cg


def timed(seconds, body):
    """Runs body() (which returns the steps it played) for about `seconds`."""
    steps = 0
    w0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - w0 < seconds:
        steps += body()
    return steps / (time.process_time() - c0), steps / (time.perf_counter() - w0)


def state_loop(game, observe, seed):
    rng = random.Random(seed)

    def one_game():
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(actions[rng.randrange(len(actions))])
            n += 1
        return n

    return one_game


def batch_loop(game, envs, threads, seed):
    env = cg.VectorEnv(game, envs, seed=seed, threads=threads)
    out = env.reset()
    rng = np.random.default_rng(seed)
    priorities = rng.random((64, envs, game.num_distinct_actions())).astype(np.float32)
    k = 0

    def steps():
        nonlocal out, k
        actions = (priorities[k % 64] * out["legal_actions_mask"]).argmax(axis=1)
        k += 1
        out = env.step(actions)
        return envs

    return steps


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="per measurement (default 3)")
    ap.add_argument("--envs", type=int, default=256, help="games in the batch (default 256)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows = []
    try:
        import pyspiel

        theirs = pyspiel.load_game("quoridor", {"board_size": 9, "wall_count": 10, "players": 2})
    except ImportError:
        theirs = None
        print("pyspiel is not installed: our figures only")
    ours = cg.load_game("quoridor", players=2, max_ticks=324)
    for observe in (False, True):
        what = "Quoridor, legal_actions + apply_action" + (" + observation_tensor" if observe else "")
        if theirs is not None:
            rows.append((what, "pyspiel 2.0.2", *timed(args.seconds, state_loop(theirs, observe, args.seed))))
        rows.append((what, "contest_games", *timed(args.seconds, state_loop(ours, observe, args.seed))))
    games = [
        ("Quoridor", cg.load_game("quoridor")),
        ("Paper Soccer", cg.load_game("paper-soccer")),
        ("Yavalath", cg.load_game("yavalath")),
        ("Parallel Football", cg.load_game("parallel-football")),
    ]
    for name, game in games:
        for threads in (1, 2):
            what = f"{name}, VectorEnv({args.envs}) step + observation + mask, {threads} thread(s)"
            rows.append((what, "contest_games", *timed(args.seconds, batch_loop(game, args.envs, threads, args.seed))))
    width = max(len(r[0]) for r in rows)
    print(f"{'loop':<{width}}  {'package':<14} {'steps/s CPU':>13} {'steps/s wall':>13}")
    for what, who, cpu, wall in rows:
        print(f"{what:<{width}}  {who:<14} {cpu:>13,.0f} {wall:>13,.0f}")


if __name__ == "__main__":
    main()
