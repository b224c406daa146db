/// One entry of a user's ordered set: a plain string, or a speakable string as SiriKit's
/// `INSpeakableString` has it — the app's identifier for the thing, the phrase the user says, and an
/// optional pronunciation hint.
///
/// A plain term is its phrase alone (`setVocabularyStrings(_:of:)`); a speakable one carries an identifier
/// (`setVocabulary(_:of:)`), which answers name so that the app gets its own object back (a contact's id,
/// not a name two contacts may share). The hint is a second reading of the phrase, spelled the way it
/// sounds ("shuh vaughn" for "Siobhan"), matched like the pronunciation of an app-vocabulary phrase.
public struct VocabularyTerm: Sendable, Hashable, Codable {
    /// What the user says, as written (`spokenPhrase`).
    public let phrase: String
    /// The app's identifier for the thing (`vocabularyIdentifier`), or `nil` for a plain string.
    public let identifier: String?
    /// How the phrase sounds, spelled in the user's language (`pronunciationHint`), if given.
    public let pronunciationHint: String?

    /// The longest identifier, in UTF-16 code units (identifiers name records: ids, URLs, keys).
    public static let maximumIdentifierLength = 1_024

    /// A plain string.
    public init(_ phrase: String) {
        self.phrase = phrase
        identifier = nil
        pronunciationHint = nil
    }

    /// A speakable string; an empty hint is no hint.
    public init(phrase: String, identifier: String?, pronunciationHint: String? = nil) {
        self.phrase = phrase
        self.identifier = identifier
        self.pronunciationHint = pronunciationHint.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the term carries an identifier (a speakable string).
    public var isSpeakable: Bool { identifier != nil }

    /// The first part of the term that breaks a rule, and the rule, or `nil` when the term is acceptable.
    ///
    /// Phrase and hint follow the rules of a vocabulary term (``VocabularyFile/problem(with:)``): printable,
    /// not blank, within ``TextLimits``. An identifier is not blank, has no control characters and is at most
    /// ``maximumIdentifierLength`` UTF-16 code units.
    ///
    /// - Returns: The field (`phrase`, `identifier`, `pronunciationHint`) and the problem.
    public var problem: (field: String, problem: String)? {
        if let problem = VocabularyFile.problem(with: phrase) { return ("phrase", problem) }
        if let identifier {
            if identifier.allSatisfy(\.isWhitespace) { return ("identifier", "is empty; expected the app's id") }
            if TextLimits.firstControlCharacter(in: identifier) != nil {
                return ("identifier", "has a control character; expected printable text")
            }
            if identifier.utf16.count > Self.maximumIdentifierLength {
                return ("identifier", "of \(identifier.utf16.count) UTF-16 code units is longer than the limit of "
                    + "\(Self.maximumIdentifierLength)")
            }
        }
        if let hint = pronunciationHint {
            if hint.allSatisfy(\.isWhitespace) { return ("pronunciationHint", "is blank; leave it out for no hint") }
            if let problem = VocabularyFile.problem(with: hint) { return ("pronunciationHint", problem) }
        }
        return nil
    }

    /// What makes two entries the same for repeat removal: the identifier of a speakable string (two
    /// contacts may share a name, never an id), the phrase of a plain one.
    var repeatKey: String { identifier.map { "id:" + $0 } ?? "phrase:" + phrase }
}

extension VocabularyTerm {
    private enum Key: String, CodingKey, CaseIterable {
        case phrase, identifier, pronunciationHint
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads a plain string (`"Anna"`) or a speakable one (`{"phrase": "Siobhan", "identifier": "c-17",
    /// "pronunciationHint": "shuh vaughn"}`); any other key is refused, naming it, so that a misspelt hint
    /// is not silently dropped.
    public init(from decoder: any Decoder) throws {
        if let phrase = try? decoder.singleValueContainer().decode(String.self) {
            self.init(phrase)
            return
        }
        let names: KeyedDecodingContainer<AnyKey>
        do { names = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "expected a string or an object with phrase, identifier, pronunciationHint"))
        }
        for key in names.allKeys where Key(rawValue: key.stringValue) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: names,
                debugDescription: "unknown key '\(key.stringValue)'; expected phrase, identifier, pronunciationHint")
        }
        let container = try decoder.container(keyedBy: Key.self)
        self.init(phrase: try container.decode(String.self, forKey: .phrase),
                  identifier: try container.decodeIfPresent(String.self, forKey: .identifier),
                  pronunciationHint: try container.decodeIfPresent(String.self, forKey: .pronunciationHint))
    }

    /// Writes a plain string as a string, a speakable one as an object.
    public func encode(to encoder: any Encoder) throws {
        if identifier == nil && pronunciationHint == nil {
            var container = encoder.singleValueContainer()
            try container.encode(phrase)
            return
        }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(phrase, forKey: .phrase)
        try container.encodeIfPresent(identifier, forKey: .identifier)
        try container.encodeIfPresent(pronunciationHint, forKey: .pronunciationHint)
    }
}
