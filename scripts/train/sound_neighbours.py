"""Which names of a pool sound nearly the same as a given name, by the evaluation sets' rule for an absent name.

The development sets (../shared/eval/ASR-DEV.md, WHISPER-DEV.md) call a name absent only when it "sounds clearly
different from every entry": at least 3 phonemes apart for a full name, 2 for a first name alone. The training
sets (make_training_sets.py) follow the same rule, so that an absent case never keeps, in its list, a contact
whose name is said the same way but spelled otherwise ("maverick" against Mavrick Tetzlaff, Jaydin against
Jadynn Loera): such a case teaches the decision that a homophone is a stranger, the opposite of what the
evaluation sets expect of a respelled name.

Phones are vocab's own readings of each name as a term, read as learn_confusions.py reads them
(`vocab normalize --json`, the listener's language, word boundaries left out), kept in a cache file between
runs; the cache is dropped when the locale data it was read with changed (learn_confusions.locales_digest: a
digest of Locales/ without the learned models and confusions, which do not change a reading). Near names are
found with a deletion index (every string with up to `distance` phones deleted) and checked by edit distance
over phones.
"""

import json
from collections import defaultdict
from itertools import combinations
from pathlib import Path

from learn_confusions import plain_distance, read_cache, readings, write_cache

FULL_NAME_DISTANCE = 2   # a full name this many phones or fewer from an entry is not clearly different
FIRST_NAME_DISTANCE = 1  # the same for a first name alone


class SoundNeighbours:
    """Phones of names in one language, and the names of a pool within a distance of a given one."""

    def __init__(self, vocab, language, cache_path, locales=None):
        self.vocab = vocab
        self.language = language
        self.cache_path = Path(cache_path)
        self.locales = locales
        self.cache = read_cache(self.cache_path, locales)
        self.indexes = {}

    def phones(self, texts):
        """Each text's phones as a term, as a tuple (empty when vocab reads none); the missing ones are read and
        the cache file rewritten."""
        known = len(self.cache)
        read = readings(self.vocab, self.language, texts, self.cache)
        if read and not any(read.values()):
            # readings() skips a text vocab refuses; none read at all is a broken binary, not bad names.
            raise SystemExit(f"sound_neighbours: {self.vocab} normalize read no phones for any of {len(read)} "
                             f"{self.language} names")
        if len(self.cache) > known:
            write_cache(self.cache_path, self.locales, self.cache)
        return {text: tuple(reading["term"]) if reading else () for text, reading in read.items()}

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
            found = {other for other in candidates if plain_distance(said, phones[other]) <= distance}
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
    (`python3 scripts/train/sound_neighbours.py`): the index must find exactly the names within the distance.
    The phones are given through a cache file, so vocab is never run."""
    import random
    import tempfile
    rng = random.Random(seed)
    alphabet = "aeiou" + "ptkbdgmnlrs"
    with tempfile.TemporaryDirectory() as folder:
        for distance in (1, 2):
            pool = {f"n{number}": tuple(rng.choice(alphabet) for _ in range(rng.randint(2, 9))) for number in range(trials)}
            cache = Path(folder) / f"phones-{distance}.json"
            cache.write_text(json.dumps({"locales": None, "readings": {f"xx\x1f{name}": {"term": list(phones)}
                                                                      for name, phones in pool.items()}}))
            sounds = SoundNeighbours("no-vocab-needed", "xx", cache)
            sounds.index("all", sorted(pool), distance)
            for name, phones in pool.items():
                expected = {other for other, theirs in pool.items() if plain_distance(phones, theirs) <= distance}
                assert sounds.near("all", name) == expected, (name, distance)
    print("sound_neighbours: the deletion index agrees with direct comparison")


if __name__ == "__main__":
    self_test()
