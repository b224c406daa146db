#!/bin/sh
# Scores vocab builds on every development set of ../shared/eval, side by side, and says whether each build
# answers exactly as the first one does (every prediction and every trace the same, byte for byte): the check
# that a change meant to be faster or tidier changes no answer.
#
# Usage: scripts/dev-sets.sh [--locales DIR] [--profiles | --auto] [--padded N] BINARY...
#   e.g. scripts/dev-sets.sh /tmp/vocab-before .build/release/vocab
#        scripts/dev-sets.sh --locales /tmp/relearned/Locales .build/release/vocab
# Prints, per build and set, top-1, recall@10, false accepts and disambiguation as counts (`vocab eval --json`);
# the sets with alternatives are resolved with them. --locales is passed to every build (default: the
# package's Locales/). Without --profiles or --auto, the shared decision decides every set (`--recognizer shared`;
# builds older than the recognizer guess decide so by default). --profiles decides each set as its recognizer's
# profile does (`--recognizer`: dev typed, asr-dev pocketsphinx, the whisper sets whisper, the prompted ones
# whisper-prompted); --auto as `vocab eval` does by default, guessing the recognizer from each set's writing (the
# same profiles on these six sets). --padded N scores the
# sets at scale: every list with the names of ../shared/bench/vocab-N.json added (those it does not hold already,
# after its own, so its order of preference is kept), e.g. 10000 for lists of about 10,000 names, where the phone
# postings' budget and the search's width bind (the sets' own lists hold 41 to 710 names). About 15 seconds per
# build on this machine; about two minutes padded to 10,000.
set -eu
CALLER=$(pwd)
cd "$(dirname "$0")/.."
LOCALES=""
PROFILES=0
PADDED=""
while [ $# -gt 0 ]; do
    case "$1" in
        --locales) LOCALES=${2:?--locales needs a folder}; shift 2 ;;
        --profiles) PROFILES=1; shift ;;
        --auto) PROFILES=2; shift ;;
        --padded) PADDED=${2:?--padded needs a number of names}; shift 2 ;;
        --help|-h) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        -*) echo "scripts/dev-sets.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "scripts/dev-sets.sh: name at least one vocab binary (see --help)" >&2; exit 2; }
if [ -n "$LOCALES" ]; then
    case "$LOCALES" in /*) ;; *) LOCALES="$CALLER/$LOCALES" ;; esac
    [ -d "$LOCALES" ] || { echo "scripts/dev-sets.sh: --locales $LOCALES is not a folder" >&2; exit 2; }
fi
SETS="dev asr-dev whisper-dev whisper-dev-biased whisper-dev-nbest whisper-dev-biased-nbest"
for set in $SETS; do
    [ -f "../shared/eval/$set.json" ] || { echo "scripts/dev-sets.sh: ../shared/eval/$set.json is missing" >&2; exit 2; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
SETDIR=../shared/eval
if [ -n "$PADDED" ]; then
    [ -f "../shared/bench/vocab-$PADDED.json" ] || { echo "scripts/dev-sets.sh: --padded $PADDED: ../shared/bench/vocab-$PADDED.json is missing" >&2; exit 2; }
    SETDIR="$WORK/padded"
    mkdir "$SETDIR"
    # shellcheck disable=SC2086
    python3 - "../shared/bench/vocab-$PADDED.json" "$SETDIR" $SETS <<'EOF'
import json, sys
padding = json.load(open(sys.argv[1]))["strings"]
for name in sys.argv[3:]:
    data = json.load(open(f"../shared/eval/{name}.json"))
    for vocabulary in data["vocabularies"]:
        held = set(vocabulary["strings"])
        vocabulary["strings"] = vocabulary["strings"] + [term for term in padding if term not in held]
    json.dump(data, open(f"{sys.argv[2]}/{name}.json", "w"), ensure_ascii=False)
EOF
fi
number=0
for binary in "$@"; do
    case "$binary" in /*) ;; *) binary="$CALLER/$binary" ;; esac  # as named from where the script was run
    [ -x "$binary" ] || { echo "scripts/dev-sets.sh: $binary is not an executable vocab binary" >&2; exit 2; }
    number=$((number + 1))
    mode=""
    case "$PROFILES" in
        1) mode=" (each set as its recognizer's profile decides)" ;;
        2) mode=" (each set as the recognizer guessed from its writing decides)" ;;
    esac
    echo "$binary${LOCALES:+ (locales $LOCALES)}$mode${PADDED:+ (every list padded with the names of vocab-$PADDED.json)}"
    # The shared decision, named where the build knows the name (a build with the recognizer guess).
    shared=""
    "$binary" eval --help 2>/dev/null | grep -qw guess && shared=shared
    for set in $SETS; do
        out="$WORK/$number-$set"
        recognizer=""
        [ "$PROFILES" = 0 ] && recognizer=$shared
        if [ "$PROFILES" = 1 ]; then
            case "$set" in
                dev) recognizer=typed ;;
                asr-dev) recognizer=pocketsphinx ;;
                whisper-dev-biased*) recognizer=whisper-prompted ;;
                whisper-dev*) recognizer=whisper ;;
            esac
        fi
        # shellcheck disable=SC2086
        "$binary" eval "$SETDIR/$set.json" ${LOCALES:+--locales "$LOCALES"} ${recognizer:+--recognizer "$recognizer"} --json \
            --predictions "$out.predictions.jsonl" --trace "$out.trace.jsonl" > "$out.json" 2> "$out.log" \
            || { echo "scripts/dev-sets.sh: $binary failed on $set:" >&2; tail -3 "$out.log" >&2; exit 1; }
        # A note of the build's (the English pronouncing dictionary missing moves every English figure: on
        # 2026-11-26 asr-dev fell from 86 to 74 right and rose from 0 to 3 false accepts without it), once.
        [ "$set" = dev ] && [ -s "$out.log" ] && sed 's/^/  /' "$out.log" >&2
        verdict=""
        if [ "$number" -gt 1 ]; then
            if cmp -s "$out.predictions.jsonl" "$WORK/1-$set.predictions.jsonl" && cmp -s "$out.trace.jsonl" "$WORK/1-$set.trace.jsonl"; then
                verdict="same answers and traces as the first"
            else
                verdict="differs from the first in $(python3 - "$out.predictions.jsonl" "$WORK/1-$set.predictions.jsonl" <<'EOF'
import sys
mine, first = (open(path).read().splitlines() for path in sys.argv[1:3])
changed = sum(a != b for a, b in zip(mine, first)) + abs(len(mine) - len(first))
print(f"{changed} predictions" if changed else "its traces only (the same predictions)")
EOF
)"
            fi
        fi
        python3 - "$out.json" "$set" "$verdict" <<'EOF'
import json, sys
try:
    overall = json.load(open(sys.argv[1]))["overall"]
except (ValueError, KeyError):
    sys.exit(f"scripts/dev-sets.sh: the build printed no scores for {sys.argv[2]} (is it a vocab binary?)")
count = lambda key: f"{overall[key]['count']}/{overall[key]['of']}"
print(f"  {sys.argv[2]:<26} top-1 {count('top1'):<8} recall@10 {count('recall10'):<8} "
      f"false accepts {count('false_accept'):<8} disambiguation {count('disambiguation'):<6} {sys.argv[3]}".rstrip())
EOF
    done
done
