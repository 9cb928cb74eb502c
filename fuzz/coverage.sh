#!/usr/bin/env bash
# Line coverage of the games' rules files by the fuzz targets' committed
# corpora, with the toolchain's own tools (cargo fuzz coverage on stable via
# RUSTC_BOOTSTRAP=1, llvm-cov of the llvm-tools component). Run it from
# anywhere; --html DIR is read relative to the directory you run it from.
# Usage (fuzz/README.md, "Coverage"):
#
#   bash fuzz/coverage.sh [TARGET...]            build each target (all when
#                                                none is named) with coverage,
#                                                replay fuzz/corpus/TARGET and
#                                                print the lines covered of
#                                                each rules file of its game
#   bash fuzz/coverage.sh --html DIR [TARGET...] the same, and llvm-cov's HTML
#                                                report of each target in
#                                                DIR/TARGET/
#
# The coverage build goes to fuzz/target/*/coverage/ and the profiles to
# fuzz/coverage/ (both ignored by git); the corpus and fuzz/Cargo.lock are
# only read.
set -euo pipefail
here="$(pwd)"
cd "$(dirname "$0")"
self="$(pwd)/$(basename "$0")"
root="$(cd .. && pwd)"
export RUSTC_BOOTSTRAP=1

# The rules files of each game crate, relative to its src/: move
# generation, the game state, the pitch or board, the setup, and the
# protocol (every file of src/protocol/).
rules_files() {
    case "$1" in
    paper-soccer) echo movegen.rs turngen.rs state.rs pitch.rs dir.rs setup.rs ;;
    yavalath) echo movegen.rs state.rs bits.rs bitboard.rs cell.rs setup.rs ;;
    quoridor) echo movegen.rs state.rs geometry.rs setup.rs ;;
    parallel-football) echo movegen.rs allocation.rs state.rs field.rs setup.rs ;;
    esac
    (cd "$root/$1/src" && ls protocol/*.rs)
}
# The game crates a target exercises: its name's game, or all of them.
games_of() {
    case "$1" in
    paper_soccer_*) echo paper-soccer ;;
    yavalath_*) echo yavalath ;;
    quoridor_*) echo quoridor ;;
    parallel_football_*) echo parallel-football ;;
    *) echo paper-soccer yavalath quoridor parallel-football ;;
    esac
}

html=""
case "${1:-}" in
--html)
    [ $# -ge 2 ] || { echo "usage: bash fuzz/coverage.sh --html DIR [TARGET...]" >&2; exit 2; }
    case "$2" in /*) html="$2" ;; *) html="$here/$2" ;; esac
    shift 2
    ;;
-*)
    sed -n '2,19p' "$self" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac

# cargo-fuzz installed, the committed fuzz/Cargo.lock used as it is.
. ./prepare.sh
host="$(rustc -vV | sed -n 's/^host: //p')"
tools="$(rustc --print sysroot)/lib/rustlib/$host/bin"
if [ ! -x "$tools/llvm-cov" ] || [ ! -x "$tools/llvm-profdata" ]; then
    echo "installing the llvm-tools component (once per toolchain)"
    rustup component add llvm-tools-preview
fi

all="$(cargo fuzz list)"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets <<<"$all"
else
    for t in "${targets[@]}"; do
        if ! grep -qx "$t" <<<"$all"; then
            echo "no fuzz target named '$t'; the targets are:" >&2
            echo "$all" >&2
            exit 2
        fi
    done
fi
if ! compgen -G "target/$host/coverage/$host/release" >/dev/null; then
    echo "first run: compiling the coverage build first (about 3 minutes on 2 cores for all"
    echo "the targets; later runs reuse fuzz/target/ and take seconds)"
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
printf '%-28s %-42s %13s %7s\n' target file "lines covered" percent
for t in "${targets[@]}"; do
    # Builds the target with -C instrument-coverage and runs it once over
    # its corpus (libFuzzer's -merge=1 into a temporary directory: the
    # corpus is not written), leaving fuzz/coverage/TARGET/coverage.profdata.
    if ! cargo fuzz coverage -s none "$t" "corpus/$t" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "coverage of $t FAILED" >&2
        exit 1
    fi
    bin="target/$host/coverage/$host/release/$t"
    profile="coverage/$t/coverage.profdata"
    files=()
    for game in $(games_of "$t"); do
        for f in $(rules_files "$game"); do files+=("$game/src/$f"); done
    done
    # llvm-cov's summary of every file of the build, the lines of the rules
    # files, in the order above (a file the target never links is left
    # out); the files are matched by their end, wherever the sources were
    # built from.
    "$tools/llvm-cov" export "$bin" -instr-profile="$profile" -summary-only |
        python3 -c '
import json, sys
target, wanted = sys.argv[1], sys.argv[2:]
lines = {}
for f in json.load(sys.stdin)["data"][0]["files"]:
    for w in wanted:
        if f["filename"].endswith("/" + w):
            lines[w] = f["summary"]["lines"]
row = "%-28s %-42s %6d / %4d %6.1f%%"
tc = tn = 0
for w in wanted:
    if w in lines:
        n, c = lines[w]["count"], lines[w]["covered"]
        print(row % (target, w, c, n, 100 * c / n if n else 0))
        tc, tn = tc + c, tn + n
print(row % (target, "total", tc, tn, 100 * tc / tn if tn else 0))
' "$t" "${files[@]}"
    if [ -n "$html" ]; then
        mkdir -p "$html/$t"
        "$tools/llvm-cov" show "$bin" -instr-profile="$profile" -format=html \
            -output-dir="$html/$t" -ignore-filename-regex='/\.cargo/|/rustc/|/\.rustup/|/fuzz/fuzz_targets/'
    fi
done
if [ -n "$html" ]; then echo "HTML reports: $html/TARGET/index.html"; fi
