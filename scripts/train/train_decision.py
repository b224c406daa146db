#!/usr/bin/env python3
"""Trains the calibrated decision (`Locales/shared/decision-model.txt`) from `vocab eval --trace` files of the
generated training sets (make_training_sets.py): a conditional logit over each case's scored candidates and the
option "none of them" (the expected terms, or none for an absent case), then the operating points.

  accept  the least probability to answer: the one that maximizes, summed over the training sources (each
          recognizer, prompted or not, and the typed queries), top-1 minus --false-accept-cost × false accepts
          (a false accept, messaging the wrong contact, costs that many right answers not given), averaged over
          ±0.02 around each point so that a ragged top does not decide;
  offer   the least probability to be offered in a choice or a confirmation: the lowest at which offered
          candidates are right at least --offer-precision of the time.

Each source (trace file) weighs the same in the fit, however many cases it holds, so that the typed queries'
number does not decide how bold the model is with recognizers' output; within a source, absent cases are weighted
so that they make up --absent-share of its weight (the evaluation sets hold about a quarter). numpy only.

With --reselect-accept, nothing is fitted: a profile's committed weights are kept and only its accept point is
chosen again, by the same objective, on traces of real recognizer output held apart from training (issue 22's
end-to-end measurements, `measure_hints.py --write-sets`): the generated training cases draw their absent
names hard on purpose (half are namesakes of the name said), which puts the trained accept point higher than
what the recognizer's real output calls for. With --alternatives and --baseline (the same sets traced with
--first-only), the point is chosen only among those at which the sources together have no more false accepts
than their first hypotheses alone: issue 21's bound, where the objective alone would trade it away. With
--per-language, each language of the traces gets a point of its own (`accept-in CODE P` lines; the shared `accept`
stays for a language without one), chosen the same way on that language's cases alone: recognizers do not err
alike in every language (BENCHMARKS.md, the twenty-ninth session's section).

Usage:
  vocab eval .build-train/train-whisper-base.json --recognizer shared --trace .build-train/whisper.trace.jsonl   (and the others)
  python3 scripts/train/train_decision.py .build-train/*.trace.jsonl [--check ../shared/eval/*.json traces]
  python3 scripts/train/train_decision.py --reselect-accept --recognizer whisper-prompted VALIDATION_TRACES... [--write]
  python3 scripts/train/train_decision.py --reselect-accept --alternatives --recognizer whisper TRACES... \
      --baseline FIRST_ONLY_TRACES... [--per-language] [--write]
"""

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "Locales"
OUT = LOCALES / "shared" / "decision-model.txt"
ALTERNATIVES_OUT = LOCALES / "shared" / "alternatives-model.txt"
RECOGNIZERS = LOCALES / "shared" / "recognizers"


def load(paths, key="features"):
    """The feature names and the cases of trace files; with key `alternativeFeatures`, only the cases whose
    alternatives were weighed, each candidate's `features` being what the alternatives said of it."""
    names, cases = None, []
    for path in paths:
        if not Path(path).is_file():
            sys.exit(f"train_decision.py: {path}: no such trace file (vocab eval SET --trace FILE writes one)")
        with open(path, encoding="utf-8") as handle:
            header = json.loads(handle.readline())
            if names is None:
                names = header[key]
            elif names != header[key]:
                sys.exit(f"{path}: its features differ from the first trace's")
            for line in handle:
                if line.strip():
                    case = json.loads(line)
                    case["source"] = Path(path).name
                    if key != "features":
                        if not case["candidates"] or any(c.get(key) is None for c in case["candidates"]):
                            continue
                        for candidate in case["candidates"]:
                            candidate["features"] = candidate[key]
                    cases.append(case)
    return names, cases


def source_weight(source, source_weights):
    """A source's share of the weight relative to the others (1 unless `--source-weight` names a part of its file
    name: `typed=2` doubles train-typed.trace.jsonl's)."""
    for part, weight in source_weights.items():
        if part in source:
            return weight
    return 1.0


