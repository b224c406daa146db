#!/bin/sh
# Times vocab builds against each other on this machine's clock: `vocab bench` of each build, one after another in
# a round, the order rotating from round to round (the build run later in a round came out slower in most pairs on
# 2026-11-28: a fixed order biases the comparison), then each build's p50 and p99 over the first build's, the
# median of the rounds' ratios and their range. Absolute times on a shared machine drift by more than most changes
# are worth; ratios within a round do not drift with it.
#
# Usage: Benchmarks/turnabout.sh [--size N] [--rounds R] BINARY[@FOLDER]...
#   e.g. Benchmarks/turnabout.sh --size 10000 --rounds 12 /tmp/vocab-537@/tmp/wt-537 .build/release/vocab
# A build is run from FOLDER (its own checkout, whose Locales/ it reads; default: this repository), with the
# bench data of ../shared/bench beside this repository. The first build is the baseline. About 10 seconds a build
# and round at 10,000 names, 30 at 100,000.
set -eu
CALLER=$(pwd)
cd "$(dirname "$0")/.."
REPO=$(pwd)
SIZE=10000
ROUNDS=6
while [ $# -gt 0 ]; do
    case "$1" in
        --size) SIZE=${2:?--size needs a number of terms}; shift 2 ;;
        --rounds) ROUNDS=${2:?--rounds needs a number}; shift 2 ;;
        --help|-h) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        -*) echo "Benchmarks/turnabout.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
case "$ROUNDS" in ''|*[!0-9]*) echo "Benchmarks/turnabout.sh: --rounds '$ROUNDS' is not a whole number" >&2; exit 2 ;; esac
[ "$ROUNDS" -ge 1 ] || { echo "Benchmarks/turnabout.sh: --rounds must be at least 1" >&2; exit 2; }
[ $# -ge 2 ] || { echo "Benchmarks/turnabout.sh: name at least two vocab binaries, the baseline first (see --help)" >&2; exit 2; }
DATA=$REPO/../shared/bench
[ -f "$DATA/vocab-$SIZE.json" ] || { echo "Benchmarks/turnabout.sh: --size $SIZE: $DATA/vocab-$SIZE.json is missing" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
count=0
for build in "$@"; do
    binary=${build%%@*}
    folder=$REPO
    [ "$binary" = "$build" ] || folder=${build#*@}
    case "$binary" in /*) ;; *) binary="$CALLER/$binary" ;; esac
    case "$folder" in /*) ;; *) folder="$CALLER/$folder" ;; esac
    [ -x "$binary" ] || { echo "Benchmarks/turnabout.sh: $binary is not an executable vocab binary" >&2; exit 2; }
    [ -d "$folder" ] || { echo "Benchmarks/turnabout.sh: $folder is not a folder" >&2; exit 2; }
    echo "$binary" > "$WORK/binary.$count"
    echo "$folder" > "$WORK/folder.$count"
    count=$((count + 1))
done
round=0
while [ "$round" -lt "$ROUNDS" ]; do
    step=0
    while [ "$step" -lt "$count" ]; do
        build=$(( (round + step) % count ))
        binary=$(cat "$WORK/binary.$build")
        folder=$(cat "$WORK/folder.$build")
        line=$(cd "$folder" && "$binary" bench --sizes "$SIZE" --threads 1 --no-baseline --data "$DATA" 2>"$WORK/log" \
            | awk -v size="$SIZE" '$1 == size { print $4, $6 }') \
            || { echo "Benchmarks/turnabout.sh: $binary failed:" >&2; tail -3 "$WORK/log" >&2; exit 1; }
        [ -n "$line" ] || { echo "Benchmarks/turnabout.sh: $binary printed no timing line:" >&2; tail -3 "$WORK/log" >&2; exit 1; }
        echo "$round $build $line" >> "$WORK/times"
        step=$((step + 1))
    done
    round=$((round + 1))
done
python3 - "$WORK/times" "$count" "$SIZE" "$@" <<'EOF'
import statistics, sys
path, count, size, builds = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
times = {}
for line in open(path):
    round_, build, p50, p99 = line.split()
    times[(int(round_), int(build))] = (float(p50), float(p99))
rounds = sorted({r for r, _ in times})
print(f"{size} terms, {len(rounds)} rounds, the order rotating; p50 and p99 in µs (range), ratios to the first build "
      "(median of the rounds, range)")
for build in range(count):
    p50s = [times[(r, build)][0] for r in rounds]
    p99s = [times[(r, build)][1] for r in rounds]
    line = f"{builds[build]:<40} p50 {min(p50s):.1f}–{max(p50s):.1f}  p99 {min(p99s):.1f}–{max(p99s):.1f}"
    if build:
        for name, k in (("p50", 0), ("p99", 1)):
            ratios = [times[(r, build)][k] / times[(r, 0)][k] for r in rounds]
            line += f"  {name} {statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"
    print(line)
EOF
