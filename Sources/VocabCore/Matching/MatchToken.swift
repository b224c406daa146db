/// A token ready for matching: its folded spelling as bytes and its phonetic keys, computed once.
public struct MatchToken: Sendable, Hashable {
    /// The folded spelling (ASCII letters and digits; other bytes if a script was not transliterated).
    public let folded: [UInt8]
    /// The phonetic keys in the language in force (a slice: an index's words share one array of keys).
    public let keys: ArraySlice<String>
    /// What the token is to its name.
    public let role: NameToken.Role
    /// Whether a hyphen joins it to the previous token (`kathrin` in `Anne-Kathrin`).
    public let isJoinedToPrevious: Bool

    /// Creates a token.
    public init(folded: [UInt8], keys: [String], role: NameToken.Role, isJoinedToPrevious: Bool = false) {
        self.init(folded: folded, keySlice: keys[...], role: role, isJoinedToPrevious: isJoinedToPrevious)
    }

    /// Creates a token whose keys are part of a larger array (no copy).
    init(folded: [UInt8], keySlice keys: ArraySlice<String>, role: NameToken.Role, isJoinedToPrevious: Bool = false) {
        self.folded = folded
        self.keys = keys
        self.role = role
        self.isJoinedToPrevious = isJoinedToPrevious
    }

    /// The folded spelling as text.
    public var text: String { String(decoding: folded, as: UTF8.self) }

    /// Whether the token must be matched for a name to match (see ``NameToken/Role/isRequired``).
    public var isRequired: Bool { role.isRequired }

    /// Whether leaving the token unsaid makes a match partial (see ``NameToken/Role/countsForCoverage``).
    public var countsForCoverage: Bool { role.countsForCoverage }
}

/// One way of writing a term: its tokens. A term has several when it has several readings (the de-DE
/// `ue` spelling of `ü`, English and ISO romanizations of a Cyrillic or Greek name).
public struct TermForm: Sendable, Hashable {
    /// The tokens, in order.
    public let tokens: [MatchToken]
    /// Which reading this is: `folded`, `alternate`, `latin`, or a romanization's ICU ID.
    public let reading: String

    /// Creates a form.
    public init(tokens: [MatchToken], reading: String) {
        self.tokens = tokens
        self.reading = reading
    }
}

/// A vocabulary term prepared for matching: its readings as ids into the index's word table.
public struct IndexedTerm: Sendable, Hashable {
    /// One reading, compact: word ids (and the ids of adjacent pairs joined), with roles and hyphen joins.
    public struct Form: Sendable, Hashable {
        /// `folded`, `alternate`, `romanized`, `spelled` or `pronunciation`.
        public let reading: String
        let words: [Int32]
        let pairs: [Int32]
        let roles: [NameToken.Role]
        let joined: [Bool]
    }

    /// The term exactly as registered.
    public let text: String
    /// Its registration position: 0 is the most important.
    public let rank: Int
    /// Its readings; the first is the primary one.
    public let readings: [Form]
}
