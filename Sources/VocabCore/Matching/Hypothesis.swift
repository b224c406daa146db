import Foundation

/// One of a recognizer's guesses at what was said: its text, and what the recognizer thought of it.
///
/// Recognizers hand out several (an N-best list): Apple's speech framework several transcriptions, cloud
/// recognizers ordered alternatives (often with a confidence on the first only), Whisper its beam's hypotheses
/// with their log-probabilities. A missing confidence or score means unknown, not zero.
///
/// A hypothesis may be phones instead of words: what a phone recognizer heard, in ARPAbet (PocketSphinx's phone
/// loop, its `allphone` search, writes `G R EY S L IH N`). It is heard by the phone matcher alone. Beside a grammar
/// decoder's transcript, which can only be a listed name, it is the evidence of what was really said.
public struct Hypothesis: Sendable, Hashable, Codable {
    /// What the recognizer wrote (empty for phones).
    public let text: String
    /// The phones it heard, ARPAbet separated by spaces, for a hypothesis of phones (`nil` for text).
    public let phones: String?
    /// The recognizer's confidence, 0…1, when it gave one (ranks hypotheses; rarely calibrated).
    public let confidence: Double?
    /// The recognizer's score (a log-probability per token for Whisper), when it gave one.
    public let score: Double?

    /// Creates a hypothesis of words.
    public init(text: String, confidence: Double? = nil, score: Double? = nil) {
        self.text = text
        self.phones = nil
        self.confidence = confidence
        self.score = score
    }

    /// Creates a hypothesis of phones: ARPAbet symbols separated by white space (stress digits, silence `SIL`
    /// and PocketSphinx's fillers such as `+NSN+` are allowed and left out when it is heard).
    public init(phones: String, confidence: Double? = nil, score: Double? = nil) {
        self.text = ""
        self.phones = phones
        self.confidence = confidence
        self.score = score
    }

    /// The ARPAbet symbols a hypothesis of phones names, upper case, without stress digits, silence or fillers
    /// (`g r ey1 s SIL` → `G R EY S`).
    public static func phoneSymbols(of phones: String) -> [String] {
        phones.split(whereSeparator: { $0.isWhitespace }).compactMap { symbol -> String? in
            if symbol.hasPrefix("+") && symbol.hasSuffix("+") { return nil }
            var name = symbol.uppercased()
            while let last = name.last, ("0"..."2").contains(last) { name.removeLast() }
            return name.isEmpty || name == "SIL" || name == "SP" ? nil : name
        }
    }

    /// The most alternatives one resolution weighs.
    public static let maximumAlternatives = 10

    /// The hypotheses of one utterance, checked: the query first, then the alternatives (one whose text is the
    /// query's gives the query its confidence and score, and is not counted again).
    ///
    /// - Parameters:
    ///   - noun: How to name an alternative in an error (`alternative`, `alternatives[2]`), given its
    ///     position (0-based).
    /// - Throws: ``VocabularyError`` naming the alternative at fault: more than ``maximumAlternatives``, a text
    ///   without words (only white space or dashes), with a control character or over ``TextLimits``, a
    ///   confidence outside 0…1, a score that is not finite.
    public static func checked(query: String, alternatives: [Hypothesis],
                               noun: (Int) -> String = { "alternative \($0 + 1)" }) throws(VocabularyError) -> [Hypothesis] {
        guard alternatives.count <= maximumAlternatives else {
            throw VocabularyError(subject: "the alternatives",
                                  problem: "are \(alternatives.count); at most \(maximumAlternatives) are weighed")
        }
        var hypotheses = [Hypothesis(text: query)]
        for (position, alternative) in alternatives.enumerated() {
            // The alternative's name is written only for an error.
            if let problem = alternative.phones.map(phonesProblem) ?? textProblem(alternative.text) {
                throw VocabularyError(subject: noun(position), problem: problem)
            }
            if let confidence = alternative.confidence, !(confidence.isFinite && (0...1).contains(confidence)) {
                throw VocabularyError(subject: noun(position), problem: "has confidence \(confidence); expected 0…1")
            }
            if let score = alternative.score, !score.isFinite {
                throw VocabularyError(subject: noun(position), problem: "has a score that is not a finite number")
            }
            if alternative.phones == nil && alternative.text == query && hypotheses[0].confidence == nil
                && hypotheses[0].score == nil {
                hypotheses[0] = Hypothesis(text: query, confidence: alternative.confidence, score: alternative.score)
            } else {
                hypotheses.append(alternative)
            }
        }
        return hypotheses
    }

    /// What is wrong with a recognizer's text, as the rest of a sentence naming it (`has no words`), or `nil`: a
    /// text without words (only white space or dashes), with a control character, or over ``TextLimits``.
    public static func textProblem(_ text: String) -> String? {
        if !TextLimits.hasWord(in: text) { return "has no words" }
        if let control = TextLimits.firstControlCharacter(in: text) {
            return "has the control character U+" + String(control.value, radix: 16, uppercase: true) + "; expected printable text"
        }
        if let problem = TextLimits.lengthProblem(with: text, noun: "text") { return "is refused: \(problem)" }
        return nil
    }

