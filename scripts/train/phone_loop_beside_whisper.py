#!/usr/bin/env python3
"""Does the audio say more than Whisper's text? PocketSphinx's phone loop run beside Whisper on the same English clips,
its phones weighed as one more hypothesis: the `whisper-phones` profile (BENCHMARKS.md, "The audio beside Whisper's
text").

vocab weighs a hypothesis of phones beside text ones (`{"phones": "..."}` in a case's alternatives; the
pocketsphinx-grammar profile weighs its grammar's name against its phone loop). Whisper's five best are all words,
and when none of them sounds like the name there is nothing left to weigh. A phone recognizer has no vocabulary to
force the sounds into: what it heard may still carry the name.

Steps, each resumable (a rerun keeps what is there):
  record   the phone loop (make_grammar_corpus.PhoneLoop: PocketSphinx's allphone search, US English) on
           - the Whisper five-best corpus's unprompted English clips (Training/corpus/whisper-base-nbest.en-US.tsv:
             the same names, voices, rates, pitch and noise seeds, so the same audio) →
             Training/phone-loop/whisper-base-nbest.en-US.tsv;
           - the English clips of the unprompted five-best recordings (the rows of
             Training/hints-nbest*/whisper-none-nbest.en-US.tsv, so the same audio) → Training/phone-loop/<recording>.en-US.tsv.
           About six clips a second. PocketSphinx's running normalization carries from clip to clip, so a rerun from
           scratch writes about 90% of the phone strings the same: the committed files are the record.
  measure  English training cases of make_training_sets.py's five-best sets (draws 0 and 1, made into
           .build-train/phone-loop/), each with and without the phones as a last hypothesis, traced by the `whisper`
           profile; two alternatives models trained from them (train_decision.py --alternatives, into copies of
           the locales); the recordings' English cases resolved by each, with and without the phones. Prints
           right answers, false accepts and recall@10, pooled over the recordings. About five minutes.

  --write  (with measure) the profile `whisper-phones` in Locales/shared/recognizers/: the `whisper` profile's decision,
           which weighs each hypothesis alone, and the alternatives model trained with the phones, which weighs them
           together (`vocab resolve --recognizer whisper-phones`; the recognizer guess names it for a set written as
           Whisper writes with phones beside its queries).

Usage: python3 scripts/train/phone_loop_beside_whisper.py record|measure [--write] [--vocab .build/release/vocab]
Needs what make_corpus.py needs (espeak-ng, mbrola, flite, sox, pocketsphinx) and the vocab release build.
"""

import argparse
import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_corpus as corpus  # noqa: E402  (the synthesizer and the corpus's rows)

ROOT = corpus.ROOT
OUT = ROOT / "Training" / "phone-loop"
WORK = ROOT / ".build-train" / "phone-loop"
# The unprompted five-best recordings: folder, measure_hints.py seed, whether its absent callers are namesakes.
RECORDINGS = [("hints-nbest", "vocab-nbest-1", False), ("hints-nbest-2", "vocab-nbest-2", False),
              ("hints-nbest-3", "vocab-nbest-3", True), ("hints-nbest-4", "vocab-nbest-4", True),
              ("hints-nbest-5", "vocab-nbest-5", True)]
COLUMNS = ["id", "spoken", "phones"]


def recorded(path):
    """id → phones of a phone-loop file (empty when there is none yet)."""
    return {row["id"]: row["phones"] for row in corpus.read_rows(path)}


def clip(row):
    """(id, spoken, voice, rate, pitch, noise) of a transcript row: what synthesizes its audio again."""
    return row["id"], row["spoken"], row["voice"], int(row["rate"]), int(row["pitch"]), float(row["noise"])


