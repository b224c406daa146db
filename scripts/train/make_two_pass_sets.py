#!/usr/bin/env python3
"""The training set for weighing Whisper's two passes against each other (an alternatives model for an app that
recognizes twice), from the two-pass corpus: scripts/hints/measure_hints.py run on training lists of its own
(another --seed, so other contacts in another order, names only from ../shared/train/names.json) into
Training/corpus/whisper-two-pass/. A profile learned from it was measured and not kept (BENCHMARKS.md, "Two
recognition passes weighed by a model of their own").

Each query was spoken once and recognized twice: first with `vocab hints --format prompt` as Whisper's prompt
(whisper-vocab), then with `vocab hints --format prompt --heard FIRST` (whisper-heard: the contacts that sound
like what the first pass wrote lead the prompt). Its case resolves against the list the hints were made of: the
query is what the second pass wrote, the alternatives the second pass's and the first pass's transcripts, as an
app that runs both passes passes them (measure_hints.py's `whisper-heard+first`). `success` with the contact
when the list holds the name said, else `unsupported`; a second pass that wrote nothing is left out. The format is
../shared/eval/FORMAT.md's, for `vocab eval --trace`.

The corpus (about 55 minutes on one core, resumable):
  python3 scripts/hints/measure_hints.py --seed vocab-two-pass-train-1 --out Training/corpus/whisper-two-pass \
      --sizes 300 1000 100 --queries 120 --second-pass --conditions whisper-vocab whisper-heard

Usage: python3 scripts/train/make_two_pass_sets.py --out .build-train/two-pass
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "train"))
sys.path.insert(0, str(ROOT / "scripts" / "hints"))
import make_corpus as corpus  # noqa: E402
import measure_hints  # noqa: E402

CORPUS = ROOT / "Training" / "corpus" / "whisper-two-pass"
SEED = "vocab-two-pass-train-1"
SIZES = [100, 300, 1000]
CONDITION = "whisper-heard+first"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the folder to write train-whisper-two-pass.json to")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help=f"the transcripts (default {CORPUS.relative_to(ROOT)})")
    parser.add_argument("--seed", default=SEED, help=f"the seed the corpus's lists were drawn with (default {SEED})")
    arguments = parser.parse_args()
    if not arguments.corpus.is_dir():
        sys.exit(f"make_two_pass_sets.py: {arguments.corpus} is missing (run scripts/hints/measure_hints.py --seed "
                 f"{arguments.seed} --out {arguments.corpus} --second-pass --conditions whisper-vocab whisper-heard)")
    pool = json.loads(corpus.NAMES.read_text(encoding="utf-8"))["languages"]
    vocabularies, cases = [], []
    for language in corpus.LANGUAGES:
        for size in SIZES:
            made = measure_hints.evaluation_set(CONDITION, language, size, pool[language], arguments.seed, arguments.corpus)
            if made is None:
                continue
            evaluation, _ = made
            vocabularies += evaluation["vocabularies"]
            cases += evaluation["cases"]
    if not cases:
        sys.exit(f"make_two_pass_sets.py: {arguments.corpus} holds no second pass yet")
    arguments.out.mkdir(parents=True, exist_ok=True)
    path = arguments.out / "train-whisper-two-pass.json"
    path.write_text(json.dumps({"name": "train-whisper-two-pass", "vocabularies": vocabularies, "cases": cases},
                               ensure_ascii=False) + "\n", encoding="utf-8")
    weighed = sum(1 for case in cases if "alternatives" in case)
    print(f"{path}: {len(cases)} cases over {len(vocabularies)} lists, {weighed} with both passes different")


if __name__ == "__main__":
    sys.exit(main())