    /// What is wrong with a hypothesis's phones, as ``textProblem(_:)`` says it, or `nil`: no phone (only white
    /// space, silence or fillers), a character that is not an ASCII letter, digit, `+`, `_` or white space, or
    /// over ``TextLimits``. Whether each symbol is ARPAbet is for the resolver, which knows the mapping.
    public static func phonesProblem(_ phones: String) -> String? {
        if let odd = phones.unicodeScalars.first(where: { !($0.isASCII && ($0.properties.isAlphabetic
            || ("0"..."9").contains($0) || $0 == "+" || $0 == "_" || $0 == " " || $0 == "\t")) }) {
            return "has phones with the character U+" + String(odd.value, radix: 16, uppercase: true)
                + "; expected ARPAbet symbols separated by spaces"
        }
        if phoneSymbols(of: phones).isEmpty { return "has no phones (only silence or fillers)" }
        if let problem = TextLimits.lengthProblem(with: phones, noun: "phones") { return "is refused: \(problem)" }
        return nil
    }

    /// A recognizer's text without the punctuation and spaces that open and close it (`¿`, `.`, `!`, `…`):
    /// the part its words come from. Two texts with the same words part read the same.
    public static func wordsPart(of text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isEnclosing($0) }),
              let last = scalars.lastIndex(where: { !isEnclosing($0) }) else { return text[text.endIndex...] }
        return Substring(scalars[first...last])
    }

    /// Whether a character is white space or punctuation a recognizer writes around a sentence.
    private static func isEnclosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "!", "?", "…", ",", ";", ":", "¡", "¿", "。", "！", "？": true
        default: scalar.properties.isWhitespace
        }
    }

    /// What is wrong with a JSON alternative (callers name its place in their own words).
    public enum JSONProblem: Error, Sendable, Equatable {
        /// The alternative is not an object.
        case notAnObject
        /// A key other than `text`, `phones`, `confidence` and `score`.
        case unknownKey(String)
        /// `text` is not a string, or neither `text` nor `phones` is given.
        case textNotAString
        /// `phones` is not a string.
        case phonesNotAString
        /// Both `text` and `phones` are given.
        case textAndPhones
        /// `confidence` or `score` is neither a finite number nor null.
        case notANumber(key: String)
    }

    /// The keys of a JSON alternative.
    public static let jsonKeys = ["text", "phones", "confidence", "score"]

    /// A hypothesis from a JSON object as `JSONSerialization` reads it: `{"text" or "phones", "confidence"?,
    /// "score"?}` (a missing or null confidence or score is unknown).
    ///
    /// - Parameter allowingOtherKeys: Whether keys besides ``jsonKeys`` are ignored rather than refused.
    public init(json item: Any, allowingOtherKeys: Bool) throws(JSONProblem) {
        guard let object = item as? [String: Any] else { throw .notAnObject }
        if !allowingOtherKeys, let unknown = object.keys.sorted().first(where: { !Self.jsonKeys.contains($0) }) {
            throw .unknownKey(unknown)
        }
        if object["text"] != nil && object["phones"] != nil { throw .textAndPhones }
        if let phones = object["phones"] {
            guard let phones = phones as? String else { throw .phonesNotAString }
            self.init(phones: phones, confidence: try Self.number("confidence", in: object),
                      score: try Self.number("score", in: object))
            return
        }
        guard let text = object["text"] as? String else { throw .textNotAString }
        self.init(text: text, confidence: try Self.number("confidence", in: object), score: try Self.number("score", in: object))
    }

    /// A JSON object's finite number at `key`, `nil` when missing or null.
    private static func number(_ key: String, in object: [String: Any]) throws(JSONProblem) -> Double? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard !(value is Bool), let number = value as? NSNumber, number.doubleValue.isFinite else {
            throw .notANumber(key: key)
        }
        return number.doubleValue
    }

    /// How much each hypothesis counts, summing to 1: the confidences when every one has a confidence; else the
    /// softmax of the scores when every one has a score; else the known confidences, with each unknown one
    /// counted as the mean of the known (all equal when none is known).
    public static func weights(of hypotheses: [Hypothesis]) -> [Double] {
        guard !hypotheses.isEmpty else { return [] }
        var raw: [Double]
        if hypotheses.allSatisfy({ $0.confidence != nil }) {
            raw = hypotheses.map { $0.confidence! }
        } else if hypotheses.allSatisfy({ $0.score != nil }) {
            let top = hypotheses.map { $0.score! }.max()!
            raw = hypotheses.map { exp($0.score! - top) }
        } else {
            let known = hypotheses.compactMap(\.confidence)
            let stand = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
            raw = hypotheses.map { $0.confidence ?? stand }
        }
        let total = raw.reduce(0, +)
        guard total > 0 else { return Array(repeating: 1 / Double(raw.count), count: raw.count) }
        return raw.map { $0 / total }
    }
}
