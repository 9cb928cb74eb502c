#!/usr/bin/env bash
# One bot crate as CodinGame takes it: `arena bundle` into one file, under
# CodinGame's 100,000 characters, compiled by rustc alone (edition 2021, no
# Cargo, in an empty directory) and by the oldest rustc the bundles promise,
# then played against the random bot with no failed answer.
#
#     .ci/bundle-bot.sh GAME MANIFEST DIR NAME [GAMES]
#
# Writes DIR/NAME.rs (the bundle), DIR/NAME-bundled (its program) and
# DIR/rec-NAME-bundled (the records of GAMES games, 10 unless given, seed 7).
# The environment gives the arena binary (ARENA, default target/debug/arena)
# and the oldest rustc (RUST_FLOOR, a rustup toolchain; unset or empty: not
# checked). Run from the repository root; CARGO_TARGET_DIR is honoured.
set -euo pipefail
game="$1" manifest="$2" dir="$3" name="$4" games="${5:-10}"
arena="${ARENA:-target/debug/arena}"

"$arena" bundle "$manifest" -o "$dir/$name.rs"
chars=$(wc -m <"$dir/$name.rs")
if [ "$chars" -gt 100000 ]; then
    echo "the $name bundle has $chars characters, over CodinGame's 100,000" >&2
    exit 1
fi
# rustc alone, in the bundle's directory: no Cargo, no --extern.
(cd "$dir" && rustc --edition 2021 -O "$name.rs" -o "$name-bundled" 2>"$name-rustc.log") ||
    { cat "$dir/$name-rustc.log" >&2; echo "the $name bundle does not compile" >&2; exit 1; }
if [ -n "${RUST_FLOOR:-}" ]; then
    # Unoptimised: the program above is the one that plays.
    (cd "$dir" && rustup run "$RUST_FLOOR" rustc --edition 2021 "$name.rs" -o "$name-floor" 2>"$name-floor.log") ||
        { cat "$dir/$name-floor.log" >&2; echo "the $name bundle does not compile with rustc $RUST_FLOOR" >&2; exit 1; }
    echo "$name: compiles with rustc $RUST_FLOOR"
fi
seats=2
if [ "$game" = parallel-football ]; then seats=4; fi
opponents=()
for _ in $(seq 2 "$seats"); do opponents+=(--bot random); done
out="$("$arena" play "$game" --bot "cmd:$dir/$name-bundled" "${opponents[@]}" --games "$games" --seed 7 --record "$dir/rec-$name-bundled")"
grep -q '^failed answers: none$' <<<"$out" || { echo "$out" >&2; echo "the bundled $name bot failed answers" >&2; exit 1; }
echo "$name: $chars characters, $games games against random without a failed answer"