def append_phones(path, rows, loop):
    """Runs the phone loop on each clip (`clip`) of `rows` not in `path` yet, appending as it goes."""
    done = recorded(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists()
    with open(path, "a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE, escapechar="\\")
        if new:
            writer.writerow(COLUMNS)
        for identifier, spoken, voice, rate, pitch, noise in map(clip, rows):
            if identifier in done:
                continue
            try:
                samples = corpus.synthesize(spoken, voice, rate, pitch, noise, identifier)
            except subprocess.CalledProcessError:
                # As the recordings did: a voice that cannot say the text leaves it to espeak-ng's.
                samples = corpus.synthesize(spoken, corpus.ESPEAK["en-US"], rate, pitch, noise, identifier)
            writer.writerow([identifier, spoken, loop.recognize(samples)])
            handle.flush()


def record():
    import make_grammar_corpus as grammar
    loop = grammar.PhoneLoop()
    rows = [row for row in corpus.read_rows(corpus.OUT / "whisper-base-nbest.en-US.tsv") if row["prompted"] == "0"]
    append_phones(OUT / "whisper-base-nbest.en-US.tsv", rows, loop)
    print(f"corpus: {len(rows)} unprompted English clips", flush=True)
    for folder, _, _ in RECORDINGS:
        rows = corpus.read_rows(ROOT / "Training" / folder / "whisper-none-nbest.en-US.tsv")
        append_phones(OUT / f"{folder}.en-US.tsv", rows, loop)
        print(f"{folder}: {len(rows)} English clips", flush=True)


def english(evaluation, phones=None, clip_of=lambda identifier: identifier):
    """The English cases of a set; with `phones` (id → phones), each case's phones added as its last hypothesis."""
    cases = [json.loads(json.dumps(case)) for case in evaluation["cases"] if case["language"] == "en-US"]
    if phones is not None:
        for case in cases:
            heard = phones.get(clip_of(case["id"]), "").strip()
            if heard:
                case["alternatives"] = case.get("alternatives", [{"text": case["query"]}]) + [{"phones": heard}]
    used = {case["vocabulary"] for case in cases}
    return {"name": evaluation["name"], "vocabularies": [v for v in evaluation["vocabularies"] if v["id"] in used],
            "cases": cases}


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT, **kwargs).stdout


PROFILE = "whisper-phones"
PROFILES = ROOT / "Locales" / "shared" / "recognizers"


def write_profile(traces):
    """The `whisper-phones` profile: the `whisper` profile's decision (its first line naming the new profile) and the
    alternatives model trained on the traces with the phones."""
    folder = PROFILES / PROFILE
    folder.mkdir(parents=True, exist_ok=True)
    decision = (PROFILES / "whisper" / "decision-model.txt").read_text(encoding="utf-8").splitlines()
    decision[0] = (f"# The profile of the recognizer '{PROFILE}': Whisper's hypotheses with PocketSphinx's phone loop on the "
                   "same audio; each hypothesis of words is decided as the 'whisper' profile decides (this is its model).")
    (folder / "decision-model.txt").write_text("\n".join(decision) + "\n", encoding="utf-8")
    print(run([sys.executable, "scripts/train/train_decision.py", "--alternatives", "--recognizer", PROFILE, "--write",
               "--trained-on", "Whisper base's five best and PocketSphinx's phone loop on the same English clips "
               "(scripts/train/phone_loop_beside_whisper.py)", *traces]).splitlines()[-1])


def measure(vocab, write=False):
    WORK.mkdir(parents=True, exist_ok=True)
    corpus_phones = recorded(OUT / "whisper-base-nbest.en-US.tsv")
    if not corpus_phones:
        sys.exit("phone_loop_beside_whisper.py: no phone-loop corpus yet; run `record` first")
    traces = {"text": [], "phones": []}
    for draw in (0, 1):
        folder = WORK / f"draw{draw}"
        sets = folder / "train-whisper-base-nbest.json"
        if not sets.exists():
            run([sys.executable, "scripts/train/make_training_sets.py", "--out", str(folder), "--draw", str(draw)])
        evaluation = json.loads(sets.read_text(encoding="utf-8"))
        # A training case's id begins with its clip's ("en-US/01000/whisper-base-nbest/0/present").
        for kind, phones in (("text", None), ("phones", corpus_phones)):
            path = WORK / f"train-en-{kind}-draw{draw}.json"
            path.write_text(json.dumps(english(evaluation, phones, lambda i: "/".join(i.split("/")[:2]))), encoding="utf-8")
            trace = WORK / f"train-en-{kind}-draw{draw}.whisper.trace.jsonl"
            run([vocab, "eval", str(path), "--recognizer", "whisper", "--trace", str(trace)])
            traces[kind].append(str(trace))
    locales = {}
    for kind in ("text", "phones"):
        copy = WORK / f"locales-{kind}"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(ROOT / "Locales", copy)
        run([sys.executable, "scripts/train/train_decision.py", "--alternatives", "--recognizer", "whisper",
             "--locales", str(copy), "--write", *traces[kind]])
        locales[kind] = copy
    if write:
        write_profile(traces["phones"])
    rows = []
    for label, kind, with_phones in (("committed `whisper` profile, Whisper's five best", None, False),
                                     ("the same, the phones added", None, True),
                                     ("trained on English five best alone", "text", False),
                                     ("trained on English five best with the phones, the phones added", "phones", True)):
        totals = [0, 0, 0, 0, 0]
        for folder, seed, namesakes in RECORDINGS:
            # measure_hints.py writes each recording's sets; whisper-none-nbest+phones holds the cases of the
            # languages with a phone loop (English), the phones of Training/phone-loop/ added as measure_hints.py adds
            # them.
            written = WORK / "sets" / folder
            if not (written / "whisper-none-nbest+phones.json").exists():
                run([sys.executable, "scripts/hints/measure_hints.py", "--report", "--no-results", "--out",
                     f"Training/{folder}", "--seed", seed, "--sizes", "300", "1000", "--write-sets", str(written)]
                    + (["--namesake-absents"] if namesakes else []))
            if with_phones:
                path = written / "whisper-none-nbest+phones.json"
            else:
                path = WORK / f"{folder}-text.json"
                evaluation = json.loads((written / "whisper-none-nbest.json").read_text(encoding="utf-8"))
                path.write_text(json.dumps(english(evaluation)), encoding="utf-8")
            command = [vocab, "eval", str(path), "--recognizer", "whisper", "--json"]
            if kind:
                command += ["--locales", str(locales[kind])]
            overall = json.loads(run(command))["overall"]
            for position, key in enumerate(("top1", "false_accept", "recall10")):
                totals[position] += overall[key]["count"]
            totals[3] += overall["top1"]["of"]
            totals[4] += overall["cases"]
        rows.append(f"| {label} | {totals[0]} / {totals[3]} | {totals[1]} / {totals[4]} | {totals[2]} |")
    print("| weighing (the recordings' English cases) | right | false accepts | recall@10 |")
    print("|---|---:|---:|---:|")
    print("\n".join(rows))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=["record", "measure"])
    parser.add_argument("--vocab", default=str(ROOT / ".build" / "release" / "vocab"))
    parser.add_argument("--write", action="store_true", help=f"with measure: write the {PROFILE} profile")
    arguments = parser.parse_args()
    if arguments.step == "record":
        if arguments.write:
            sys.exit("phone_loop_beside_whisper.py: --write is for measure (record only records)")
        record()
    else:
        if not Path(arguments.vocab).is_file():
            sys.exit(f"phone_loop_beside_whisper.py: --vocab {arguments.vocab} is not a vocab binary "
                     "(swift build -c release --product vocab)")
        measure(arguments.vocab, arguments.write)


if __name__ == "__main__":
    sys.exit(main())
