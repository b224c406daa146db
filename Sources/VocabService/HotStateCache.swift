import Synchronization
import VocabCore

/// Short-lived memory of the two point reads every request makes — which user a token belongs to, and a
/// set's change stamp with the user's language — so that the hot path does not touch the database.
///
/// Coherence: every write through this service (replace, removal, language, revocation) drops the user's
/// entries before it returns, so the very next request reads the store again; a read that began before a
/// write never stores its answer (a generation counter). Writes by other processes are dropped when a change
/// feed announces them (``forget(_:)``); while the feed is down the cache is not trusted at all
/// (``isTrusted``), and without a feed they are seen within the lifetimes.
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
        var isTrusted = true
    }

    /// How long a token's owner is trusted without asking the store again.
    let tokenLifetime: Duration
    /// How long a set's stamp and the user's language are trusted; zero reads them on every request.
    let stampLifetime: Duration
    /// Entries kept at most per table (the table is emptied when full: a crude but bounded policy).
    let maximumEntries: Int
    private let state = Mutex(State())

    init(tokenLifetime: Duration, stampLifetime: Duration, maximumEntries: Int = 100_000) {
        self.tokenLifetime = tokenLifetime
        self.stampLifetime = stampLifetime
        self.maximumEntries = maximumEntries
    }

    /// Whether remembered answers may be used; set to `false` while a change feed is interrupted (and
    /// everything is forgotten), back to `true` once it listens again.
    var isTrusted: Bool {
        get { state.withLock { $0.isTrusted } }
        set {
            state.withLock { state in
                state.isTrusted = newValue
                state.generation &+= 1
                state.tokens.removeAll()
                state.states.removeAll()
            }
        }
    }

    /// The user of a token digest: remembered, or read by `load` and remembered.
    func user(ofDigest digest: String, load: () async throws -> UserID?) async throws -> UserID? {
        guard tokenLifetime > .zero else { return try await load() }
        let now = ContinuousClock.now
        let (cached, generation, trusted) = state.withLock { ($0.tokens[digest], $0.generation, $0.isTrusted) }
        if trusted, let cached, cached.expires > now { return cached.value }
        let user = try await load()
        guard trusted else { return user }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.tokens.count >= maximumEntries { state.tokens.removeAll(keepingCapacity: true) }
            state.tokens[digest] = Entry(value: user, expires: now + tokenLifetime)
        }
        return user
    }

    // The two look-ups share their shape; a generic version over a key path into `State` does not compile
    // under Swift 6's region checks (a key passed into `Mutex.withLock` cannot be sent back out).

    /// A set's stamp and the user's language: remembered, or read by `load` and remembered.
    func resolutionState(for key: StateKey, load: () async throws -> (changeStamp: Int64?, language: String?))
        async throws -> (changeStamp: Int64?, language: String?) {
        guard stampLifetime > .zero else { return try await load() }
        let now = ContinuousClock.now
        let (cached, generation, trusted) = state.withLock { ($0.states[key], $0.generation, $0.isTrusted) }
        if trusted, let cached, cached.expires > now { return cached.value }
        let value = try await load()
        guard trusted else { return value }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.states.count >= maximumEntries { state.states.removeAll(keepingCapacity: true) }
            state.states[key] = Entry(value: value, expires: now + stampLifetime)
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
