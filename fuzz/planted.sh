#!/usr/bin/env bash
# The planted-bug check of the differential fuzz targets: would they find a
# wrong rule? Each game crate's feature `planted-bugs` (never on in a normal
# build) holds a few deliberate rule bugs in its fast engine, and the
# environment variable PLANTED_BUG switches one on by name. For each bug,
# its game's target runs from a scratch copy of its committed corpus with
# that bug on, for at most PLANTED_SECONDS (60), and must crash (the fast
# engine disagreeing with the reference model). Then the same build must run
# clean with no bug on, PLANTED_CLEAN_SECONDS (5) per target. Run it from
# anywhere. Usage (fuzz/README.md, "Planted bugs"):
#
#   bash fuzz/planted.sh            every planted bug, then the clean runs
#   bash fuzz/planted.sh BUG...     only these bugs (and their targets clean)
#   bash fuzz/planted.sh --empty [BUG...]
#                                   the same from an empty corpus: what the
#                                   fuzzing finds without the committed inputs
#   bash fuzz/planted.sh --list     the bugs: target, what each plants
#   bash fuzz/planted.sh --help     this text and the bugs' names
#
# The targets are built once, with the fuzz crate's feature planted-bugs, in
# fuzz/target-planted/ (fuzz/target/, the normal builds, is left alone; the
# first planted build starts from a copy of it, so only the game crates and
# the targets are compiled again).
# Nothing committed changes: the corpus is copied, crash files go to the
# scratch directory, fuzz/Cargo.lock is used as it is. Exit status 1 when a
# bug was not found in time or a clean run crashed, 2 on wrong arguments.
set -euo pipefail
cd "$(dirname "$0")"
self="$(pwd)/$(basename "$0")"
export RUSTC_BOOTSTRAP=1
seconds="${PLANTED_SECONDS:-60}"
clean_seconds="${PLANTED_CLEAN_SECONDS:-5}"

# name|target|what it plants (the rule it breaks is in fuzz/README.md)
table=(
    "paper-soccer-bounce-on-border-only|paper_soccer_reference|only border points bounce: a point touched by a line drawn in the game ends the turn"
    "paper-soccer-line-drawn-twice|paper_soccer_reference|a line is kept at the point it leaves only, so the ball may come straight back along it"
    "paper-soccer-side-line-open|paper_soccer_reference|the side lines are not pre-drawn: the ball may move along x = 0 and x = 8"
    "paper-soccer-outer-goal-diagonal|paper_soccer_reference|the outer diagonals into each goal exist, (2,0)-(3,-1) and the three others"
    "yavalath-four-and-three-loses|yavalath_reference|a stone that makes a four and a three at once loses: the three is looked at first"
    "yavalath-run-one-side|yavalath_reference|runs counted from the new stone to one side only: filling X_X or XX_X makes no three or four"
    "yavalath-full-board-no-draw|yavalath_reference|the stone that fills the board does not end the game in a draw"
    "yavalath-steal-any-turn|yavalath_reference|the second player may take a first-player stone on any of its turns, not only its first"
    "quoridor-wall-cuts-last-path|quoridor_reference|the test for walls that may cut a path forgets the board's edge: a wall closing a pawn in against it is allowed"
    "quoridor-wall-crosses-wall|quoridor_reference|a wall may cross a wall of the other orientation at the same anchor"
    "quoridor-side-step-when-jump-open|quoridor_reference|the side-steps beside a neighbouring pawn are offered even when the straight jump is open"
    "quoridor-jump-over-wall|quoridor_reference|a jump over a pawn ignores a wall behind it (only the board's edge stops it)"
    "parallel-football-kick-past-radius|parallel_football_reference|the turn's kick check measures the range as a square, max(abs dx, abs dy) <= k: kicks past the radius succeed"
    "parallel-football-move-off-edge|parallel_football_turns|the turn's move check lets a footballer step one cell past the right or bottom edge"
    "parallel-football-turn-limit-late|parallel_football_reference|the turn limit is compared with >: one more turn is played"
    "parallel-football-homes-anticlockwise|parallel_football_reference|the homes are scored anticlockwise: balls on (w-1,0) score for team 3, on (0,h-1) for team 1"
)
field() { cut -d'|' -f"$2" <<<"$1"; }

