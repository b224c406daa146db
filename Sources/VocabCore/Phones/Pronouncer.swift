import Foundation

/// How one listener's language pronounces names: the phones of a query as the listener's recognizer wrote
/// it, and the several plausible pronunciations of a term (the listener's reading, and the readings of the
/// languages the term's script or spelling point to), all in the shared inventory.
///
/// Apple's patent US11069336B2 runs one pronunciation guesser per language on a name and maps every guess
/// into the user's phone set; this does the same with letter-to-sound rules per language, the English
/// pronouncing dictionary, and spelling cues to a name's origin.
///
/// A class of constants, not a structure: the index build and every query hold it, and a structure of five
/// reference-counted values cost about 1,000 instructions to copy and let go (once a term while the index is
/// built, by callgrind).
public final class Pronouncer: Sendable {
    /// The inventory and the alignment costs.
    public let costs: PhoneCosts
    /// The listener's language (`fr`).
    public let language: String
    /// Letter-to-sound rules by language (`en`, `fr`, …, `ru`, `el`, and `latin` for the generic reader).
    public let rules: [String: LetterToSoundRules]
    /// The costs a hypothesis of phones (a phone recognizer's, ``Hypothesis/phones``) is aligned with, when they
    /// were learned for this listener (`Locales/<locale>/phone-loop-confusions.txt`: how PocketSphinx's US English
    /// phone loop hears names said in the language); `nil`: ``costs``, as any hypothesis.
    public let heardPhoneCosts: PhoneCosts?
    /// The English pronouncing dictionary, when present.
    public let dictionary: PronouncingDictionary?
    /// Spelling cues to a term's origin.
    public let origins: OriginCues

    /// The most pronunciations a term keeps (the listener's reading first).
    public static let maximumPronunciations = 3

    /// Query words' phones already read (``queryPhones(_:alsoFiller:)``; a term's pronunciations are not kept here).
    let queryReadings = QueryWordCache<[Phone]>()

    /// Creates a pronouncer.
    ///
    /// - Parameters:
    ///   - language: The listener's bare language code; without rules of its own, the `latin` reader serves.
    ///   - heardPhoneCosts: How a phone recognizer's phones are weighed against this listener's names, when that
    ///     was learned (``heardPhoneCosts``).
    public init(costs: PhoneCosts, language: String, rules: [String: LetterToSoundRules],
                dictionary: PronouncingDictionary?, origins: OriginCues, heardPhoneCosts: PhoneCosts? = nil) {
        self.costs = costs
        self.heardPhoneCosts = heardPhoneCosts
        self.language = rules[language] == nil ? "latin" : language
        self.rules = rules
        self.dictionary = dictionary
        self.origins = origins
    }

    /// The inventory.
    public var inventory: PhoneInventory { costs.inventory }

    /// The listener's filler words (a recognizer's "the", "and" around a name), folded.
    public var fillers: Set<String> { rules[language]?.fillers ?? [] }

    /// From how many name words a name read in `language` begins with a two-word given name
    /// (``LetterToSoundRules/twoGivenNamesFrom``), or `nil`.
    func twoGivenNamesFrom(in language: String) -> Int? { rules[language]?.twoGivenNamesFrom }

    /// One word read in one language: the dictionary for English words it knows, else that language's rules.
    ///
    /// - Parameter word: Lowercase, accents kept.
    /// An accented spelling the dictionary lacks is looked up without its accents (an English listener says
    /// "Chloé" as the dictionary's "chloe").
    public func phones(of word: String, in language: String) -> [Phone] {
        if language == "en", let known = dictionaryEntry(of: word) { return known.phones }
        guard let reader = rules[language] ?? rules["latin"] else { return [] }
        return reader.phones(of: word)
    }

    /// The dictionary's first pronunciation of a word, and the spelling it was found under: the word, else (when
    /// it is accented) the word without its accents.
    func dictionaryEntry(of word: String) -> (spelling: String, phones: [Phone])? {
        guard let dictionary else { return nil }
        if let known = dictionary.firstPronunciation(of: word) { return (word, known) }
        guard !word.allUTF8Bytes(satisfy: { $0 < 0x80 }) else { return nil }
        let plain = Self.withoutAccents(word)
        return dictionary.firstPronunciation(of: plain).map { (plain, $0) }
    }

