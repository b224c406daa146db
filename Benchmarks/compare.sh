#!/usr/bin/env bash
# Same-run comparison of vocab and RapidFuzz on the fixed bench data.
#
#   Benchmarks/compare.sh            # all four sizes
#   SIZES="1000 10000" Benchmarks/compare.sh
#
# RapidFuzz (PyPI, pinned) is installed into Benchmarks/.venv on first use. Both run one thread, one
# after the other, on the same queries of ../shared/bench (at 10,000 and 100,000 terms the first 1,000
# and 300 queries: RapidFuzz takes tens of milliseconds per query there). Latency includes folding or
# normalizing the query. top-1: the best candidate is the term the query was derived from.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${DATA:-../shared/bench}
SIZES=${SIZES:-"100 1000 10000 100000"}
VENV=Benchmarks/.venv

if [ ! -x "$VENV/bin/python" ]; then
    echo "compare: creating $VENV with rapidfuzz" >&2
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q rapidfuzz==3.14.6
fi
echo "compare: building vocab (release)" >&2
swift build -c release --product vocab >&2
VOCAB=.build/release/vocab

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(date -u +%Y-%m-%d)"
printf '%-8s %9s %16s %14s %10s %16s %12s\n' terms queries "RapidFuzz p50" "vocab p50" "speed-up" "RapidFuzz top-1" "vocab top-1"
for size in $SIZES; do
    limit=2000
    [ "$size" -ge 10000 ] && limit=1000
    [ "$size" -ge 100000 ] && limit=300
    echo "compare: $size terms, RapidFuzz…" >&2
    rf=$("$VENV/bin/python" Benchmarks/rapidfuzz_bench.py "$DATA/vocab-$size.json" "$DATA/queries-$size.json" "$limit")
    echo "compare: $size terms, vocab…" >&2
    vb=$("$VOCAB" bench --vocabulary "$DATA/vocab-$size.json" --queries "$DATA/queries-$size.json" --limit "$limit" \
        --threads 1 --no-baseline --json 2>/dev/null)
    python3 - "$size" "$limit" "$rf" "$vb" <<'PY'
import json, sys
size, limit, rf, vb = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])["results"][0]
print(f"{size:<8} {limit:>9} {rf['p50_us']:>13.0f} µs {vb['p50']:>11.1f} µs {rf['p50_us'] / vb['p50']:>9.0f}× "
      f"{100 * rf['top1']:>15.1f}% {100 * vb['top1']:>11.1f}%")
PY
done
