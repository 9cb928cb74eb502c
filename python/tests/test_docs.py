"""Every python block of docs/python.md runs as written."""

import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_the_guide_has_examples():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_runs(block, capsys, tmp_path, monkeypatch):
    # In a scratch folder: the examples write files (game.json).
    monkeypatch.chdir(tmp_path)
    exec(compile(block, str(DOC), "exec"), {"__name__": "__docs__"})


def test_the_stubs_name_every_public_name():
    import contest_games as cg

    stubs = (pathlib.Path(__file__).resolve().parents[1] / "contest_games" / "__init__.pyi").read_text()
    for name in cg.__all__:
        assert re.search(rf"^(def |class )?{name}\b", stubs, flags=re.M), name
    for cls in [cg.Game, cg.State, cg.Bot, cg.VectorEnv]:
        block = stubs.split(f"class {cls.__name__}")[1].split("\nclass ")[0]
        for attr in dir(cls):
            if not attr.startswith("_"):
                assert f"def {attr}(" in block, f"{cls.__name__}.{attr}"


def test_the_bots_example_writes_the_record_it_judges():
    block = next(b for b in BLOCKS if "to_record" in b)
    assert 'open("game.json", "w")' in block


def test_the_install_notes_are_there():
    text = DOC.read_text()
    for needed in ["Rust toolchain", "ModuleNotFoundError", "`nim`", "Ctrl-C", "MAX_NUM_ENVS", "-1 when unbounded"]:
        assert needed in text, needed
