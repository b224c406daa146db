#!/usr/bin/env python3
"""Turns the corpus's (spoken name, transcript) pairs into evaluation sets in ../shared/eval/FORMAT.md's layout,
for training the decision model: present and absent cases over contact lists of several sizes, made only of
training names.

For each clip of the corpus (see make_corpus.py), the contact list it was drawn from is rebuilt and padded to
a drawn size (20 to 1,000 contacts) with names of the other lists; then

  present: the list as is; the spoken contact is expected (`success`), or for a first name alone that several
           contacts share, every such contact (`disambiguation`): those whose first name is spelled the same
           or said the same (the same phones in vocab's reading);
  absent:  the same transcript against the list without the spoken contact and without every contact whose
           name sounds nearly the same (fewer than 3 phones apart, 2 for a first name alone): `unsupported`.
           That is the evaluation sets' rule for an absent name ("clearly different from every entry";
           sound_neighbours.py). Lists keep the contact's relatives, so many absent cases are "a known surname
           with another first name", the namesakes that tempt a false accept.
  namesake: for half the whole names a recognizer heard (first name first or last), the same transcript once
           more against the list with the contact's surname changed for another of the pool ("a known first
           name with another surname") or its first name ("a known surname with another first name"), the
           namesake standing where the contact stood and clearly different from the name said: `unsupported`.
           The evaluation sets' absent names are often of those kinds (ASR-DEV.md); in the plain absent cases
           a contact shares the first name said in 12% and the surname in 23% (Whisper base, draw 0), by
           chance or as a relative. Typed queries have namesakes of their own (NAMESAKE_SHARE).

Besides the recognizers' transcripts, a set of typed or respelled queries (as written, folded, one or two
spelling changes, first name alone, last name first) over the same lists, so that the decision also learns what
a clean or near-clean rendering of a name is worth; and typed nicknames, alone or with the surname, made of the
training names themselves (<out>/nicknames.<locale>.tsv: train.sh traces the typed set with those added to the
locales' nickname tables, so that the matcher reaches the contacts through them).

Every clip can be drawn into sets several ways (--draw): other list sizes, other padding, other absent cases,
other typed queries. A model learned from one draw moves by a few answers on the evaluation sets when the corpus
grows by a few clips, since every later draw of the random sequence shifts; a model learned from several draws
at once (train.sh's DRAWS) sits between the single draws' (BENCHMARKS.md, "One model per draw").

Usage: python3 scripts/train/make_training_sets.py [--out .build-train] [--seed S] [--typed N] [--draw D]
Writes <out>/train-<recognizer>[-prompted].json, one per recognizer and condition, all languages together; the
n-best run's clips are in train-whisper-base*.json (first hypothesis) and, with their alternatives, in
train-whisper-base-nbest*.json. Draws go in folders of their own: the trainer counts files of one name as one
source.
"""

import argparse
import difflib
import json
import random
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_corpus  # noqa: E402  (the corpus's lists are rebuilt from the same seed)
from learn_confusions import plain_distance  # noqa: E402
from sound_neighbours import FIRST_NAME_DISTANCE, FULL_NAME_DISTANCE, SoundNeighbours  # noqa: E402

SIZES = [20, 40, 40, 100, 300, 1000]
NAMESAKE_SHARE = 0.2    # typed queries that are namesakes (absent only)
TWIN_SHARE = 0.5        # recognized full names whose transcript is also an absent namesake's (namesake_twin)


def fold(text):
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if ch.isalnum() or ch == " ").strip()


RESPELLINGS = [("ph", "f"), ("f", "ph"), ("c", "k"), ("k", "c"), ("y", "i"), ("i", "y"), ("th", "t"), ("h", ""),
               ("ll", "l"), ("l", "ll"), ("ss", "s"), ("s", "ss"), ("tt", "t"), ("nn", "n"), ("z", "s"), ("s", "z"),
               ("qu", "k"), ("ch", "sh"), ("w", "v"), ("v", "b"), ("b", "v"), ("ie", "i"), ("ou", "u"), ("e", "a"),
               ("o", "u"), ("a", "e")]


def respell(rng, text):
    """One or two spelling changes of the kind a recognizer or a hurried typist makes (sounds kept, mostly)."""
    for _ in range(rng.choice([1, 1, 2])):
        options = [(a, b) for a, b in RESPELLINGS if a in text]
        if not options:
            break
        a, b = rng.choice(options)
        positions = [i for i in range(len(text)) if text.startswith(a, i)]
        at = rng.choice(positions)
        text = text[:at] + b + text[at + len(a):]
    return text