names() {
    echo "the planted bugs:"
    for row in "${table[@]}"; do echo "  $(field "$row" 1)"; done
}
usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$self"
    names
}
# refuse MESSAGE: what is wrong with the command line, then exit 2.
refuse() {
    echo "fuzz/planted.sh: $1 (bash fuzz/planted.sh --help for the usage)" >&2
    exit 2
}

# The table and the engines name the same bugs (a name misspelt on either
# side would otherwise only show as a bug never found).
planted_in_source="$(grep -rhoE 'is\("(paper-soccer|yavalath|quoridor|parallel-football)-[a-z-]+"\)' \
    ../paper-soccer/src ../yavalath/src ../quoridor/src ../parallel-football/src |
    sed -E 's/^is\("(.*)"\)$/\1/' | sort -u || true)"
listed="$(for row in "${table[@]}"; do field "$row" 1; done | sort)"
if [ "$planted_in_source" != "$listed" ]; then
    echo "fuzz/planted.sh: its table and the engines' planted bugs differ (< source, > table):" >&2
    diff <(echo "$planted_in_source") <(echo "$listed") >&2 || true
    exit 2
fi

chosen=()
corpus=committed
if [ "${1:-}" = --empty ]; then
    corpus=empty
    shift
fi
case "${1:-}" in
-h | --help)
    usage
    exit 0
    ;;
--list)
    [ "$corpus" = committed ] || refuse "--empty is for the runs, not for --list"
    [ $# -eq 1 ] || refuse "--list takes no other argument, not: ${*:2}"
    for row in "${table[@]}"; do
        printf '%-38s %-28s %s\n' "$(field "$row" 1)" "$(field "$row" 2)" "$(field "$row" 3)"
    done
    exit 0
    ;;
-*) refuse "no option $1 (the options are --empty, --list and --help)" ;;
"") chosen=("${table[@]}") ;;
*)
    for name in "$@"; do
        row="$(printf '%s\n' "${table[@]}" | awk -F'|' -v n="$name" '$1 == n')"
        if [ -z "$row" ]; then
            echo "fuzz/planted.sh: no planted bug named '$name'; $(names)" >&2
            exit 2
        fi
        chosen+=("$row")
    done
    ;;
esac
# libFuzzer reads 0 (and text) as "no limit"; more than 9 digits overflow.
for v in PLANTED_SECONDS:"$seconds" PLANTED_CLEAN_SECONDS:"$clean_seconds"; do
    [[ "${v#*:}" =~ ^[1-9][0-9]{0,8}$ ]] || {
        echo "${v%%:*} must be a whole number of seconds from 1 to 999999999, not '${v#*:}'" >&2
        exit 2
    }
done
targets=()
mapfile -t targets < <(for row in "${chosen[@]}"; do field "$row" 2; done | sort -u)

started=$SECONDS
# cargo-fuzz installed, the committed fuzz/Cargo.lock used as it is.
. ./prepare.sh
host="$(rustc -vV | sed -n 's/^host: //p')"
if ! compgen -G 'target-planted/*/release' >/dev/null; then
    echo "first run: compiling the targets with the planted bugs in fuzz/target-planted/"
    if [ -d "target/$host/release" ]; then
        # The dependencies do not change with the feature: starting from
        # the normal builds' copy, only the game crates and the targets are
        # compiled (30 s instead of 75 on 2 cores).
        echo "(from a copy of the normal builds in fuzz/target/: under a minute; later runs reuse it)"
        mkdir -p target-planted
        for d in "target/$host" target/release; do
            if [ -d "$d" ]; then cp -a --reflink=auto "$d" target-planted/; fi
        done
    else
        echo "(about 2 minutes on 2 cores with nothing built; later runs reuse it)"
    fi
fi
for t in "${targets[@]}"; do
    cargo fuzz build -s none --features planted-bugs --target-dir target-planted "$t"