def pack(cases, absent_share, source_weights=None):
    """Per case: the candidates' features (a leading 1 for the bias), which are expected, and the case's weight:
    every source weighs the same in sum (times its `source_weights` factor), and within one, absent cases make up
    `absent_share` of its weight."""
    source_weights = source_weights or {}
    by_source = defaultdict(list)
    for case in cases:
        by_source[case.get("source", "")].append(case)
    weights = {}
    total = sum(source_weight(source, source_weights) for source in by_source)
    for source, group in by_source.items():
        absent = sum(1 for case in group if case["expect"] == "unsupported")
        present = len(group) - absent
        absent_weight = (absent_share / (1 - absent_share)) * present / absent if absent and present else 1.0
        scale = len(cases) * source_weight(source, source_weights) / (total * (present + absent_weight * absent))
        for case in group:
            weights[id(case)] = scale * (absent_weight if case["expect"] == "unsupported" else 1.0)
    packed = []
    for case in cases:
        rows = [[1.0] + candidate["features"] for candidate in case["candidates"]]
        expected = np.array([candidate["expected"] for candidate in case["candidates"]], dtype=bool)
        packed.append((np.array(rows) if rows else np.zeros((0, 1)), expected, weights[id(case)]))
    return packed


# Features that only ever speak for a candidate: more of any of them, the rest the same, is more reason to think it
# the term meant. With --monotone their weights are kept at 0 or above, so that (for example) a word match found
# beside an equal phone match can never make a candidate less probable than the phone match alone.
SUPPORTING = {"wordScore", "wordWeakest", "wordCoverage", "phoneSimilarity", "phoneScore", "phoneWeakest",
              "phoneQueryWeakest", "phoneCoverage", "bothAgree", "gap", "wordGap", "phoneGap", "exactWords",
              "wholeAndAlone", "wordStrength", "evidence", "exactAndAlone"}


def fit(packed, dimensions, l2, iterations=60, nonnegative=()):
    """A conditional logit over each case's candidates and "none" (utility 0), by Newton's method on the
    weighted log-likelihood of the expected set (a case expecting several terms: any of them; an absent case, or
    one whose expected terms were not found: none). L2 on the weights, not on the bias. The weights at the
    positions `nonnegative` are held at 0 or above (an active set: one that would go below 0 is held at 0 while
    the likelihood pulls it down). Returns bias, weights."""
    beta = np.zeros(dimensions + 1)
    penalty = np.full(dimensions + 1, l2)
    penalty[0] = 1e-6
    bounded = np.zeros(dimensions + 1, dtype=bool)
    bounded[[position + 1 for position in nonnegative]] = True
    for _ in range(iterations):
        gradient = penalty * beta
        hessian = np.diag(penalty)
        for x, expected, weight in packed:
            if len(x) == 0:
                continue
            utilities = x @ beta
            top = max(0.0, utilities.max())
            shares = np.exp(utilities - top)
            p = shares / (np.exp(-top) + shares.sum())
            if expected.any():
                q = np.where(expected, shares, 0.0)
                q = q / q.sum()
            else:
                q = np.zeros(len(x))
            mean_p = p @ x
            gradient += weight * (mean_p - q @ x)
            hessian += weight * ((x * p[:, None]).T @ x - np.outer(mean_p, mean_p))
        # Held at its bound: a bounded weight at 0 that the likelihood would lower.
        held = bounded & (beta <= 0) & (gradient > 0)
        free = ~held
        step = np.zeros_like(beta)
        step[free] = np.linalg.solve(hessian[np.ix_(free, free)], gradient[free])
        beta -= step
        beta[bounded] = np.maximum(beta[bounded], 0.0)
        if np.max(np.abs(step)) < 1e-8:
            break
    return beta[0], beta[1:]


