import Foundation
import Synchronization

/// An in-memory ``VocabularyStore`` and ``AccessTokenStore`` with the same semantics as the SQLite one, for
/// tests and embedding.
public final class MemoryVocabularyStore: VocabularyStore, AccessTokenStore {
    private struct State {
        var sets: [UserID: [VocabularyStringType: StoredVocabulary]] = [:]
        var languages: [UserID: String] = [:]
        var tokens: [String: AccessTokenRecord] = [:]
        var lastVersion: Int64 = 0
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    public init() {}

    @discardableResult

    public func replace(
        _ terms: [VocabularyTerm], for user: UserID, type: VocabularyStringType, limits: VocabularyLimits,
        progress: (@Sendable (Int) -> Void)?
    ) async throws -> ReplaceResult {
        try state.withLock { (state: inout State) throws(VocabularyError) -> ReplaceResult in
            let userSets = state.sets[user, default: [:]]
            let others = userSets.filter { $0.key != type }.values.reduce(0) { $0 + $1.terms.count }
            let plan = try ReplacePlan(entries: terms, limits: limits, otherTypes: others)
            state.lastVersion += 1
            state.sets[user, default: [:]][type] = StoredVocabulary(
                user: user, type: type, entries: plan.entries, version: state.lastVersion, updatedAt: Date())
            progress?(plan.entries.count)
            return ReplaceResult(stored: plan.entries.count, repeats: plan.repeats, dropped: plan.dropped,
                                 version: state.lastVersion, previousCount: userSets[type]?.terms.count)
        }
    }

    public func vocabulary(for user: UserID, type: VocabularyStringType) async throws -> StoredVocabulary? {
        state.withLock { $0.sets[user]?[type] }
    }

    public func vocabularies(for user: UserID) async throws -> [StoredVocabulary] {
        state.withLock { ($0.sets[user] ?? [:]).values.sorted { $0.type.rawValue < $1.type.rawValue } }
    }

    public func changeStamp(for user: UserID, type: VocabularyStringType) async throws -> Int64? {
        state.withLock { $0.sets[user]?[type]?.version }
    }

    @discardableResult

    public func remove(_ type: VocabularyStringType, for user: UserID) async throws -> RemovalResult {
        state.withLock { state in
            guard let removed = state.sets[user]?.removeValue(forKey: type) else {
                return RemovalResult(types: [], terms: 0)
            }
            return RemovalResult(types: [type], terms: removed.terms.count)
        }
    }

    @discardableResult

    public func removeAll(for user: UserID) async throws -> RemovalResult {
        state.withLock { state in
            let removed = (state.sets.removeValue(forKey: user) ?? [:]).values.sorted { $0.type.rawValue < $1.type.rawValue }
            let language = state.languages.removeValue(forKey: user)
            return RemovalResult(types: removed.map(\.type), terms: removed.reduce(0) { $0 + $1.terms.count },
                                 language: language)
        }
    }

    public func language(for user: UserID) async throws -> String? {
        state.withLock { $0.languages[user] }
    }

    public func setLanguage(_ code: SiriLanguageCode?, for user: UserID) async throws {
        state.withLock { $0.languages[user] = code?.identifier }
    }

    public func saveToken(_ record: AccessTokenRecord) async throws {
        state.withLock { $0.tokens[record.digest] = record }
    }

    public func token(withDigest digest: String) async throws -> AccessTokenRecord? {
        state.withLock { $0.tokens[digest] }
    }

    public func tokens(of user: UserID) async throws -> [AccessTokenRecord] {
        state.withLock { $0.tokens.values.filter { $0.user == user }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }
    }

    public func revokeTokens(of user: UserID, id: String?) async throws -> Int {
        state.withLock { state in
            let doomed = state.tokens.values.filter { $0.user == user && (id == nil || $0.id == id) }
            for record in doomed { state.tokens.removeValue(forKey: record.digest) }
            return doomed.count
        }
    }
}
