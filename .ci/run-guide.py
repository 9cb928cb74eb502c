#!/usr/bin/env python3
"""Runs every command the guides show, exactly as written.

    python3 .ci/run-guide.py                   # every guide
    python3 .ci/run-guide.py docs/arena.md     # some guides
    python3 .ci/run-guide.py --list            # what runs and what does not, and why
    python3 .ci/run-guide.py --json            # the same as JSON, each command also split into words
    python3 .ci/run-guide.py --verbose ...     # also print what each command prints

The guides: README.md, docs/*.md, every crate's README.md (fuzz/ included)
and the doc comments of the examples (*/examples/*.rs). A command is a line
of a fenced sh, bash or shell block, a `$ ` line of any other fenced block
(console, text), or a line of a text block in an example's doc comment
(how to run it). A line ending in a backslash goes on on the next line.

Each guide runs in its own scratch copy of the repository's tracked files,
a directory named my-clone (not the repository's name: a guide must work
from any clone's folder; docs/bots.md makes its bot next to it), so the
checkout stays clean; the copy's target/ and fuzz/target/ are the
checkout's, so builds are shared. Commands run one after the other from the
copy's root, in the directory the previous command left (a `cd` carries
over), with bash, stdin empty, and `arena` on the PATH as the release
build of the arena (docs/arena.md writes `cargo run --release -p arena --
COMMAND` as `arena COMMAND`, or installed). Each has a time limit (LIMIT); the first
failure stops the script with the command's last lines of output. A
command whose output has a failed-answer table (`arena play`, `arena
league`) counting a time-out fails too: no documented command may lose a
game on time.

A command that cannot run here in full is in SPECIAL below with what is
done instead, and the log says so: run for a few seconds and stopped with
Ctrl-C (it must not fail before; CI runs this script after the steps that
build the benchmarks and fuzz targets, so those seconds are spent running,
not compiling), run by its own step of CI (the command is checked to be in
.ci/run as written), or not run, with the reason. An entry that matches no
command is an error, so the list cannot rot.
"""
import json
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

root = pathlib.Path(__file__).resolve().parent.parent

# Seconds a command may take (a few games, a debug build of an example).
LIMIT = 240

BOUNDED, CI_STEP, NOT_RUN = "bounded", "ci-step", "not-run"

# Seconds of a bounded run of a long series, league, fuzz run or benchmark:
# everything is built by then, so a command that starts wrong has failed
# well within them (an unknown flag, a missing bot, a lost answer). Ctrl-C
# stops each at once (see main), so the step spends these seconds only.
A_FEW = 3

