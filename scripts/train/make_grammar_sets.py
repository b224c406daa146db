#!/usr/bin/env python3
"""The training set for weighing PocketSphinx's grammar pass against its free pass (the `pocketsphinx-grammar`
profile's alternatives model), from Training/corpus/pocketsphinx-grammar.en-US.tsv (make_grammar_corpus.py).

Each row is one clip heard through one list's grammar. Its case resolves against that list (the user's
vocabulary the grammar was made of): the query is what the grammar pass wrote (always a listed name, or nothing),
the alternatives that query and what a pass without the list heard of the same audio, as an app would pass them:
--evidence phones (the default) the phone loop's ARPAbet (Training/corpus/pocketsphinx-allphone.en-US.tsv) as a
hypothesis of phones, words the free pass's transcript (Training/corpus/pocketsphinx.en-US.tsv, its language
model), both the two. `success` with the contact when the list holds the name said, else `unsupported`. A clip
whose grammar pass wrote nothing is left out (there is nothing to resolve); evidence that is empty, or words the
same as the query, is not passed. The format is ../shared/eval/FORMAT.md's, for `vocab eval --trace`.

Usage: python3 scripts/train/make_grammar_sets.py --out .build-train/grammar [--evidence phones|words|both]
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_corpus as corpus  # noqa: E402
import make_grammar_corpus as grammar_corpus  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the folder to write train-pocketsphinx-grammar.json to")
    parser.add_argument("--seed", default="vocab-train-1")
    parser.add_argument("--evidence", choices=["phones", "words", "both"], default="phones")
    arguments = parser.parse_args()
    language = grammar_corpus.LANGUAGE
    if not grammar_corpus.OUT.exists():
        sys.exit(f"make_grammar_sets.py: {grammar_corpus.OUT} is missing (run make_grammar_corpus.py first)")
    free = {row["id"]: row["transcript"] for row in corpus.read_rows(corpus.OUT / f"{corpus.PocketSphinx.name}.{language}.tsv")}
    heard_phones = {row["id"]: row["phones"] for row in corpus.read_rows(grammar_corpus.PHONES_OUT)} \
        if arguments.evidence != "words" and grammar_corpus.PHONES_OUT.exists() else {}
    pool = json.loads(corpus.NAMES.read_text(encoding="utf-8"))["languages"][language]
    lists, _ = corpus.plan(language, pool, 0, arguments.seed)
    vocabularies, cases = {}, []
    for row in corpus.read_rows(grammar_corpus.OUT):
        query = row["transcript"].strip()
        if not query:
            continue
        grammar = int(row["grammar"])
        vocabulary_id = f"{language}/grammar/{grammar}"
        if vocabulary_id not in vocabularies:
            vocabularies[vocabulary_id] = {"id": vocabulary_id, "language": language, "type": "contactName",
                                           "strings": grammar_corpus.grammar_list(lists, grammar, pool, arguments.seed)}
        case = {"id": f"{row['id']}/grammar/{grammar}", "vocabulary": vocabulary_id, "language": language,
                "query": query, "category": "full" if row["expected"] else "absent",
                "expect": {"outcome": "success", "terms": [row["expected"]]} if row["expected"]
                else {"outcome": "unsupported", "terms": []}}
        if arguments.evidence != "words" and row["id"] not in heard_phones:
            continue  # the phone loop has not heard this clip yet
        evidence = []
        heard = free.get(row["id"], "").strip()
        if arguments.evidence != "phones" and heard and heard != query:
            evidence.append({"text": heard})
        phones = heard_phones.get(row["id"], "").strip()
        if arguments.evidence != "words" and phones:
            evidence.append({"phones": phones})
        if evidence:
            case["alternatives"] = [{"text": query}] + evidence
        cases.append(case)
    arguments.out.mkdir(parents=True, exist_ok=True)
    path = arguments.out / "train-pocketsphinx-grammar.json"
    path.write_text(json.dumps({"name": "train-pocketsphinx-grammar", "vocabularies": list(vocabularies.values()),
                                "cases": cases}, ensure_ascii=False), encoding="utf-8")
    present = sum(1 for case in cases if case["expect"]["outcome"] == "success")
    print(f"wrote {path}: {len(cases)} cases ({present} present, {len(cases) - present} absent), "
          f"{len(vocabularies)} lists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
