#!/usr/bin/env python3
"""RapidFuzz baseline on one bench size: process.extractOne with fuzz.WRatio.

    rapidfuzz_bench.py VOCAB.json QUERIES.json LIMIT

Choices are folded once beforehand (lowercase, marks removed); each query is folded inside the timed
region, as vocab's latency includes normalizing the query. Prints one JSON object:
{"p50_us", "p90_us", "p99_us", "top1", "queries", "with_source"}.
"""
import json
import sys
import time
import unicodedata

from rapidfuzz import fuzz, process


def fold(text):
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def main(vocab_path, queries_path, limit):
    with open(vocab_path, encoding="utf-8") as f:
        strings = json.load(f)["strings"]
    with open(queries_path, encoding="utf-8") as f:
        queries = json.load(f)["queries"][:limit]
    choices = [fold(s) for s in strings]
    latencies = []
    hits = 0
    with_source = 0
    for q in queries:
        start = time.perf_counter()
        best = process.extractOne(fold(q["query"]), choices, scorer=fuzz.WRatio, processor=None)
        latencies.append((time.perf_counter() - start) * 1e6)
        if q.get("source") is not None:
            with_source += 1
            if best is not None and strings[best[2]] == q["source"]:
                hits += 1
    latencies.sort()
    pick = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))]
    print(json.dumps({"p50_us": pick(0.5), "p90_us": pick(0.9), "p99_us": pick(0.99),
                      "top1": hits / with_source if with_source else 0.0,
                      "queries": len(queries), "with_source": with_source}))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
