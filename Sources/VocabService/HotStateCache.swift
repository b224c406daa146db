import Synchronization
import VocabCore

/// Short-lived memory of the two point reads every request makes — which user a token belongs to, and a
/// set's change stamp with the user's language — so that the hot path does not touch the database.
///
/// Coherence: every write through this service (replace, removal, language, revocation) drops the user's
/// entries before it returns, so the very next request reads the store again; a read that began before a
/// write never stores its answer (a generation counter). Writes by another process on the same store (the
/// CLI, another instance) are seen within ``lifetime``.
final class HotStateCache: Sendable {
    struct StateKey: Hashable {
        let user: UserID
        let type: VocabularyStringType
    }

    private struct Entry<Value> {
        let value: Value
        let expires: ContinuousClock.Instant
    }

    private struct State {
        var tokens: [String: Entry<UserID?>] = [:]
        var states: [StateKey: Entry<(changeStamp: Int64?, language: String?)>] = [:]
        var generation: UInt64 = 0
    }

    /// How long an answer is trusted without asking the store again.
    let lifetime: Duration
    /// Entries kept at most per table (the table is emptied when full: a crude but bounded policy).
    let maximumEntries: Int
    private let state = Mutex(State())

    init(lifetime: Duration, maximumEntries: Int = 100_000) {
        self.lifetime = lifetime
        self.maximumEntries = maximumEntries
    }

    /// The user of a token digest: remembered, or read by `load` and remembered.
    func user(ofDigest digest: String, load: () async throws -> UserID?) async throws -> UserID? {
        let now = ContinuousClock.now
        let (cached, generation) = state.withLock { ($0.tokens[digest], $0.generation) }
        if let cached, cached.expires > now { return cached.value }
        let user = try await load()
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.tokens.count >= maximumEntries { state.tokens.removeAll(keepingCapacity: true) }
            state.tokens[digest] = Entry(value: user, expires: now + lifetime)
        }
        return user
    }

    /// A set's stamp and the user's language: remembered, or read by `load` and remembered.
    func resolutionState(for key: StateKey, load: () async throws -> (changeStamp: Int64?, language: String?))
        async throws -> (changeStamp: Int64?, language: String?) {
        let now = ContinuousClock.now
        let (cached, generation) = state.withLock { ($0.states[key], $0.generation) }
        if let cached, cached.expires > now { return cached.value }
        let value = try await load()
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.states.count >= maximumEntries { state.states.removeAll(keepingCapacity: true) }
            state.states[key] = Entry(value: value, expires: now + lifetime)
        }
        return value
    }

    /// Forgets everything about a user (after any write of theirs, and after revoking their tokens).
    func forget(_ user: UserID) {
        state.withLock { state in
            state.generation &+= 1
            state.states = state.states.filter { $0.key.user != user }
            state.tokens = state.tokens.filter { $0.value.value != user }
        }
    }
}
