#!/usr/bin/env python3
"""Where vocab's letter-to-sound reading of names differs from espeak-ng's, most frequent first.

Reads training names (../shared/train/names.json: never evaluation names), writes each through
`vocab normalize --json` (the term's phones in the listener's language) and through espeak-ng's IPA
(`espeak-ng -q --ipa`), maps espeak-ng's symbols onto vocab's phone inventory (Locales/shared/phones.tsv),
folds the distinctions the project leaves out on purpose (FOLDS; --strict keeps them), aligns the two
phone strings (Levenshtein) and counts each disagreement: `a>b` (vocab's a where espeak-ng
has b), `+a` (a phone vocab has and espeak-ng lacks), `-b` (the reverse), with example names.

espeak-ng is not a reference: it errs on names too, and reads some allophones we deliberately do not
distinguish. The table is a list of places to look, each to be checked against the language's
orthography before a rule changes. Nothing it prints is committed as data.

For English, `--against dictionary` compares the English rules alone (`VOCAB_PRONOUNCING_DICTIONARY=`)
with the CMU pronouncing dictionary that vocab reads first, on the names the dictionary holds: the rules
only ever read the names it lacks, and how they read the names it has is the measure of how well they
will do.

Usage: scripts/audit/letter_to_sound_audit.py [--names N] [--top K] [--vocab PATH] [--locales DIR] [--strict]
       [--against espeak|dictionary] LANG [LANG ...]
       (LANG: en-US fr-FR de-DE it-IT es-ES pt-BR)
"""
import argparse, collections, json, os, signal, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VOICES = {"en-US": "en-us", "fr-FR": "fr-fr", "de-DE": "de", "it-IT": "it", "es-ES": "es", "pt-BR": "pt-br"}
# espeak-ng's symbols that vocab writes otherwise (stress, length and syllable marks are dropped).
ESPEAK_MAP = {"ɡ": "g", "ʁ": "r", "ʀ": "r", "ɾ": "r", "ɹ": "r", "ɫ": "l", "ɒ": "ɔ", "ɜ": "ə", "ɚ": "ər",
              "ᵻ": "ɪ", "χ": "x", "ɬ": "l", "ʲ": "", "ʰ": "", "̩": "", "̯": "", "ˈ": "", "ˌ": "", "ː": "",
              "ˑ": "", "‿": "", "͡": "", "ʔ": "", "-": "", "ɘ": "ə", "ɵ": "ø", "ʊ̃": "ũ", "ɪ̃": "ĩ", "β": "b",
              "ɟ": "j", "c": "k"}


# Distinctions the project's rules leave out on purpose, per language (folded on both sides before comparing
# unless --strict): allophones (Spanish ð ɣ θ ʎ, Brazilian x for r), vowel qualities its readers do not
# write (Italian ɛ ɔ, German and English lax vowels, Portuguese reduction). Doubled phones (geminates) are
# merged on both sides.
FOLDS = {
    "en-US": {"ɪ": "i", "ʊ": "u", "ʌ": "ə", "ɛ": "e", "æ": "a", "ɑ": "a", "ɔ": "o", "ɐ": "ə"},
    "fr-FR": {"ɔ": "o", "ɛ": "e", "œ": "ø", "ə": "ø", "ɑ": "a", "ɥ": "y"},
    "de-DE": {"ɑ": "a", "ɪ": "i", "ʊ": "u", "ɛ": "e", "ə": "e", "œ": "ø", "ɔ": "o", "ʏ": "y", "ɐ": "ə"},
    "it-IT": {"ɪ": "i", "ʊ": "u", "ɛ": "e", "ɔ": "o", "dz": "ts", "ŋ": "n"},
    "es-ES": {"ð": "d", "ɣ": "g", "θ": "s", "ʝ": "j", "ŋ": "n", "ɪ": "i", "ʊ": "u", "ɛ": "e", "ʎ": "j"},
    "pt-BR": {"æ": "a", "ɐ": "a", "ʊ": "u", "ɪ": "i", "y": "i", "ɛ": "e", "ɔ": "o", "x": "r", "ə": ""},
}


def folded(phones, language):
    table = FOLDS.get(language, {})
    out = []
    for phone in phones:
        phone = table.get(phone, phone)
        if phone and (not out or out[-1] != phone):
            out.append(phone)
    return out


DICTIONARY = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"


