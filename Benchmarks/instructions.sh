#!/bin/sh
# Counts the instructions a vocab build spends resolving, with valgrind's callgrind: a figure that stays the same
# from run to run on a shared machine, where times drift by more than most changes are worth (BENCHMARKS.md).
#
# Usage: Benchmarks/instructions.sh [--size N] [--limit N] BINARY...
#   e.g. Benchmarks/instructions.sh /tmp/vocab-before .build/release/vocab
# For each binary, the instructions inside the resolver only (start-up, index build and I/O are not counted) on:
#   fast      the bench's folded, swap and double queries (vocab bench, N terms, the first --limit timed);
#   mid       its typo and phonetic queries;
#   first     its first-name-alone queries;
#   absent    its absent queries (recombined and unseen names);
#   one       whisper-dev-nbest's 359 queries alone (vocab eval --first-only);
#   five      the same cases with their five hypotheses (vocab eval), and five ÷ one.
# The bench's queries come from ../shared/bench/queries-N.json, the eval set from ../shared/eval. A binary with
# debug information is stripped to a temporary copy first (callgrind reads it very slowly otherwise). Each
# workload takes a minute or two under valgrind; the bench runs each query more than once (warm-up, timing,
# throughput on one thread), the same way for every binary, so compare builds, not absolute counts. Swift's
# hashing is seeded per process, which moved the counts by up to half a percent between runs of one binary;
# with SWIFT_DETERMINISTIC_HASHING=1 (set here) they repeat to within 0.2% (measured 2026-11-26).
set -eu
export SWIFT_DETERMINISTIC_HASHING=1
CALLER=$(pwd)
cd "$(dirname "$0")/.."
SIZE=10000
LIMIT=300
while [ $# -gt 0 ]; do
    case "$1" in
        --size) SIZE=${2:?--size needs a number of terms}; shift 2 ;;
        --limit) LIMIT=${2:?--limit needs a number of queries}; shift 2 ;;
        --help|-h) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        -*) echo "Benchmarks/instructions.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "Benchmarks/instructions.sh: name at least one vocab binary (see --help)" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "Benchmarks/instructions.sh: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }
BENCH=../shared/bench
NBEST=../shared/eval/whisper-dev-nbest.json
for file in "$BENCH/vocab-$SIZE.json" "$BENCH/queries-$SIZE.json" "$NBEST"; do
    [ -f "$file" ] || { echo "Benchmarks/instructions.sh: $file is missing (the shared folder beside the project)" >&2; exit 2; }
done
# The resolver's entry points, as the compiler names them: one query, and a query with its alternatives (which
# eval uses for both the five hypotheses and, with --first-only, the query alone). The second is looked up in
# each binary: its name changes with its parameters (builds before f126a9d have no `noun:`).
ONE='$s9VocabCore8ResolverV7resolveyAC6ResultVSSKF'
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
python3 - "$BENCH/queries-$SIZE.json" "$WORK" <<'EOF'
import json, sys
source, out = sys.argv[1], sys.argv[2]
data = json.load(open(source))
groups = {"fast": {"folded", "swap", "double"}, "mid": {"typo", "phonetic"}, "first": {"first_only"},
          "absent": {"absent_recombined", "absent_unseen"}}
for name, kinds in groups.items():
    chosen = [query for query in data["queries"] if query["kind"] in kinds]
    json.dump({**data, "queries": chosen}, open(f"{out}/queries-{name}.json", "w"))
EOF
# Instructions collected by callgrind in one run: count WORKLOAD SYMBOL COMMAND...
count() {
    workload=$1; symbol=$2; shift 2
    valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" --toggle-collect="$symbol" "$@" \
        > /dev/null 2> "$WORK/valgrind.log" || { echo "Benchmarks/instructions.sh: $workload failed:" >&2; tail -5 "$WORK/valgrind.log" >&2; exit 1; }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$WORK/valgrind.log"
}
printf '%-40s %12s %12s %12s %12s %12s %12s %8s\n' "binary ($SIZE terms, $LIMIT queries)" fast mid first absent one five five/one
DICTIONARY=${VOCAB_PRONOUNCING_DICTIONARY-/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict}
[ -z "$DICTIONARY" ] || [ -f "$DICTIONARY" ] || echo "Benchmarks/instructions.sh: note: the English pronouncing dictionary" \
    "$DICTIONARY is missing (Debian's pocketsphinx-en-us); English queries are read otherwise, so counts differ from" \
    "those of a machine that has it" >&2
for binary in "$@"; do
    case "$binary" in /*) ;; *) binary="$CALLER/$binary" ;; esac  # as named from where the script was run
    [ -x "$binary" ] || { echo "Benchmarks/instructions.sh: $binary is not an executable vocab binary" >&2; exit 2; }
    copy="$WORK/vocab"
    strip --strip-debug -o "$copy" "$binary"
    nm "$copy" | grep -q "$ONE" || { echo "Benchmarks/instructions.sh: $binary has no Resolver.resolve(_:) to count" >&2; exit 2; }
    FIVE=$(nm "$copy" | sed -n 's/^[0-9a-f]* T \(\$s9VocabCore8ResolverV7resolve_12alternatives10keepingAll[A-Za-z0-9_]*KF\)$/\1/p' | head -1)
    [ -n "$FIVE" ] || { echo "Benchmarks/instructions.sh: $binary has no Resolver.resolve(_:alternatives:) to count" >&2; exit 2; }
    line=$(printf '%-40s' "$binary")
    for group in fast mid first absent; do
        instructions=$(count "$group" "$ONE" "$copy" bench --vocabulary "$BENCH/vocab-$SIZE.json" \
            --queries "$WORK/queries-$group.json" --threads 1 --limit "$LIMIT" --no-baseline)
        line="$line $(printf '%12s' "$instructions")"
    done
    # The shared decision, as every build before the recognizer guess decided by default (named where the build
    # knows the name): the counts of builds compare alike.
    shared=""
    "$binary" eval --help 2>/dev/null | grep -qw guess && shared="--recognizer shared"
    # shellcheck disable=SC2086
    one=$(count one "$FIVE" "$copy" eval "$NBEST" --first-only $shared)
    # shellcheck disable=SC2086
    five=$(count five "$FIVE" "$copy" eval "$NBEST" $shared)
    ratio=$(python3 -c "print(f'{$five / $one:.2f}')")
    echo "$line $(printf '%12s %12s %8s' "$one" "$five" "$ratio")"
done
