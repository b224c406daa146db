#!/usr/bin/env python3
"""End-to-end measurement of vocab's recognizer hints (`vocab hints`): contact lists spoken by Debian's
synthesizers, recognized with and without the exported hints, resolved with `vocab eval`.

For each language and list size, a contact list is made from ../shared/train/names.json (never an evaluation
name), ordered as a phone's contacts are registered: a few relations sharing the owner's family name and a few
favourites first, the rest in no particular order. Callers ask for contacts with a Zipf skew over that order
(people call a few contacts most), and one query in six asks for someone not in the list. Each query is spoken
by an espeak-ng or MBROLA voice at a drawn rate and pitch (noise on a third), as scripts/train/make_corpus.py does,
and recognized:

  whisper-first   Whisper base prompted with the list's first entries, as many as fit its 223 prompt tokens
                  (what an assistant without vocab does);
  whisper-vocab   Whisper base prompted with `vocab hints --format prompt` (same budget, exact token count);
  whisper-heard   a second pass: Whisper base prompted with `vocab hints --format prompt --heard TRANSCRIPT`, the
                  transcript being whisper-vocab's (the contacts that sound like what the first pass wrote take up
                  to half the budget, the user's order the rest); resolved alone, and with the first pass's
                  transcript as an alternative (`whisper-heard+first` in the report);
  whisper-reheard the same second pass after the first-entries pass (whisper-first's transcript), so that the
                  first pass is the baseline's own and only the second pass differs
                  (`whisper-reheard+first`: resolved with the first pass's transcript as an alternative);
  whisper-echo    whisper-reheard with the first pass's own transcript leading the prompt (an experiment: a
                  reading the speaker may have said, beside the contacts it sounds like);
  whisper-first-nbest  whisper-first's prompt, keeping Whisper's five best hypotheses as the case's alternatives;
  whisper-vocab-nbest  the same with whisper-vocab's prompt;
  whisper-heard-nbest  whisper-heard's second pass after whisper-vocab-nbest, its five best kept (resolved alone,
                       and with the first pass's transcript as one more alternative: `whisper-heard-nbest+first`);
  whisper-none-nbest   the same without a prompt (the four only when --conditions names them);
  sphinx-none     PocketSphinx (US English model, its language model), en-US lists only;
  sphinx-lexicon  PocketSphinx with `vocab hints --format lexicon`: the lexicon's pronunciations added to its
                  dictionary and the JSGF grammar of the terms as its search; resolved alone, and with sphinx-allphone's
                  phones of the same audio as an alternative (`sphinx-lexicon+phones` in the report; with
                  --profiles decided by the `pocketsphinx-grammar` profile, trained for that pairing);
  sphinx-allphone PocketSphinx's phone loop (its allphone search): the phones heard, ARPAbet, with no dictionary
                  (make_grammar_corpus.py's PhoneLoop); recorded as evidence for sphinx-lexicon, not resolved alone.

Every transcript is appended to Training/hints/<condition>.<language>.tsv as soon as it is made; a rerun skips
what is there (stop it any time). Then each condition's transcripts become an evaluation set
(../shared/eval/FORMAT.md) resolved by `vocab eval --json`, and the table of top-1, recall@10 and false accepts
per list size (the languages pooled) and per language is printed (and written to Training/hints/results.json).

Usage:
  python3 scripts/hints/measure_hints.py --queries 60 --sizes 50 300 1000 [--languages en-US fr-FR] [--hours 2]
  python3 scripts/hints/measure_hints.py --report        # the table from the transcripts so far
  VOCAB_BINARY=/tmp/vocab-other python3 scripts/hints/measure_hints.py --report --no-results
                                                         # another build's table, results*.json left alone
  python3 scripts/hints/measure_hints.py --seed vocab-two-pass-train-1 --out Training/corpus/whisper-two-pass \
      --sizes 300 1000 100 --queries 120 --second-pass --conditions whisper-vocab whisper-heard
                                                         # other lists: the two-pass training corpus
"""

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "train"))
sys.path.insert(0, str(ROOT / "scripts" / "audit"))
import make_corpus as corpus  # noqa: E402  (its synthesizer, voices and Whisper loader)
import make_grammar_corpus  # noqa: E402  (PocketSphinx's phone loop)
from letter_to_sound_audit import dictionary_words  # noqa: E402  (the words a CMU-format dictionary holds)