# Commands not run as plain commands: the command as written, then
# (BOUNDED, seconds): started, stopped with Ctrl-C after that long, and
# passes when it had not failed by then; (CI_STEP, why): a step of .ci/run
# runs this very command; (NOT_RUN, why).
SPECIAL = {
    "cargo test --workspace": (CI_STEP, "the step 'cargo test --workspace'"),
    # README.md and docs/python.md: installing would change the Python the
    # script runs with; .ci/python.sh runs it in a fresh venv.
    "pip install ./python": (
        NOT_RUN,
        "installs into the active Python; the step 'the Python package' runs it in a fresh venv (.ci/python.sh)",
    ),
    "SOAK_GAMES=10000 SOAK_TURNS=100000 cargo test --workspace --test soak -- --ignored --nocapture": (
        CI_STEP,
        "the soak step",
    ),
    "bash fuzz/run.sh": (CI_STEP, "the step 'fuzz: every cargo-fuzz target'"),
    "cargo run --release -p arena -- page yavalath -o yavalath.html": (
        CI_STEP,
        "the step 'the browser pages'",
    ),
    "FUZZ_SECONDS=3600 bash fuzz/run.sh quoridor_reference": (BOUNDED, A_FEW),
    "FUZZ_SECONDS=3600 bash fuzz/run.sh quoridor_rules": (BOUNDED, A_FEW),
    "FUZZ_SECONDS=600 bash fuzz/run.sh paper_soccer_rules paper_soccer_reference": (BOUNDED, A_FEW),
    "FUZZ_SECONDS=600 bash fuzz/run.sh --grow yavalath_reference": (BOUNDED, A_FEW),
    "bash fuzz/run.sh --replay yavalath_parsers fuzz/artifacts/yavalath_parsers/crash-<hash>": (
        NOT_RUN,
        "crash-<hash> stands for the file a failing run saves (the next block replays a committed input instead)",
    ),
    "bash fuzz/run.sh --minimize yavalath_parsers fuzz/artifacts/yavalath_parsers/crash-<hash>": (
        NOT_RUN,
        "crash-<hash> stands for the file a failing run saves; minimising needs an input that crashes",
    ),
    # fuzz/README.md, "Coverage": the coverage build is a second build of
    # the targets (fuzz/target/*/coverage/), not the one CI's fuzz step made.
    "bash fuzz/coverage.sh": (
        NOT_RUN,
        "builds all fifteen targets with coverage instrumentation (about 3 minutes on 2 cores from scratch) and replays their corpora; the one-target `--html` command runs",
    ),
    # fuzz/README.md, "Planted bugs": CI's fuzz step runs the whole check (and
    # builds fuzz/target-planted/, which the scratch copies share); one bug
    # runs as written.
    "bash fuzz/planted.sh": (CI_STEP, "the step 'fuzz: every cargo-fuzz target'"),
    "bash fuzz/planted.sh --empty": (
        NOT_RUN,
        "builds its own copy of five fuzz targets (about 2 minutes) and fuzzes each planted bug from nothing",
    ),
    # docs/fuzzing.md, "Mutation score"
    "cargo install cargo-mutants --locked": (
        NOT_RUN,
        "installs a tool into ~/.cargo (CI's mutation step installs it the same way)",
    ),
    "cargo mutants -p yavalath -j 2": (
        NOT_RUN,
        "tests every mutant of a crate, about 40 minutes on 2 cores (the guide's --list command runs; CI tests a change's own mutants)",
    ),
    "CARGO_INCREMENTAL=1 cargo mutants --config .cargo/mutants-judge.toml -p game-arena --in-place --baseline skip "
    "--timeout 150": (
        NOT_RUN,
        "tests every mutant of the judge in place, about 25 minutes on 2 cores (the guide's --list command runs; "
        "CI tests a change's own judge mutants)",
    ),
    "bash .ci/mutants.sh": (CI_STEP, "the step 'mutation testing of the last commit'"),
    # README.md, "Submitting to CodinGame"
    "cargo install cargo-equip --locked": (
        NOT_RUN,
        "installs a tool into ~/.cargo (CI installs cargo-equip the same way before its tests)",
    ),
    "cargo run --release -p arena -- bundle path/to/my-bot/Cargo.toml -o bot.rs": (
        NOT_RUN,
        "path/to/my-bot stands for the reader's bot crate (CI's bundling step bundles bots/*)",
    ),
    "rustc --edition 2021 -O bot.rs": (NOT_RUN, "compiles the bot.rs the command before writes"),
    # Series and leagues of hundreds of games: a few games each.
    "cargo run --release -p arena -- play paper-soccer --bot cmd:target/release/examples/paper-soccer-bot --bot mcts "
    "--games 400 --record series/ --resume": (BOUNDED, A_FEW),
    "cargo run --release -p arena -- play paper-soccer --bot cmd:target/release/examples/paper-soccer-bot --bot mcts "
    "--games 400 --record shards/ --shard 1/4": (BOUNDED, A_FEW),
    "cargo run --release -p arena -- league yavalath league/ --bot name=v1,cmd:target/release/examples/yavalath-bot \\\n"
    "    --bot name=v2,alphabeta:depth=2 --bot name=mcts,mcts:ms=50 --games-per-pairing 20 --html league.html": (
        BOUNDED,
        A_FEW,
    ),
    "cargo run --release -p arena -- league yavalath league/ --bot name=v3,alphabeta:depth=3 --games-per-pairing 20": (
        BOUNDED,
        A_FEW,
    ),
    "cargo run --release -p arena -- league yavalath league/ --games 500 --minutes 30": (BOUNDED, A_FEW),
    "arena play quoridor --bot cmd:target/release/examples/quoridor-bot --bot mcts --games 200 --jobs auto --seed 7 "
    "--json summary.json": (BOUNDED, A_FEW),
    "arena play paper-soccer --bot cmd:target/release/examples/paper-soccer-bot --bot mcts --games 2000 "
    "--record series/ --resume": (BOUNDED, A_FEW),
    "arena play paper-soccer --bot cmd:target/release/examples/paper-soccer-bot --bot mcts --games 2000 "
    "--record shards/ --shard 1/4": (BOUNDED, A_FEW),
    "arena league yavalath league/ --bot name=v1,cmd:target/release/examples/yavalath-bot "
    "--bot name=v2,alphabeta:depth=2 \\\n    --bot name=ref,mcts:ms=50 --games-per-pairing 20 --html league.html": (
        BOUNDED,
        A_FEW,
    ),
    "arena league yavalath league/ --bot name=v3,alphabeta:depth=3 --games-per-pairing 20": (BOUNDED, A_FEW),
    "arena league yavalath league/ --games 500 --minutes 30": (BOUNDED, A_FEW),
    # docs/bots.md, a hundred games against mcts at the contest's clock (three
    # minutes on 2 cores): the games of 30 s, checked for time-outs alike.
    "cargo run --release -p arena -- play yavalath --bot cmd:../my-bot/target/release/my-bot --bot mcts --games 100 "
    "--jobs auto": (BOUNDED, 30),
    # docs/bots.md, the strength table: a league of a minute per game, and 40 games.
    "cargo run --release -p arena -- league yavalath strength/yavalath --bot name=random,random --bot name=mcts,mcts "
    "--bot name=alphabeta,alphabeta --games-per-pairing 20 --jobs 2 --seed 1": (BOUNDED, A_FEW),
    "cargo run --release -p arena -- league paper-soccer strength/paper-soccer --bot name=random,random "
    "--bot name=greedy,greedy --bot name=mcts,mcts --bot name=search,search --games-per-pairing 20 --jobs 2 --seed 1": (
        BOUNDED,
        A_FEW,
    ),
    # docs/bots.md, Paper Soccer's search measured: 200 games each.
    "cargo run --release -p arena -- play paper-soccer --bot search --bot mcts --games 200 --jobs 2 --seed 1": (
        BOUNDED,
        A_FEW,
    ),
    "cargo run --release -p arena -- play paper-soccer --bot search --bot greedy --games 200 --jobs 1 --seed 2": (
        BOUNDED,
        A_FEW,
    ),
    "cargo run --release -p arena -- league quoridor strength/quoridor --bot name=random,random "
    "--bot name=walker,walker --bot name=mcts,mcts --games-per-pairing 20 --jobs 2 --seed 1": (BOUNDED, A_FEW),
    "cargo run --release -p arena -- play yavalath --bot mcts --bot mcts:iters=1000 --games 40 --jobs 2 --seed 1": (
        BOUNDED,
        A_FEW,
    ),
    # Criterion runs minutes per benchmark; the speed table's four commands
    # their first benchmark (a second of warm-up, three of measuring) and
    # stopped (CI builds every benchmark in its own step).
    "cargo bench -p benches --bench yavalath -- --warm-up-time 1 --measurement-time 3 random-games": (BOUNDED, 5),
    "cargo bench -p benches --bench paper_soccer -- --warm-up-time 1 --measurement-time 3 random_game": (BOUNDED, 5),
    "cargo bench -p benches --bench quoridor -- --warm-up-time 1 --measurement-time 3 random-game": (BOUNDED, 5),
    "cargo bench -p benches --bench parallel_football -- --warm-up-time 1 --measurement-time 3 random-game": (
        BOUNDED,
        5,
    ),
    "cargo bench -p benches --bench yavalath": (BOUNDED, A_FEW),
    "cargo bench -p benches --bench game_core": (BOUNDED, A_FEW),
    "cargo bench -p benches --bench search": (BOUNDED, A_FEW),
    "cargo bench -p benches --bench quoridor -- --warm-up-time 1 --measurement-time 3": (BOUNDED, A_FEW),
    "cargo bench -p benches --bench quoridor -- walls": (BOUNDED, A_FEW),
}



