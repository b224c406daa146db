/// Which recognizer wrote a batch of queries (an evaluation set), guessed from how the batch is written as a
/// whole, so that the batch is decided by that recognizer's profile (``RecognizerProfile``) when the caller does
/// not name it.
///
/// One query rarely says who wrote it ("maria lopez" could be typed or PocketSphinx's), which is why the shared
/// decision, trained on every recognizer, decides a lone query. A batch does: each recognizer writes in its own
/// way, every time. Measured on the six development sets and the 47 sets of the end-to-end recordings in
/// `Training/hints*` (BENCHMARKS.md, the twenty-sixth session's section), as shares of the batch's queries:
///
/// | writer | a capital | sentence punctuation | written word for word as a listed name | English queries with a word of neither the dictionary nor the list |
/// |---|---:|---:|---:|---:|
/// | typed, respelled (dev) | 11% | 0% | 9% | 17%, and five other languages |
/// | PocketSphinx | 0% | 0–0.3% (its dictionary's letters, "e.") | 0–78% | 0%, and only English |
/// | Whisper, no prompt | 83–87% | 54–81% | 0–5% | not read |
/// | Whisper, prompted with the list (a second pass too) | 100% | 13–93% | 19–58% | not read |
///
/// Phones beside at least half the queries are a phone loop's: beside PocketSphinx's grammar pass, or beside
/// Whisper's text (`whisper-phones`, BENCHMARKS.md, "The audio beside Whisper's text" and "The phone loop beside
/// Whisper in six languages").
///
/// The rules below sit between those ranges, and where a mistake would cost answers they lean toward the profile
/// that costs least when wrong: a prompted Whisper's profile on unprompted output decides about as the shared
/// model does, while the unprompted profile on prompted output accepts more wrong names. Within one language the
/// two Whisper conditions are closer than in a set of six (whisper-dev's English alone: 98% with a capital, 13%
/// written as listed; whisper-dev-biased's Spanish: 12% written as listed): an unprompted batch of one language
/// may be taken for a prompted one, and then decides as the shared model would.
public struct RecognizerGuess: Sendable, Equatable {
    /// The profile to decide with (`whisper`, `pocketsphinx`, …), or `nil` for the shared decision.
    public let recognizer: String?
    /// Why, in a sentence with the counts that decided it.
    public let reason: String

    /// Creates a guess.
    public init(recognizer: String?, reason: String) {
        self.recognizer = recognizer
        self.reason = reason
    }

    /// The name that asks for a guess where a recognizer is named (`vocab eval --recognizer auto`).
    public static let automaticName = "auto"

    /// Fewer queries than this are too few to tell one writer from another: the shared decision decides them.
    public static let minimumQueries = 20

    /// Guesses the recognizer of a batch from its evidence.
    ///
    /// - Parameters:
    ///   - evidence: How the batch is written.
    ///   - profiles: The profiles the locale data has; a guess names only one of them.
    /// - Returns: The profile, or `nil` (the shared decision) when the batch is small, mixed, or its writer has no
    ///   profile here.
    public static func guess(from evidence: WritingEvidence, profiles: Set<String>) -> RecognizerGuess {
        let count = evidence.queries
        guard count >= minimumQueries else {
            return RecognizerGuess(recognizer: nil, reason: "\(count) \(count == 1 ? "query is" : "queries are") too few "
                + "to tell which recognizer wrote them (at least \(minimumQueries))")
        }
        func share(_ part: Int) -> Double { Double(part) / Double(count) }
        func counted(_ part: Int, _ what: String) -> String { "\(part) of \(count) \(what)" }
        func named(_ profile: String, _ reason: String) -> RecognizerGuess {
            guard profiles.contains(profile) else {
                return RecognizerGuess(recognizer: nil, reason: reason + "; the locale data has no '\(profile)' profile")
            }
            return RecognizerGuess(recognizer: profile, reason: reason)
        }
        let capitals = counted(evidence.withCapital, "with a capital")
        let punctuation = counted(evidence.withPunctuation, "with sentence punctuation")
        // Whisper writes sentences: capitals nearly always, punctuation often.
        let writtenAsWhisperWrites = share(evidence.withCapital) >= 0.5 && share(evidence.withPunctuation) >= 0.1
        // A phone loop's phones beside every query: PocketSphinx's grammar pass (lowercase words), or Whisper's text
        // (capitals and sentence punctuation) with a phone loop run on the same audio, in any of the six languages.
        if share(evidence.withPhoneAlternative) >= 0.5 {
            let phones = counted(evidence.withPhoneAlternative, "with phones as an alternative")
            guard writtenAsWhisperWrites else {
                return named("pocketsphinx-grammar", phones)
            }
            return named("whisper-phones", "\(phones), \(capitals), \(punctuation): Whisper's text with a phone loop's "
                + "phones of the same audio")
        }
        // Whisper, prompted with the list's names, writes them word for word far more often, and capitalizes every
        // query.
        if writtenAsWhisperWrites {
            let listed = counted(evidence.writtenAsListed, "written word for word as a listed name")
            if share(evidence.writtenAsListed) >= 0.12 || share(evidence.withCapital) >= 0.97 {
                return named("whisper-prompted", "\(capitals), \(punctuation), \(listed): a Whisper prompted with the list's names")
            }
            return named("whisper", "\(capitals), \(punctuation), \(listed): a Whisper without a prompt")
        }
        // PocketSphinx writes lowercase English words of its dictionary, nothing else (a lexicon of the list's
        // names adds those); the dictionary's letters have a full stop ("e.", "m."), written now and then (3 of
        // 2,880 transcripts of names).
        if evidence.withCapital == 0 && share(evidence.withPunctuation) <= 0.02 && evidence.outsideEnglish == 0 {
            if !evidence.hasDictionary {
                return RecognizerGuess(recognizer: nil, reason: "lowercase English without punctuation, as PocketSphinx "
                    + "writes, but without the English pronouncing dictionary its words cannot be checked")
            }
            let known = counted(count - evidence.withUnknownWord, "with every word in the English dictionary or the list")
            if share(evidence.withUnknownWord) <= 0.02 {
                return named("pocketsphinx", known + ", none with a capital, \(punctuation): PocketSphinx")
            }
            // Between PocketSphinx's (none) and typed English's (a sixth of the development set's): the two are not
            // told apart, and each one's profile costs the other's output dearly (asr-dev decided as typed: 49 right
            // against 104).
            if share(evidence.withUnknownWord) <= 0.08 {
                return RecognizerGuess(recognizer: nil, reason: known + ", none with a capital: PocketSphinx's or typed "
                    + "English, not told apart")
            }
        }
        // Typed text, respelled: mostly lowercase, no sentence punctuation, words of no dictionary.
        if share(evidence.withCapital) < 0.5 && share(evidence.withPunctuation) < 0.1 {
            let words = evidence.hasDictionary
                ? "\(evidence.outsideEnglish) not in English, \(evidence.withUnknownWord) English with a word of neither the "
                    + "English dictionary nor the list"
                : "\(evidence.outsideEnglish) not in English"
            return named("typed", "\(capitals), \(punctuation), \(words): typed")
        }
        return RecognizerGuess(recognizer: nil, reason: "\(capitals), \(punctuation): no one recognizer's writing")
    }
}