def near_given_name(rng, first, given, taken):
    """A given name of the pool that is spelled a bit like `first` but is another name (not `first`, not a first
    name of the list): a namesake's first name, which tempts a false accept."""
    folded = fold(first)
    sample = rng.sample(given, min(len(given), 400))
    scored = sorted(((difflib.SequenceMatcher(None, folded, fold(name)).ratio(), name) for name in sample
                     if fold(name) != folded and fold(name) not in taken), reverse=True)
    near = [name for ratio, name in scored[:8] if ratio >= 0.4]
    return rng.choice(near) if near else None


def typed_rows(language, lists, count, rng, given):
    """Queries typed or respelled from the lists' contacts: as written, folded, respelled, joined, first name
    alone, last name first; and namesakes (a contact's surname with another, similar-looking given name of the
    pool, which the list does not hold); the same row layout as the corpus's."""
    rows = []
    for number in range(count):
        list_number = rng.randrange(len(lists))
        contact = rng.choice(lists[list_number])
        first, rest = contact.split(" ", 1)
        draw = rng.random()
        if draw < NAMESAKE_SHARE:
            taken = {fold(name.split(" ")[0]) for name in lists[list_number]}
            other = near_given_name(rng, first, given, taken)
            if other is None:
                continue
            spoken = f"{other} {rest}"
            query = fold(spoken) if rng.random() < 0.7 else spoken
            rows.append({"id": f"{language}/typed{number:05d}", "list": str(list_number), "spoken": spoken,
                         "category": "namesake", "prompted": "0", "transcript": query})
            continue
        draw = rng.random()
        if draw < 0.15:
            spoken, category, query = first, "first_only", fold(first)
        elif draw < 0.25:
            spoken, category, query = f"{rest} {first}", "reversed", fold(f"{rest} {first}")
        else:
            spoken, category = contact, "full"
            style = rng.random()
            query = contact if style < 0.25 else fold(contact)
            if style >= 0.5:
                query = respell(rng, query)
            if rng.random() < 0.1:
                query = query.replace(" ", "", 1)
        rows.append({"id": f"{language}/typed{number:05d}", "list": str(list_number), "spoken": spoken,
                     "category": category, "prompted": "0", "transcript": query})
    return rows


NICKNAMES = 40          # typed queries per language saying a contact by a nickname (a table of their own)


def nickname_rows(language, lists, count, rng):
    """Typed queries that say a contact by a nickname, alone or with the surname, and the table of those
    nicknames ({folded formal name: nicknames}). The training names share nothing with the locales' nickname
    tables, so the nicknames are made here, as the first three or four letters of a given name of five or more
    ("Jayden" → "jay"), never another first name of the list; make them part of the locales the typed set is
    traced with (train.sh) so that the matcher finds the contacts through them, as it finds "sam" for Samuel."""
    table = defaultdict(set)
    rows = []
    for number in range(count):
        list_number = rng.randrange(len(lists))
        contact = rng.choice(lists[list_number])
        first, rest = contact.split(" ", 1)
        formal = fold(first)
        if len(formal) < 5 or not formal.isalpha():
            continue
        nickname = formal[:rng.choice([3, 4])]
        if nickname in {fold(name.split(" ")[0]) for name in lists[list_number]}:
            continue
        table[formal].add(nickname)
        alone = rng.random() < 0.35
        rows.append({"id": f"{language}/typednick{number:05d}", "list": str(list_number),
                     "spoken": first if alone else contact, "category": "nickname_only" if alone else "nickname",
                     "prompted": "0", "transcript": nickname if alone else f"{nickname} {fold(rest)}"})
    for row in rows:
        if row["category"] == "nickname_only":
            # Every formal name the nickname was made of (two names may share one, as Samuel and Samantha "sam").
            row["formals"] = sorted(formal for formal, nicknames in table.items() if row["transcript"] in nicknames)
    return rows, table


def contact_of(row):
    """The contact a row's name was said of, as the list writes it ("First Last"); `None` for a first name or a
    nickname alone."""
    spoken, category = row["spoken"], row["category"]
    if category == "reversed":
        words = spoken.split(" ")
        return f"{words[-1]} {' '.join(words[:-1])}"
    return None if category in ("first_only", "nickname_only") else spoken


def namesake_twin(rng, contact, given, family):
    """The contact with one of its names changed for another of the pool, drawn as the lists draw theirs: its
    first name with another surname, or its surname with another first name (the evaluation sets' absent
    namesakes: "a known surname with another first name, or a known first name with another surname")."""
    first, rest = contact.split(" ", 1)
    if rng.random() < 0.5:
        other = make_corpus.zipf_pick(rng, family)
        return None if fold(other) == fold(rest) else f"{first} {other}"
    other = make_corpus.zipf_pick(rng, given)
    return None if fold(other) == fold(first) else f"{other} {rest}"


