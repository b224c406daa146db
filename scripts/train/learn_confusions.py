#!/usr/bin/env python3
"""Learns how recognizers mishear names: phone substitution, drop and addition costs per language, from the
corpus's (spoken name, transcript) pairs, written as `Locales/<locale>/recognizer-confusions.txt`.

Method: a memoryless stochastic edit distance (Ristad & Yianilos 1998, "Learning string-edit distance")
trained by expectation-maximization. Each pair is the spoken name's phones (as the listener's language reads
a term) and the transcript's phones (as it reads a query; filler words such as "the" left out, the aligner
skips those cheaply already), both from `vocab normalize --json`, so they are the matcher's own readings.
Pairs whose transcript shares almost no sound with the name (plain phone edit distance over 0.6 of the
longer) teach nothing about confusions and are left out.

Smoothing: the expected counts of each spoken phone get a Dirichlet prior shaped by today's feature-based
cost table (`vocab phone-costs`), first for all languages pooled, then for each language with the pooled
estimate as its prior; a phone seen rarely keeps costs close to its prior.

Costs: for a spoken phone t with probabilities P(·|t) over heard phones and nothing,
  cost(t heard as q) = min(1, scale × ln(P(t|t) / P(q|t)))
so a confusion as common as hearing t right costs 0. The scale is fitted per language so that the confusions
seen in the data cost in sum what the feature table says: the data decide which confusions are cheap relative
to others, the table keeps what a cost means to the similarity. A drop is costed the same way; an addition of
q from how often q is added against how often it is heard where said.

With --phone-loop, the same learning for another ear: the pairs are the spoken name's phones and the phones
PocketSphinx's US English phone loop heard of the same clip (Training/phone-loop/whisper-base-nbest.<locale>.tsv,
read through Locales/shared/arpabet.tsv as vocab reads a `{"phones": ...}` hypothesis), for the five languages
other than English, written as `Locales/<locale>/phone-loop-confusions.txt`: the costs a hypothesis of phones is
aligned with. An English loop on another language's name is far from it more often, so pairs are kept up to a
plain distance of 0.85 of the longer (nine in ten were left out at the transcripts' 0.6).

Usage: python3 scripts/train/learn_confusions.py [--phone-loop] [--vocab .build/release/vocab] [--iterations 12]
"""

import argparse
import csv
import hashlib
import json
import math
import re
import subprocess
import sys
import time
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_corpus  # noqa: E402  (its recognizers' names and TSV reader)

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "Locales"
CACHE = ROOT / ".build-train" / "phones-cache.json"
RATIO_AT_FULL_COST = 200.0
PRIOR_FROM_FEATURES = 100.0    # pseudo-counts per spoken phone, shaped by the feature table
PRIOR_FROM_POOLED = 150.0      # pseudo-counts per spoken phone, shaped by the pooled estimate
LEARN_INDELS = False           # drops and additions stay the table's (learned ones let partial names score high)
BLEND = 0.5                    # the learned cost's share in the cost written (the table's: the rest)
KEEP_IF_SOUND_SHARE = 0.6      # pairs with a plain phone edit distance above this share are left out
MIN_SAID = 20                  # a phone the names contain fewer times than this can make a confusion into it
                               # cheaper, never dearer: how rarely it is written says nothing about the ear
EPS = "∅"
CONFUSION_FILES = {"recognizer-confusions.txt", "phone-loop-confusions.txt"}
# --phone-loop: PocketSphinx's US English phone loop (scripts/train/phone_loop_beside_whisper.py) on the five-best
# corpus's clips of the other languages; English's phone loop hears English with English's costs (the
# pocketsphinx-grammar and whisper-phones profiles were trained so).
PHONE_LOOP = ROOT / "Training" / "phone-loop"
PHONE_LOOP_LANGUAGES = ["de-DE", "es-ES", "fr-FR", "it-IT", "pt-BR"]
# An English phone loop on another language's name is far from the name's phones more often than a recognizer's
# words are: at the transcripts' 0.6, nine pairs in ten were left out.
PHONE_LOOP_KEEP_IF_SOUND_SHARE = 0.85


