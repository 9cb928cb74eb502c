#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each (default 20) on
# stable Rust: cargo-fuzz needs nightly flags, which RUSTC_BOOTSTRAP=1 allows.
# New inputs go to a scratch directory; the committed seed corpus in
# fuzz/corpus/TARGET is only read. A crash stops the script with its input
# saved under fuzz/artifacts/TARGET/.
#
#   bash fuzz/run.sh            # every target, 20 s each
#   FUZZ_SECONDS=600 bash fuzz/run.sh quoridor_rules
set -euo pipefail
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
seconds="${FUZZ_SECONDS:-20}"
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz (once per machine)"
    cargo install cargo-fuzz --locked
fi
targets=("$@")
# Safe Rust only (unsafe_code is denied in the workspace): no sanitizer, but
# debug assertions and overflow checks on (cargo fuzz's default). Only the
# targets named are built.
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
    cargo fuzz build -s none
else
    for t in "${targets[@]}"; do
        cargo fuzz build -s none "$t"
    done
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for t in "${targets[@]}"; do
    mkdir -p "$scratch/$t" "corpus/$t"
    log="$scratch/$t.log"
    if ! cargo fuzz run -s none "$t" "$scratch/$t" "corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=4096 >"$log" 2>&1; then
        tail -n 40 "$log"
        echo "fuzz target $t FAILED (input saved under fuzz/artifacts/$t/)" >&2
        exit 1
    fi
    runs=$(grep -Eo '^Done [0-9]+ runs in [0-9]+ second' "$log" | awk '{print $2, $5}')
    read -r n s <<<"${runs:-0 1}"
    printf 'fuzz %-28s %9d runs in %3ds  %8d exec/s\n' "$t" "$n" "$s" "$((n / (s > 0 ? s : 1)))"
done
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, no crash"
