#!/usr/bin/env python3
"""Replays the resolver's decision over `vocab eval --trace` files under other phone-matcher settings.

    .build/release/vocab eval ../shared/eval/dev.json --trace dev-trace.jsonl
    .build/release/vocab eval ../shared/eval/asr-dev.json --trace asr-trace.jsonl
    python3 scripts/calibrate.py dev-trace.jsonl asr-trace.jsonl

Prints, for each setting of the sweep, top-1 / recall@10 / false accept / disambiguation on each trace,
scored as ../shared/eval/score.py scores them. The decision replayed is the one in Resolver.swift and
ResolutionPolicy.swift (word candidates, phone matches merged when the words do not settle the outcome).
Python 3 standard library only.
"""
import itertools
import json
import sys

PARTIAL_PENALTY = 0.2
SETTLED_BY_WORDS = 0.97


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def phone_score(p, stretch, reorder_penalty=0.01):
    stretched = 1 - stretch * (1 - p["similarity"])
    return stretched * (1 - PARTIAL_PENALTY * (1 - p["coverage"])) - (reorder_penalty if p["reordered"] else 0)


def decide(cands, pol):
    def floor(c):
        return pol["phone_floor"] if c.get("phone") else pol["floor"]
    plausible = [c for c in cands if c["score"] >= floor(c) and (c.get("phone") or c["weakest"] >= pol["weakest_floor"])]
    if not plausible:
        return "unsupported", []
    best = plausible[0]
    near = [c for c in plausible if c["score"] >= best["score"] - pol["margin"]]
    if len(near) >= 2:
        offered = [c for c in plausible if c["score"] >= best["score"] - pol["band"]]
        return "disambiguation", offered[:10]
    if best.get("phone"):
        runner = cands[1]["score"] if len(cands) > 1 else 0
        if (best["score"] >= pol["phone_accept"] and best["score"] - runner >= pol["phone_gap"]
                and (best.get("weakest_word") or 0) >= pol["phone_word"]):
            return "success", [best]
        offered = [c for c in plausible if c["score"] >= best["score"] - pol["band"]]
        if len(offered) >= 2 and pol["offer_doubtful"]:
            return "disambiguation", offered[:10]
        return "confirmationRequired", [best]
    if best["score"] >= pol["accept"] and best["weakest"] >= pol["weakest_accept"]:
        return "success", [best]
    return "confirmationRequired", [best]


def resolve(case, pol, stretch, limit):
    words = [dict(w, phone=False) for w in case["words"]]
    words.sort(key=lambda c: (-c["score"], c["rank"]))
    outcome, chosen = decide(words, pol)
    if outcome == "success" and chosen[0]["score"] >= SETTLED_BY_WORDS:
        return outcome, chosen
    if outcome == "disambiguation" and chosen[0]["score"] >= pol["accept"]:
        return outcome, chosen  # a choice among names the words found strong is not re-heard
    if outcome == "success":
        heard = case.get("winnerSimilarity") or 0
        return ("success" if heard >= pol["phone_veto"] else "confirmationRequired"), chosen
    merged = {c["rank"]: dict(c, heard=0.0) for c in words}
    for p in case["phones"][:limit]:
        s = phone_score(p, stretch)
        known = merged.get(p["rank"])
        if known:
            known["heard"] = max(known["heard"], p["similarity"])
        if known:
            if s > known["score"]:
                merged[p["rank"]] = dict(known, score=s, weakest=max(known["weakest"], s),
                                         coverage=max(known["coverage"], p["coverage"]), phone=True,
                                         weakest_word=p.get("weakestWord"))
        else:
            merged[p["rank"]] = dict(rank=p["rank"], score=s, weakest=s, coverage=p["coverage"], phone=True,
                                     weakest_word=p.get("weakestWord"))
    cands = sorted(merged.values(), key=lambda c: (-c["score"], c["rank"]))
    return decide(cands, pol)


def score(cases, pol, stretch, limit, names):
    top = [0, 0]
    rec = [0, 0]
    fa = [0, 0]
    dis = [0, 0]
    for case in cases:
        outcome, chosen = resolve(case, pol, stretch, limit)
        got = [c["rank"] for c in chosen]
        exp = case["expect"]
        fa[1] += 1
        if outcome == "success" and got[0] not in case["ranks"]:
            fa[0] += 1
        if exp == "success":
            top[1] += 1
            top[0] += outcome == "success" and got == case["ranks"]
        if exp in ("success", "disambiguation"):
            rec[1] += 1
            rec[0] += outcome != "unsupported" and all(t in got[:10] for t in case["ranks"])
        if exp == "disambiguation":
            dis[1] += 1
            dis[0] += outcome == "disambiguation" and all(t in got for t in case["ranks"])
    pct = lambda x: 100.0 * x[0] / x[1] if x[1] else float("nan")
    return pct(top), pct(rec), pct(fa), pct(dis)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    traces = {path: load(path) for path in sys.argv[1:]}
    names = None
    base = dict(floor=0.70, weakest_floor=0.68, accept=0.86, weakest_accept=0.75, margin=0.04, band=0.2)
    rows = []
    sweep = itertools.product([0.65, 0.7, 0.75], [0.1, 0.14, 0.2], [0.6, 0.65, 0.7], [0.6])
    for accept, gap, word, veto in sweep:
        stretch = 1.0
        pol = dict(base, phone_accept=accept, phone_gap=gap, phone_floor=0.6, offer_doubtful=True, phone_word=word,
                   phone_veto=veto)
        line = [f"phone accept {accept:.2f} gap {gap:.2f} word {word:.2f} veto {veto:.2f}"]
        for path, cases in traces.items():
            t, r, f, d = score(cases, pol, stretch, 12, names)
            line.append(f"{path.split('/')[-1]}: top-1 {t:5.1f} recall {r:5.1f} FA {f:4.1f} dis {d:5.1f}")
        rows.append(" | ".join(line))
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