OUT = ROOT / "Training" / "hints"
VOCAB = Path(os.environ.get("VOCAB_BINARY", ROOT / ".build" / "release" / "vocab"))
TOKENIZER = Path.home() / ".cache" / "vocab-train" / "whisper-base" / "tokenizer.json"
LANGUAGES = corpus.LANGUAGES
# PocketSphinx's conditions: English lists only, its decoders set up only when one of them is asked for.
SPHINX_CONDITIONS = ["sphinx-none", "sphinx-lexicon", "sphinx-allphone"]
# Whisper's five best hypotheses (`alternatives`, as make_corpus.py's whisper-base-nbest keeps them), recorded only
# when --conditions names them: real output with alternatives, never trained on (train.sh step 8 chooses the prompted
# profile's alternatives accept point on whisper-first-nbest), each with the prompt of its one-best twin.
NBEST_CONDITIONS = ["whisper-first-nbest", "whisper-vocab-nbest", "whisper-heard-nbest", "whisper-none-nbest"]
CONDITIONS = ["whisper-first", "whisper-vocab", "whisper-heard", "whisper-reheard", "whisper-echo", *NBEST_CONDITIONS,
              *SPHINX_CONDITIONS]
# Recorded as another condition's evidence, never resolved alone (phones are no query).
EVIDENCE_ONLY = {"sphinx-allphone"}
# The first pass each second pass follows.
FIRST_PASS = {"whisper-heard": "whisper-vocab", "whisper-reheard": "whisper-first", "whisper-echo": "whisper-first",
              "whisper-heard-nbest": "whisper-vocab-nbest"}
# The conditions resolved with another condition's transcript of the same audio as an alternative: each second pass
# with its first pass's text (`+first`), PocketSphinx's grammar pass with its phone loop's phones (`+phones`).
WEIGHED_WITH = {**{f"{second}+first": first for second, first in FIRST_PASS.items()},
                "sphinx-lexicon+phones": "sphinx-allphone", "whisper-none-nbest+phones": "phone-loop"}
# Whisper's unprompted five best with PocketSphinx's phone loop on the same audio (a US English one, in every language): the phones are
# scripts/train/phone_loop_beside_whisper.py's, Training/phone-loop/<measurement folder>.<language>.tsv.
PHONE_LOOP = ROOT / "Training" / "phone-loop"
COLUMNS = ["id", "size", "spoken", "expected", "voice", "rate", "pitch", "noise", "transcript"]
# PocketSphinx's US English dictionary (Debian's pocketsphinx-en-us): --known-names keeps the English names it holds.
SPHINX_DICTIONARY = Path("/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")
# whisper-reheard also keeps Whisper's log-probability per token of its transcript (how sure the recognizer was).
SCORED = {"whisper-reheard", "whisper-echo"}
SEED = "vocab-hints-1"


