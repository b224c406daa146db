import Synchronization

/// Keeps one built index per (user, type) for a long-running resolver, rebuilding it only when the
/// store's change stamp moves.
///
/// Each call reads the set's change stamp (a cheap query), so a replaced set is seen at the next
/// resolution and a removed one resolves against nothing: a deleted contact never resolves after its
/// removal returned.
public final class VocabularyIndexCache: Sendable {
    private struct Key: Hashable {
        let user: UserID
        let type: VocabularyStringType
        let language: SiriLanguageCode
    }

    private let store: any VocabularyStore
    private let entries = Mutex<[Key: VocabularyIndex]>([:])

    /// Creates a cache over a store.
    public init(store: any VocabularyStore) {
        self.store = store
    }

    /// The index of a user's set in a language, rebuilt when the set changed since it was built.
    ///
    /// - Parameters:
    ///   - user: The owner.
    ///   - type: The string type.
    ///   - preparer: The language's preparer (its language is part of the key).
    /// - Returns: The index; empty when the user has no such set.
    /// - Throws: Store or normalizer errors.
    public func index(for user: UserID, type: VocabularyStringType, preparer: TermPreparer) async throws -> VocabularyIndex {
        let key = Key(user: user, type: type, language: preparer.profile.language)
        let stamp = try await store.changeStamp(for: user, type: type)
        if let cached = entries.withLock({ $0[key] }), cached.version == stamp { return cached }
        let set = try await store.vocabulary(for: user, type: type)
        let index = try VocabularyIndex(terms: set?.terms ?? [], preparer: preparer, version: set?.version)
        entries.withLock { $0[key] = index }
        return index
    }

    /// How many indexes are held.
    public var count: Int { entries.withLock { $0.count } }
}