    /// A word with its combining marks dropped (`chloé` → `chloe`; other letters kept).
    static func withoutAccents(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// A query's phones in the listener's language, words separated by the boundary, and for each phone
    /// whether it belongs to a filler word: one of the language's fillers, or a word `alsoFiller` marks (a
    /// title), when the query has more than one word.
    public func queryPhones(_ words: [String], alsoFiller: [Bool] = []) -> (phones: [Phone], filler: [Bool]) {
        precondition(alsoFiller.isEmpty || alsoFiller.count == words.count, "Pronouncer: one flag per word, or none")
        var phones: [Phone] = []
        var filler: [Bool] = []
        let fillers = self.fillers
        for (position, word) in words.enumerated() {
            let read = queryReadings.value(for: word) { self.phones(of: $0, in: Self.scriptReader(of: $0) ?? language) }
            guard !read.isEmpty else { continue }
            if !phones.isEmpty { phones.append(.boundary); filler.append(false) }
            phones += read
            // Appended one by one: an `Array(repeating:)` of them would look its storage type up at run time.
            let isFiller = words.count > 1 && (fillers.contains(word) || (!alsoFiller.isEmpty && alsoFiller[position]))
            for _ in read.indices { filler.append(isFiller) }
        }
        return (phones, filler)
    }

    /// ``queryPhones(_:alsoFiller:)`` of a query's reading, its title a filler word ("madame" of "madame dupont"):
    /// cheap to leave out, as the word matcher leaves it out (the tokenizer never makes a whole name a title), yet
    /// still aligned where it helps (a recognizer's "mr" for a misheard "Messer").
    func queryPhones(of reading: TermPreparer.Reading) -> (phones: [Phone], filler: [Bool]) {
        queryPhones(reading.words.map(\.spelling), alsoFiller: reading.words.map { $0.role == .honorific })
    }

    /// The languages a term is read in: the listener's, then its script's reader (Cyrillic `ru`, Greek `el`),
    /// then the origins its spelling points to, at most ``maximumPronunciations``.
    public func languages(ofTerm words: [String]) -> [String] {
        languages(ofTerm: words, cued: words.map(origins.cuedLanguages(of:)))
    }

    /// ``languages(ofTerm:)`` with each word's cued languages given (the index caches them per word).
    func languages(ofTerm words: [String], cued: [[String]]) -> [String] {
        var languages = [language]
        func add(_ code: String) {
            if languages.count < Self.maximumPronunciations && !languages.contains(code) && rules[code] != nil {
                languages.append(code)
            }
        }
        for word in words {
            if let script = Self.scriptReader(of: word) { add(script) }
        }
        for origin in OriginCues.ranked(cued) { add(origin) }
        return languages
    }

    /// Every distinct pronunciation of a term: its words read in each of ``languages(ofTerm:)``, words
    /// separated by the boundary. A word in another script is read by its script's reader only (the listener's
    /// rules cannot read it); its romanization is read as a term of its own by the caller.
    public func termPronunciations(_ words: [String]) -> [(language: String, phones: [Phone])] {
        var results: [(language: String, phones: [Phone])] = []
        for language in languages(ofTerm: words) {
            Self.addReading(of: words, in: language, to: &results) { word, reader in phones(of: word, in: reader) }
        }
        return results
    }

    /// Reads a term's words in one language (a word in another script by its script's reader), words
    /// separated by the boundary, and adds the reading unless it is empty or already there. A name wholly in
    /// another script is labelled with its script's reader, whoever listens.
    ///
    /// - Parameter read: A word's phones by a reader (the index passes its per-word cache).
    static func addReading(of words: [String], in language: String, to results: inout [(language: String, phones: [Phone])],
                           read: (String, String) -> [Phone]) {
        var phones: [Phone] = []
        // Room for about a phone a letter and the boundaries, as the rules read most words: the array grew two or
        // three times a term otherwise.
        phones.reserveCapacity(words.reduce(words.count) { $0 + $1.utf8.count })
        for word in words {
            let phonesOfWord = read(word, scriptReader(of: word) ?? language)
            guard !phonesOfWord.isEmpty else { continue }
            if !phones.isEmpty { phones.append(.boundary) }
            phones += phonesOfWord
        }
        let label = !words.isEmpty && words.allSatisfy({ scriptReader(of: $0) != nil }) ? scriptReader(of: words[0])! : language
        if !phones.isEmpty && !results.contains(where: { $0.phones == phones }) { results.append((label, phones)) }
    }

    /// The reader of a word's script when it is not Latin: `ru` for Cyrillic, `el` for Greek.
    static func scriptReader(of word: String) -> String? {
        // Greek and Cyrillic letters are two bytes in UTF-8 from 0xCD to 0xD3, Greek's extended ones three from
        // 0xE1: a word of no byte from 0xCD on (every Latin name) has neither, found without decoding it.
        guard word.containsUTF8Byte(where: { $0 >= 0xCD }) else { return nil }
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0x0400...0x04FF: return "ru"
            case 0x0370...0x03FF, 0x1F00...0x1FFF: return "el"
            default: continue
            }
        }
        return nil
    }
}