def make_list(language, pool, size, seed=SEED):
    """An ordered contact list: relations sharing the owner's family name, favourites, then the rest."""
    rng = random.Random(f"{seed}/{language}/{size}/list")
    given = [entry["name"] for entry in pool["given"]]
    family = [entry["name"] for entry in pool["family"]]
    owner = corpus.zipf_pick(rng, family)
    names = []
    seen = set()

    def add(name):
        if name not in seen:
            seen.add(name)
            names.append(name)

    for _ in range(min(4, size // 10 + 1)):
        add(f"{corpus.zipf_pick(rng, given)} {owner}")
    while len(names) < size:
        first = corpus.zipf_pick(rng, given)
        last = corpus.zipf_pick(rng, family)
        if language in ("es-ES", "pt-BR") and rng.random() < 0.25:
            last = f"{last} {corpus.zipf_pick(rng, family)}"
        add(f"{first} {last}")
    return names


def make_queries(language, pool, names, count, seed=SEED, namesakes=False, voices=None):
    """(id, spoken, expected or None, voice, rate, pitch, noise): Zipf over the list's order, one in six absent: a
    stranger whose names the list does not use, or with `namesakes` a namesake of a listed contact (its first name
    with a family name the list does not use, or its family name with a given name the list does not use), as a
    phone's owner asks for a John Miller beside a John Smith. `voices`: those to draw from (default: espeak-ng's
    variants and MBROLA's)."""
    rng = random.Random(f"{seed}/{language}/{len(names)}/queries")
    weights = [1 / (rank + 1) for rank in range(len(names))]
    voices = voices or [corpus.ESPEAK[language] + variant for variant in corpus.VARIANTS] + corpus.MBROLA[language]
    given = [entry["name"] for entry in pool["given"]]
    family = [entry["name"] for entry in pool["family"]]
    listed_words = {word for name in names for word in name.split()}
    queries = []
    for number in range(count):
        if number % 6 == 5 and namesakes:
            contact = rng.choice(names).split(" ")
            while True:
                if rng.random() < 0.5:
                    spoken = f"{contact[0]} {rng.choice(family)}"
                else:
                    spoken = f"{rng.choice(given)} {' '.join(contact[1:])}"
                changed = set(spoken.split()) - set(contact)
                if changed and not changed & listed_words and spoken not in names:
                    break
            expected = None
        elif number % 6 == 5:
            # Someone not in the list, with names the list does not use.
            while True:
                spoken = f"{rng.choice(given)} {rng.choice(family)}"
                if not set(spoken.split()) & listed_words:
                    break
            expected = None
        else:
            expected = rng.choices(names, weights=weights)[0]
            spoken = expected
        voice = rng.choice(voices)
        queries.append((f"{language}/{len(names)}/{number:03d}", spoken, expected, voice, rng.randint(120, 190),
                        rng.randint(25, 75), round(rng.uniform(0.004, 0.02), 4) if rng.random() < 0.33 else 0.0))
    return queries


def vocab(*arguments, stdin=None):
    """vocab's standard output; stops the script with vocab's own error when it fails."""
    if not VOCAB.exists():
        sys.exit(f"measure_hints.py: {VOCAB} is missing (swift build -c release --product vocab, or set VOCAB_BINARY)")
    finished = subprocess.run([str(VOCAB), *arguments], capture_output=True, text=True, input=stdin)
    if finished.returncode != 0:
        sys.exit(f"measure_hints.py: vocab {' '.join(arguments[:1])} failed ({finished.returncode}): {finished.stderr.strip()}")
    return finished.stdout


def hints(language, names, format_, extra=()):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as handle:
        handle.write("\n".join(names) + "\n")
        path = handle.name
    arguments = ["hints", "--language", language, "--vocabulary", path, "--format", format_, "--json", *extra]
    if format_ == "prompt":
        arguments += ["--tokenizer", str(TOKENIZER)]
    return json.loads(vocab(*arguments))


def first_entries_prompt(names, tokenizer):
    """The list's first entries, joined as make_corpus.py's prompt is, as many as fit 223 tokens."""
    prompt = ""
    for count in range(1, len(names) + 1):
        candidate = ", ".join(names[:count]) + "."
        if len(tokenizer.encode(" " + candidate, add_special_tokens=False).ids) > 223:
            break
        prompt = candidate
    return prompt


class Sphinx(corpus.PocketSphinx):
    """PocketSphinx with its language model, or with a lexicon added to its dictionary and a grammar as its search."""

    def __init__(self, lexicon=None, grammar=None):
        super().__init__()
        if grammar:
            # vocab's lexicon holds the names Debian's dictionary lacks; the PyPI package's dictionary knows a few
            # of them (zooey), and the decoder refuses to add a word it has: its own pronunciation is kept.
            entries = [entry for entry in lexicon or [] if self.decoder.lookup_word(entry["word"]) is None]
            for number, entry in enumerate(entries):
                self.decoder.add_word(entry["word"], " ".join(entry["phones"]), number == len(entries) - 1)
            self.decoder.add_jsgf_string("vocabulary", grammar.encode("utf-8"))
            self.decoder.activate_search("vocabulary")

    def recognize(self, samples, language="en-US", prompt=None):
        return super().recognize(samples, language, prompt)


def append(path, row, columns=COLUMNS):
    new = not path.exists()
    with open(path, "a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE, escapechar="\\")
        if new:
            writer.writerow(columns)
        writer.writerow(row)


def record(arguments, pool):
    from tokenizers import Tokenizer
    if not TOKENIZER.exists():
        # On a fresh machine the model's folder (and its tokenizer.json) is made when the model is first loaded.
        corpus.whisper_model()
    tokenizer = Tokenizer.from_file(str(TOKENIZER))
    whisper = nbest = None
    deadline = time.time() + arguments.hours * 3600
    out = arguments.out
    out.mkdir(parents=True, exist_ok=True)
    for size in arguments.sizes:
        for language in arguments.languages:
            names = make_list(language, pool[language], size, arguments.seed)
            # Names PocketSphinx knows are spoken by the voices its corpus found it hears as speech.
            voices = corpus.POCKETSPHINX_VOICES if arguments.known_names and language == "en-US" else None
            queries = make_queries(language, pool[language], names, arguments.queries, arguments.seed,
                                   arguments.namesake_absents, voices)
            plans = {
                "whisper-first": first_entries_prompt(names, tokenizer),
                "whisper-vocab": hints(language, names, "prompt")["prompt"],
                "whisper-none-nbest": None,
            }
            plans["whisper-first-nbest"] = plans["whisper-first"]
            plans["whisper-vocab-nbest"] = plans["whisper-vocab"]
            conditions = ["whisper-first", "whisper-vocab"] + (list(FIRST_PASS) if arguments.second_pass else [])
            conditions += [condition for condition in NBEST_CONDITIONS if condition in (arguments.conditions or [])]
            # The second pass's prompt, per query: what vocab's hints give for the first pass's transcript (read when
            # the second pass starts, so that it follows a first pass recorded in the same run).
            first_pass = {}

            def heard_prompt(condition, identifier):
                heard = first_pass[condition].get(identifier, "").strip()
                if not heard:
                    return plans["whisper-vocab"]
                if condition != "whisper-echo":
                    return hints(language, names, "prompt", ["--heard", heard])["prompt"]
                # whisper-echo: what the first pass wrote leads the prompt, as one more thing the speaker may have
                # said, so that a name heard the same way again need not become the contact it sounds like.
                echo = heard.rstrip(" .,;:!?")
                cost = len(tokenizer.encode(" " + echo + ",", add_special_tokens=False).ids)
                rest = hints(language, names, "prompt", ["--heard", heard, "--budget", str(223 - cost)])["prompt"]
                return f"{echo}, {rest}" if rest else echo
            sphinx = {}
            wanted = set(arguments.conditions or CONDITIONS)
            if language == "en-US" and wanted.intersection(SPHINX_CONDITIONS):
                lexicon = hints(language, names, "lexicon")
                sphinx = {"sphinx-none": Sphinx(), "sphinx-lexicon": Sphinx(lexicon["lexicon"], lexicon["grammar"]),
                          "sphinx-allphone": make_grammar_corpus.PhoneLoop()}
                conditions += SPHINX_CONDITIONS
            if arguments.conditions:
                conditions = [condition for condition in conditions if condition in arguments.conditions]
            for condition in conditions:
                path = out / f"{condition}.{language}.tsv"
                if condition in FIRST_PASS:
                    first_pass[condition] = {row["id"]: row["transcript"]
                                             for row in corpus.read_rows(out / f"{FIRST_PASS[condition]}.{language}.tsv")}
                done = {row["id"] for row in corpus.read_rows(path)}
                todo = [query for query in queries if query[0] not in done]
                for identifier, spoken, expected, voice, rate, pitch, noise in todo:
                    if condition in FIRST_PASS and identifier not in first_pass[condition]:
                        continue  # the first pass has not heard this query yet
                    if time.time() > deadline:
                        print("stopped at the time limit; run again to resume", flush=True)
                        return
                    try:
                        samples = corpus.synthesize(spoken, voice, rate, pitch, noise, identifier)
                    except subprocess.CalledProcessError:
                        voice = corpus.ESPEAK[language]
                        samples = corpus.synthesize(spoken, voice, rate, pitch, noise, identifier)
                    alternatives = score = None
                    if condition.startswith("whisper"):
                        prompt = heard_prompt(condition, identifier) if condition in FIRST_PASS else plans[condition]
                    if condition in NBEST_CONDITIONS:
                        nbest = nbest or corpus.WhisperNBest()
                        transcript, alternatives = nbest.recognize(samples, language, prompt)
                    elif condition.startswith("whisper"):
                        whisper = whisper or corpus.Whisper()
                        transcript, score = whisper.recognize_scored(samples, language, prompt)
                    else:
                        transcript, score = sphinx[condition].recognize(samples), None
                    row = [identifier, size, spoken, expected or "", voice, rate, pitch, noise, corpus.clean(transcript)]
                    if alternatives is not None:
                        append(path, row + [json.dumps(alternatives, ensure_ascii=False)], COLUMNS + ["alternatives"])
                    elif condition in SCORED:
                        append(path, row + ["" if score is None else round(score, 4)], COLUMNS + ["score"])
                    else:
                        append(path, row)
                print(f"{time.strftime('%H:%M:%S')} {condition} {language} {size}: +{len(todo)}", flush=True)


def evaluation_set(condition, language, size, pool, seed=SEED, out=OUT):
    """One condition's transcripts of one language and list size as an evaluation set (../shared/eval/FORMAT.md),
    with the rows it was made from; None when nothing was recorded. A `+first` or `+phones` condition's cases
    carry the other pass's transcript of the same audio as their second alternative."""
    # A transcript resolved with another pass's as an alternative: `<recorded>+first` or `+phones`.
    recorded = condition.split("+")[0]
    chosen = [row for row in corpus.read_rows(out / f"{recorded}.{language}.tsv") if int(row["size"]) == size]
    if not chosen:
        return None
    if WEIGHED_WITH.get(condition) == "phone-loop":
        phone_loop = PHONE_LOOP / f"{out.name}.{language}.tsv"
        if not phone_loop.exists():
            return None  # no phone loop ran on this measurement's clips in this language
        first_pass = {row["id"]: row["phones"] for row in corpus.read_rows(phone_loop)}
    else:
        first_pass = ({row["id"]: row["transcript"] for row in corpus.read_rows(out / f"{WEIGHED_WITH[condition]}.{language}.tsv")}
                      if condition in WEIGHED_WITH else {})
    key = "phones" if condition.endswith("+phones") else "text"
    names = make_list(language, pool, size, seed)
    vocabulary = {"id": f"{language}/{size}", "language": language, "type": "contactName", "strings": names}
    # A recognizer that wrote nothing, or a run-on hallucination vocab refuses as a query, answered nothing:
    # unsupported (vocab eval takes neither).
    heard = [row for row in chosen if row["transcript"].strip() and not corpus.refused(row["transcript"])]
    cases = [{"id": row["id"], "vocabulary": vocabulary["id"], "language": language, "query": row["transcript"],
              "category": "present" if row["expected"] else "absent",
              "expect": {"outcome": "success", "terms": [row["expected"]]} if row["expected"]
              else {"outcome": "unsupported", "terms": []}} for row in heard]
    recorded_alternatives = {row["id"]: row["alternatives"] for row in heard if row.get("alternatives")}
    for case in cases:
        if case["id"] in recorded_alternatives:
            case["alternatives"] = json.loads(recorded_alternatives[case["id"]])
        other = first_pass.get(case["id"], "").strip()
        if other and not corpus.refused(other) and (key == "phones" or other != case["query"]):
            # After the recorded five best when there are some (at most 10 in all), else after the query.
            case["alternatives"] = case.get("alternatives", [{"text": case["query"]}]) + [{key: other}]
    return {"name": f"{condition}.{language}.{size}", "vocabularies": [vocabulary], "cases": cases}, chosen


def report(arguments, pool):
    results = {}
    for condition in [name for name in CONDITIONS if name not in EVIDENCE_ONLY] + list(WEIGHED_WITH):
        merged = {"name": f"{arguments.out.name}-{condition}", "vocabularies": [], "cases": []}
        for language in arguments.languages:
            for size in arguments.sizes:
                made = evaluation_set(condition, language, size, pool[language], arguments.seed, arguments.out)
                if made is None:
                    continue
                evaluation, chosen = made
                cases = evaluation["cases"]
                merged["vocabularies"] += evaluation["vocabularies"]
                merged["cases"] += cases
                predictions = {}
                if cases:
                    with tempfile.TemporaryDirectory() as folder:
                        set_path = Path(folder) / "set.json"
                        set_path.write_text(json.dumps(evaluation, ensure_ascii=False), encoding="utf-8")
                        # Without --profiles, the shared decision (vocab eval would guess the recognizer otherwise).
                        profile = ["--recognizer", PROFILES.get(condition, "whisper-prompted") if arguments.profiles else "shared"]
                        vocab("eval", str(set_path), "--predictions", str(Path(folder) / "predictions.jsonl"), *profile)
                        for line in (Path(folder) / "predictions.jsonl").read_text(encoding="utf-8").splitlines():
                            prediction = json.loads(line)
                            predictions[prediction["id"]] = prediction
                present = [row for row in chosen if row["expected"]]
                top1 = recall = false = 0
                for row in chosen:
                    prediction = predictions.get(row["id"], {"outcome": "unsupported", "terms": []})
                    answered = prediction["outcome"] == "success"
                    if row["expected"]:
                        top1 += answered and prediction["terms"][:1] == [row["expected"]]
                        recall += prediction["outcome"] != "unsupported" and row["expected"] in prediction["terms"][:10]
                    false += answered and prediction["terms"][:1] != [row["expected"]]
                results[f"{condition}|{language}|{size}"] = {
                    "cases": len(chosen), "present": len(present), "empty": len(chosen) - len(cases),
                    "top1": top1 / max(1, len(present)), "recall10": recall / max(1, len(present)),
                    "falseAccept": false / len(chosen)}
        if arguments.write_sets and merged["cases"]:
            # Every language and list size of the condition in one evaluation set (../shared/eval/FORMAT.md).
            arguments.write_sets.mkdir(parents=True, exist_ok=True)
            path = arguments.write_sets / f"{condition}.json"
            path.write_text(json.dumps(merged, ensure_ascii=False) + "\n", encoding="utf-8")
    if not arguments.no_results:
        arguments.out.mkdir(parents=True, exist_ok=True)
        name = "results-profiles.json" if arguments.profiles else "results.json"
        (arguments.out / name).write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print_tables(results, arguments)


# The conditions as the tables name them, in order.
LABELS = {
    "whisper-first": "Whisper base, the list's first entries (no vocab)",
    "whisper-vocab": "Whisper base, `vocab hints`",
    "whisper-heard": "then a second pass with `vocab hints --heard`",
    "whisper-heard+first": "the same, both passes weighed",
    "whisper-reheard": "first entries, then a second pass with `vocab hints --heard`",
    "whisper-reheard+first": "the same, both passes weighed",
    "whisper-echo": "first entries, then a second pass with the first transcript and `vocab hints --heard`",
    "whisper-echo+first": "the same, both passes weighed",
    "whisper-first-nbest": "Whisper base, the list's first entries, its five best hypotheses weighed",
    "whisper-vocab-nbest": "Whisper base, `vocab hints`, its five best hypotheses weighed",
    "whisper-heard-nbest": "then a second pass with `vocab hints --heard`, its five best weighed",
    "whisper-heard-nbest+first": "the same, the first pass's transcript weighed too",
    "whisper-none-nbest": "Whisper base, no prompt, its five best hypotheses weighed",
    "whisper-none-nbest+phones": "the same, PocketSphinx's phone loop on the same audio weighed too",
    "sphinx-none": "PocketSphinx, its language model",
    "sphinx-lexicon": "PocketSphinx, `vocab hints --format lexicon` and its grammar",
    "sphinx-lexicon+phones": "the same, its phone loop's phones weighed (both passes over the audio)",
}
# The profile each condition is decided by with --profiles (every Whisper condition but whisper-none-nbest is prompted).
PROFILES = {"whisper-none-nbest": "whisper", "whisper-none-nbest+phones": "whisper-phones", "sphinx-none": "pocketsphinx",
            "sphinx-lexicon": "pocketsphinx", "sphinx-lexicon+phones": "pocketsphinx-grammar"}


def print_tables(results, arguments):
    """Per list size, each condition pooled over the languages (counts summed); then top-1 and false accepts per
    language and size."""
    def pooled(condition, size, languages):
        entries = [results.get(f"{condition}|{language}|{size}") for language in languages]
        entries = [entry for entry in entries if entry]
        if not entries:
            return None
        present = sum(entry["present"] for entry in entries)
        cases = sum(entry["cases"] for entry in entries)
        right = sum(round(entry["top1"] * entry["present"]) for entry in entries)
        found = sum(round(entry["recall10"] * entry["present"]) for entry in entries)
        false = sum(round(entry["falseAccept"] * entry["cases"]) for entry in entries)
        return len(entries), present, cases, right, found, false

    print("| size | condition | languages | top-1 | recall@10 | false accept |")
    print("|---:|---|---:|---:|---:|---:|")
    for size in arguments.sizes:
        for condition, label in LABELS.items():
            row = pooled(condition, size, arguments.languages)
            if row:
                count, present, cases, right, found, false = row
                print(f"| {size} | {label} | {count} | {right / present:.1%} ({right}/{present}) | "
                      f"{found / present:.1%} | {false / cases:.1%} ({false}/{cases}) |")
    shown = [condition for condition in LABELS if any(f"{condition}|" in key for key in results)]
    print()
    print("| language | size | " + " | ".join(shown) + " |")
    print("|---|---:|" + "---:|" * len(shown))
    for language in arguments.languages:
        for size in arguments.sizes:
            cells = []
            for condition in shown:
                entry = results.get(f"{condition}|{language}|{size}")
                cells.append(f"{entry['top1']:.0%} / {entry['falseAccept']:.1%}" if entry else "")
            print(f"| {language} | {size} | " + " | ".join(cells) + " |")


def known_names(pool):
    """The pool's given and family names that PocketSphinx's English dictionary holds, in their order."""
    if not SPHINX_DICTIONARY.exists():
        sys.exit(f"measure_hints.py: --known-names needs {SPHINX_DICTIONARY} (Debian's pocketsphinx-en-us)")
    words = dictionary_words(SPHINX_DICTIONARY)
    known = {part: [entry for entry in pool[part] if entry["name"].lower() in words] for part in ("given", "family")}
    if min(len(names) for names in known.values()) < 100:
        sys.exit("measure_hints.py: --known-names: the dictionary holds too few of the English names to make lists")
    return {**pool, **known}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--languages", nargs="+", default=LANGUAGES, choices=LANGUAGES)
    parser.add_argument("--sizes", nargs="+", type=int, default=[50, 300, 1000])
    parser.add_argument("--queries", type=int, default=60, help="queries per language and list size")
    parser.add_argument("--hours", type=float, default=100.0, help="stop after this long (rerun to resume)")
    parser.add_argument("--report", action="store_true", help="only print the table of the transcripts so far")
    parser.add_argument("--second-pass", action="store_true",
                        help="also record whisper-heard: a second pass prompted with the hints for the first pass's transcript")
    parser.add_argument("--profiles", action="store_true",
                        help="resolve as the recognizers' profiles decide (`vocab eval --recognizer`: every Whisper condition "
                             "here is prompted, so whisper-prompted; PocketSphinx pocketsphinx, its grammar pass weighed with "
                             "its phone loop's phones pocketsphinx-grammar); scores in results-profiles.json")
    parser.add_argument("--seed", default=SEED,
                        help=f"draws the lists and queries (default {SEED}, the measurement; another seed makes other lists, "
                             "as the training corpus of make_two_pass_sets.py)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder of the transcripts (default {OUT.relative_to(ROOT)})")
    parser.add_argument("--no-results", action="store_true",
                        help="with --report, print the tables only and leave the committed results*.json as they are "
                             "(to compare another build or locales folder: VOCAB_BINARY, VOCAB_LOCALES)")
    parser.add_argument("--write-sets", type=Path, metavar="DIR",
                        help="also write each condition's evaluation set (every language and list size in one) to "
                             "DIR/<condition>.json, for tracing with vocab eval (train.sh's choice of operating points)")
    parser.add_argument("--namesake-absents", action="store_true",
                        help="when recording, make each absent caller a namesake of a listed contact (a listed first "
                             "name or family name, the other name one the list does not use) instead of a stranger")
    parser.add_argument("--known-names", action="store_true",
                        help="draw English names only from those PocketSphinx's dictionary holds (given and family), as "
                             "the US census names of ../shared/eval/asr-dev.json mostly are: a recognizer that knows the "
                             "names writes them, or common words that sound like them; spoken by the voices of the PocketSphinx "
                             "corpus (MBROLA, flite, espeak-ng's plain voice); give it when recording and reporting")
    parser.add_argument("--conditions", nargs="+", choices=CONDITIONS,
                        help="record only these conditions (default: all that apply)")
    arguments = parser.parse_args()
    pool = json.loads(corpus.NAMES.read_text(encoding="utf-8"))["languages"]
    if arguments.known_names:
        pool["en-US"] = known_names(pool["en-US"])
    if not arguments.report:
        record(arguments, pool)
    report(arguments, pool)


if __name__ == "__main__":
    sys.exit(main())
