#!/usr/bin/env python3
"""Does the audio say more than Whisper's text? PocketSphinx's phone loop run beside Whisper on the same clips, its
phones weighed as one more hypothesis: the `whisper-phones` profile (BENCHMARKS.md, "The audio beside Whisper's
text" and "The phone loop beside Whisper in six languages").

vocab weighs a hypothesis of phones beside text ones (`{"phones": "..."}` in a case's alternatives; the
pocketsphinx-grammar profile weighs its grammar's name against its phone loop). Whisper's five best are all words,
and when none of them sounds like the name there is nothing left to weigh. A phone recognizer has no vocabulary to
force the sounds into: what it heard may still carry the name. PocketSphinx's is a US English one, so in the other
languages it hears their names through English phones: less, and still something.

Steps, each resumable (a rerun keeps what is there), each over --languages (default en-US):
  record   the phone loop (make_grammar_corpus.PhoneLoop: PocketSphinx's allphone search, US English) on
           - the Whisper five-best corpus's unprompted clips (Training/corpus/whisper-base-nbest.<language>.tsv:
             the same names, voices, rates, pitch and noise seeds, so the same audio) →
             Training/phone-loop/whisper-base-nbest.<language>.tsv;
           - the clips of the unprompted five-best recordings (the rows of
             Training/hints-nbest*/whisper-none-nbest.<language>.tsv, so the same audio) →
             Training/phone-loop/<recording>.<language>.tsv.
           About ten clips a second. PocketSphinx's running normalization carries from clip to clip, so a rerun from
           scratch writes about 90% of the phone strings the same: the committed files are the record.
  measure  the languages' training cases of make_training_sets.py's five-best sets (draws 0 and 1, made into
           .build-train/phone-loop/), each with and without the phones as a last hypothesis, traced by the `whisper`
           profile; alternatives models trained from them (train_decision.py --alternatives, into copies of the
           locales): one without the phones, one with them (and, with several languages, English's own from its
           cases alone, WEIGHED_APART); the recordings' cases resolved by each, with and without the phones. Prints
           right answers, false accepts and recall@10 per language, pooled over the recordings. About ten minutes
           for six languages.

  --write  (with measure) the profile `whisper-phones` in Locales/shared/recognizers/: the `whisper` profile's decision,
           which weighs each hypothesis alone, and the alternatives models trained with the phones, which weigh them
           together (`vocab resolve --recognizer whisper-phones`; the recognizer guess names it for a set written as
           Whisper writes with phones beside its queries).

Usage: python3 scripts/train/phone_loop_beside_whisper.py record|measure [--write] [--languages CODE...]
                                                         [--vocab .build/release/vocab]
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


def append_phones(path, rows, loop, language):
    """Runs the phone loop on each clip (`clip`) of `rows` (spoken in `language`) not in `path` yet, appending as it
    goes."""
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
                samples = corpus.synthesize(spoken, corpus.ESPEAK[language], rate, pitch, noise, identifier)
            writer.writerow([identifier, spoken, loop.recognize(samples)])
            handle.flush()


def record(languages):
    import make_grammar_corpus as grammar
    loop = grammar.PhoneLoop()
    for language in languages:
        rows = [row for row in corpus.read_rows(corpus.OUT / f"whisper-base-nbest.{language}.tsv") if row["prompted"] == "0"]
        append_phones(OUT / f"whisper-base-nbest.{language}.tsv", rows, loop, language)
        print(f"corpus: {len(rows)} unprompted {language} clips", flush=True)
        for folder, _, _ in RECORDINGS:
            rows = corpus.read_rows(ROOT / "Training" / folder / f"whisper-none-nbest.{language}.tsv")
            append_phones(OUT / f"{folder}.{language}.tsv", rows, loop, language)
            print(f"{folder}: {len(rows)} {language} clips", flush=True)


def of_languages(evaluation, languages, phones=None, clip_of=lambda identifier: identifier):
    """The cases of a set in `languages`; with `phones` (id → phones), each case's phones added as its last hypothesis."""
    cases = [json.loads(json.dumps(case)) for case in evaluation["cases"] if case["language"] in languages]
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


# The languages whose alternatives the profile weighs with a model of their own (alternatives-model.<code>.txt): the
# phone loop is PocketSphinx's US English one, and hears English far better than the other languages, so English
# weighs the phones apart (one model for all six: 228 right of English's 500 on the recordings, English's own: 246).
WEIGHED_APART = {"en-US": "en"}