def dictionary_words(path):
    """The words a CMU-format pronouncing dictionary holds (`word PHONES`, variants as `word(2)`)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as dictionary:
            return {line.split(" ", 1)[0].split("(", 1)[0] for line in dictionary if line.strip()}
    except OSError as error:
        raise SystemExit(f"letter_to_sound_audit: the pronouncing dictionary {path}: {error.strerror}"
                         " (apt-get install pocketsphinx-en-us, or --dictionary PATH)")


def inventory():
    phones = []
    with open(os.path.join(ROOT, "Locales/shared/phones.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                phones.append(line.split()[0])
    return sorted(phones, key=len, reverse=True)


# Longest symbols first, so that a symbol with a diacritic is replaced before its base letter.
ESPEAK_REPLACEMENTS = sorted(ESPEAK_MAP.items(), key=lambda item: -len(item[0]))


def tokens(ipa, phones):
    for source, target in ESPEAK_REPLACEMENTS:
        ipa = ipa.replace(source, target)
    out, position = [], 0
    while position < len(ipa):
        if ipa[position].isspace():
            position += 1
            continue
        for phone in phones:
            if ipa.startswith(phone, position):
                out.append(phone)
                position += len(phone)
                break
        else:
            out.append("?" + ipa[position])
            position += 1
    return out


def run(command, **options):
    """Runs a command, or exits naming it and what it wrote to standard error."""
    try:
        return subprocess.run(command, capture_output=True, text=True, check=True, **options)
    except FileNotFoundError:
        raise SystemExit(f"letter_to_sound_audit: {command[0]} not found"
                         + (" (apt-get install espeak-ng)" if command[0] == "espeak-ng"
                            else " (swift build -c release --product vocab, or --vocab PATH)"))
    except subprocess.CalledProcessError as failure:
        raise SystemExit(f"letter_to_sound_audit: {' '.join(command[:4])} … failed: {failure.stderr.strip()}")


def espeak(names, language):
    text = "".join(name.replace(".", " ") + ".\n" for name in names)
    result = run(["espeak-ng", "-v", VOICES[language], "-q", "--ipa", "--stdin"], input=text)
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip()]
    if len(lines) != len(names):
        raise SystemExit(f"espeak-ng gave {len(lines)} lines for {len(names)} names ({language})")
    return lines


def ours(names, language, vocab, locales, rules_only=False):
    readings = []
    environment = dict(os.environ, VOCAB_PRONOUNCING_DICTIONARY="") if rules_only else None
    for start in range(0, len(names), 400):
        batch = names[start:start + 400]
        options = ["--locales", locales] if locales else []
        result = run([vocab, "normalize", "--language", language, "--json", *options, *batch], cwd=ROOT,
                     env=environment)
        listener = VOICES[language][:2]
        for item in json.loads(result.stdout)["phones"]:
            terms = [t for t in item["term"] if t["language"] == listener] or item["term"]
            readings.append(terms[0]["phones"].replace("|", " ").split() if terms else [])
    return readings


def align(a, b):
    rows = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        rows[i][0] = i
    for j in range(len(b) + 1):
        rows[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    steps, i, j = [], len(a), len(b)
    while i or j:
        if i and j and rows[i][j] == rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            if a[i - 1] != b[j - 1]:
                steps.append(f"{a[i - 1]}>{b[j - 1]}")
            i, j = i - 1, j - 1
        elif i and rows[i][j] == rows[i - 1][j] + 1:
            steps.append("+" + a[i - 1])
            i -= 1
        else:
            steps.append("-" + b[j - 1])
            j -= 1
    return steps


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("languages", nargs="+", choices=sorted(VOICES))
    parser.add_argument("--names", type=int, default=1000, help="the most common N given and N family names")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--vocab", default=os.path.join(ROOT, ".build/release/vocab"))
    parser.add_argument("--locales", help="another locales folder to read the rules from (to compare two versions)")
    parser.add_argument("--strict", action="store_true", help="compare without folding (see FOLDS)")
    parser.add_argument("--against", choices=["espeak", "dictionary"], default="espeak",
                        help="the other reading: espeak-ng's, or (en-US) the pronouncing dictionary's")
    parser.add_argument("--dictionary", default=os.environ.get("VOCAB_PRONOUNCING_DICTIONARY") or DICTIONARY,
                        help="the pronouncing dictionary (for --against dictionary: which names it holds)")
    arguments = parser.parse_args()
    if arguments.names < 1 or arguments.top < 0:
        parser.error("--names must be at least 1 and --top at least 0")
    if arguments.against == "dictionary" and arguments.languages != ["en-US"]:
        parser.error("--against dictionary compares English only: give en-US alone")
    pool_path = os.path.join(ROOT, "../shared/train/names.json")
    if not os.path.exists(pool_path):
        raise SystemExit(f"letter_to_sound_audit: {pool_path} not found (the training name pool)")
    with open(pool_path, encoding="utf-8") as pool_file:
        pool = json.load(pool_file)["languages"]
    phones = inventory()
    for language in arguments.languages:
        names = [entry["name"] for kind in ("given", "family") for entry in pool[language][kind][:arguments.names]]
        names = [name for name in names if not name.startswith("-")]
        if arguments.against == "dictionary":
            known = dictionary_words(arguments.dictionary)
            names = [name for name in names if name.lower() in known]
        if arguments.against == "dictionary":
            theirs = ours(names, language, arguments.vocab, arguments.locales)
            mine = ours(names, language, arguments.vocab, arguments.locales, rules_only=True)
        else:
            theirs = [tokens(ipa, phones) for ipa in espeak(names, language)]
            mine = ours(names, language, arguments.vocab, arguments.locales)
        counts, examples, same = collections.Counter(), collections.defaultdict(list), 0
        switched = 0
        for name, a, b in zip(names, mine, theirs):
            if any(phone.startswith("?(") for phone in b):  # espeak-ng read it in another language
                switched += 1
                continue
            if not arguments.strict:
                a, b = folded(a, language), folded(b, language)
            steps = align(a, b)
            same += not steps
            for step in set(steps):
                counts[step] += 1
                if len(examples[step]) < 4:
                    examples[step].append(f"{name} /{' '.join(a)}/~/{' '.join(b)}/")
        compared = len(names) - switched
        other = "the dictionary" if arguments.against == "dictionary" else "espeak-ng"
        print(f"{language}: {compared} names ({switched} more read by espeak-ng in another language, left out), "
              f"{same} ({100 * same / max(1, compared):.0f}%) read alike by the rules and {other}")
        for step, count in counts.most_common(arguments.top):
            print(f"  {count:5}  {step:8}  " + "; ".join(examples[step][:3]))
        print()


if __name__ == "__main__":
    main()