def probabilities(cases, bias, weights):
    """DecisionModel.probabilities: each candidate's softmax share against the others and "none"."""
    for case in cases:
        if not case["candidates"]:
            continue
        utilities = np.array([bias + np.dot(weights, c["features"]) for c in case["candidates"]])
        top = max(0.0, utilities.max())
        shares = np.exp(utilities - top)
        total = np.exp(-top) + shares.sum()
        for candidate, share in zip(case["candidates"], shares):
            candidate["p"] = float(share / total)
        case["candidates"].sort(key=lambda c: (-c["p"], c["rank"]))


def decide(case, accept, offer, options=10):
    """The outcome DecisionModel.decide gives (Sources/VocabCore/Decision/DecisionModel.swift)."""
    candidates = case["candidates"]
    if not candidates:
        return "unsupported", []
    if candidates[0]["p"] >= accept:
        return "success", [candidates[0]]
    offered = [c for c in candidates if c["p"] >= offer]
    if not offered:
        return "unsupported", []
    if len(offered) == 1:
        return "confirmationRequired", offered
    return "disambiguation", offered[:options]


def scores(cases, accept, offer):
    """top-1, recall@10, false accept, disambiguation as ../shared/eval/score.py counts them (over traced candidates)."""
    total = len(cases)
    single = [c for c in cases if c["expect"] == "success"]
    several = [c for c in cases if c["expect"] == "disambiguation"]
    top1 = fa = recall = disambiguation = 0
    for case in cases:
        outcome, chosen = decide(case, accept, offer)
        expected_count = sum(1 for c in case["candidates"] if c["expected"])
        if outcome == "success" and not chosen[0]["expected"]:
            fa += 1
        if case["expect"] == "success" and outcome == "success" and chosen[0]["expected"]:
            top1 += 1
        if case["expect"] != "unsupported" and outcome != "unsupported":
            wanted = case.get("expectedTerms", expected_count)
            if wanted and sum(1 for c in chosen if c["expected"]) >= wanted:
                recall += 1
                if case["expect"] == "disambiguation" and outcome == "disambiguation":
                    disambiguation += 1
    present = len(single) + len(several)
    return {"top1": top1 / max(1, len(single)), "recall": recall / max(1, present), "fa": fa / max(1, total),
            "disambiguation": disambiguation / max(1, len(several)), "cases": total}


def language_code(case):
    """A case's bare language code ("fr" for "fr-FR"), as a model's `accept-in` lines name languages."""
    return case["language"].split("-")[0]


def recorded_false_accepts(path, skip=(), language=None):
    """False accepts as vocab itself decided the cases of a trace file (each line's outcome; the term answered is
    the candidate of highest probability), leaving out the case ids in `skip`, and with `language` (a bare code)
    the cases of other languages."""
    fa = 0
    with open(path, encoding="utf-8") as handle:
        handle.readline()
        for line in handle:
            if not line.strip():
                continue
            case = json.loads(line)
            if language is not None and language_code(case) != language:
                continue
            if case["id"] in skip or case["outcome"] != "success" or not case["candidates"]:
                continue
            answered = max(case["candidates"], key=lambda c: (c["probability"], -c["rank"]))
            fa += not answered["expected"]
    return fa


def choose_accept(cases, offer, false_accept_cost, window=2, source_weights=None, limits=None):
    """The accept point maximizing, summed over the sources, top-1 − cost × false accept, averaged over the
    grid points within `window` steps of 0.01 either side; with the training scores at that point. With `limits`
    (source → (most false accepts allowed, false accepts of its cases not in `cases`)), only the points at which
    the sources together have no more false accepts than their limits together are chosen from (one source's
    limit alone is a handful of cases, often none); none is None.

    On a finite training set the objective is ragged at 0.01 steps: over a flat stretch its highest single
    point moves with a few cases (the alternatives' model moved between 0.84, 0.85 and 0.88 as the corpus
    grew), so the centre of the best stretch is chosen rather than its highest point."""
    by_source = defaultdict(list)
    for case in cases:
        by_source[case["source"]].append(case)
    grid = [round(0.30 + 0.01 * step, 2) for step in range(70)]
    factors = {source: source_weight(source, source_weights or {}) for source in by_source}
    values, false_accepts = [], []
    for accept in grid:
        value, count = 0.0, 0
        for source, group in by_source.items():
            result = scores(group, accept, offer)
            value += factors[source] * (result["top1"] - false_accept_cost * result["fa"])
            count += round(result["fa"] * len(group)) + (limits[source][1] if limits else 0)
        values.append(value)
        false_accepts.append(count)
    smoothed = [np.mean(values[max(0, i - window):i + window + 1]) for i in range(len(grid))]
    allowed = list(range(len(grid)))
    if limits:
        bound = sum(limit for limit, _ in limits.values())
        allowed = [i for i in allowed if false_accepts[i] <= bound]
        if not allowed:
            return None, None
    best = max(allowed, key=lambda i: (smoothed[i], -i))
    return grid[best], scores(cases, grid[best], offer)


