#!/usr/bin/env python3
"""PocketSphinx held to a contact list's grammar, for learning when a name it writes was really said.

With `vocab hints --format lexicon` as its dictionary and grammar, PocketSphinx can write nothing but a listed name:
for a stranger it writes the listed name nearest in sound (issue 22's measurement: 25-38% false accepts). A second,
free pass over the same audio (its own language model, the corpus's `pocketsphinx` transcript) says what was heard
without the list; weighed as an alternative, it is the evidence against the forced name. This script makes the
pairs to learn that weighing from (`scripts/train/make_training_sets.py --grammar`): the PocketSphinx corpus's
clips of whole names (their rows in Training/corpus/pocketsphinx.en-US.tsv: the same ids, names, voices and noise,
so that the free pass is the committed transcript) spoken again and decoded twice more, once with the grammar of a list holding the name (present) and once with the
grammar of the next list (absent: the name is not in it, though a word of it may be, as namesakes are).

With --allphone it makes the third pass instead: PocketSphinx's phone loop (its `allphone` search with the US English
phone language model), which writes the phones it heard, ARPAbet, with no dictionary to force them into words
(Training/corpus/pocketsphinx-allphone.en-US.tsv, one row a clip). That is the classic check of a keyword or
grammar decoder (a filler model): a name the grammar wrote that the phones do not bear out was not said.

Each list is one of make_corpus.py's 100 lists of 40 contacts, padded from the training pool to 50, 300 or 1,000
names (lists take turns), as the grammar of a phone's contacts would hold. Names come only from
../shared/train/names.json. Every transcript is appended to Training/corpus/pocketsphinx-grammar.en-US.tsv as soon
as it is made; a rerun skips what is there. About 3 clips a second with two decodes on one core.

Usage: python3 scripts/train/make_grammar_corpus.py [--clips 6000] [--hours 1] [--allphone]
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
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_corpus as corpus  # noqa: E402  (its lists, clip plan, synthesizer and PocketSphinx)

LANGUAGE = "en-US"
OUT = corpus.OUT / f"pocketsphinx-grammar.{LANGUAGE}.tsv"
COLUMNS = ["id", "list", "grammar", "size", "spoken", "expected", "voice", "rate", "pitch", "noise", "transcript"]
PHONES_OUT = corpus.OUT / f"pocketsphinx-allphone.{LANGUAGE}.tsv"
PHONES_COLUMNS = ["id", "list", "spoken", "voice", "rate", "pitch", "noise", "phones"]
# What the phone loop writes that is not a phone of speech: silence and PocketSphinx's filler models.
NOT_PHONES = {"SIL", "+NSN+", "+SPN+", "+UM+", "+UH+", "+BREATH+", "+COUGH+", "+NOISE+", "+SMACK+"}
SIZES = [50, 300, 1000]
VOCAB = Path(os.environ.get("VOCAB_BINARY", corpus.ROOT / ".build" / "release" / "vocab"))


def grammar_list(lists, number, pool, seed):
    """List `number` padded from the pool to its size (50, 300 or 1,000 by turns), its own contacts first."""
    size = SIZES[number % len(SIZES)]
    rng = random.Random(f"{seed}/{LANGUAGE}/grammar/{number}")
    given = [entry["name"] for entry in pool["given"]]
    family = [entry["name"] for entry in pool["family"]]
    names = dict.fromkeys(lists[number])
    while len(names) < size:
        names[f"{corpus.zipf_pick(rng, given)} {corpus.zipf_pick(rng, family)}"] = None
    return list(names)


class GrammarSphinx(corpus.PocketSphinx):
    """PocketSphinx whose search is the JSGF grammar of a list, its dictionary widened by vocab's lexicon."""

    def __init__(self, names):
        super().__init__()
        with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as handle:
            handle.write("\n".join(names) + "\n")
            path = handle.name
        try:
            hints = json.loads(subprocess.run([str(VOCAB), "hints", "--language", LANGUAGE, "--vocabulary", path,
                                               "--format", "lexicon", "--json"],
                                              capture_output=True, text=True, check=True).stdout)
        finally:
            os.unlink(path)
        entries = hints["lexicon"]
        for number, entry in enumerate(entries):
            # A word PocketSphinx's own dictionary has (vocab's dictionary may lack it) takes the lexicon's reading
            # as another pronunciation, `word(2)`, as the CMU format writes one.
            for variant in range(1, 10):
                word = entry["word"] if variant == 1 else f"{entry['word']}({variant})"
                try:
                    self.decoder.add_word(word, " ".join(entry["phones"]), number == len(entries) - 1)
                    break
                except RuntimeError:
                    continue
        self.decoder.add_jsgf_string("vocabulary", hints["grammar"].encode("utf-8"))
        self.decoder.activate_search("vocabulary")


