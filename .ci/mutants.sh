#!/usr/bin/env bash
# Mutation testing of a change: cargo-mutants on the lines of the files that
# .cargo/mutants.toml names (each game's rules, move generation, notation and
# protocol) and .cargo/mutants-judge.toml names (the arena's judge) that the
# diff against BASE changed.
#
#   bash .ci/mutants.sh [BASE]
#
# BASE: a commit, a branch or a tag; default $MUTANTS_BASE, else HEAD~1
# (the last commit's change).
#
# The diff is of the working tree: committed and uncommitted changes to
# tracked files (a new file counts once `git add`ed).
#
# Fails when a mutant of those lines survives the tests: add a test that
# would fail if the rule were wrong, or, for a mutant no test can tell from
# the original (docs/fuzzing.md, "Mutation score"), a reasoned line in
# .cargo/mutants.toml's exclude_re. Runs in place (on the test profile's
# build of target/), one mutant at a time; when the diff holds more than
# MUTANTS_MAX mutants (default 60, a few minutes), every k-th of them is
# tested, at most MUTANTS_MAX; of the judge's, whose tests take longer, at
# most MUTANTS_JUDGE_MAX (default 6; 0 skips them). The results are in
# target/mutants-in-diff/mutants.out/ and target/mutants-in-diff/judge/
# mutants.out/ (missed.txt, caught.txt, a log each).
set -euo pipefail
cd "$(dirname "$0")/.."

case ${1:-} in -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
esac
if [ $# -gt 1 ]; then
    echo "one BASE at most (a commit, a branch or a tag), not: $*" >&2
    exit 2
fi
base=${1:-${MUTANTS_BASE:-HEAD~1}}
# whole VAR DEFAULT LOWEST: $VAR (DEFAULT when unset) as a whole number of
# mutants from LOWEST, or exit 2 saying what it must be. At most 9 digits:
# a longer number would wrap around in shell arithmetic; 09 is nine, not an
# octal error.
whole() {
    local name=$1 value=${!1:-$2} lowest=$3
    case $value in '' | *[!0-9]* | ??????????*) value=-1 ;; *) value=$((10#$value)) ;; esac
    if [ "$value" -lt "$lowest" ]; then
        local what=$lowest
        [ "$lowest" -gt 0 ] || what="0 (none)"
        echo "$name must be a whole number of mutants from $what to 999999999, not '${!1:-$2}'" >&2
        exit 2
    fi
    echo "$value"
}
max=$(whole MUTANTS_MAX 60 1)
judge_max=$(whole MUTANTS_JUDGE_MAX 6 0)
# Installed whatever the change: the guides' commands use it too.
command -v cargo-mutants >/dev/null || cargo install cargo-mutants --locked --version 27.1.0
if ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
    if [ "$base" != HEAD~1 ]; then
        echo "no commit '$base' to compare with: give a commit, a branch or a tag" >&2
        exit 2
    fi
    echo "no commit before HEAD (a shallow clone?): nothing to mutate"
    exit 0
fi
if git diff --quiet "$base" -- '*.rs'; then
    echo "no Rust file changed since $base: nothing to mutate"
    exit 0
fi

out=target/mutants-in-diff
mkdir -p "$out"
git diff "$base" -- '*.rs' >"$out/change.diff"

# A proptest that fails on a mutant writes its case beside the test; those
# files are the mutants', not the project's: removed after the run.
# Also after Ctrl-C (cargo-mutants puts the mutated line back itself).
untracked() { git ls-files --others --exclude-standard | sort; }
before=$(untracked)
clean_up() {
    local f
    for f in $(comm -13 <(echo "$before") <(untracked) | grep 'proptest-regressions'); do
        rm -f -- "$f"
        rmdir --ignore-fail-on-non-empty -- "$(dirname -- "$f")"
    done
}
trap clean_up EXIT
# Ctrl-C stops the whole check, not only the cargo-mutants run it reaches.
trap 'exit 130' INT

# mutate WHAT LIMIT OUTPUT [CARGO-MUTANTS OPTION...]: the mutants of the
# changed lines of one configuration's files, every k-th of them when there
# are more than LIMIT; sets rc to 1 when one is missed (or cargo-mutants
# fails), leaves it otherwise.
rc=0
mutate() {
    local what=$1 limit=$2 output=$3 n shards status=0
    shift 3
    n=$(cargo mutants "$@" --list --in-diff "$out/change.diff" | wc -l)
    echo "$n mutants of $what on the lines changed since $base"
    [ "$n" -gt 0 ] || return 0
    local sample=()
    if [ "$n" -gt "$limit" ]; then
        shards=$(((n + limit - 1) / limit))
        echo "testing one in $shards of them, $(((n + shards - 1) / shards)) (at most $limit)"
        sample=(--shard "0/$shards" --sharding round-robin)
    fi
    cargo mutants "$@" --in-place --in-diff "$out/change.diff" --output "$output" "${sample[@]}" || status=$?
    if [ "$status" -eq 3 ]; then
        # cargo-mutants' code for "timeouts, nothing missed": a mutant that
        # makes the tests run past the limit (a loop without end) is caught too.
        echo "every mutant caught (some by the tests running past the time limit)"
        status=0
    fi
    if [ "$status" -ne 0 ]; then rc=1; fi
}

# Incremental builds: a mutant changes one line of one crate, which an
# incremental build recompiles in 5 s instead of 30 (the first build is a
# whole one, once).
export CARGO_INCREMENTAL=1
# The rules (.cargo/mutants.toml), each mutant tested by its crate's tests.
mutate "the rules" "$max" "$out"
# The arena's judge (.cargo/mutants-judge.toml), tested by the arena's
# suite, which runs the binary: up to 25 s a mutant, so at most
# MUTANTS_JUDGE_MAX (default 6) of them.
# The baseline (the tests passing unmutated, which the test step has just
# shown) is skipped: cargo-mutants 27.1 runs it on the mutated package's own
# tests, not the config's test_package, and game-arena has no suite.
[ "$judge_max" -gt 0 ] || { echo "the judge's mutants skipped (MUTANTS_JUDGE_MAX=0)"; exit "$rc"; }
mutate "the judge" "$judge_max" "$out/judge" --config .cargo/mutants-judge.toml -p game-arena \
    --baseline skip --timeout 150
exit "$rc"