@lru_cache(maxsize=None)
def locales_digest(locales):
    """A digest of the locale data that decides how names are read: every file of `locales` but what is learned
    from those readings, the decision models (*-model.txt, *-model.<language>.txt) and the confusions (which
    weigh alignments, not readings), so that writing them leaves a cache of readings valid."""
    digest = hashlib.sha256()
    for path in sorted(Path(locales).rglob("*")):
        if path.is_file() and not re.search(r"-model(\.[a-z]{2,3})?\.txt$", path.name) and path.name not in CONFUSION_FILES:
            digest.update(str(path.relative_to(locales)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def read_cache(path, locales):
    """The readings cached in `path` ({"locales": digest, "readings": {...}}) when they were read with the locale
    data `locales` holds now (`None`: a cache written without a folder, as tests write one); none otherwise
    (other data, or the cache's first layout, which had no digest)."""
    stored = json.loads(Path(path).read_text(encoding="utf-8")) if Path(path).exists() else {}
    digest = locales_digest(locales) if locales is not None else None
    return stored.get("readings", {}) if isinstance(stored, dict) and stored.get("locales", "") == digest else {}


def write_cache(path, locales, cache):
    """Writes readings for ``read_cache``."""
    digest = locales_digest(locales) if locales is not None else None
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps({"locales": digest, "readings": cache}, ensure_ascii=False), encoding="utf-8")


def read_corpus():
    """(recognizer, language, spoken, transcript) of every clip make_corpus.py's recognizers wrote something for
    (not the grammar and phone-loop passes beside them: a grammar writes a listed name whatever it heard)."""
    pairs = []
    for recognizer, language, path in make_corpus.transcript_files():
        for row in make_corpus.read_rows(path):
            if row["transcript"].strip():
                pairs.append((recognizer, language, row["spoken"], row["transcript"]))
    return pairs


def read_phone_loop():
    """(language, spoken, ARPAbet phones) of every clip the phone loop heard something of, in PHONE_LOOP_LANGUAGES."""
    rows = []
    for language in PHONE_LOOP_LANGUAGES:
        for row in make_corpus.read_rows(PHONE_LOOP / f"whisper-base-nbest.{language}.tsv"):
            if row["phones"].strip():
                rows.append((language, row["spoken"], row["phones"].split()))
    return rows


def arpabet_mapping():
    """ARPAbet symbol → the inventory's phones (Locales/shared/arpabet.tsv, as vocab reads a `phones` alternative)."""
    mapping = {}
    for line in (LOCALES / "shared" / "arpabet.tsv").read_text(encoding="utf-8").splitlines():
        fields = line.split("#")[0].split()
        if fields:
            mapping[fields[0]] = fields[1:]
    return mapping


def readings(vocab, language, texts, cache):
    """The phones of each text as a term (listener's reading) and as a query, with the query's fillers marked."""
    missing = sorted({text for text in texts if f"{language}\x1f{text}" not in cache})
    for start in range(0, len(missing), 200):
        batch = missing[start:start + 200]
        output = subprocess.run([vocab, "normalize", "--json", "--language", language, "--", *batch],
                                capture_output=True, text=True)
        if output.returncode != 0:
            # One text refused (too long, nothing to say): read the batch one by one and skip the refused.
            for text in batch:
                one = subprocess.run([vocab, "normalize", "--json", "--language", language, "--", text],
                                     capture_output=True, text=True)
                cache[f"{language}\x1f{text}"] = parse(json.loads(one.stdout), 0) if one.returncode == 0 else None
            continue
        report = json.loads(output.stdout)
        for position, text in enumerate(batch):
            cache[f"{language}\x1f{text}"] = parse(report, position)
    return {text: cache[f"{language}\x1f{text}"] for text in texts}


def parse(report, position):
    phones = report["phones"][position]
    if not phones:
        return None
    tokens = [token["text"].lower() for token in report["results"][position]["tokens"]]
    query_words = [word.split() for word in phones["query"].split("|")] if phones["query"] else []
    term = phones["term"][0]["phones"].replace("|", " ").split() if phones["term"] else []
    return {"term": term, "query_words": query_words, "tokens": tokens}


def fillers_of(language):
    words = set()
    for line in (ROOT / "Locales" / language / "letter-to-sound.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("filler "):
            words.update(line.split("#")[0].split()[1:])
    return words


def query_phones(reading, fillers):
    words = reading["query_words"]
    tokens = reading["tokens"]
    if len(tokens) == len(words) and len(words) > 1:
        words = [word for word, token in zip(words, tokens) if token not in fillers] or words
    return [phone for word in words for phone in word]


def plain_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(previous[j - 1] + (x != y), previous[j] + 1, current[j - 1] + 1)
        previous = current
    return previous[-1]


def keep_pair(pairs, described, term, query, keep_if_sound_share, source):
    """Adds (term, query) to `pairs` and counts it under `source` in `described`, unless the query is too far from
    the term to teach a confusion (a plain phone edit distance over `keep_if_sound_share` of the longer): then
    counts it as far."""
    if plain_distance(term, query) > keep_if_sound_share * max(len(term), len(query)):
        described["far"] += 1
        return
    pairs.append((term, query))
    described[source] += 1


def base_costs(vocab):
    output = subprocess.run([vocab, "phone-costs", "--base", "--tsv"], capture_output=True, text=True, check=True)
    substitution, indel, phones = {}, {}, []
    for line in output.stdout.splitlines()[1:]:
        kind, a, b, cost = line.split("\t")
        if kind == "sub":
            substitution[(a, b)] = float(cost)
        elif kind == "indel":
            indel[a] = float(cost)
            phones.append(a)
    return phones, substitution, indel


def prior_from_costs(phones, substitution, indel):
    """P0(q|t) from a cost table, the inverse of the cost conversion (a drop costed like a substitution)."""
    scale = math.log(RATIO_AT_FULL_COST)
    prior = {}
    for t in phones:
        row = {q: math.exp(-substitution.get((q, t), 1.0) * scale) for q in phones}
        row[EPS] = math.exp(-indel[t] * scale)
        total = sum(row.values())
        prior[t] = {q: value / total for q, value in row.items()}
    additions = {q: math.exp(-indel[q] * scale) for q in phones}
    return prior, additions


def em(pairs, phones, prior, prior_additions, prior_weight, iterations, label):
    """Trains δ(t, q), δ(t, ∅), δ(∅, q) by EM; returns P(q|t) (q may be ∅), addition odds, and counts per t."""
    # Start from the prior.
    conditional = {t: dict(prior[t]) for t in phones}
    add_probability = {q: 0.02 * prior_additions[q] / max(prior_additions.values()) for q in phones}
    said = defaultdict(float)
    for iteration in range(iterations):
        counts = defaultdict(lambda: defaultdict(float))
        additions = defaultdict(float)
        heard_right = defaultdict(float)
        total_log = 0.0
        for term, query in pairs:
            n, m = len(term), len(query)
            # Joint probabilities of each step: the term phone's row times "not an addition", or an addition.
            keep = 0.9
            def sub(i, j):
                return keep * conditional[term[i]].get(query[j], 1e-9)
            def drop(i):
                return keep * conditional[term[i]].get(EPS, 1e-9)
            def add(j):
                return 0.1 * add_probability.get(query[j], 1e-6)
            alpha = [[0.0] * (m + 1) for _ in range(n + 1)]
            alpha[0][0] = 1.0
            for i in range(n + 1):
                for j in range(m + 1):
                    if i == 0 and j == 0:
                        continue
                    value = 0.0
                    if i > 0:
                        value += alpha[i - 1][j] * drop(i - 1)
                    if j > 0:
                        value += alpha[i][j - 1] * add(j - 1)
                    if i > 0 and j > 0:
                        value += alpha[i - 1][j - 1] * sub(i - 1, j - 1)
                    alpha[i][j] = value
            total = alpha[n][m]
            if total <= 0:
                continue
            total_log += math.log(total)
            beta = [[0.0] * (m + 1) for _ in range(n + 1)]
            beta[n][m] = 1.0
            for i in range(n, -1, -1):
                for j in range(m, -1, -1):
                    if i == n and j == m:
                        continue
                    value = 0.0
                    if i < n:
                        value += drop(i) * beta[i + 1][j]
                    if j < m:
                        value += add(j) * beta[i][j + 1]
                    if i < n and j < m:
                        value += sub(i, j) * beta[i + 1][j + 1]
                    beta[i][j] = value
            for i in range(n + 1):
                for j in range(m + 1):
                    a = alpha[i][j] / total
                    if a == 0:
                        continue
                    if i < n:
                        counts[term[i]][EPS] += a * drop(i) * beta[i + 1][j]
                    if j < m:
                        additions[query[j]] += a * add(j) * beta[i][j + 1]
                    if i < n and j < m:
                        weight = a * sub(i, j) * beta[i + 1][j + 1]
                        counts[term[i]][query[j]] += weight
                        if term[i] == query[j]:
                            heard_right[query[j]] += weight
        # M-step with the prior as pseudo-counts.
        said = defaultdict(float)
        for t in phones:
            row = counts.get(t, {})
            seen = sum(row.values())
            said[t] = seen
            denominator = seen + prior_weight
            conditional[t] = {q: (row.get(q, 0.0) + prior_weight * prior[t].get(q, 0.0)) / denominator
                              for q in list(phones) + [EPS]}
        for q in phones:
            # How often q is added, against how often it is heard where said (with one pseudo-addition at the prior).
            add_probability[q] = (additions.get(q, 0.0) + 0.5 * prior_additions[q]) / (
                heard_right.get(q, 0.0) + additions.get(q, 0.0) + 5.0)
        print(f"  {label} iteration {iteration + 1}: log-likelihood {total_log:.1f}", flush=True)
    return conditional, add_probability, said, counts


def to_costs(conditional, add_probability, phones, counts, said, base_sub, base_indel):
    """Costs from log-odds, on the feature table's scale: one factor, fitted so that the confusions seen in the
    data (expected count ≥ 1) cost in sum what the table says they cost. The data decide which confusions are
    cheap relative to others; the table keeps what a cost means to the similarity."""
    ratio = {}
    for t in phones:
        right = conditional[t].get(t, 1e-9)
        for q in phones:
            if q != t:
                ratio[(t, q)] = max(0.0, math.log(right / max(conditional[t][q], 1e-12)))
        ratio[(t, EPS)] = max(0.0, math.log(right / max(conditional[t][EPS], 1e-12)))
    seen = [(t, q) for t, row in counts.items() for q, count in row.items() if q != t and q != EPS and count >= 1]
    table = sum(base_sub.get((q, t), 1.0) for t, q in seen)
    learned = sum(ratio[(t, q)] for t, q in seen)
    factor = table / learned if seen and learned > 0 else 1 / math.log(RATIO_AT_FULL_COST)
    # Half the learned cost, half the table's: the corpus is small, and a confusion learned from a few pairs
    # should move a cost, not replace it.
    substitutions = {(t, q): BLEND * min(1.0, factor * value) + (1 - BLEND) * base_sub.get((q, t), 1.0)
                     for (t, q), value in ratio.items() if q != EPS}
    # A phone this language's names hardly ever contain as spelled (Italian ɛ: names are not written with è)
    # is written by the recognizer only in other words, or for a name spelled abroad; that it is seldom written
    # for a name's sound is the spelling's habit, not the ear's, so a cost into it does not rise above the
    # table's ("adèle" against Adele Nugnes in it-IT is the table's question).
    for (t, q), value in substitutions.items():
        if said.get(q, 0.0) < MIN_SAID:
            substitutions[(t, q)] = min(value, base_sub.get((q, t), 1.0))
    drops = {t: BLEND * min(1.0, factor * ratio[(t, EPS)]) + (1 - BLEND) * base_indel[t] for t in phones}
    adds = {}
    for q in phones:
        p = min(0.999, max(1e-9, add_probability[q]))
        adds[q] = BLEND * min(1.0, max(0.0, factor * math.log((1 - p) / p))) + (1 - BLEND) * base_indel[q]
    return (substitutions, drops, adds), factor, len(seen)


def write(path, language, stats, costs, base, said, phone_loop=False):
    substitutions, drops, adds = costs
    base_sub, base_indel = base
    lines = [
        f"# How recognizers mishear names in {language}: learned phone costs that replace the feature-based ones",
        "# of shared/phone-costs.txt for this listener (written by scripts/train/learn_confusions.py; do not edit).",
    ] if not phone_loop else [
        f"# How PocketSphinx's US English phone loop hears names said in {language}: learned phone costs that replace",
        "# the feature-based ones of shared/phone-costs.txt when this listener weighs a hypothesis of phones",
        "# (`{\"phones\": ...}`; written by scripts/train/learn_confusions.py --phone-loop; do not edit).",
    ]
    lines += [
        "# Learned from: " + stats,
        "# Method: stochastic edit distance (Ristad & Yianilos 1998) by EM, with a Dirichlet prior from the",
        f"# feature table ({PRIOR_FROM_FEATURES:g} pseudo-counts per phone, all languages pooled) and from the pooled",
        f"# estimate ({PRIOR_FROM_POOLED:g} per phone, this language); cost = scale × ln(P(right)/P(this)), at most 1, the",
        "# scale fitted so that the confusions seen cost in sum what the feature table says (the data set which are",
        "# cheaper than others, the table what a cost means). A phone the names contain fewer than",
        f"# {MIN_SAID} times costs at most the table's as the one heard (its rarity is the spelling's, not the ear's).",
        "# Only phones said at least once in this language's pairs, and costs at least 0.02 from the table's, are listed.",
        "#   sub SAID HEARD COST   the spoken phone SAID written as HEARD",
        "#   drop SAID COST        the spoken phone SAID not written",
        "#   add HEARD COST        HEARD written where nothing was said",
        "",
    ]
    for t in sorted(said):
        if said[t] < 1:
            continue
        for q in sorted({q for (a, q) in substitutions if a == t}):
            value = substitutions[(t, q)]
            if abs(value - base_sub.get((q, t), 1.0)) >= 0.02:
                lines.append(f"sub {t} {q} {value:.3f}")
    if LEARN_INDELS:
        for t in sorted(drops):
            if said.get(t, 0) >= 1 and abs(drops[t] - base_indel[t]) >= 0.02:
                lines.append(f"drop {t} {drops[t]:.3f}")
        for q in sorted(adds):
            if said.get(q, 0) >= 1 and abs(adds[q] - base_indel[q]) >= 0.02:
                lines.append(f"add {q} {adds[q]:.3f}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vocab", default=str(ROOT / ".build" / "release" / "vocab"))
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--recognizers", nargs="+", metavar="NAME",
                        help="learn from these recognizers' pairs only (default: every recognizer of the corpus)")
    parser.add_argument("--locales", type=Path, default=LOCALES,
                        help="the locales folder to write into (default: the repository's; a copy for an experiment)")
    parser.add_argument("--phone-loop", action="store_true",
                        help="learn how the phone loop hears the other languages' names (Training/phone-loop/'s five-best "
                             "corpus rows) into Locales/<locale>/phone-loop-confusions.txt instead")
    arguments = parser.parse_args()
    if arguments.phone_loop and arguments.recognizers:
        sys.exit("learn_confusions.py: --recognizers is for the recognizers' transcripts, not --phone-loop")
    if not (arguments.locales / "shared").is_dir():
        sys.exit(f"learn_confusions.py: --locales {arguments.locales} has no shared/ folder (a copy of Locales/)")
    started = time.time()
    phones, base_sub, base_indel = base_costs(arguments.vocab)
    prior, prior_additions = prior_from_costs(phones, base_sub, base_indel)
    cache = read_cache(CACHE, LOCALES)
    corpus = read_corpus() if not arguments.phone_loop else []
    if arguments.recognizers:
        unknown = sorted(set(arguments.recognizers) - {recognizer for recognizer, _, _, _ in corpus})
        if unknown:
            sys.exit(f"learn_confusions.py: --recognizers {' '.join(unknown)}: no such recognizer in the corpus")
        corpus = [row for row in corpus if row[0] in arguments.recognizers]
    by_language = defaultdict(list)
    described = defaultdict(lambda: defaultdict(int))
    for language in sorted({language for _, language, _, _ in corpus}):
        rows = [row for row in corpus if row[1] == language]
        texts = {row[2] for row in rows} | {row[3] for row in rows}
        read = readings(arguments.vocab, language, sorted(texts), cache)
        fillers = fillers_of(language)
        for recognizer, _, spoken, transcript in rows:
            said, heard = read.get(spoken), read.get(transcript)
            if not said or not heard or not said["term"]:
                continue
            query = query_phones(heard, fillers)
            if not query:
                continue
            keep_pair(by_language[language], described[language], said["term"], query, KEEP_IF_SOUND_SHARE, recognizer)
    if arguments.phone_loop:
        mapping = arpabet_mapping()
        heard_rows = read_phone_loop()
        for language in PHONE_LOOP_LANGUAGES:
            rows = [row for row in heard_rows if row[0] == language]
            read = readings(arguments.vocab, language, sorted({spoken for _, spoken, _ in rows}), cache)
            for _, spoken, symbols in rows:
                said = read.get(spoken)
                unknown = [symbol for symbol in symbols if symbol not in mapping]
                if unknown:
                    sys.exit(f"learn_confusions.py: {PHONE_LOOP}/whisper-base-nbest.{language}.tsv: '{spoken}' has "
                             f"the phone '{unknown[0]}', not in Locales/shared/arpabet.tsv")
                if not said or not said["term"]:
                    continue
                query = [phone for symbol in symbols for phone in mapping[symbol]]
                keep_pair(by_language[language], described[language], said["term"], query,
                          PHONE_LOOP_KEEP_IF_SOUND_SHARE, "phone-loop")
    write_cache(CACHE, LOCALES, cache)
    pooled = [pair for pairs in by_language.values() for pair in pairs]
    print(f"{len(pooled)} pairs kept: " + ", ".join(f"{l} {len(p)}" for l, p in sorted(by_language.items())), flush=True)
    conditional, add_probability, _, _ = em(pooled, phones, prior, prior_additions, PRIOR_FROM_FEATURES,
                                         arguments.iterations, "pooled")
    for language, pairs in sorted(by_language.items()):
        learned, added, said, counts = em(pairs, phones, conditional, add_probability, PRIOR_FROM_POOLED,
                                          arguments.iterations, language)
        costs, factor, seen = to_costs(learned, added, phones, counts, said, base_sub, base_indel)
        spelled = sorted(q for q in set(ph for _, query in pairs for ph in query) if said.get(q, 0.0) < MIN_SAID)
        print(f"  {language}: heard but said fewer than {MIN_SAID} times (costs into them at most the table's): "
              + (" ".join(f"{q} ({said.get(q, 0.0):.0f})" for q in spelled) or "none"), flush=True)
        kinds = described[language]
        stats = (f"{len(pairs)} pairs ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()) if k != 'far')}; "
                 f"{kinds['far']} far pairs left out), "
                 + ("corpus Training/corpus" if not arguments.phone_loop else "Training/phone-loop/whisper-base-nbest")
                 + f", {time.strftime('%Y-%m-%d')}; scale {factor:.3f} per unit of log-odds, fitted on {seen} confusions seen")
        name = "phone-loop-confusions.txt" if arguments.phone_loop else "recognizer-confusions.txt"
        write(arguments.locales / language / name, language, stats, costs, (base_sub, base_indel), said,
              arguments.phone_loop)
        print(f"{language}: {len(pairs)} pairs", flush=True)
    print(f"done in {time.time() - started:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