class PhoneLoop:
    """PocketSphinx's allphone search: the phones heard, ARPAbet without stress, silence and fillers left out."""

    def __init__(self):
        from pocketsphinx import Decoder, get_model_path
        model = os.path.join(get_model_path(), "en-us")
        self.decoder = Decoder(allphone=os.path.join(model, "en-us-phone.lm.bin"), loglevel="FATAL", lw=2.0,
                               beam=1e-20, pbeam=1e-20)

    def recognize(self, samples):
        import numpy as np
        pcm = (np.clip(samples, -1, 1) * 32767).astype(np.int16).tobytes()
        self.decoder.start_utt()
        self.decoder.process_raw(pcm, full_utt=True)
        self.decoder.end_utt()
        return " ".join(segment.word for segment in self.decoder.seg() if segment.word not in NOT_PHONES)


@contextmanager
def appending(path, columns):
    """The file and a TSV writer appending to it, the header written first when the file is new."""
    new = not path.exists()
    with open(path, "a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE, escapechar="\\")
        if new:
            writer.writerow(columns)
        yield handle, writer


def phone_pass(plans, deadline):
    """The phone loop over every clip of a whole name (one row a clip, appended as made; a rerun resumes)."""
    done = {row["id"] for row in corpus.read_rows(PHONES_OUT)}
    loop = PhoneLoop()
    made = 0
    with appending(PHONES_OUT, PHONES_COLUMNS) as (handle, writer):
        for identifier, number, spoken, category, voice, rate, pitch, noise in plans:
            if category != "full" or identifier in done:
                continue
            if time.time() > deadline:
                print(f"stopped at the time limit after {made} clips; run again to resume", flush=True)
                return
            phones = loop.recognize(corpus.synthesize(spoken, voice, rate, pitch, noise, identifier))
            writer.writerow([identifier, number, spoken, voice, rate, pitch, noise, phones])
            handle.flush()
            made += 1
            if made % 500 == 0:
                print(f"{time.strftime('%H:%M:%S')} phone loop: {made} clips", flush=True)
    print(f"done: {made} clips heard by the phone loop", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clips", type=int, default=6000, help="the PocketSphinx plan's first clips (default 6000)")
    parser.add_argument("--seed", default="vocab-train-1")
    parser.add_argument("--hours", type=float, default=100.0, help="stop after this long (rerun to resume)")
    parser.add_argument("--allphone", action="store_true", help="the phone loop's pass instead of the grammar passes")
    arguments = parser.parse_args()
    if arguments.clips < 1:
        parser.error(f"--clips must be at least 1, got {arguments.clips}")
    pool = json.loads(corpus.NAMES.read_text(encoding="utf-8"))["languages"][LANGUAGE]
    lists, _ = corpus.plan(LANGUAGE, pool, 0, arguments.seed)
    # The clips as the free pass heard them (the plan's own draws of a contact changed with the lists' order since
    # the first clips were made; the rows say what was spoken).
    free = OUT.parent / f"{corpus.PocketSphinx.name}.{LANGUAGE}.tsv"
    rows = corpus.read_rows(free)
    plans = [(row["id"], int(row["list"]), row["spoken"], row["category"], row["voice"], int(row["rate"]),
              int(row["pitch"]), float(row["noise"])) for row in rows[:arguments.clips]]
    deadline = time.time() + arguments.hours * 3600
    if arguments.allphone:
        phone_pass(plans, deadline)
        return 0
    padded = {}
    done = {(row["id"], row["grammar"]) for row in corpus.read_rows(OUT)}
    made = 0
    with appending(OUT, COLUMNS) as (handle, writer):
        decoders = {}
        for number in range(len(lists)):
            # This list's clips, each heard through its own list's grammar and through the next list's.
            grammars = [number, (number + 1) % len(lists)]
            clips = [plan for plan in plans if plan[1] == number and plan[3] == "full"]
            todo = [(plan, grammar) for plan in clips for grammar in grammars if (plan[0], str(grammar)) not in done]
            for stale in [key for key in decoders if key not in grammars]:
                del decoders[stale]
            if not todo:
                continue
            for grammar in grammars:
                if grammar not in padded:
                    padded[grammar] = grammar_list(lists, grammar, pool, arguments.seed)
                if grammar not in decoders and any(g == grammar for _, g in todo):
                    decoders[grammar] = GrammarSphinx(padded[grammar])
            for (identifier, _, spoken, _, voice, rate, pitch, noise) in dict.fromkeys(plan for plan, _ in todo):
                if time.time() > deadline:
                    print(f"stopped at the time limit after {made} transcripts; run again to resume", flush=True)
                    return 0
                samples = corpus.synthesize(spoken, voice, rate, pitch, noise, identifier)
                for grammar in grammars:
                    if (identifier, str(grammar)) in done:
                        continue
                    transcript = decoders[grammar].recognize(samples, LANGUAGE, None)
                    expected = spoken if spoken in padded[grammar] else ""
                    writer.writerow([identifier, number, grammar, len(padded[grammar]), spoken, expected, voice, rate,
                                     pitch, noise, corpus.clean(transcript)])
                    made += 1
                handle.flush()
            print(f"{time.strftime('%H:%M:%S')} list {number}: {made} transcripts so far", flush=True)
    print(f"done: {made} transcripts made", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
