import Foundation

/// How likely a recognizer is to write a name's word wrong without help, from what its spelling and readings
/// show: a word the listener's language reads plainly and the recognizer has in its vocabulary is written right;
/// an unusual spelling, a word of another language, or one with no dictionary entry is not.
///
/// The probability is a logistic model of ``names`` (`Locales/shared/hint-model.txt`, the ``DecisionModel``
/// format: `bias`, one `weight` per feature, `accept`, the risk from which a word is likely misheard, and `offer`,
/// the risk under which it is written right alone), learned by
/// `scripts/train/learn_hint_risk.py` from what Whisper wrote for the training corpus's names without a prompt.
public struct HintRisk: Sendable {
    /// The features, in the model's order.
    public static let names = [
        "unknownToDictionary", "letters", "accented", "foreignOrigin", "readingGap", "unreadLetters",
        "silentLetters", "consonantRun", "lettersPerPhone", "rareLetters",
    ]

    /// One word's assessment.
    public struct Word: Sendable, Hashable, Encodable {
        /// The word (lowercase, accents kept).
        public let word: String
        /// The probability that the recognizer writes it wrong without help.
        public let risk: Double
        /// The feature values, in the order of ``HintRisk/names``.
        public let features: [Double]
        /// The features that raised the risk most, as `name +contribution`, for explanations.
        public let reasons: [String]
    }

    /// The model.
    public let model: DecisionModel
    /// The listener's reader.
    public let pronouncer: Pronouncer

    public init(model: DecisionModel, pronouncer: Pronouncer) {
        self.model = model
        self.pronouncer = pronouncer
    }

    /// The risk from which a word is likely misheard without help (the model's `accept`).
    public var threshold: Double { model.accept }

    /// The risk under which the recognizer writes a word right alone, so a prompt leaves it out (the model's
    /// `offer`; 0 leaves nothing out).
    public var rightAlone: Double { model.offer }

    /// One word assessed in the listener's language.
    ///
    /// - Parameter word: Lowercase, accents kept.
    public func assess(_ word: String) -> Word {
        let values = Self.features(of: word, pronouncer: pronouncer)
        let utility = model.utility(values: values)
        let contributions = model.contributions(values: values)
        let reasons = zip(Self.names, contributions).filter { $0.1 > 0.05 }.sorted { $0.1 > $1.1 }.prefix(3)
            .map { "\($0.0) +\((($0.1) * 100).rounded() / 100)" }
        return Word(word: word, risk: 1 / (1 + exp(-utility)), features: values, reasons: Array(reasons))
    }

    /// The feature values of a word (see ``names``):
    ///
    /// - `unknownToDictionary`: an English listener's pronouncing dictionary lacks it (0 for other languages);
    /// - `letters`: its length ÷ 10;
    /// - `accented`: it has a letter beyond ASCII;
    /// - `foreignOrigin`: its spelling points to another language than the listener's;
    /// - `readingGap`: how far the listener's reading is from that language's (1 − phone similarity);
    /// - `unreadLetters`: letters the listener's rules have no rule for, ÷ 2;
    /// - `silentLetters`: the share of letters read as silence;
    /// - `consonantRun`: the longest run of consonant letters, beyond two, ÷ 2;
    /// - `lettersPerPhone`: letters per phone of the listener's reading, beyond one;
    /// - `rareLetters`: letters the listener's rules list as `rare` (Italian k, w, x, y, j), and an `h` after a
    ///   consonant it does not form a digraph with, ÷ 2.
    public static func features(of word: String, pronouncer: Pronouncer) -> [Double] {
        let language = pronouncer.language
        let letters = Array(word.unicodeScalars.filter { $0.properties.isAlphabetic })
        guard !letters.isEmpty else { return Array(repeating: 0, count: names.count) }
        let unknown = language == "en" && pronouncer.dictionary != nil && pronouncer.dictionaryEntry(of: word) == nil ? 1.0 : 0
        let accented = letters.contains { $0.value >= 0x80 } ? 1.0 : 0
        let cued = OriginCues.ranked([pronouncer.origins.cuedLanguages(of: word)])
        let foreign = cued.first.map { $0 != language && pronouncer.rules[$0] != nil } ?? false
        let heard = pronouncer.phones(of: word, in: language)
        var gap = 0.0
        if foreign, let origin = cued.first {
            let said = pronouncer.phones(of: word, in: origin)
            if !said.isEmpty && !heard.isEmpty {
                gap = 1 - Double(PhoneAligner(costs: pronouncer.costs).similarity(query: heard, filler: Array(repeating: false, count: heard.count),
                                                                                 term: said[...]))
            }
        }
        var unread = 0.0
        var silent = 0.0
        if let reader = pronouncer.rules[language] {
            for step in reader.derivation(of: word) {
                if step.line == nil { unread += Double(step.letters.unicodeScalars.count) }
                else if step.phones.isEmpty { silent += Double(step.letters.unicodeScalars.count) }
            }
        }
        var run = 0
        var longest = 0
        for letter in letters {
            if Self.isVowel(letter) { run = 0 } else { run += 1; longest = max(longest, run) }
        }
        let rareLetters = pronouncer.rules[language]?.rareLetters ?? []
        let rare = Double(letters.indices.filter { Self.isRare(letters, at: $0, rareLetters: rareLetters) }.count)
        return [
            unknown,
            Double(letters.count) / 10,
            accented,
            foreign ? 1 : 0,
            gap,
            unread / 2,
            silent / Double(letters.count),
            Double(max(0, longest - 2)) / 2,
            heard.isEmpty ? 0 : max(0, Double(letters.count) / Double(heard.count) - 1),
            rare / 2,
        ]
    }

    private static func isVowel(_ letter: Unicode.Scalar) -> Bool {
        let base = Pronouncer.withoutAccents(String(letter))
        return ["a", "e", "i", "o", "u", "y"].contains(base)
    }

    /// Letters a language's own words seldom use (a recognizer trained on its text spells them less readily),
    /// and an `h` after a consonant that does not form a digraph with it (`dh`, `bh`, `kh`).
    private static func isRare(_ letters: [Unicode.Scalar], at index: Int, rareLetters: Set<Unicode.Scalar>) -> Bool {
        let letter = letters[index]
        if letter == "h", index > 0, !isVowel(letters[index - 1]), !["c", "s", "p", "t", "g"].contains(letters[index - 1]) {
            return true
        }
        return rareLetters.contains(letter)
    }
}
