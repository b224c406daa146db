#!/usr/bin/env python3
"""Learns the recognizer-hint risk model (Locales/shared/hint-model.txt): how likely Whisper is to write a name's
word wrong without a prompt, from the word's spelling and readings (Sources/VocabCore/Hints/HintRisk.swift).

Data: the training corpus's unprompted Whisper base rows (Training/corpus/whisper-base.<language>.tsv and the
five-best run's first hypotheses), names only from ../shared/train/names.json. A spoken word is written near
enough when some transcript word is at least 75% similar to it (difflib's ratio, lowercase, accents dropped):
vocab finds a name through a misspelling like Lefevre or Lefebvre, not through one like "le fait vrai". The features are computed by `vocab hints --explain --json` itself, so the
model is fitted on exactly what the product computes. `offer` is the risk under which at least half the training
words (among at least 1% of them) were written near enough: a prompt leaves such words out; 0 when no risk is
that low, as on this corpus, where Whisper base wrote most of these names wrong without help.

The model: logistic regression with an L2 penalty, every language weighing the same. `accept`, the risk from
which a word needs a hint, is the share of training words written wrong: a word riskier than the average name
goes first into the budget.

Usage: python3 scripts/train/learn_hint_risk.py [--vocab .build/release/vocab] [--write]
"""

import argparse
import csv
import json
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

from difflib import SequenceMatcher

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Training" / "corpus"
MODEL = ROOT / "Locales" / "shared" / "hint-model.txt"
LANGUAGES = ["en-US", "fr-FR", "de-DE", "it-IT", "es-ES", "pt-BR"]
NAMES = ["unknownToDictionary", "letters", "accented", "foreignOrigin", "readingGap", "unreadLetters",
         "silentLetters", "consonantRun", "lettersPerPhone", "rareLetters"]
csv.field_size_limit(10 ** 8)
# A word is written near enough when some transcript word is this similar to it (difflib's ratio, lowercase,
# accents dropped): vocab's matcher finds a name through a misspelling that close, not through a worse one.
NEAR = 0.75


def fold(text):
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words_of(text):
    cleaned = "".join(c if c.isalnum() or c == "'" else " " for c in fold(text))
    return cleaned.split()