/// How a batch of queries is written, counted query by query (what ``RecognizerGuess`` reads).
public struct WritingEvidence: Sendable, Equatable {
    /// How one query is written.
    public struct Look: Sendable, Equatable {
        /// An uppercase letter anywhere.
        public var hasCapital: Bool
        /// A full stop, comma, question or exclamation mark, colon or semicolon (a recognizer's sentence; not
        /// the apostrophe or hyphen of a name).
        public var hasPunctuation: Bool
        /// In English (PocketSphinx's only language here).
        public var isEnglish: Bool
        /// An English query with a word that neither the pronouncing dictionary nor the list holds (`false` for
        /// other languages and without a dictionary).
        public var hasUnknownWord: Bool
        /// Its words are, word for word, a listed term's.
        public var isWrittenAsListed: Bool
        /// It came with an alternative of phones.
        public var hasPhoneAlternative: Bool

        /// Creates a look.
        public init(hasCapital: Bool, hasPunctuation: Bool, isEnglish: Bool, hasUnknownWord: Bool,
                    isWrittenAsListed: Bool, hasPhoneAlternative: Bool = false) {
            self.hasCapital = hasCapital
            self.hasPunctuation = hasPunctuation
            self.isEnglish = isEnglish
            self.hasUnknownWord = hasUnknownWord
            self.isWrittenAsListed = isWrittenAsListed
            self.hasPhoneAlternative = hasPhoneAlternative
        }

        /// Whether a text has a capital and sentence punctuation (the parts of a look that need no locale data).
        public static func surface(of text: String) -> (hasCapital: Bool, hasPunctuation: Bool) {
            var capital = false
            var punctuation = false
            for character in text {
                if character.isUppercase { capital = true }
                if ".,!?;:¿¡…。、".contains(character) { punctuation = true }
                if capital && punctuation { break }
            }
            return (capital, punctuation)
        }
    }

    /// Queries counted.
    public private(set) var queries = 0
    public private(set) var withCapital = 0
    public private(set) var withPunctuation = 0
    /// Queries in a language other than English.
    public private(set) var outsideEnglish = 0
    /// English queries with a word of neither the dictionary nor the list.
    public private(set) var withUnknownWord = 0
    public private(set) var writtenAsListed = 0
    public private(set) var withPhoneAlternative = 0
    /// Whether the English pronouncing dictionary was there to check words against.
    public var hasDictionary: Bool

    /// No queries yet.
    public init(hasDictionary: Bool) {
        self.hasDictionary = hasDictionary
    }

    /// Counts one query.
    public mutating func add(_ look: Look) {
        queries += 1
        if look.hasCapital { withCapital += 1 }
        if look.hasPunctuation { withPunctuation += 1 }
        if !look.isEnglish { outsideEnglish += 1 }
        if look.isEnglish && look.hasUnknownWord { withUnknownWord += 1 }
        if look.isWrittenAsListed { writtenAsListed += 1 }
        if look.hasPhoneAlternative { withPhoneAlternative += 1 }
    }
}
