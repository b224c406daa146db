"""Which names of a pool sound nearly the same as a given name, by the evaluation sets' rule for an absent name.

The development sets (../shared/eval/ASR-DEV.md, WHISPER-DEV.md) call a name absent only when it "sounds clearly
different from every entry": at least 3 phonemes apart for a full name, 2 for a first name alone. The training
sets (make_training_sets.py) follow the same rule, so that an absent case never keeps, in its list, a contact
whose name is said the same way but spelled otherwise ("maverick" against Mavrick Tetzlaff, Jaydin against
Jadynn Loera): such a case teaches the decision that a homophone is a stranger, the opposite of what the
evaluation sets expect of a respelled name.

Phones are vocab's own readings of each name as a term (`vocab normalize --json`, the listener's language),
word boundaries left out, kept in a cache file between runs; the cache is dropped when the locale data it was
read with changed (a digest of Locales/ without the learned decision models, which do not change a reading). Near names are found with a deletion index
(every string with up to `distance` phones deleted) and checked by edit distance over phones.
"""

import hashlib
import json
import subprocess
from collections import defaultdict
from itertools import combinations
from pathlib import Path

FULL_NAME_DISTANCE = 2   # a full name this many phones or fewer from an entry is not clearly different
FIRST_NAME_DISTANCE = 1  # the same for a first name alone


def edit_distance(a, b, bound):
    """Levenshtein distance over phone tuples, or bound + 1 once it must exceed `bound`."""
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        if min(current) > bound:
            return bound + 1
        previous = current
    return previous[-1]


def locales_digest(locales):
    """A digest of the locale data that decides how names are read: every file of `locales` but the learned
    decision models (*-model.txt)."""
    digest = hashlib.sha256()
    for path in sorted(Path(locales).rglob("*")):
        if path.is_file() and not path.name.endswith("-model.txt"):
            digest.update(str(path.relative_to(locales)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


class SoundNeighbours:
    """Phones of names in one language, and the names of a pool within a distance of a given one."""

    def __init__(self, vocab, language, cache_path, locales=None):
        self.vocab = vocab
        self.language = language
        self.cache_path = Path(cache_path)
        self.digest = locales_digest(locales) if locales is not None else None
        stored = json.loads(self.cache_path.read_text(encoding="utf-8")) if self.cache_path.exists() else {}
        self.cache = stored.get("phones", {}) if stored.get("locales") == self.digest else {}
        self.indexes = {}

    def phones(self, texts):
        """Each text's phones as a tuple (empty when vocab reads none), reading the missing ones in batches."""
        key = lambda text: f"{self.language}\x1f{text}"  # noqa: E731
        missing = sorted({text for text in texts if key(text) not in self.cache})
        for start in range(0, len(missing), 200):
            batch = missing[start:start + 200]
            output = subprocess.run([self.vocab, "normalize", "--json", "--language", self.language, "--", *batch],
                                    capture_output=True, text=True)
            if output.returncode != 0:
                raise SystemExit(f"sound_neighbours: {self.vocab} normalize failed for {self.language}: "
                                 f"{output.stderr.strip()[:300]}")
            report = json.loads(output.stdout)
            for position, text in enumerate(batch):
                reading = report["phones"][position]
                term = reading["term"][0]["phones"] if reading and reading["term"] else ""
                self.cache[key(text)] = [phone for phone in term.split() if phone != "|"]
        if missing:
            self.cache_path.parent.mkdir(parents=True, exist_ok=True)
            self.cache_path.write_text(json.dumps({"locales": self.digest, "phones": self.cache}, ensure_ascii=False),
                                       encoding="utf-8")
        return {text: tuple(self.cache[key(text)]) for text in texts}

    def index(self, name, pool, distance):
        """Keeps a deletion index of `pool` (names) under `name`, for ``near``."""
        phones = self.phones(pool)
        deletions = defaultdict(set)
        for text in pool:
            for variant in self._deletions(phones[text], distance):
                deletions[variant].add(text)
        self.indexes[name] = (phones, deletions, distance, {})

    def near(self, name, text):
        """The names of the pool indexed as `name` within its distance of `text` (`text` itself included when
        the pool holds it)."""
        phones, deletions, distance, memo = self.indexes[name]
        if text in memo:
            return memo[text]
        said = self.phones([text])[text]
        found = set()
        if said:
            candidates = set()
            for variant in self._deletions(said, distance):
                candidates |= deletions.get(variant, set())
            found = {other for other in candidates if edit_distance(said, phones[other], distance) <= distance}
        memo[text] = found
        return found

    def same(self, name, text):
        """The names of the pool indexed as `name` said exactly as `text` is (the same phones)."""
        said = self.phones([text])[text]
        return {other for other in self.near(name, text) if self.indexes[name][0][other] == said} if said else set()

    @staticmethod
    def _deletions(phones, distance):
        variants = {phones}
        for count in range(1, min(distance, len(phones)) + 1):
            for positions in combinations(range(len(phones)), count):
                variants.add(tuple(phone for index, phone in enumerate(phones) if index not in positions))
        return variants


def self_test(trials=300, seed=7):
    """Checks the deletion index against every pair compared directly, on random phone strings
    (`python3 scripts/train/sound_neighbours.py`): the index must find exactly the names within the distance."""
    import random
    rng = random.Random(seed)
    alphabet = "aeiou" + "ptkbdgmnlrs"
    assert edit_distance(tuple("kitten"), tuple("sitting"), 5) == 3
    assert edit_distance(tuple("abc"), tuple("abc"), 0) == 0
    assert edit_distance(tuple("abcdef"), tuple("a"), 2) == 3  # past the bound: bound + 1
    for distance in (1, 2):
        pool = {f"n{number}": tuple(rng.choice(alphabet) for _ in range(rng.randint(2, 9))) for number in range(trials)}
        sounds = SoundNeighbours.__new__(SoundNeighbours)
        sounds.language, sounds.indexes = "xx", {}
        sounds.cache = {f"xx\x1f{name}": list(phones) for name, phones in pool.items()}
        sounds.cache_path = Path("/nonexistent")
        sounds.index("all", sorted(pool), distance)
        for name, phones in pool.items():
            expected = {other for other, theirs in pool.items() if edit_distance(phones, theirs, 99) <= distance}
            assert sounds.near("all", name) == expected, (name, distance)
    print("sound_neighbours: the deletion index agrees with direct comparison")


if __name__ == "__main__":
    self_test()