done
built=$((SECONDS - started))
bin_dir="target-planted/$host/release"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# run NAME TARGET LIMIT [BUG]: the target from a copy of its corpus for at
# most LIMIT seconds with BUG switched on (none without it); prints the
# seconds it ran and returns libFuzzer's status (0: it ran clean to the end;
# a failing input is saved in the run's artifacts).
run() {
    local dir="$scratch/$1"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    [ "$corpus" = empty ] || cp -R "corpus/$2/." "$dir/corpus/"
    local bug=(env -u PLANTED_BUG)
    [ -z "${4:-}" ] || bug=(env "PLANTED_BUG=$4")
    local t0 status=0
    t0=$(date +%s.%N)
    "${bug[@]}" timeout --signal=INT $(($3 + 60)) "$bin_dir/$2" "$dir/corpus" \
        -max_total_time="$3" -rss_limit_mb=2048 -timeout=10 -max_len=4096 \
        -artifact_prefix="$dir/artifacts/" >"$dir/log" 2>&1 || status=$?
    rm -rf "$dir/corpus"
    awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'
    return "$status"
}

# What the failure said: the reference check that failed (a Violation), the
# message of a failed assertion, or the panic's first words.
said() {
    local msg
    msg="$(grep -A1 -m1 'panicked at' "$scratch/$1/log" | tail -n 1)"
    if [[ "$msg" =~ check\ \`([a-z-]+)\`\ failed ]]; then
        msg="${BASH_REMATCH[1]}"
    elif [[ "$msg" =~ ^assertion.*\ failed:\ (.*)$ ]]; then
        msg="${BASH_REMATCH[1]}"
    fi
    echo "${msg:0:60}"
}

echo
echo "planted bugs: each target from its $corpus corpus, at most ${seconds}s per bug"
missed=0
for row in "${chosen[@]}"; do
    name="$(field "$row" 1)" target="$(field "$row" 2)" what="$(field "$row" 3)"
    took="$(run "$name" "$target" "$seconds" "$name")" && status=0 || status=$?
    if [ "$status" -ne 0 ] && compgen -G "$scratch/$name/artifacts/*" >/dev/null; then
        # A failure before libFuzzer's INITED line comes from a starting
        # input: the committed corpus already held one that shows the bug
        # (or, from an empty corpus, libFuzzer's one-byte first input did).
        how="by a committed input"
        [ "$corpus" = committed ] || how="by libFuzzer's first input"
        grep -qE '^#[0-9]+[[:space:]]+INITED' "$scratch/$name/log" && how="while fuzzing"
        printf 'found  %5ss  %-38s %s (%s: %s)\n' "$took" "$name" "$what" "$how" "$(said "$name")"
    else
        printf 'MISSED %5ss  %-38s %s\n' "$took" "$name" "$what"
        tail -n 5 "$scratch/$name/log" | sed 's/^/       /'
        missed=$((missed + 1))
    fi
done

echo
jobs_max="$(nproc 2>/dev/null || echo 1)"
echo "no planted bug: the same build, ${clean_seconds}s per target, $jobs_max at a time"
# Side by side, one per core (the runs are independent), each writing its
# seconds and status; the results are printed in the targets' order.
for t in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    {
        took="$(run "clean-$t" "$t" "$clean_seconds")" && status=0 || status=$?
        echo "$took $status" >"$scratch/clean-$t.result"
    } &
done
wait
dirty=0
for t in "${targets[@]}"; do
    read -r took status <"$scratch/clean-$t.result" || { took=0 status=1; }
    if [ "$status" -eq 0 ]; then
        printf 'clean  %5ss  %s\n' "$took" "$t"
    else
        printf 'FAILED %5ss  %s with no bug planted: %s\n' "$took" "$t" "$(said "clean-$t")"
        tail -n 5 "$scratch/clean-$t/log" | sed 's/^/       /'
        dirty=$((dirty + 1))
    fi
done

echo
echo "planted: $((${#chosen[@]} - missed)) of ${#chosen[@]} bugs found within ${seconds}s," \
    "$((${#targets[@]} - dirty)) of ${#targets[@]} targets clean without one;" \
    "$((SECONDS - started))s in all (${built}s building)"
[ "$missed" -eq 0 ] && [ "$dirty" -eq 0 ] || exit 1
