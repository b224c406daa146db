public import Foundation

/// One user's ordered set of one string type, as stored.
public struct StoredVocabulary: Sendable, Hashable, Codable {
    /// The owner.
    public let user: UserID
    /// The string type.
    public let type: VocabularyStringType
    /// The entries, most important first: plain strings and speakable strings.
    public let entries: [VocabularyTerm]
    /// The entries' phrases, most important first.
    public var terms: [String] { entries.map(\.phrase) }

    /// The change stamp: a store-wide counter value, new on every replace, never reused; a long-running
    /// resolver compares it to know its index is stale.
    public let version: Int64
    /// When the set was last replaced.
    public let updatedAt: Date

    /// Creates a stored set of plain strings.
    public init(user: UserID, type: VocabularyStringType, terms: [String], version: Int64, updatedAt: Date) {
        self.init(user: user, type: type, entries: terms.map(VocabularyTerm.init), version: version,
                  updatedAt: updatedAt)
    }

    /// Creates a stored set.
    public init(user: UserID, type: VocabularyStringType, entries: [VocabularyTerm], version: Int64, updatedAt: Date) {
        self.user = user
        self.type = type
        self.entries = entries
        self.version = version
        self.updatedAt = updatedAt
    }
}

/// What a replace stored.
public struct ReplaceResult: Sendable, Hashable, Codable {
    /// How many terms the set now holds.
    public let stored: Int
    /// Repeated terms dropped (equal after NFC to an earlier one).
    public let repeats: Int
    /// Terms dropped by the priority bound.
    public let dropped: DropReport
    /// The set's new change stamp.
    public let version: Int64
    /// How many terms the set held before, or `nil` when it did not exist.
    public let previousCount: Int?

    /// Creates a result.
    public init(stored: Int, repeats: Int, dropped: DropReport, version: Int64, previousCount: Int?) {
        self.stored = stored
        self.repeats = repeats
        self.dropped = dropped
        self.version = version
        self.previousCount = previousCount
    }
}

/// What a removal erased.
public struct RemovalResult: Sendable, Hashable, Codable {
    /// The string types removed.
    public let types: [VocabularyStringType]
    /// How many terms they held.
    public let terms: Int
    /// The Siri language code removed with them (a removal of everything, when one was stored).
    public let language: String?

    /// Creates a result.
    public init(types: [VocabularyStringType], terms: Int, language: String? = nil) {
        self.types = types
        self.terms = terms
        self.language = language
    }
}
