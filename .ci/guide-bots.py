#!/usr/bin/env python3
"""Every bot program of the guides, bundled for CodinGame as a newcomer's
crate would be.

A bot program is a ```rust block of a guide (README.md, docs/*.md, the
crates' README.md) with a commented-out `main`, a line such as

    // fn main() { run_bot(std::io::stdin().lock(), std::io::stdout(), bot).unwrap() }

(the doctest runs the bot on a scripted input instead). The program is the
block up to that line, then that `main`. Each program of a CodinGame game
(Paper Soccer, Yavalath; the same program once) becomes a crate made by
`cargo new` in a temporary directory, depending on its game crate by path
with default features off, as the README's "Submitting to CodinGame" says;
`.ci/bundle-bot.sh` bundles it, checks its size, compiles it with rustc
alone and with RUST_FLOOR, and plays it against the random bot. The crates
share one target directory with bots/, target/bots. Quoridor's and Parallel
Football's (and Nim's) programs are listed and left out: those games take no
single-file bundle, and the bundles' promises (100,000 characters, rustc
1.81) are CodinGame's.

    python3 .ci/guide-bots.py            # needs target/debug/arena and cargo-equip
    python3 .ci/guide-bots.py --list     # only list the programs found
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
GAMES = ["paper-soccer", "yavalath", "quoridor", "parallel-football", "nim"]
CODINGAME = ["paper-soccer", "yavalath"]
MAIN = re.compile(r"^//.*?\b(fn main\(\).*)$", re.M)


def guides():
    yield root / "README.md"
    yield from sorted((root / "docs").glob("*.md"))
    yield from sorted(root.glob("*/README.md"))


def programs():
    """(guide, line, game, source) of every bot program, each once."""
    seen = set()
    for guide in guides():
        text = guide.read_text()
        for block in re.finditer(r"```rust\n(.*?)```", text, re.S):
            main = MAIN.search(block.group(1))
            if not main:
                continue
            source = block.group(1)[: main.start()] + main.group(1) + "\n"
            used = [g for g in GAMES if re.search(rf"\b{g.replace('-', '_')}::", source)]
            line = text.count("\n", 0, block.start()) + 1
            where = f"{guide.relative_to(root)}:{line}"
            if len(used) != 1:
                sys.exit(f"{where}: a bot program uses one game crate; this one uses {used or 'none'}")
            code = "\n".join(l for l in source.splitlines() if not l.strip().startswith("//"))
            if (used[0], code) not in seen:
                seen.add((used[0], code))
                yield where, used[0], source


def run(cmd, **kw):
    subprocess.run(cmd, check=True, **kw)


def main():
    found = list(programs())
    if not found:
        sys.exit("no bot program found in the guides")
    if sys.argv[1:] == ["--list"]:
        for where, game, _ in found:
            print(f"{where}: {game}{'' if game in CODINGAME else ' (not a CodinGame game: not bundled)'}")
        return
    for where, game, _ in found:
        if game not in CODINGAME:
            print(f"-- {where} ({game}): not a CodinGame game, not bundled")
    found = [p for p in found if p[1] in CODINGAME]
    if not found:
        sys.exit("no CodinGame bot program found in the guides")
    env = dict(os.environ, CARGO_TARGET_DIR=str(root / "target/bots"))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for where, game, source in found:
            name = re.sub(r"[^a-z0-9]+", "-", where.lower()).strip("-")
            print(f"-- {where} ({game}) as {name}", flush=True)
            crate = tmp / name
            run(["cargo", "new", "--quiet", "--vcs", "none", str(crate)])
            # The workspace's versions of the game crate's dependencies.
            shutil.copy(root / "Cargo.lock", crate / "Cargo.lock")
            run(["cargo", "add", "--quiet", "--no-default-features", game, "--path", str(root / game)], cwd=crate)
            (crate / "src" / "main.rs").write_text(source)
            done = subprocess.run(
                ["bash", str(root / ".ci/bundle-bot.sh"), game, str(crate / "Cargo.toml"), str(tmp), name, "4"],
                cwd=root,
                env=env,
            )
            if done.returncode != 0:
                sys.exit(f"{where}: the bot program does not make a working CodinGame bundle (see above)")
    print(f"{len(found)} bot programs of the guides bundled, compiled and played")


main()
