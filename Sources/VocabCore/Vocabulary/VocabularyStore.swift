/// Durable per-user vocabulary: ordered sets per string type, and each user's Siri language setting.
///
/// Semantics every backend keeps (SQLite in `VocabStore`; ``MemoryVocabularyStore`` for tests):
/// - ``replace(_:for:type:limits:progress:)`` sets a type's whole ordered set in one transaction: the input
///   is checked in full first, and a failure leaves the previous set exactly as it was. Readers see the old
///   set or the new one, never a mix.
/// - Removals take effect before the call returns.
/// - Each replace gives the set a new change stamp.
public protocol VocabularyStore: Sendable {
    /// Replaces one type's ordered set.
    ///
    /// - Parameters:
    ///   - terms: The new set, most important first: plain or speakable strings; repeats keep their first
    ///     place (see ``ReplacePlan``).
    ///   - user: The owner.
    ///   - type: The string type.
    ///   - limits: The priority bound; terms past it are dropped and reported.
    ///   - progress: Called with the number of terms written so far, for long imports.
    /// - Returns: What was stored and dropped.
    /// - Throws: ``VocabularyError`` for a term that breaks a rule (nothing written), or a backend error.
    @discardableResult
    func replace(
        _ terms: [VocabularyTerm], for user: UserID, type: VocabularyStringType, limits: VocabularyLimits,
        progress: (@Sendable (Int) -> Void)?
    ) async throws -> ReplaceResult

    /// One type's set, or `nil` when the user has none.
    func vocabulary(for user: UserID, type: VocabularyStringType) async throws -> StoredVocabulary?

    /// All of a user's sets, by type name.
    func vocabularies(for user: UserID) async throws -> [StoredVocabulary]

    /// A set's change stamp, or `nil` when it does not exist; cheap, for polling.
    func changeStamp(for user: UserID, type: VocabularyStringType) async throws -> Int64?

    /// A set's change stamp and the user's stored language together (one round trip where the backend
    /// allows), for resolving.
    func resolutionState(for user: UserID, type: VocabularyStringType) async throws
        -> (changeStamp: Int64?, language: String?)

    /// Removes one type's set.
    @discardableResult
    func remove(_ type: VocabularyStringType, for user: UserID) async throws -> RemovalResult

    /// Removes every set of a user and their stored language (reset, sign-out: everything of the user).
    @discardableResult
    func removeAll(for user: UserID) async throws -> RemovalResult

    /// The user's stored Siri language code, as stored (canonical when written by ``setLanguage(_:for:)``).
    func language(for user: UserID) async throws -> String?

    /// Stores or clears the user's Siri language code.
    func setLanguage(_ code: SiriLanguageCode?, for user: UserID) async throws
}

extension VocabularyStore {
    /// The stamp and the language, read one after the other.
    public func resolutionState(for user: UserID, type: VocabularyStringType) async throws
        -> (changeStamp: Int64?, language: String?) {
        (try await changeStamp(for: user, type: type), try await language(for: user))
    }

    /// Replaces a set without progress reports.
    @discardableResult
    public func replace(
        _ terms: [VocabularyTerm], for user: UserID, type: VocabularyStringType, limits: VocabularyLimits = .standard
    ) async throws -> ReplaceResult {
        try await replace(terms, for: user, type: type, limits: limits, progress: nil)
    }

    /// Replaces a set with plain strings.
    @discardableResult
    public func replace(
        _ terms: [String], for user: UserID, type: VocabularyStringType, limits: VocabularyLimits = .standard,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws -> ReplaceResult {
        try await replace(terms.map(VocabularyTerm.init), for: user, type: type, limits: limits, progress: progress)
    }
}
