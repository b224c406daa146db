public import Foundation
public import VocabCore
public import VocabReports

// The JSON bodies of the HTTP API (described in openapi.json). Answers name the user and type they are
// about, so that a log line or a test reads on its own.

/// `PUT /v1/users/{user}/vocabulary/{type}`.
struct ReplaceBody: Decodable, AllowedKeys {
    static let keys: Set<String> = ["terms"]
    let terms: [VocabularyTerm]
}

/// The answer to a replace: what was stored, what was dropped and why.
public struct ReplaceAnswer: Codable, Sendable {
    public struct Dropped: Codable, Sendable {
        public let count: Int
        public let first: [String]
        public let reason: String?
    }
    public let user: String
    public let type: String
    public let stored: Int
    public let repeats: Int
    public let version: Int64
    public let previousCount: Int?
    public let dropped: Dropped

    init(user: UserID, type: VocabularyStringType, result: ReplaceResult) {
        self.user = user.rawValue
        self.type = type.rawValue
        stored = result.stored
        repeats = result.repeats
        version = result.version
        previousCount = result.previousCount
        dropped = Dropped(count: result.dropped.count, first: result.dropped.first,
                          reason: result.dropped.reason?.description)
    }
}

/// One stored set.
public struct SetAnswer: Codable, Sendable {
    public let user: String
    public let type: String
    public let version: Int64
    public let updatedAt: Date
    public let count: Int
    /// Plain terms as strings, speakable ones as objects.
    public let terms: [VocabularyTerm]

    init(_ set: StoredVocabulary) {
        user = set.user.rawValue
        type = set.type.rawValue
        version = set.version
        updatedAt = set.updatedAt
        count = set.entries.count
        terms = set.entries
    }
}

/// All of a user's sets.
public struct SetsAnswer: Codable, Sendable {
    public let user: String
    public let sets: [SetAnswer]
}

/// What a removal erased.
public struct RemovalAnswer: Codable, Sendable {
    public let user: String
    public let removedTypes: [String]
    public let removedTerms: Int
    public let removedLanguage: String?

    init(user: UserID, result: RemovalResult) {
        self.user = user.rawValue
        removedTypes = result.types.map(\.rawValue)
        removedTerms = result.terms
        removedLanguage = result.language
    }
}

/// `PUT /v1/users/{user}/language`.
struct LanguageBody: Decodable, AllowedKeys {
    static let keys: Set<String> = ["code"]
    let code: String
}

/// A user's language: as stored, and what is in force with the locale serving it.
public struct LanguageAnswer: Encodable, Sendable {
    public let user: String
    public let stored: String?
    public let inForce: String
    public let locale: LocaleSelectionReport
}

/// `POST /v1/users/{user}/resolve`.
struct ResolveBody: Decodable, AllowedKeys {
    static let keys: Set<String> = ["query", "type", "language", "explain", "alternatives", "recognizer"]
    let query: String
    let type: String?
    let language: String?
    let explain: Bool?
    /// The recognizer's other hypotheses, best first after the query.
    var alternatives: [AlternativeBody]? = nil
    /// The recognizer that wrote the query, whose profile decides (absent: the shared decision).
    var recognizer: String? = nil
}

/// One of a recognizer's hypotheses in a resolve request: `{"text" or "phones", "confidence"?, "score"?}` (a
/// missing confidence or score is unknown, not zero; `phones` is what a phone recognizer heard, in ARPAbet).
struct AlternativeBody: Decodable {
    static let keys: Set<String> = ["text", "phones", "confidence", "score"]
    let text: String?
    let phones: String?
    let confidence: Double?
    let score: Double?

    private enum Key: String, CodingKey { case text, phones, confidence, score }

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: BodyDecoding.AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = keys.sorted().first(where: { !Self.keys.contains($0) }) {
            let field = BodyDecoding.path(decoder.codingPath + [BodyDecoding.AnyKey(stringValue: unknown)])
            throw Problem.invalid(field, "unknown key '\(unknown)'; expected confidence, phones, score, text")
        }
        let container = try decoder.container(keyedBy: Key.self)
        if keys.contains("text") && keys.contains("phones") {
            throw Problem.invalid(BodyDecoding.path(decoder.codingPath), "give text or phones, not both")
        }
        if keys.contains("phones") {
            text = nil
            phones = try container.decode(String.self, forKey: .phones)
        } else {
            text = try container.decode(String.self, forKey: .text)
            phones = nil
        }
        confidence = try container.decodeIfPresent(Double.self, forKey: .confidence)
        score = try container.decodeIfPresent(Double.self, forKey: .score)
    }

    var hypothesis: Hypothesis {
        phones.map { Hypothesis(phones: $0, confidence: confidence, score: score) }
            ?? Hypothesis(text: text ?? "", confidence: confidence, score: score)
    }
}

/// `POST /v1/locales/{locale}/parameters/{parameter}/resolve`.
struct AppResolveBody: Decodable, AllowedKeys {
    static let keys: Set<String> = ["query"]
    let query: String
}

/// A minted token: shown once, stored only as its digest.
public struct TokenAnswer: Codable, Sendable {
    public let user: String
    public let id: String
    public let token: String
    public let createdAt: Date
}

/// A user's tokens, by public id.
public struct TokenListAnswer: Codable, Sendable {
    public struct Token: Codable, Sendable {
        public let id: String
        public let createdAt: Date
    }
    public let user: String
    public let tokens: [Token]
}

/// What a revocation did.
public struct RevocationAnswer: Codable, Sendable {
    public let user: String
    public let revoked: Int
}

/// The locales the service holds.
public struct LocalesAnswer: Codable, Sendable {
    public struct Locale: Codable, Sendable {
        public let locale: String
        public let isDefault: Bool
        public let hasAppVocabulary: Bool
    }
    public let locales: [Locale]
}

/// `/healthz` and `/readyz`.
public struct HealthAnswer: Codable, Sendable {
    public let status: String
    public let detail: String?
}

/// `POST /v1/users/{user}/compare`: one phrase through several languages, against exactly one of a stored
/// set (`type`), pasted `terms`, or each locale's app vocabulary for a `parameter`.
struct CompareBody: Decodable, AllowedKeys {
    static let keys: Set<String> = ["query", "languages", "type", "terms", "parameter"]
    let query: String
    let languages: [String]
    let type: String?
    let terms: [VocabularyTerm]?
    let parameter: String?
}

/// `GET /v1/locales/lint`: what `vocab lint` finds in the service's locales folder.
public struct LintAnswer: Codable, Sendable {
    public struct Finding: Codable, Sendable {
        /// The file, relative to the locales folder.
        public let path: String
        public let line: Int?
        public let keyPath: String
        public let severity: String
        public let message: String

        init(path: String, line: Int?, keyPath: String, severity: String, message: String) {
            self.path = path
            self.line = line
            self.keyPath = keyPath
            self.severity = severity
            self.message = message
        }

        init(_ finding: LintFinding) {
            self.init(path: finding.path, line: finding.line, keyPath: finding.keyPath,
                      severity: finding.severity.rawValue, message: finding.message)
        }
    }
    public let files: Int
    public let errors: Int
    public let warnings: Int
    public let findings: [Finding]
}