def build(recognizer, prompted, rows_by_language, pool, seed, rng, neighbours, twin_rng):
    vocabularies, cases = [], []
    for language, rows in sorted(rows_by_language.items()):
        lists, _ = make_corpus.plan(language, pool[language], 0, seed)
        everyone = sorted({name for names in lists for name in names})
        sounds = neighbours(language, everyone)
        # Each full name said may also be heard by a namesake's list (the contact in it with one name changed):
        # drawn first, from a sequence of its own, so that the other cases are drawn as before.
        twins = {}
        given = [entry["name"] for entry in pool[language]["given"]]
        family = [entry["name"] for entry in pool[language]["family"]]
        for row in rows:
            if recognizer != "typed" and row["prompted"] == prompted and row["category"] in ("full", "reversed") \
                    and twin_rng.random() < TWIN_SHARE:
                twin = namesake_twin(twin_rng, contact_of(row), given, family)
                if twin:
                    twins[id(row)] = twin
        # Read in batches, not one by one below (a name said last name first is compared as the list writes it).
        phones = sounds.phones(sorted({row["spoken"] for row in rows} | set(twins.values())
                                      | {contact_of(row) for row in rows if id(row) in twins}))

        def clearly_different(remaining, spoken, first_name_alone=False):
            """The list without the entries whose name sounds nearly like the spoken one (the evaluation sets'
            rule for an absent name: sound_neighbours.py)."""
            if first_name_alone:
                near = sounds.near("first", spoken)
                return [name for name in remaining if name.split(" ")[0] not in near]
            near = sounds.near("full", spoken)
            return [name for name in remaining if name not in near]
        for row in rows:
            if row["prompted"] != prompted or not row["transcript"].strip() or make_corpus.refused(row["transcript"]):
                continue
            alternatives = json.loads(row["alternatives"]) if row.get("alternatives") else None
            if alternatives and any(make_corpus.refused(hypothesis["text"]) for hypothesis in alternatives):
                continue
            list_number = int(row["list"])
            contacts = list(lists[list_number])
            size = rng.choice(SIZES)
            others = [name for name in rng.sample(everyone, min(len(everyone), size + 50)) if name not in contacts]
            # The list's own contacts first (they were the prompt), then the padding.
            contacts = (contacts + others)[:max(size, len(lists[list_number]))]
            spoken = row["spoken"]
            category = row["category"]
            contact = contact_of(row)
            case_id = f"{row['id']}/{recognizer}/{prompted}"
            present_id = f"{case_id}/present"
            extra = {"alternatives": alternatives} if alternatives else {}

            def add_absent(remaining, kind="absent"):
                absent_id = f"{case_id}/{kind}"
                vocabularies.append({"id": f"{absent_id}/list", "language": language, "type": "contactName",
                                     "strings": remaining})
                cases.append({"id": absent_id, "vocabulary": f"{absent_id}/list", "language": language,
                              "query": row["transcript"], "category": "absent",
                              "expect": {"outcome": "unsupported", "terms": []}, **extra})

            if category == "namesake":
                # Absent only: the list as drawn (it keeps the contact whose surname the namesake shares).
                add_absent(clearly_different([name for name in contacts if fold(name) != fold(spoken)], spoken))
                continue
            if category in ("first_only", "nickname_only"):
                said = set(row["formals"]) if category == "nickname_only" else {fold(spoken)}
                # Every contact whose first name is said the same way (the evaluation sets' rule for a first
                # name alone), not only those spelled the same.
                alike = set() if category == "nickname_only" else sounds.same("first", spoken)
                sharing = [name for name in contacts if fold(name.split(" ")[0]) in said or name.split(" ")[0] in alike]
                if not sharing:
                    continue
                expect = {"outcome": "success" if len(sharing) == 1 else "disambiguation", "terms": sharing[:10]}
            else:
                if contact not in contacts:
                    continue
                expect = {"outcome": "success", "terms": [contact]}
            vocabulary_id = f"{present_id}/list"
            vocabularies.append({"id": vocabulary_id, "language": language, "type": "contactName", "strings": contacts})
            cases.append({"id": present_id, "vocabulary": vocabulary_id, "language": language,
                          "query": row["transcript"], "category": category, "expect": expect, **extra})
            # Absent: the spoken contact (all who share the spoken first name, for a first name alone) removed.
            if category in ("first_only", "nickname_only"):
                add_absent(clearly_different([name for name in contacts if fold(name.split(" ")[0]) not in said],
                                             spoken, first_name_alone=True))
            else:
                remaining = clearly_different([name for name in contacts if fold(name) != fold(contact)], contact)
                add_absent(remaining)
                twin = twins.get(id(row))
                if twin and phones[contact] and phones[twin] and twin not in contacts \
                        and plain_distance(phones[contact], phones[twin]) > FULL_NAME_DISTANCE:
                    # The namesake stands where the contact stood, among the others (clearly different too).
                    kept = set(remaining)
                    add_absent([twin if name == contact else name for name in contacts
                                if name in kept or name == contact], "namesake")
    return {"name": f"train-{recognizer}{'-prompted' if prompted == '1' else ''}", "vocabularies": vocabularies,
            "cases": cases}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(make_corpus.ROOT / ".build-train"))
    parser.add_argument("--seed", default="vocab-train-1", help="the corpus's seed (its lists are rebuilt)")
    parser.add_argument("--typed", type=int, default=400, help="typed or respelled queries per language")
    parser.add_argument("--draw", type=int, default=0,
                        help="which draw of list sizes, padding and typed queries (0, the default, is the one the "
                             "committed models were first learned from; train.sh learns from several)")
    parser.add_argument("--vocab", default=str(make_corpus.ROOT / ".build" / "release" / "vocab"),
                        help="the vocab binary whose phones decide which names sound alike (sound_neighbours.py)")
    arguments = parser.parse_args()
    if not Path(arguments.vocab).is_file():
        parser.error(f"argument --vocab: {arguments.vocab} is not a file (swift build -c release --product vocab)")
    if arguments.draw < 0:
        parser.error(f"argument --draw: must be 0 or more, got {arguments.draw}")
    # Draw 0 keeps the seeds it always had; the others add their number.
    draw = "" if arguments.draw == 0 else f"/draw{arguments.draw}"
    pool = json.loads(make_corpus.NAMES.read_text(encoding="utf-8"))["languages"]
    out = Path(arguments.out)
    out.mkdir(parents=True, exist_ok=True)
    by_recognizer = defaultdict(dict)
    # make_corpus.py's transcripts only: the grammar and phone-loop passes beside them are another profile's evidence.
    read = {(recognizer, language): make_corpus.read_rows(path)
            for recognizer, language, path in make_corpus.transcript_files()}
    for (recognizer, language), rows in sorted(read.items()):
        if recognizer == "whisper-base-nbest":
            # Its first hypothesis is Whisper base's transcript of other clips: one source with those for the
            # decision (traced first-only); the same cases with their alternatives are a set of their own.
            by_recognizer["whisper-base-nbest"][language] = rows
            recognizer = "whisper-base"
        elif recognizer == "whisper-base":
            # A clip the n-best run made (its plan starts at clip 1,000) is that run's: transcribed again by the
            # 1-best run, it would stand twice in the sets (under one vocabulary id).
            nbest = {(row["id"], row["prompted"]) for row in read.get(("whisper-base-nbest", language), [])}
            kept = [row for row in rows if (row["id"], row["prompted"]) not in nbest]
            if len(kept) < len(rows):
                print(f"{language}: {len(rows) - len(kept)} whisper-base transcripts of clips the n-best run made left out")
            rows = kept
        by_recognizer[recognizer].setdefault(language, []).extend(rows)
    typed_rng = random.Random(f"{arguments.seed}/typed{draw}")
    for language in sorted(by_recognizer.get("whisper-base", {})):
        lists, _ = make_corpus.plan(language, pool[language], 0, arguments.seed)
        given = [entry["name"] for entry in pool[language]["given"]]
        by_recognizer["typed"][language] = typed_rows(language, lists, arguments.typed, typed_rng, given)
        # Their own random sequence, so that the other typed queries stay as they were drawn before.
        nickname_rng = random.Random(f"{arguments.seed}/nicknames{draw}/{language}")
        nicknames, table = nickname_rows(language, lists, NICKNAMES, nickname_rng)
        by_recognizer["typed"][language] += nicknames
        (out / f"nicknames.{language}.tsv").write_text(
            "".join(f"{formal}\t{', '.join(sorted(short))}\n" for formal, short in sorted(table.items())), encoding="utf-8")
    # Each language's names and first names, indexed once for every set (their phones cached across runs).
    indexed = {}

    def neighbours(language, everyone):
        if language not in indexed:
            sounds = SoundNeighbours(arguments.vocab, language, make_corpus.ROOT / ".build-train" / "phones-of-names.json",
                                     locales=make_corpus.ROOT / "Locales")
            sounds.index("full", everyone, FULL_NAME_DISTANCE)
            sounds.index("first", sorted({name.split(" ")[0] for name in everyone}), FIRST_NAME_DISTANCE)
            indexed[language] = sounds
        return indexed[language]

    for recognizer, rows_by_language in sorted(by_recognizer.items()):
        for prompted in ("0", "1"):
            rng = random.Random(f"{arguments.seed}/{recognizer}/{prompted}/sets{draw}")
            twin_rng = random.Random(f"{arguments.seed}/{recognizer}/{prompted}/twins{draw}")
            data = build(recognizer, prompted, rows_by_language, pool, arguments.seed, rng, neighbours, twin_rng)
            if not data["cases"]:
                continue
            path = out / f"{data['name']}.json"
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            print(f"{path}: {len(data['cases'])} cases")


if __name__ == "__main__":
    sys.exit(main())
