"""A bot written in Python plays in `arena play` as a program, under the
contest's clock, through `run_bot`."""

import subprocess
import sys
import textwrap

import pytest

from test_record import arena

BOT = textwrap.dedent(
    """
    import random
    import sys
    import contest_games as cg

    rng = random.Random(int(sys.argv[2]))

    def choose(state, player):
        return rng.choice(state.legal_actions(player))

    cg.run_bot(sys.argv[1], choose)
    """
)


@pytest.mark.parametrize("game", ["paper-soccer", "yavalath", "quoridor", "parallel-football"])
def test_a_python_bot_plays_in_the_arena(game, tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text(BOT)
    others = ["--bot", "random"]
    if game == "parallel-football":
        others = ["--p", "2", "--k", "3", "--max-turns", "30"] + ["--bot", "random"] * 3
    out = subprocess.run(
        [arena(), "play", game, "--bot", f"cmd:{sys.executable} {bot} {game} 1", *others,
         "--games", "2", "--seed", "3", "--record", str(tmp_path / "records")],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "failed answers: none" in out.stdout, out.stdout


def test_run_bot_needs_a_function():
    import contest_games as cg

    with pytest.raises(ValueError, match="function"):
        cg.run_bot("yavalath", 3)


def test_a_python_bot_that_raises_crashes_in_the_arena(tmp_path):
    """An exception in choose ends the bot program (run_bot re-raises it,
    no answer is sent): the arena records a crash, as the contest would."""
    bot = tmp_path / "bot.py"
    bot.write_text("import contest_games as cg\ncg.run_bot('yavalath', lambda state, player: 1 / 0)\n")
    out = subprocess.run(
        [arena(), "play", "yavalath", "--bot", f"cmd:{sys.executable} {bot}", "--bot", "random",
         "--games", "1", "--seed", "3", "--record", str(tmp_path / "records")],
        capture_output=True, text=True, timeout=300,
    )
    assert "failed answers: none" not in out.stdout, out.stdout
    assert "crash" in out.stdout + out.stderr, out.stdout + out.stderr
