/// Turns names and queries into readings: normalized, tokenized, folded, ready for phonetic keys.
///
/// One preparer serves one language (the Siri language in force): a term's keys are computed the way that
/// language's recognizer hears it, whatever the term's own origin.
public struct TermPreparer: Sendable {
    /// One word of a reading, before its phonetic keys are computed.
    public struct Word: Sendable, Hashable {
        /// The folded spelling.
        public let folded: String
        /// What the encoders read: the faithful spelling for Latin words (they know `ç`, `ñ`, `ü`), the
        /// folded romanization otherwise.
        public let soundInput: String
        public let role: NameToken.Role
        public let isJoinedToPrevious: Bool
        /// The word as written, lowercase, in its own script (what the letter-to-sound readers read).
        public let spelling: String

        /// Creates a word.
        public init(folded: String, soundInput: String, role: NameToken.Role, isJoinedToPrevious: Bool,
                    spelling: String? = nil) {
            self.folded = folded
            self.soundInput = soundInput
            self.role = role
            self.isJoinedToPrevious = isJoinedToPrevious
            self.spelling = spelling ?? soundInput.lowercased()
        }
    }

    /// One way of reading a text: its name (`folded`, `alternate`, `romanized`, `spelled`, `pronunciation`)
    /// and its words.
    public struct Reading: Sendable, Hashable {
        public let name: String
        public let words: [Word]
    }

    /// The normalizer (ICU in production).
    public let normalizer: any TextNormalizer
    /// The language and its locale data.
    public let profile: LocaleProfile
    /// The language's encoders and nicknames.
    public let phonetics: PhoneticProfile

    /// Creates a preparer.
    public init(normalizer: any TextNormalizer, profile: LocaleProfile, phonetics: PhoneticProfile) {
        self.normalizer = normalizer
        self.profile = profile
        self.phonetics = phonetics
    }

    /// Every reading of a text: the primary folded one, then the locale's alternate folding, the
    /// romanization of other scripts and the digits spelled out ("HIIT 7" as "hiit sept" in fr-FR) when
    /// they differ.
    ///
    /// - Throws: What the normalizer throws.
    public func readings(of text: String) throws -> [Reading] {
        let normalized = try normalizer.normalize(text, in: profile)
        let primary = normalized.tokens.map { token in
            Word(folded: token.folded, soundInput: Self.soundInput(of: token), role: token.role,
                 isJoinedToPrevious: token.isJoinedToPrevious,
                 spelling: token.text.replacingApostrophes().lowercasedWhenNeeded())
        }
        var readings = [Reading(name: "folded", words: primary)]
        // An abbreviated suffix or title as it is said ("Bobo Jr." as "bobo junior").
        func said(_ word: Word) -> String? {
            word.role == .suffix || word.role == .honorific ? profile.spokenForms[word.folded] : nil
        }
        if !profile.spokenForms.isEmpty, primary.contains(where: { said($0) != nil }) {
            let words = try primary.map { word -> Word in
                guard let said = said(word) else { return word }
                return Word(folded: try normalizer.fold(said, in: profile.language), soundInput: said, role: word.role,
                            isJoinedToPrevious: word.isJoinedToPrevious, spelling: said.lowercased())
            }
            readings.append(Reading(name: "spoken", words: words))
        }
        let spelled = try normalized.spelledOut.map { try normalizer.fold($0, in: profile.language) }
        let extra: [(String?, String)] = [(normalized.alternateFolded, "alternate"),
                                          (normalized.romanized, "romanized"), (spelled, "spelled")]
        for case let (text?, name) in extra {
            let words = Self.words(of: text)
            guard words != primary.map(\.folded), !words.isEmpty else { continue }
            readings.append(Reading(name: name, words: words.enumerated().map { index, word in
                let aligned = words.count == primary.count ? primary[index] : nil
                return Word(folded: word, soundInput: word, role: aligned?.role ?? .name,
                            isJoinedToPrevious: aligned?.isJoinedToPrevious ?? false)
            }))
        }
        return readings
    }

    /// What the encoders read for a token: its faithful spelling without apostrophes when it is Latin (the
    /// encoders know `ç`, `ñ`, `ü`), its folded romanization otherwise.
    public static func soundInput(of token: NameToken) -> String {
        // ASCII first, without decoding the scalars (nearly every name word).
        token.text.allUTF8Bytes(satisfy: { $0 < 0x80 }) || token.text.unicodeScalars.allSatisfy({ $0.value < 0x250 })
            ? token.text.replacingApostrophes() : token.folded
    }

    /// The readings of a pronunciation hint: its words as written, and all of them joined into one word,
    /// since hints split a term into syllables ("ba nana ri fic" is said "bananarific").
    ///
    /// - Throws: What the normalizer throws.
    public func pronunciationReadings(of hint: String) throws -> [Reading] {
        var readings = try self.readings(of: hint)
        let words = readings[0].words.map(\.folded)
        if words.count > 1 {
            let joined = words.joined()
            readings.append(Reading(name: "pronunciation", words: [
                Word(folded: joined, soundInput: joined, role: .name, isJoinedToPrevious: false),
            ]))
        }
        return readings.map { Reading(name: $0.name == "folded" ? "pronunciation" : $0.name, words: $0.words) }
    }

    /// Every reading of a text as tokens with their phonetic keys (for queries and explanations).
    ///
    /// - Throws: What the normalizer throws.
    public func forms(of text: String) throws -> [TermForm] {
        try readings(of: text).map(form(of:))
    }

    /// The pronunciation readings as tokens with keys.
    public func pronunciationForms(of hint: String) throws -> [TermForm] {
        try pronunciationReadings(of: hint).map(form(of:))
    }

    /// A reading's words with their keys.
    public func form(of reading: Reading) -> TermForm {
        TermForm(tokens: reading.words.map { word in
            MatchToken(folded: Array(word.folded.utf8), keys: phonetics.keys(for: word.soundInput), role: word.role,
                       isJoinedToPrevious: word.isJoinedToPrevious)
        }, reading: reading.name)
    }

    /// A query's reading as tokens with keys, the keys of words seen before taken from the profile's cache.
    public func queryForm(of reading: Reading) -> TermForm {
        TermForm(tokens: reading.words.map { word in
            MatchToken(folded: Array(word.folded.utf8), keys: phonetics.queryKeys(for: word.soundInput), role: word.role,
                       isJoinedToPrevious: word.isJoinedToPrevious)
        }, reading: reading.name)
    }

    /// Splits a folded text into words (letters and digits), apostrophes dropped inside words.
    static func words(of text: String) -> [String] {
        text.replacingApostrophes()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
    }
}