def language_traces(traces, language, tag):
    """The lines of `traces` of one language's cases (the header kept), as new trace files."""
    kept = []
    for trace in traces:
        lines = Path(trace).read_text(encoding="utf-8").splitlines()
        out = Path(trace).with_name(Path(trace).name.replace(tag, f"{tag}.{language}"))
        out.write_text("\n".join([lines[0]] + [line for line in lines[1:] if json.loads(line)["language"] == language])
                       + "\n", encoding="utf-8")
        kept.append(str(out))
    return kept


def train_alternatives(traces, locales, recognizer, languages, tag, trained_on=None):
    """Trains the alternatives model of `recognizer` into `locales` from the traces of `languages`, and, when those
    are more than one, each language of WEIGHED_APART among them a model of its own from its cases alone;
    `trained_on(languages)` says in a model's header what it was trained on."""
    def extra(trained):
        return ["--trained-on", trained_on(trained)] if trained_on else []
    folder = locales / "shared" / "recognizers" / recognizer
    for stale in folder.glob("alternatives-model.*.txt"):
        stale.unlink()
    written = [run([sys.executable, "scripts/train/train_decision.py", "--alternatives", "--recognizer", recognizer,
                    "--locales", str(locales), "--write", *extra(languages), *traces]).splitlines()[-1]]
    for language, code in WEIGHED_APART.items():
        if language in languages and len(languages) > 1:
            written.append(run([sys.executable, "scripts/train/train_decision.py", "--alternatives", "--recognizer",
                                recognizer, "--language", code, "--locales", str(locales), "--write", *extra([language]),
                                *language_traces(traces, language, tag)]).splitlines()[-1])
    return written


def write_profile(traces, languages, tag):
    """The `whisper-phones` profile: the `whisper` profile's decision (its first line naming the new profile) and the
    alternatives models trained on the traces with the phones."""
    folder = PROFILES / PROFILE
    folder.mkdir(parents=True, exist_ok=True)
    decision = (PROFILES / "whisper" / "decision-model.txt").read_text(encoding="utf-8").splitlines()
    decision[0] = (f"# The profile of the recognizer '{PROFILE}': Whisper's hypotheses with PocketSphinx's phone loop on the "
                   "same audio; each hypothesis of words is decided as the 'whisper' profile decides (this is its model).")
    (folder / "decision-model.txt").write_text("\n".join(decision) + "\n", encoding="utf-8")
    def trained_on(trained):
        return ("Whisper base's five best and PocketSphinx's phone loop on the same clips "
                f"({', '.join(trained)}; scripts/train/phone_loop_beside_whisper.py)")
    print("\n".join(train_alternatives(traces, ROOT / "Locales", PROFILE, languages, tag, trained_on)))


def recording_sets(folder, seed, namesakes, languages):
    """measure_hints.py's sets of one recording (whisper-none-nbest.json and whisper-none-nbest+phones.json, the
    phones of Training/phone-loop/ added as measure_hints.py adds them), written again when the phones set lacks one
    of `languages`."""
    written = WORK / "sets" / folder
    with_phones = written / "whisper-none-nbest+phones.json"
    if with_phones.exists():
        held = {case["language"] for case in json.loads(with_phones.read_text(encoding="utf-8"))["cases"]}
        if set(languages) <= held:
            return written
    run([sys.executable, "scripts/hints/measure_hints.py", "--report", "--no-results", "--out", f"Training/{folder}",
         "--seed", seed, "--sizes", "300", "1000", "--write-sets", str(written)]
        + (["--namesake-absents"] if namesakes else []))
    return written