def choose_offer(cases, precision):
    """The lowest probability at which offered candidates are right at least `precision` of the time."""
    values = sorted(((c["p"], c["expected"]) for case in cases for c in case["candidates"]), reverse=True)
    right = 0
    chosen = 0.5
    for count, (p, expected) in enumerate(values, 1):
        right += expected
        if right / count >= precision:
            chosen = p
    # At least 0.01: below it a choice would list names nothing points to (0.01 rather than 0.02 gained the dev
    # sets 1–2 points of recall@10 and disambiguation, the alternatives 1.6).
    return max(0.01, min(0.5, round(chosen, 3)))


def read_model(path, names):
    """The bias, weights (in the order of `names`) and settings of a model file (DecisionModel.swift's format)."""
    bias, weights, settings = None, {}, {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if fields[0] == "bias" and len(fields) == 2:
            bias = float(fields[1])
        elif fields[0] == "weight" and len(fields) == 3:
            weights[fields[1]] = float(fields[2])
        elif fields[0] in ("accept", "offer", "options") and len(fields) == 2:
            settings[fields[0]] = float(fields[1])
        elif fields[0] == "accept-in" and len(fields) == 3:
            settings.setdefault("accept-in", {})[fields[1]] = float(fields[2])
        else:
            sys.exit(f"train_decision.py: {path}:{number}: not a model line: {line!r}")
    missing = [name for name in names if name not in weights]
    if bias is None or missing or "accept" not in settings or "offer" not in settings:
        sys.exit(f"train_decision.py: {path}: incomplete model (bias, weights of {', '.join(missing) or 'every feature'}, "
                 "accept and offer are needed)")
    return bias, np.array([weights[name] for name in names]), settings


def reselect_accept(arguments, names, cases):
    """Keeps a profile's weights and offer and chooses its accept point on `cases` (validation traces; with
    --alternatives, the accept point of its alternatives model, on traces of sets with alternatives); with --write,
    rewrites the accept line and says so in the header."""
    if arguments.recognizer is None:
        sys.exit("train_decision.py: --reselect-accept needs --recognizer NAME (the profile whose accept point is chosen)")
    model = ALTERNATIVES_OUT if arguments.alternatives else OUT
    path = arguments.locales / RECOGNIZERS.relative_to(LOCALES) / arguments.recognizer / model.name
    if not path.is_file():
        sys.exit(f"train_decision.py: {path}: no such profile to choose an accept point for")
    bias, weights, settings = read_model(path, names)
    probabilities(cases, bias, weights)
    offer = settings["offer"]
    before = scores(cases, settings["accept"], offer)
    sources = sorted({case["source"] for case in cases})
    if arguments.baseline:
        if len(arguments.baseline) != len(arguments.traces):
            sys.exit("train_decision.py: --baseline needs one first-only trace per trace, in the same order")
        if len({Path(trace).name for trace in arguments.traces}) != len(arguments.traces):
            sys.exit("train_decision.py: --baseline: the traces' file names must differ from one another")
        for baseline in arguments.baseline:
            if not Path(baseline).is_file():
                sys.exit(f"train_decision.py: --baseline {baseline}: no such trace file (vocab eval SET --first-only --trace FILE)")

    def false_accept_limits(language=None):
        """The sources' false accepts together may not exceed their first hypotheses alone's (issue 21's "false
        accept no higher"): the cases whose alternatives were not weighed keep the outcome vocab gave them. With
        `language`, of that language's cases."""
        if not arguments.baseline:
            return None
        limits = {}
        for trace, baseline in zip(arguments.traces, arguments.baseline):
            weighed = {case["id"] for case in cases if case["source"] == Path(trace).name}
            limits[Path(trace).name] = (recorded_false_accepts(baseline, language=language),
                                        recorded_false_accepts(trace, skip=weighed, language=language))
        return limits

    if arguments.per_language:
        reselect_accept_per_language(arguments, path, cases, offer, settings, false_accept_limits)
        return
    limits = false_accept_limits()
    accept, chosen = choose_accept(cases, offer, arguments.false_accept_cost, source_weights=arguments.source_weights,
                                   limits=limits)
    if accept is None:
        sys.exit("train_decision.py: no accept point keeps the false accepts within the first hypotheses alone's")
    accept = max(accept, offer)
    print(f"{len(cases)} validation cases from {len(sources)} sources; accept {settings['accept']:.2f} → {accept:.2f}")
    print(f"  at {settings['accept']:.2f}: top1 {before['top1']:.3f} fa {before['fa']:.4f}; "
          f"at {accept:.2f}: top1 {chosen['top1']:.3f} fa {chosen['fa']:.4f}")
    for source in sources:
        group = [case for case in cases if case["source"] == source]
        old, new = scores(group, settings["accept"], offer), scores(group, accept, offer)
        present = sum(1 for case in group if case["expect"] == "success")
        limit = f" (first hypothesis alone: {limits[source][0]}, {limits[source][1]} of them decided without the alternatives)" if limits else ""
        print(f"  {source}: top1 {old['top1'] * present:.0f} → {new['top1'] * present:.0f} of {present}, "
              f"false accepts {old['fa'] * len(group):.0f} → {new['fa'] * len(group):.0f} of {len(group)}{limit}")
    if not arguments.write:
        return
    lines = path.read_text(encoding="utf-8").splitlines()
    # Chosen again before: the trained point is the one that note names, not the chosen one the file holds now.
    trained = settings["accept"]
    for line in lines:
        found = re.search(r"^# accept chosen again .*: ([0-9.]+) → [0-9.]+;", line)
        if found:
            trained = float(found.group(1))
    note = (f"# accept chosen again {time.strftime('%Y-%m-%d')} (train_decision.py --reselect-accept), by the same objective"
            f"{' among the points with no more false accepts together than the first hypotheses alone' if limits else ''}, "
            f"on {len(cases)} cases of real recognizer output never trained on ({', '.join(sources)}): "
            f"{trained:.3f} → {accept:.3f}; the weights and offer are the trained ones.")
    lines = [line for line in lines if not line.startswith("# accept chosen again")]
    blank = lines.index("")
    lines.insert(blank, note)
    lines = [f"accept {accept:.3f}" if line.startswith("accept ") else line for line in lines]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def reselect_accept_per_language(arguments, path, cases, offer, settings, false_accept_limits):
    """--reselect-accept --per-language: each language of `cases` its own accept point (an `accept-in CODE P` line),
    chosen as the shared point is, by the same objective and bound, on that language's cases alone; the shared
    `accept` line is left as it is, for the languages without one. With --write, rewrites the `accept-in` lines
    and says so in the header."""
    chosen_points = {}
    for language in sorted({language_code(case) for case in cases}):
        group = [case for case in cases if language_code(case) == language]
        accept, chosen = choose_accept(group, offer, arguments.false_accept_cost, source_weights=arguments.source_weights,
                                       limits=false_accept_limits(language))
        if accept is None:
            print(f"{language}: no accept point keeps the false accepts within the first hypotheses alone's; the shared "
                  f"point {settings['accept']:.2f} stays")
            continue
        accept = max(accept, offer)
        chosen_points[language] = accept
        before = scores(group, settings["accept"], offer)
        present = sum(1 for case in group if case["expect"] == "success")
        print(f"{language}: {len(group)} validation cases; accept {settings['accept']:.2f} → {accept:.2f}: top1 "
              f"{before['top1'] * present:.0f} → {chosen['top1'] * present:.0f} of {present}, false accepts "
              f"{before['fa'] * len(group):.0f} → {chosen['fa'] * len(group):.0f} of {len(group)}")
    if not arguments.write:
        return
    sources = sorted({case["source"] for case in cases})
    lines = path.read_text(encoding="utf-8").splitlines()
    note = (f"# accept-in chosen {time.strftime('%Y-%m-%d')} (train_decision.py --reselect-accept --per-language), each "
            f"language's by the same objective{' and bound' if arguments.baseline else ''} on its own cases among "
            f"{len(cases)} of real recognizer output never trained on ({', '.join(sources)}); the weights, offer and "
            f"shared accept are as before.")
    lines = [line for line in lines if not line.startswith("# accept-in chosen") and not line.startswith("accept-in ")]
    lines.insert(lines.index(""), note)
    at = next(position for position, line in enumerate(lines) if line.startswith("accept "))
    lines[at + 1:at + 1] = [f"accept-in {language} {point:.3f}" for language, point in sorted(chosen_points.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("traces", nargs="+")
    parser.add_argument("--check", nargs="*", default=[], help="traces of other sets, scored with the model (not trained on)")
    parser.add_argument("--l2", type=float, default=3.0,
                        help="L2 penalty on the weights (3 was best of 0.3–10 on the dev sets, 2026-11-24)")
    parser.add_argument("--absent-share", type=float, default=0.35,
                        help="absent cases' share of the training weight (0.35 was best of 0.15–0.35 on the dev sets)")
    parser.add_argument("--false-accept-cost", type=float, default=None,
                        help="how many right answers not given one false accept costs (default 5 for the decision, 8 for "
                             "alternatives: of 5, 10, 20 the decision's best on the dev sets; for the alternatives, with the "
                             "corpus of 2026-11-24 night, 10 chose p 0.91 (five-best top-1 0.4 points over the first alone), "
                             "7 chose 0.81 (6 false accepts on the prompted five-best set), 8 chose 0.87)")
    parser.add_argument("--offer-precision", type=float, default=0.15)
    parser.add_argument("--source-weight", metavar="PART=WEIGHT", action="append", default=[],
                        help="weigh the sources whose trace file name contains PART this many times the others, in the fit "
                             "and in choosing the accept point, with --reselect-accept in that choice alone (repeatable; default: every source "
                             "the same)")
    parser.add_argument("--monotone", action="store_true",
                        help="keep the weights of the features that only speak for a candidate at 0 or above (the decision only)")
    parser.add_argument("--per-language", action="store_true",
                        help="with --reselect-accept: choose each language's accept point on its own cases "
                             "(`accept-in CODE P` lines), the shared accept left for the languages without one")
    parser.add_argument("--alternatives", action="store_true",
                        help="train the model weighing a recognizer's alternatives (AlternativeFeatures) from traces of "
                             f"sets with alternatives; --write writes {ALTERNATIVES_OUT.relative_to(ROOT)}")
    parser.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    parser.add_argument("--reselect-accept", action="store_true",
                        help="fit nothing: keep the --recognizer profile's weights and offer, and choose its accept point on "
                             "the traces given (real recognizer output held apart from training; with --alternatives, its "
                             "alternatives model's); --write rewrites it")
    parser.add_argument("--baseline", nargs="+", metavar="TRACE", default=[],
                        help="with --reselect-accept --alternatives: the same sets traced with --first-only, one per trace "
                             "and in the same order; the accept point is then chosen only among those at which the sources "
                             "together have no more false accepts than their first hypotheses alone")
    parser.add_argument("--recognizer", metavar="NAME",
                        help="write a recognizer's own profile instead (Locales/shared/recognizers/NAME/, the model "
                             "`vocab resolve --recognizer NAME` decides with): train it on that recognizer's traces only")
    parser.add_argument("--language", metavar="CODE",
                        help="with --alternatives and --recognizer: write the profile's model for one language "
                             "(alternatives-model.CODE.txt, a bare code such as en), weighed there instead of its "
                             "alternatives-model.txt")
    parser.add_argument("--trained-on", metavar="TEXT", default="its output alone",
                        help="what a profile's header says it was trained on (with --recognizer; default: its output alone)")
    parser.add_argument("--locales", metavar="DIR", type=Path, default=LOCALES,
                        help="the locales folder --write writes into (default: the repository's; a copy for an experiment)")
    arguments = parser.parse_args()
    key = "alternativeFeatures" if arguments.alternatives else "features"
    if arguments.false_accept_cost is None:
        arguments.false_accept_cost = 8.0 if arguments.alternatives else 5.0
    if arguments.per_language and not arguments.reselect_accept:
        sys.exit("train_decision.py: --per-language is for --reselect-accept (each language's accept point)")
    if arguments.baseline and not (arguments.reselect_accept and arguments.alternatives):
        sys.exit("train_decision.py: --baseline is for --reselect-accept --alternatives (the first-only traces bound "
                 "an alternatives model's accept point)")
    if arguments.monotone and arguments.alternatives:
        sys.exit("train_decision.py: --monotone is for the decision's features, not the alternatives'")
    if not (arguments.locales / "shared").is_dir():
        sys.exit(f"train_decision.py: --locales {arguments.locales} has no shared/ folder (a copy of Locales/)")
    if arguments.recognizer is not None and not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", arguments.recognizer):
        sys.exit(f"train_decision.py: --recognizer '{arguments.recognizer}' is not a recognizer name "
                 "(lowercase letters, digits and dashes, starting with a letter, at most 32)")
    if arguments.language is not None and not (arguments.alternatives and arguments.recognizer):
        sys.exit("train_decision.py: --language is for --alternatives --recognizer NAME (a profile's model for one language)")
    if arguments.language is not None and not re.fullmatch(r"[a-z]{2,3}", arguments.language):
        sys.exit(f"train_decision.py: --language '{arguments.language}' is not a bare language code (two or three "
                 "lowercase letters, such as en)")
    source_weights = {}
    for given in arguments.source_weight:
        part, _, text = given.partition("=")
        try:
            weight = float(text)
        except ValueError:
            weight = float("nan")
        if not part or not 0 < weight <= 100:
            sys.exit(f"train_decision.py: --source-weight '{given}' is not PART=WEIGHT with a weight above 0 and at most 100")
        source_weights[part] = weight
    arguments.source_weights = source_weights
    names, cases = load(arguments.traces, key)
    if arguments.reselect_accept:
        return reselect_accept(arguments, names, cases)
    if arguments.monotone and not SUPPORTING <= set(names):
        sys.exit("train_decision.py: --monotone bounds features the traces do not have: "
                 + ", ".join(sorted(SUPPORTING - set(names))) + " (renamed? update SUPPORTING)")
    nonnegative = [position for position, name in enumerate(names) if name in SUPPORTING] if arguments.monotone else []
    bias, weights = fit(pack(cases, arguments.absent_share, source_weights), len(names), arguments.l2, nonnegative=nonnegative)
    y = np.array([c["expected"] for case in cases for c in case["candidates"]])
    probabilities(cases, bias, weights)
    offer = choose_offer(cases, arguments.offer_precision)
    accept, trained = choose_accept(cases, offer, arguments.false_accept_cost, source_weights=source_weights)
    print(f"{len(cases)} cases, {len(y)} candidates ({int(y.sum())} expected); accept {accept}, offer {offer}")
    print("training: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in trained.items()))
    by_language = defaultdict(list)
    for case in cases:
        by_language[case["language"]].append(case)
    for language, group in sorted(by_language.items()):
        result = scores(group, accept, offer)
        print(f"  {language}: top1 {result['top1']:.3f} recall {result['recall']:.3f} fa {result['fa']:.3f} ({len(group)} cases)")
    for name, weight in sorted(zip(names, weights), key=lambda item: -abs(item[1])):
        print(f"  weight {name:16s} {weight:+.3f}")
    if arguments.check:
        _, checked = load(arguments.check, key)
        probabilities(checked, bias, weights)
        for source in sorted({case["source"] for case in checked}):
            group = [case for case in checked if case["source"] == source]
            result = scores(group, accept, offer)
            print(f"check {source}: top1 {result['top1']:.3f} recall {result['recall']:.3f} fa {result['fa']:.3f} "
                  f"disambiguation {result['disambiguation']:.3f} (over traced candidates)")
    if arguments.write:
        sources = ", ".join(sorted({case["source"] for case in cases}))
        # make_training_sets.py's draws are folders of their own (train.sh's DRAWS).
        draws = len({str(Path(path).resolve().parent) for path in arguments.traces})
        draws_note = f", {draws} draws of the sets" if draws > 1 else ""
        lines = [
            "# The calibrated decision: a conditional logit over a query's candidates and \"none\" (utility 0); a",
            "# candidate's utility is the bias plus its weighted features (Sources/VocabCore/Decision/CandidateFeatures.swift),",
            "# its probability of being the term meant its softmax share; the operating points turn probabilities into",
            "# an outcome (DecisionModel.swift).",
        ] if not arguments.alternatives else [
            "# How a recognizer's alternatives are weighed together: a conditional logit, as the decision's, over what",
            "# the hypotheses, each resolved alone, said of each candidate (Sources/VocabCore/Decision/AlternativeFeatures.swift);",
            "# the operating points turn its probabilities into the outcome (Resolver+Alternatives.swift).",
        ]
        lines += [
            "# Written by scripts/train/train_decision.py; do not edit by hand. Trained "
            + time.strftime("%Y-%m-%d") + f" on {len(cases)} generated cases",
            f"# ({len(y)} candidates{draws_note}) from the corpus's training names only: {sources}.",
            f"# L2 {arguments.l2:g}; "
            + ("every source weighs the same" if not source_weights else "every source weighs the same but "
               + ", ".join(f"those named *{part}* {weight:g} times as much" for part, weight in source_weights.items()))
            + f", absent cases {arguments.absent_share:.0%} of each one's weight"
            + ("; the weights of the features that only speak for a candidate kept at 0 or above." if arguments.monotone else "."),
            f"# accept: the probability maximizing, over the sources and averaged over ±0.02, top-1 − {arguments.false_accept_cost:g} × false accepts"
            + f" (training: top-1 {trained['top1']:.1%}, false accept {trained['fa']:.2%});",
            f"# offer: the lowest probability at which offered candidates are right {arguments.offer_precision:.0%} of the time.",
            "",
            f"bias {bias:.6f}",
        ]
        lines += [f"weight {name} {weight:.6f}" for name, weight in zip(names, weights)]
        lines += ["", f"accept {accept:.3f}", f"offer {offer:.3f}", "options 10"]
        # Where the repository keeps the model, in the locales folder written into.
        out = arguments.locales / (ALTERNATIVES_OUT if arguments.alternatives else OUT).relative_to(LOCALES)
        if arguments.recognizer is not None:
            out = arguments.locales / RECOGNIZERS.relative_to(LOCALES) / arguments.recognizer / out.name
            if arguments.language is not None:
                out = out.with_name(f"alternatives-model.{arguments.language}.txt")
            out.parent.mkdir(parents=True, exist_ok=True)
            lines.insert(0, f"# The profile of the recognizer '{arguments.recognizer}': trained on {arguments.trained_on}.")
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {out}")


if __name__ == "__main__":
    sys.exit(main())
