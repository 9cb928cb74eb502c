#!/usr/bin/env bash
# The fuzz targets on stable Rust (cargo-fuzz needs nightly flags, which
# RUSTC_BOOTSTRAP=1 allows). Run it from anywhere; file arguments are read
# relative to the directory you run it from. Usage (fuzz/README.md):
#
#   bash fuzz/run.sh [TARGET...]            run each target (all when none
#                                           is named) for FUZZ_SECONDS (20),
#                                           FUZZ_JOBS (the cores) at a time
#   bash fuzz/run.sh --replay TARGET FILE   run TARGET once on FILE
#   bash fuzz/run.sh --minimize TARGET FILE shrink a crashing FILE
#   bash fuzz/run.sh --grow TARGET          run TARGET for FUZZ_SECONDS,
#                                           keeping new inputs in its corpus,
#                                           then minimise the corpus
#
# Only the targets named are built. In a plain run new inputs go to a
# scratch directory and the committed corpus fuzz/corpus/TARGET is only
# read; a crash fails the script, its input saved under
# fuzz/artifacts/TARGET/.
set -euo pipefail
here="$(pwd)"
cd "$(dirname "$0")"
self="$(pwd)/$(basename "$0")"
export RUSTC_BOOTSTRAP=1
seconds="${FUZZ_SECONDS:-20}"
# libFuzzer reads 0 (and text) as "no limit": a run would never end.
# More than 9 digits would overflow its number of seconds.
[[ "$seconds" =~ ^[1-9][0-9]{0,8}$ ]] || { echo "FUZZ_SECONDS must be a whole number of seconds from 1 to 999999999, not '$seconds'" >&2; exit 2; }
jobs_max="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
[[ "$jobs_max" =~ ^[1-9][0-9]*$ ]] || { echo "FUZZ_JOBS must be a whole number of at least 1, not '$jobs_max'" >&2; exit 2; }
# cargo-fuzz installed, the committed fuzz/Cargo.lock used as it is.
. ./prepare.sh
if ! compgen -G 'target/*/release' >/dev/null; then
    echo "first run: compiling the fuzz targets first (about 5 minutes on 2 cores for all of them;"
    echo "later runs reuse fuzz/target/ and start at once)"
fi

# Safe Rust only (unsafe_code is denied in the workspace): no sanitizer, but
# debug assertions and overflow checks on (cargo fuzz's default).
build() { cargo fuzz build -s none "$1"; }
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
need_target() {
    # The list whole first: `cargo fuzz list | grep -q` fails at random under
    # pipefail (grep stops reading, cargo fuzz panics on the broken pipe).
    local targets
    targets="$(cargo fuzz list)"
    if ! grep -qx "$1" <<<"$targets"; then
        echo "no fuzz target named '$1'; the targets are:" >&2
        echo "$targets" >&2
        exit 2
    fi
}

case "${1:-}" in
--replay | --minimize)
    [ $# -eq 3 ] || { echo "usage: bash fuzz/run.sh $1 TARGET FILE" >&2; exit 2; }
    need_target "$2"
    file="$(absolute "$3")"
    [ -f "$file" ] || { echo "no such file: $3" >&2; exit 2; }
    build "$2"
    if [ "$1" = --replay ]; then
        cargo fuzz run -s none "$2" "$file"
    else
        cargo fuzz tmin -s none "$2" "$file"
    fi
    exit 0
    ;;
--grow)
    [ $# -eq 2 ] || { echo "usage: bash fuzz/run.sh --grow TARGET" >&2; exit 2; }
    need_target "$2"
    build "$2"
    mkdir -p "corpus/$2"
    cargo fuzz run -s none "$2" "corpus/$2" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=4096
    cargo fuzz cmin -s none "$2" "corpus/$2"
    echo "corpus/$2: $(find "corpus/$2" -type f | wc -l) inputs after minimising"
    exit 0
    ;;
-*)
    sed -n '2,18p' "$self" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
    cargo fuzz build -s none
else
    for t in "${targets[@]}"; do
        need_target "$t"
        build "$t"
    done
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# Each target is one process on one core: FUZZ_JOBS targets (the machine's
# cores, unless set) run at a time, each for its full FUZZ_SECONDS.
[ "$jobs_max" -le "${#targets[@]}" ] || jobs_max=${#targets[@]}
fuzz_one() {
    local t="$1" status=0
    # Ctrl-C is for the fuzzer (it stops and says so); this shell waits for
    # it and writes its status.
    trap true INT
    cargo fuzz run -s none "$t" "$scratch/$t" "corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=4096 >"$scratch/$t.log" 2>&1 || status=$?
    echo "$status" >"$scratch/$t.status"
}
# Ctrl-C stops the fuzzers (they get it too); the script then reports what
# ran, and that it was interrupted rather than a crash.
interrupted=0
trap 'interrupted=1' INT
pids=()
for t in "${targets[@]}"; do
    [ "$interrupted" = 0 ] || break
    mkdir -p "$scratch/$t" "corpus/$t"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    [ "$interrupted" = 0 ] || break
    fuzz_one "$t" &
    pids+=("$!")
done
# Each fuzzer's shell to its end, status written (a Ctrl-C ends a `wait`
# early, so wait again while it lives).
for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null; do wait "$pid" || true; done
done
failed=0
for t in "${targets[@]}"; do
    log="$scratch/$t.log"
    if [ ! -f "$scratch/$t.status" ]; then
        echo "fuzz $t: not started (interrupted)"
        continue
    fi
    if [ "$(cat "$scratch/$t.status")" != 0 ] && grep -q 'run interrupted; exiting' "$log"; then
        echo "fuzz $t: interrupted, no crash found until then"
        continue
    fi
    if [ "$(cat "$scratch/$t.status")" != 0 ]; then
        tail -n 40 "$log"
        echo "fuzz target $t FAILED (input saved under fuzz/artifacts/$t/)" >&2
        failed=1
        continue
    fi
    runs=$(grep -Eo '^Done [0-9]+ runs in [0-9]+ second' "$log" | awk '{print $2, $5}')
    read -r n s <<<"${runs:-0 1}"
    printf 'fuzz %-28s %9d runs in %3ds  %8d exec/s\n' "$t" "$n" "$s" "$((n / (s > 0 ? s : 1)))"
    # What a target reports about itself (paper_soccer_reference: how often
    # its turn lists were compared whole), the last report of the run.
    grep '^#stats ' "$log" | tail -n 1 | sed 's/^#stats /     /' || true
done
[ "$failed" = 0 ] || exit 1
[ "$interrupted" = 0 ] || { echo "fuzz: interrupted" >&2; exit 130; }
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, $jobs_max at a time, no crash"
