#!/usr/bin/env bash
# Fuzzes one target for a given time with libFuzzer (Swift's -sanitize=fuzzer, with AddressSanitizer).
#   Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]
# Targets: FuzzNormalizer FuzzVocabularyFile FuzzAppVocabulary FuzzEvaluationSet FuzzResolve FuzzIndexArchive
# Seeds come from Fuzz/Corpus/TARGET (kept in git); what libFuzzer adds goes to Fuzz/.corpus/TARGET and crashing
# or slow inputs to Fuzz/Findings/TARGET (neither is committed: a finding becomes a regression test).
set -euo pipefail
cd "$(dirname "$0")"
if [ $# -lt 2 ]; then
    echo "usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]" >&2
    exit 64
fi
target=$1
seconds=$2
shift 2
if [ ! -d "Corpus/$target" ]; then
    echo "run.sh: no seed corpus Fuzz/Corpus/$target; targets: $(ls Corpus | tr '\n' ' ')" >&2
    exit 64
fi
swift build -c release --scratch-path .build-fuzz --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
mkdir -p ".corpus/$target" "Findings/$target"
# -timeout: an input taking over 10 s is a finding (the limits promise bounded cost); -max_len bounds inputs
# to eight times the longest term, so that the limits themselves are crossed, and -len_control=0 lets inputs
# reach it from the start (libFuzzer otherwise grew them to 229 bytes in ten minutes). Leak detection is
# off: Foundation leaks a CFError on every property list it refuses (PropertyListSerialization).
# LeakSanitizer also runs once more when the process exits, whatever -detect_leaks says; the same Foundation leak
# then ended a clean FuzzAppVocabulary run with a 200 MB "leak" report and a failing status (2026-11-28).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
exec ".build-fuzz/release/$target" ".corpus/$target" "Corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=8192 -len_control=0 \
    -artifact_prefix="Findings/$target/" -print_final_stats=1 -detect_leaks=0 "$@"
