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
