"""Games played from Python are records the arena judges as played."""

import json
import os
import pathlib
import subprocess

import pytest

import contest_games as cg
from conftest import play_randomly

ROOT = pathlib.Path(__file__).resolve().parents[2]


def arena():
    for path in [os.environ.get("ARENA"), ROOT / "target/debug/arena", ROOT / "target/release/arena"]:
        if path and pathlib.Path(path).is_file():
            return str(path)
    pytest.skip("no arena binary: cargo build -p arena (or set ARENA)")


def test_records_are_judged_as_played(game, tmp_path):
    for seed in range(2):
        s = play_randomly(game, seed)
        text = s.to_record(["python-random"] * game.num_players())
        record = json.loads(text)
        assert record["format"] == 2 and record["game"] == game.name()
        path = tmp_path / f"{game.name()}-{seed}.json"
        path.write_text(text)
        out = subprocess.run([arena(), "judge", game.name(), str(path)], capture_output=True, text=True)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "result:" in out.stdout


def test_the_same_seed_gives_the_same_record():
    g = cg.load_game("parallel-football", p=2, k=3, max_turns=30, seed=4)
    a, b = play_randomly(g, 1), play_randomly(g, 1)
    assert a.to_record() == b.to_record()
    other = cg.load_game("parallel-football", p=2, k=3, max_turns=30, seed=5)
    assert play_randomly(other, 1).to_record() != a.to_record()


def test_a_changed_record_is_refused(tmp_path):
    s = play_randomly(cg.load_game("yavalath"), 3)
    record = json.loads(s.to_record())
    record["result"]["winner"] = 1 - record["result"]["winner"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([arena(), "judge", "yavalath", str(path)], capture_output=True, text=True)
    assert out.returncode == 1


@pytest.mark.parametrize("game", ["paper-soccer", "yavalath", "quoridor"])
def test_the_arena_s_games_replayed_from_python_give_the_same_turns(game, tmp_path):
    """A game the arena plays, replayed turn by turn from Python, gives a
    record with the same turns (seat and text) and result."""
    records = tmp_path / "records"
    out = subprocess.run(
        [arena(), "play", game, "--bot", "random", "--bot", "mcts:iters=20", "--games", "2", "--seed", "7",
         "--record", str(records)],
        capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stderr
    files = sorted(records.glob("*.json"))
    assert files
    for path in files:
        native = json.loads(path.read_text())
        state = cg.load_game(game).new_initial_state()
        for turn in native["turns"]:
            state.apply_turn(turn["player"], turn["text"])
        ours = json.loads(state.to_record())
        assert [(t["player"], t["text"]) for t in ours["turns"]] == [
            (t["player"], t["text"]) for t in native["turns"]
        ]
        assert ours["result"] == native["result"] and ours["outcome"] == native["outcome"]


MASK = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def derive_seed(series, index):
    """game_core::rng::derive_seed: the arena's seed of game `index` of a
    series, and of seat i's bot in a game (index 1 + i)."""
    z = ((series ^ ((index * GOLDEN_GAMMA + 0x632BE59BD9B4E019) & MASK)) - GOLDEN_GAMMA) & MASK
    z = (z + GOLDEN_GAMMA) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def test_derive_seed_is_the_arena_s():
    for series, index in [(0, 0), (5, 0), (5, 3), (2**64 - 1, 2**64 - 1)]:
        assert cg.derive_seed(series, index) == derive_seed(series, index)
    with pytest.raises(ValueError):
        cg.derive_seed(-1, 0)


# Fields of a record that differ for reasons other than the game: `ms`, the
# time each turn took (0 from Python); `replay`, the command that replays
# it (Python writes "played from Python"); `series_seed`, the `--seed` of
# the series the game was one of (Python knows only the game's seed).
NOT_THE_GAME = ("replay", "series_seed")


def without_timings(record):
    out = {k: v for k, v in record.items() if k not in NOT_THE_GAME}
    out["turns"] = [{k: v for k, v in t.items() if k != "ms"} for t in record["turns"]]
    return out


@pytest.mark.parametrize("bots", [["random"] * 4, ["mcts:iters=20", "greedy", "random", "mcts:iters=10"]])
def test_parallel_football_from_python_is_the_arena_s_game(bots, tmp_path):
    """The same seeded bot game played by `arena play` and from Python (the
    same bots by spec, chance resolved from the seed) is the same record,
    but for the timings and the replay command."""
    seed, options = 5, {"p": 3, "k": 5, "max_turns": 30}
    records = tmp_path / "records"
    command = [arena(), "play", "parallel-football", "--seed", str(seed), "--record", str(records)]
    for k, v in options.items():
        command += [f"--{k.replace('_', '-')}", str(v)]
    for b in bots:
        command += ["--bot", b]
    out = subprocess.run(command, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    [path] = records.glob("*.json")
    native = json.loads(path.read_text())
    # Game 0 of the series: its seed, and each seat's bot seeded as the arena does.
    game_seed = cg.derive_seed(seed, 0)
    assert native["seed"] == game_seed
    game = cg.load_game("parallel-football", **options, seed=game_seed)
    players = [cg.bot(b, game, cg.derive_seed(game_seed, 1 + i)) for i, b in enumerate(bots)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
            continue
        acting = state.acting_players()
        state.apply_actions([players[t].step(state, t) if t in acting else cg.INVALID_ACTION for t in range(4)])
    ours = json.loads(state.to_record(bots))
    assert any(t.get("chance") for t in ours["turns"])
    assert without_timings(ours) == without_timings(native)
    assert set(ours) == set(native)
