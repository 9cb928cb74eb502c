#!/usr/bin/env bash
# The fuzzing guide (docs/fuzzing.md) as a new user meets it: a scratch crate
# outside the workspace depends on the library crates by path, with their
# `testing` and `arbitrary` features, and runs every Rust block of the guide
# as a doctest. Run from anywhere; builds in target/scratch-fuzzer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/src"
features='features = ["testing", "arbitrary"]'
cat >"$dir/Cargo.toml" <<TOML
[package]
name = "scratch-fuzzer"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
game-core = { path = "$root/game-core", $features }
paper-soccer = { path = "$root/paper-soccer", $features }
yavalath = { path = "$root/yavalath", $features }
quoridor = { path = "$root/quoridor", $features }
parallel-football = { path = "$root/parallel-football", $features }
arbitrary = "1"
proptest = "1"

[workspace]
TOML
printf '#![doc = include_str!("%s/docs/fuzzing.md")]\n' "$root" >"$dir/src/lib.rs"
cp "$root/Cargo.lock" "$dir/Cargo.lock"
CARGO_TARGET_DIR="$root/target/scratch-fuzzer" cargo test --manifest-path "$dir/Cargo.toml" --doc
