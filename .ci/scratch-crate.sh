#!/usr/bin/env bash
# The fuzzing guide (docs/fuzzing.md) as a new user meets it: a scratch crate
# outside the workspace, next to a clone named bot-games (a link to this
# checkout), whose [dependencies] are the guide's own TOML block (the
# quoridor line repeated for the crates it says "alike"). With the path
# dependencies it runs every Rust block of the guide as a doctest; with the
# block's git dependencies, pointed at this checkout, Cargo must find every
# crate with its features. Run from anywhere; builds in target/scratch-fuzzer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
ln -s "$root" "$dir/bot-games"

# The guide's first TOML block, each game crate given as the quoridor line.
block="$(python3 - "$root/docs/fuzzing.md" <<'PY'
import re, sys
block = re.search(r"```toml\n(.*?)```", open(sys.argv[1]).read(), re.S).group(1)
out = []
for line in block.splitlines():
    out.append(line)
    if re.match(r"#? ?quoridor = ", line):
        out += [line.replace("quoridor", name, 1).replace("/quoridor\"", f"/{name}\"")
                for name in ("paper-soccer", "yavalath", "parallel-football")]
print("\n".join(out))
PY
)"

# One crate: its manifest from the block, filtered by `form`.
crate() {
    local name="$1" deps="$2"
    mkdir -p "$dir/$name/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n%s\n\n[workspace]\n' \
        "$name" "$deps" >"$dir/$name/Cargo.toml"
    printf '#![doc = include_str!("%s/docs/fuzzing.md")]\n' "$root" >"$dir/$name/src/lib.rs"
    cp "$root/Cargo.lock" "$dir/$name/Cargo.lock"
}

echo "-- by path (the block as written), the guide's Rust blocks as doctests"
crate by-path "$(grep -v '^#' <<<"$block")"
grep 'path = ' "$dir/by-path/Cargo.toml"
(cd "$dir/by-path" && CARGO_TARGET_DIR="$root/target/scratch-fuzzer" cargo test --doc)

echo "-- by git (the block's commented lines, on this checkout's commit)"
url="$(sed -n 's/^# [a-z-]* = { git = "\([^"]*\)".*/\1/p' <<<"$block" | sort -u)"
[ "$(wc -l <<<"$url")" = 1 ] || { echo "docs/fuzzing.md: the git lines name more than one repository: $url" >&2; exit 1; }
deps="$(grep -v ' = { path = ' <<<"$block" | sed 's/^# \([a-z-]* = { git = \)/\1/' | sed "s|$url|file://$root|")"
crate by-git "$deps"
grep 'git = ' "$dir/by-git/Cargo.toml"
(cd "$dir/by-git" && cargo metadata --format-version 1 >"$dir/metadata.json")
python3 - "$dir/metadata.json" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
found = {p["name"] for p in meta["packages"] if (p["source"] or "").startswith("git+")}
want = {"game-core", "paper-soccer", "yavalath", "quoridor", "parallel-football"}
if not want <= found:
    sys.exit(f"by git, Cargo did not find {sorted(want - found)}")
print(f"by git: Cargo found {', '.join(sorted(want))}")
PY