def guides(args):
    """The guides named, or every guide."""
    if args:
        return [root / a for a in args]
    found = [root / "README.md"]
    found += sorted((root / "docs").glob("*.md"))
    found += sorted(root.glob("*/README.md"))
    found += sorted(root.glob("*/examples/*.rs"))
    return found


def doc_comment(text):
    """An example's `//!` doc comment as Markdown."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("//!"):
            break
        lines.append(line[4:] if line.startswith("//! ") else line[3:])
    return "\n".join(lines)


def commands(path):
    """The commands of one guide, in order. A command is matched against
    SPECIAL without its trailing comment (`  # ...`)."""
    text = path.read_text()
    example = path.suffix == ".rs"
    if example:
        text = doc_comment(text)
    found = []
    fence = re.compile(r"^( *)```(\S*)[^\n]*\n(.*?)^ *```", re.S | re.M)
    for m in fence.finditer(text):
        indent, lang, body = len(m.group(1)), m.group(2), m.group(3)
        lines = [line[indent:] if line[:indent].strip() == "" else line for line in body.splitlines()]
        if lang in ("sh", "bash", "shell") or (example and lang == "text"):
            lines = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
        else:
            lines = [line[2:] for line in lines if line.startswith("$ ")]
        while lines:
            line = lines.pop(0)
            while line.endswith("\\") and lines:
                line += "\n" + lines.pop(0)
            found.append(line)
    return found


def scratch_copy(dest):
    """The tracked files of the checkout in `dest`, with modification times
    (so that Cargo finds the shared builds fresh), and the build
    directories linked."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    dest.mkdir(parents=True)
    for name in files.decode().split("\0"):
        if name and (root / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(root / name, dest / name)
    for target in ("target", "fuzz/target", "fuzz/target-planted"):
        (root / target).mkdir(exist_ok=True)
        (dest / target).symlink_to(root / target)


def stop(proc, sig, wait):
    """Sends `sig` to the command's process group; waits up to `wait` s."""
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        return True
    try:
        proc.wait(timeout=wait)
        return True
    except subprocess.TimeoutExpired:
        return False


def timed_out(output):
    """The rows of the failed-answer tables of `arena play` and `arena
    league` in `output` (a header naming "timeouts", then one row per bot
    ending in its timeouts, crashes, unreadable and illegal answers) whose
    bot answered late at least once."""
    late = []
    rows = None
    for line in output.splitlines():
        words = line.split()
        if words[-4:] == ["timeouts", "crashes", "unreadable", "illegal"]:
            rows = True
        elif rows and len(words) >= 6 and all(w.isdigit() for w in words[-4:]):
            if int(words[-4]) > 0:
                late.append(line.strip())
        else:
            rows = None
    return late


def execute(command, cwd, env, log, bounded):
    """Runs one command; returns (passed, new cwd, what happened)."""
    state = log.with_suffix(".cwd")
    script = 'cd "$1" || exit 125; eval "$2"; s=$?; pwd >"$3"; exit $s'
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            ["bash", "-c", script, "bash", str(cwd), command, str(state)],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        limit = bounded or LIMIT
        try:
            status = proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            if bounded:
                if not stop(proc, signal.SIGINT, 30):
                    stop(proc, signal.SIGKILL, 5)
                out.flush()
                if late := timed_out(log.read_text(errors="replace")):
                    return False, cwd, "a bot lost answers on time: " + "; ".join(late)
                return True, cwd, f"still running after {bounded} s, stopped with Ctrl-C (a bounded run)"
            if not stop(proc, signal.SIGTERM, 10):
                stop(proc, signal.SIGKILL, 5)
            return False, cwd, f"took more than {LIMIT} s"
    stop(proc, signal.SIGKILL, 5)  # whatever it left running
    new_cwd = pathlib.Path(state.read_text().strip()) if state.exists() else cwd
    if status != 0:
        return False, new_cwd, f"exit status {status}"
    if late := timed_out(log.read_text(errors="replace")):
        return False, new_cwd, "a bot lost answers on time: " + "; ".join(late)
    return True, new_cwd, "ok"


def main():
    # Ctrl-C must reach the commands as it does from a terminal. A script
    # started in the background by a non-interactive shell (as CI often is)
    # inherits SIGINT ignored, every command it starts would too, and a
    # bounded run of a program without its own handler (a criterion
    # benchmark) would ignore the Ctrl-C and be killed 30 s later. A handled
    # signal is reset to its default in the commands this script starts.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    args = sys.argv[1:]
    listing = "--list" in args
    as_json = "--json" in args
    verbose = "--verbose" in args
    args = [a for a in args if a not in ("--list", "--json", "--verbose")]
    chosen = guides(args)
    ci = (root / ".ci" / "run").read_text()
    used = set()
    plan = []
    for path in chosen:
        for command in commands(path):
            key = re.sub(r"\s+# .*$", "", command)
            how = SPECIAL.get(key)
            if how:
                used.add(key)
                if how[0] == CI_STEP and key not in ci:
                    sys.exit(f"{path.relative_to(root)}: `{command}` is said to be run by CI, but .ci/run lacks it")
            plan.append((path, command, how))
    if not args and (unused := set(SPECIAL) - used):
        sys.exit("run-guide.py: SPECIAL lists commands no guide shows any more:\n  " + "\n  ".join(sorted(unused)))

    def describe(how):
        if how is None:
            return "run"
        if how[0] == BOUNDED:
            return f"run for {how[1]} s, then stopped with Ctrl-C"
        if how[0] == CI_STEP:
            return f"not run here: CI runs it as written in {how[1]}"
        return f"not run: {how[1]}"

    if as_json:
        print(
            json.dumps(
                [
                    {
                        "guide": str(path.relative_to(root)),
                        "command": command,
                        "words": shlex.split(command.replace("\\\n", " "), comments=True),
                        "how": describe(how),
                    }
                    for path, command, how in plan
                ],
                indent=1,
            )
        )
        return
    if listing:
        for path, command, how in plan:
            print(f"{path.relative_to(root)}: {describe(how)}: {command}")
        return

    started = time.monotonic()
    built = subprocess.run(["cargo", "build", "--release", "-p", "arena"], cwd=root)
    if built.returncode != 0:
        sys.exit("run-guide.py: the arena does not build")
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="run-guide-"))
    bin_dir = scratch / "bin"
    bin_dir.mkdir()
    (bin_dir / "arena").symlink_to(root / "target" / "release" / "arena")
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    env.pop("CARGO_TARGET_DIR", None)
    counts = {"ran": 0, "bounded": 0, "not run": 0}
    try:
        for path in chosen:
            steps = [(c, how) for p, c, how in plan if p == path]
            if not steps:
                continue
            name = str(path.relative_to(root))
            copy = scratch / re.sub(r"\W", "-", name) / "my-clone"
            scratch_copy(copy)
            cwd = copy
            print(f"\n-- {name}", flush=True)
            for i, (command, how) in enumerate(steps):
                if how and how[0] != BOUNDED:
                    print(f"   {describe(how)}: {command}", flush=True)
                    counts["not run"] += 1
                    continue
                bounded = how[1] if how else None
                log = copy.parent / f"{i:03}.log"
                t = time.monotonic()
                passed, cwd, what = execute(command, cwd, env, log, bounded)
                took = time.monotonic() - t
                print(f"$ {command}\n   {what}, {took:.1f} s", flush=True)
                if verbose:
                    print(log.read_text(errors="replace"), flush=True)
                if not passed:
                    print("".join(log.read_text(errors="replace").splitlines(True)[-40:]), flush=True)
                    sys.exit(f"{name}: `{command}` failed ({what})")
                counts["bounded" if bounded else "ran"] += 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(
        f"\nguides: {counts['ran']} commands ran as written, {counts['bounded']} ran for a bounded time, "
        f"{counts['not run']} not run here (reasons above), {time.monotonic() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
