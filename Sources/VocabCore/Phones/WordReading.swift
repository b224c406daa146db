/// How one word was read: its phones, and the dictionary entry or the letter-to-sound rules that gave them.
///
/// What `vocab compare` and the console show a localizer, so a surprising reading can be traced to the line
/// of data that made it.
public struct WordReading: Sendable, Hashable, Encodable {
    /// One stretch of letters and the rule that read it.
    public struct RuleStep: Sendable, Hashable, Encodable {
        /// The letters the rule consumed.
        public let letters: String
        /// The rule's phones, in the inventory's symbols (empty: read as silence, or no rule).
        public let phones: String
        /// The rule's line in ``WordReading/file``; `nil` when no rule reads the letter (it is skipped).
        public let line: Int?
    }

    /// The word as read (lowercase, accents kept).
    public let word: String
    /// The language whose reader read it (`fr`; `ru` and `el` for words in those scripts).
    public let language: String
    /// The phones, in the inventory's symbols.
    public let phones: String
    /// `dictionary` or `rules`.
    public let source: String
    /// The data file that gave the phones (the dictionary, or the rule file).
    public let file: String
    /// The dictionary's line for the word, when it came from the dictionary.
    public let entry: String?
    /// The rules applied, in order, when it came from the rules.
    public let rules: [RuleStep]?
}

extension Pronouncer {
    /// How one word is read in one language, with what gave its phones (the same choice as
    /// ``phones(of:in:)``: the dictionary for English words it knows, accents dropped if need be, else rules).
    ///
    /// - Parameter word: Lowercase, accents kept.
    public func reading(of word: String, in language: String) -> WordReading? {
        if language == "en", let dictionary, let known = dictionaryEntry(of: word) {
            return WordReading(word: word, language: language, phones: inventory.write(known.phones), source: "dictionary",
                               file: dictionary.source, entry: dictionary.entryLine(of: known.spelling), rules: nil)
        }
        let code = rules[language] == nil ? "latin" : language
        guard let reader = rules[code] else { return nil }
        let steps = reader.derivation(of: word).map {
            WordReading.RuleStep(letters: $0.letters, phones: inventory.write($0.phones), line: $0.line)
        }
        return WordReading(word: word, language: code, phones: inventory.write(reader.phones(of: word)), source: "rules",
                           file: reader.source, entry: nil, rules: steps)
    }

    /// Each word of a text read as a listener of `language` reads it (a word in another script by its
    /// script's reader), as ``queryPhones(_:alsoFiller:)`` and ``termPronunciations(_:)`` read them.
    ///
    /// - Parameter words: Lowercase spellings, accents kept.
    public func readings(of words: [String], in language: String? = nil) -> [WordReading] {
        words.compactMap { reading(of: $0, in: Self.scriptReader(of: $0) ?? language ?? self.language) }
    }
}
