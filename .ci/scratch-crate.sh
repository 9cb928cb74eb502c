#!/usr/bin/env bash
# The fuzzing guide (docs/fuzzing.md) as a new user meets it: a scratch crate
# outside the workspace, next to a clone named bot-games (a link to this
# checkout), whose [dependencies] are the guide's own TOML block (the
# quoridor line repeated for the crates it says "alike"). With the path
# dependencies it runs every Rust block of the guide as a doctest; with the
# block's git dependencies, pointed at this checkout, Cargo must find every
# crate with its features. Run from anywhere; builds in target/scratch-fuzzer.
# Then the game crates' doc examples (below; target/scratch-docs).
#
#     bash .ci/scratch-crate.sh           # both
#     bash .ci/scratch-crate.sh fuzzing   # only the fuzzing guide
#     bash .ci/scratch-crate.sh docs      # only the game crates' doc examples
set -euo pipefail
only="${1:-}"
case "$only" in "" | fuzzing | docs) ;; *) echo "usage: $0 [fuzzing|docs]" >&2; exit 2 ;; esac
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
ln -s "$root" "$dir/bot-games"

if [ "$only" != docs ]; then

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
fi
[ "$only" != fuzzing ] || exit 0

# The game crates' doc examples as a bot author meets them: copied into a
# crate made by `cargo new`, which depends on that game crate only (by
# path), so `game_core` is the game crate's re-export
# (`yavalath::game_core::...`) and an example that names `game_core::...`
# directly does not compile. Every Rust block of the crate's README.md,
# doc/*.md and doc comments is compiled: a bot's (a block that runs
# `run_bot`) with the game crate's default features off, as docs/bots.md
# adds it and a CodinGame bundle needs; every other, with every feature of
# the game crate on and `arbitrary` beside it (the fuzzing examples derive inputs
# with it, as a fuzzer depends on it itself). Each group runs as the crate's doctests (edition 2024: one
# binary per crate).
echo "-- the game crates' doc examples, each in a cargo new crate depending only on its game crate"
python3 - "$root" "$dir/doc-examples" <<'PY'
import pathlib, re, sys
root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
RUST = {"", "rust", "no_run", "should_panic", "ignore", "compile_fail"}

def fenced(lines, first_line):
    """(line, info, body) of every Rust block of Markdown lines."""
    block = None
    for i, line in enumerate(lines):
        fence = re.match(r"\s*```(.*)$", line)
        if fence and block is None:
            block = (first_line + i, fence.group(1).strip(), [])
        elif fence:
            tags = {t.strip() for t in block[1].split(",")}
            if tags <= RUST or (tags & {"rust"} and not tags - RUST - {"edition2021", "edition2024"}):
                yield block[0], block[1], block[2]
            block = None
        elif block is not None:
            block[2].append(line)

def doc_comments(path):
    """(first line, text) of each run of `///` or `//!` lines of a source."""
    run = []
    for i, line in enumerate(path.read_text().splitlines() + [""], 1):
        m = re.match(r"\s*//[/!](?![/!]) ?(.*)$", line)
        if m:
            run.append((i, m.group(1)))
        elif run:
            yield run[0][0], [text for _, text in run]
            run = []

for game in ["paper-soccer", "yavalath", "quoridor", "parallel-football", "nim"]:
    krate = root / game
    groups = {"bot": [], "all": []}
    sources = [(p, [(1, p.read_text().splitlines())]) for p in [krate / "README.md", *sorted(krate.glob("doc/*.md"))]]
    sources += [(p, list(doc_comments(p))) for p in sorted(krate.glob("src/**/*.rs"))]
    for path, runs in sources:
        for first, lines in runs:
            for line, info, body in fenced(lines, first):
                where = f"{path.relative_to(root)}:{line}"
                group = "bot" if re.search(r"\brun_bot\b", "\n".join(body)) else "all"
                groups[group].append((where, f"```{info}\n" + "\n".join(body) + "\n```\n"))
    for group, blocks in groups.items():
        # One module per block, named after where it is, so that a failing
        # doctest says which block of the game crate it is.
        src = out / f"{game}-{group}"
        src.mkdir(parents=True)
        lib = []
        for where, block in blocks:
            module = re.sub(r"\W+", "_", where.split("/", 1)[1]).strip("_").lower()
            (src / f"{module}.md").write_text(block)
            lib.append(f"/// {where}\n#[doc = include_str!(\"{module}.md\")]\npub mod {module} {{}}\n")
        (src / "lib.rs").write_text("\n".join(lib))
        print(f"{game}: {len(blocks)} examples ({group})")
PY
features() { sed -n '/^\[features\]/,/^\[/s/^\([a-z-]*\) = .*/"\1"/p' "$root/$1/Cargo.toml" | grep -v '"default"' | paste -sd, -; }
for game in paper-soccer yavalath quoridor parallel-football nim; do
    for group in bot all; do
        name="$game-docs-$group"
        (cd "$dir/doc-examples" && cargo new --quiet --vcs none --lib "$name")
        cp "$dir/doc-examples/$game-$group/"* "$dir/doc-examples/$name/src/"
        cp "$root/Cargo.lock" "$dir/doc-examples/$name/Cargo.lock"
        if [ "$group" = bot ]; then
            dep="default-features = false"
        else
            dep="features = [$(features "$game")]"
        fi
        printf '%s = { path = "%s", %s }\n' "$game" "$root/$game" "$dep" >>"$dir/doc-examples/$name/Cargo.toml"
        [ "$group" = bot ] || grep '^arbitrary = ' "$root/Cargo.toml" >>"$dir/doc-examples/$name/Cargo.toml"
        echo "-- $name: $(grep "^$game = " "$dir/doc-examples/$name/Cargo.toml")"
        (cd "$dir/doc-examples/$name" && CARGO_TARGET_DIR="$root/target/scratch-docs" cargo test --quiet --doc) || {
            echo "$game's doc examples above (each test named after its file and line) do not compile in a crate that depends on $game only: name game_core as $(tr - _ <<<"$game")::game_core" >&2
            exit 1
        }
    done
done