def measure(vocab, languages, write=False):
    WORK.mkdir(parents=True, exist_ok=True)
    corpus_phones = {}
    for language in languages:
        phones = recorded(OUT / f"whisper-base-nbest.{language}.tsv")
        if not phones:
            sys.exit(f"phone_loop_beside_whisper.py: no phone-loop corpus in {language} yet; run `record --languages {language}` first")
        corpus_phones.update(phones)
    tag = "+".join(languages)
    traces = {"text": [], "phones": []}
    for draw in (0, 1):
        folder = WORK / f"draw{draw}"
        sets = folder / "train-whisper-base-nbest.json"
        if not sets.exists():
            run([sys.executable, "scripts/train/make_training_sets.py", "--out", str(folder), "--draw", str(draw)])
        evaluation = json.loads(sets.read_text(encoding="utf-8"))
        # A training case's id begins with its clip's ("en-US/01000/whisper-base-nbest/0/present").
        for kind, phones in (("text", None), ("phones", corpus_phones)):
            path = WORK / f"train-{tag}-{kind}-draw{draw}.json"
            cases = of_languages(evaluation, languages, phones, lambda i: "/".join(i.split("/")[:2]))
            path.write_text(json.dumps(cases), encoding="utf-8")
            trace = WORK / f"train-{tag}-{kind}-draw{draw}.whisper.trace.jsonl"
            run([vocab, "eval", str(path), "--recognizer", "whisper", "--trace", str(trace)])
            traces[kind].append(str(trace))
    locales = {}
    for kind in ("text", "phones"):
        copy = WORK / f"locales-{tag}-{kind}"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(ROOT / "Locales", copy)
        # The model without the phones is one for all the languages, as the `whisper` profile's.
        train_alternatives(traces[kind], copy, "whisper", languages if kind == "phones" else [], tag)
        locales[kind] = copy
    if write:
        write_profile(traces["phones"], languages, tag)
    weighed_apart = sorted(set(languages) & set(WEIGHED_APART)) if len(languages) > 1 else []
    apart = f" ({', '.join(weighed_apart)} weighed apart)" if weighed_apart else ""
    # Each weighing's right answers (of present), false accepts (of cases) and recall@10, per language, pooled over
    # the recordings.
    rows = []
    for label, kind, with_phones in (("committed `whisper` profile, Whisper's five best", None, False),
                                     ("the same, the phones added", None, True),
                                     ("trained on the five best alone", "text", False),
                                     ("trained on the five best with the phones, the phones added" + apart, "phones", True)):
        totals = {language: [0, 0, 0, 0, 0] for language in languages + ["all"]}
        for folder, seed, namesakes in RECORDINGS:
            written = recording_sets(folder, seed, namesakes, languages)
            source = written / ("whisper-none-nbest+phones.json" if with_phones else "whisper-none-nbest.json")
            path = WORK / f"{folder}-{tag}-{'phones' if with_phones else 'text'}.json"
            path.write_text(json.dumps(of_languages(json.loads(source.read_text(encoding="utf-8")), languages)),
                            encoding="utf-8")
            command = [vocab, "eval", str(path), "--recognizer", "whisper", "--json"]
            if kind:
                command += ["--locales", str(locales[kind])]
            scores = json.loads(run(command))
            for language, figures in [*scores["by_language"].items(), ("all", scores["overall"])]:
                for position, key in enumerate(("top1", "false_accept", "recall10")):
                    totals[language][position] += figures[key]["count"]
                totals[language][3] += figures["top1"]["of"]
                totals[language][4] += figures["cases"]
        for language, (right, false_accepts, recall, present, cases) in totals.items():
            rows.append(f"| {label} | {language} | {right} / {present} | {false_accepts} / {cases} | {recall} |")
    print("| weighing (the recordings' cases) | language | right | false accepts | recall@10 |")
    print("|---|---|---:|---:|---:|")
    print("\n".join(rows))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=["record", "measure"])
    parser.add_argument("--vocab", default=str(ROOT / ".build" / "release" / "vocab"))
    parser.add_argument("--write", action="store_true", help=f"with measure: write the {PROFILE} profile")
    parser.add_argument("--languages", nargs="+", default=["en-US"], choices=sorted(corpus.ESPEAK),
                        help="the languages whose clips to run the phone loop on (record), to train and measure on (measure); "
                             "default: en-US")
    arguments = parser.parse_args()
    if arguments.step == "record":
        if arguments.write:
            sys.exit("phone_loop_beside_whisper.py: --write is for measure (record only records)")
        record(arguments.languages)
    else:
        if not Path(arguments.vocab).is_file():
            sys.exit(f"phone_loop_beside_whisper.py: --vocab {arguments.vocab} is not a vocab binary "
                     "(swift build -c release --product vocab)")
        measure(arguments.vocab, arguments.languages, arguments.write)


if __name__ == "__main__":
    sys.exit(main())
