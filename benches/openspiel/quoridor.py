#!/usr/bin/env python3
"""Random two-player Quoridor games: this workspace against OpenSpiel's C++ core.

Both sides play uniformly random games of 2-player Quoridor on 9x9 with 10
walls each, ended at 324 plies (OpenSpiel's `max_game_length` for 9x9,
4 * 9 * 9; here `--max-ticks 324`), one after the other on one thread:

* ours: `arena bench quoridor --players 2 --max-ticks 324 --jobs 1`, i.e.
  `game_core::random_playouts` with ChaCha8;
* theirs: `pyspiel.evaluate_bots` with two `make_uniform_random_bot`s, one
  Python call per game: the whole game (legal actions, the random bot's
  pick, `ApplyAction`) runs in OpenSpiel's C++ (`pyspiel.so` of the wheel),
  so Python costs one call per game, not one per move.

The ratio is given in wall-clock and in CPU time of each process (the CPU
time is the fairer one on a loaded machine). Needs OpenSpiel 2.0.2 in the
Python that runs the script (it is not a dependency of the workspace or of
CI), for example:

    python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel==2.0.2
    /tmp/osvenv/bin/python benches/openspiel/quoridor.py

Run from the repository root; `--arena PATH` uses an arena binary already
built instead of `cargo build --release -p arena`.
"""

import argparse
import re
import resource
import subprocess
import time

BOARD, WALLS_EACH, CAP = 9, 10, 324


def ours(arena, games, seed):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(
        [arena, "bench", "quoridor", "--players", "2", "--max-ticks", str(CAP),
         "--games", str(games), "--seed", str(seed), "--jobs", "1"],
        check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    inner = float(re.search(r"in ([0-9.]+) s", out).group(1))
    length = float(re.search(r"mean length: ([0-9.]+)", out).group(1))
    # The process's CPU time includes its start-up; the bench's own time
    # does not: scale the CPU time by the share of the run the games took.
    return games / inner, games / (cpu * inner / wall), length, out


def theirs(games, seed):
    import pyspiel
    game = pyspiel.load_game("quoridor", {"board_size": BOARD, "wall_count": WALLS_EACH, "players": 2})
    assert game.max_game_length() == CAP, game.max_game_length()
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(2)]
    plies = 0
    w0, c0 = time.perf_counter(), time.process_time()
    for i in range(games):
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed + i)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    # Game lengths, from a replay outside the timing.
    for i in range(min(games, 200)):
        state = game.new_initial_state()
        for b in bots:
            b.restart()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
            plies += 1
    return games / wall, games / cpu, plies / min(games, 200)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000, help="our games (default 200000)")
    ap.add_argument("--openspiel-games", type=int, default=2_000, help="OpenSpiel's games (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--arena", help="an arena binary already built (default: cargo build --release -p arena)")
    a = ap.parse_args()
    arena = a.arena
    if arena is None:
        subprocess.run(["cargo", "build", "--release", "-p", "arena"], check=True)
        arena = "target/release/arena"
    o_wall, o_cpu, o_len, report = ours(arena, a.games, a.seed)
    t_wall, t_cpu, t_len = theirs(a.openspiel_games, a.seed)
    print(report.rstrip())
    print(f"ours:      {o_wall:12.1f} games/s wall, {o_cpu:12.1f} games/s CPU, {o_len:.1f} plies a game")
    print(f"OpenSpiel: {t_wall:12.1f} games/s wall, {t_cpu:12.1f} games/s CPU, {t_len:.1f} plies a game")
    print(f"ratio:     {o_wall / t_wall:12.1f}x wall,  {o_cpu / t_cpu:12.1f}x CPU")


if __name__ == "__main__":
    main()