def labelled_words(language):
    """(word, wrong) for every spoken word of the unprompted rows."""
    rows = []
    for name in (f"whisper-base.{language}.tsv", f"whisper-base-nbest.{language}.tsv"):
        path = CORPUS / name
        if not path.exists():
            continue
        with open(path, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\"):
                if row["prompted"] != "0":
                    continue
                heard = words_of(row["transcript"])
                for word in row["spoken"].lower().replace("-", " ").split():
                    close = max((SequenceMatcher(None, fold(word), other).ratio() for other in heard), default=0)
                    rows.append((word, int(close < NEAR)))
    return rows


def features(vocab, language, words):
    """Each word's feature values, as `vocab hints` computes them."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as handle:
        handle.write("\n".join(words) + "\n")
        path = handle.name
    output = subprocess.run([vocab, "hints", "--language", language, "--vocabulary", path, "--format", "prompt",
                             "--budget", "100000", "--explain", "--json"], capture_output=True, text=True, check=True)
    plan = json.loads(output.stdout)
    table = {}
    for choice in plan["choices"]:
        for word in choice.get("words") or []:
            table[word["word"]] = word["features"]
    return table


def fit(x, y, weights, l2=1.0, steps=6000, rate=2.0):
    """Weighted logistic regression by gradient descent (features are small and few)."""
    x1 = np.hstack([np.ones((len(x), 1)), x])
    theta = np.zeros(x1.shape[1])
    total = weights.sum()
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x1 @ theta))
        gradient = x1.T @ ((p - y) * weights) / total
        gradient[1:] += l2 * theta[1:] / total
        theta -= rate * gradient
    return theta


def auc(scores, labels):
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    positives = labels.sum()
    negatives = len(labels) - positives
    return (ranks[labels == 1].sum() - positives * (positives + 1) / 2) / (positives * negatives)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vocab", default=str(ROOT / ".build" / "release" / "vocab"))
    parser.add_argument("--write", action="store_true", help=f"write {MODEL.relative_to(ROOT)}")
    arguments = parser.parse_args()
    xs, ys, ws, languages = [], [], [], []
    summary = []
    for language in LANGUAGES:
        rows = labelled_words(language)
        if not rows:
            continue
        table = features(arguments.vocab, language, sorted({word for word, _ in rows}))
        kept = [(table[word], wrong) for word, wrong in rows if word in table]
        weight = 1.0 / len(kept)
        for values, wrong in kept:
            xs.append(values)
            ys.append(wrong)
            ws.append(weight)
            languages.append(language)
        rate = sum(wrong for _, wrong in kept) / len(kept)
        summary.append(f"{language} {len(kept)} words, {rate:.1%} wrong")
        print(summary[-1], file=sys.stderr)
    x, y, w = np.array(xs), np.array(ys, dtype=float), np.array(ws)
    w = w * len(w) / w.sum()  # a mean weight of one: the penalty then weighs like one sample
    # Half the words of each language train, the other half check (by a fixed split of rows).
    check = np.arange(len(y)) % 2 == 1
    theta = fit(x[~check], y[~check], w[~check])
    scores = np.hstack([np.ones((len(x), 1)), x]) @ theta
    held = auc(scores[check], y[check])
    per_language = {lang: auc(scores[check & (np.array(languages) == lang)], y[check & (np.array(languages) == lang)])
                    for lang in LANGUAGES if (np.array(languages) == lang).any()}
    theta = fit(x, y, w)
    threshold = float((y * w).sum() / w.sum())
    # The risk under which words were written right at least half the time (weighted): a prompt leaves those out.
    risks = 1 / (1 + np.exp(-(np.hstack([np.ones((len(x), 1)), x]) @ theta)))
    order = np.argsort(risks)
    wrong = np.cumsum((y * w)[order])
    seen = np.cumsum(w[order])
    alone = 0.0
    for index in range(len(order)):
        if seen[index] >= 0.01 * w.sum() and wrong[index] / seen[index] <= 0.5:
            alone = float(risks[order[index]])
    print(f"likely misheard from {threshold:.3f}; written right alone under {alone:.3f}", file=sys.stderr)
    print(f"held-out AUC {held:.3f}; per language " + ", ".join(f"{k} {v:.3f}" for k, v in per_language.items()),
          file=sys.stderr)
    lines = [
        "# How likely a recognizer is to write a name's word wrong without help: a logistic model of the word's",
        "# spelling and readings (Sources/VocabCore/Hints/HintRisk.swift); `accept` is the risk from which a word needs a",
        "# hint (the share of training words Whisper wrote less than 75% alike: riskier than the average name); `offer` the",
        "# risk under which the training words were written right at least half the time (0: none), which a prompt leaves out.",
        "# Written by scripts/train/learn_hint_risk.py; do not edit by hand. Learned from Whisper base without a prompt",
        "# on the training corpus (names from ../shared/train/names.json only): " + "; ".join(summary) + ".",
        f"# Ranking check on a held-out half of the words: AUC {held:.3f} (" + ", ".join(f"{k} {v:.3f}" for k, v in per_language.items()) + ").",
        "",
        f"bias {theta[0]:.6f}",
    ] + [f"weight {name} {value:.6f}" for name, value in zip(NAMES, theta[1:])] + [
        "", f"accept {threshold:.3f}", f"offer {alone:.3f}", "options 10", ""]
    text = "\n".join(lines)
    if arguments.write:
        MODEL.write_text(text, encoding="utf-8")
        print(f"wrote {MODEL.relative_to(ROOT)}", file=sys.stderr)
    else:
        print(text)


if __name__ == "__main__":
    main()
