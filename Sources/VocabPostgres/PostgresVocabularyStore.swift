import Foundation
import Synchronization
public import Logging
public import PostgresNIO
public import ServiceLifecycle
public import VocabCore
import VocabStore

/// The PostgreSQL ``VocabularyCore/VocabularyStore``, for several `vocab serve` instances sharing users.
///
/// Same semantics as the SQLite store: a replace runs in one transaction (lock the user, read the sizes,
/// take the next change stamp, delete the old terms, insert the new ones in one statement, announce), so a
/// failure — a rejected term, a database error, a connection killed mid-way — leaves the previous set as it
/// was, and readers see the old set or the new one. Writes of one user are serialized by a transaction-level
/// advisory lock on the user; the capacity counts the user's other sets under that lock.
///
/// Every committed write announces itself on the channel ``notificationChannel`` (delivered at commit, never
/// for a rolled-back transaction); ``followChanges(_:)`` listens to it.
///
/// The store holds a connection pool (`PostgresClient`), which must run: call ``run()`` in a long-lived
/// task (the store is a `ServiceLifecycle.Service`) before the first query.
public final class PostgresVocabularyStore: VocabularyStore, VocabularyChangeFeed, Service {
    /// The channel writes announce themselves on.
    public static let notificationChannel = "vocab_changes"

    /// Where the database is, password hidden.
    public let url: DatabaseURL
    let client: PostgresClient
    let logger: Logger
    private let beforeCommittingReplace: (@Sendable (PostgresConnection) async throws -> Void)?
    /// How long a request waits for a pooled connection before failing.
    let connectionTimeout: Duration
    /// How long a request's whole database work may take, waiting for a connection included.
    let requestTimeout: Duration
    /// Answers requests whose connection closed under them.
    let watch = ConnectionWatch()

    /// Creates the store over a pool of at most `maximumConnections` connections. Nothing connects until
    /// ``run()`` runs and a query asks.
    ///
    /// A request waits at most `connectTimeout` for a connection (to connect one, or for one to be free),
    /// and its whole work takes at most `requestTimeout`; then it fails with a
    /// ``VocabStore/VocabularyStoreError`` (the service answers 503). A request over its time has its
    /// connection closed: PostgreSQL stops its statements and rolls its transaction back, so a write that
    /// failed this way left nothing behind.
    ///
    /// - Parameters:
    ///   - beforeCommittingReplace: Test hook run inside a replace's transaction after the terms are inserted
    ///     and before the commit; throwing from it (or killing the connection in it) must leave the old set.
    public init(url: DatabaseURL, maximumConnections: Int = 20, connectTimeout: Duration = .seconds(2),
                requestTimeout: Duration = .seconds(30), logger: Logger = Logger(label: "vocab.postgres"),
                beforeCommittingReplace: (@Sendable (PostgresConnection) async throws -> Void)? = nil) {
        self.url = url
        self.logger = logger
        self.beforeCommittingReplace = beforeCommittingReplace
        self.connectionTimeout = connectTimeout
        self.requestTimeout = max(requestTimeout, connectTimeout)
        var configuration = url.configuration
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = connectTimeout
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// Runs the connection pool until the task is cancelled (or the service group shuts down).
    public func run() async throws {
        await client.run()
    }

    /// Creates the schema or brings it up to date (named migrations; safe when several instances start at
    /// once).
    ///
    /// - Returns: The names of the migrations applied now (empty when the schema was current).
    @discardableResult
    public func migrate() async throws -> [String] {
        try await mapErrors { try await withConnection { [logger] in try await PostgresSchema.migrate($0, logger: logger) } }
    }

    // MARK: Writes

    @discardableResult

    public func replace(
        _ terms: [VocabularyTerm], for user: UserID, type: VocabularyStringType, limits: VocabularyLimits,
        progress: (@Sendable (Int) -> Void)?
    ) async throws -> ReplaceResult {
        // The terms are checked (ReplacePlan) inside the transaction, after the user's sizes are read under
        // the lock: the capacity depends on them. A rejected term rolls the transaction back.
        let hook = beforeCommittingReplace
        return try await mapErrors {
            try await withTransaction { [logger] connection in
                let (previous, others) = try await Self.lockAndMeasure(connection, user: user, type: type,
                                                                       logger: logger)
                let plan = try ReplacePlan(entries: terms, limits: limits, otherTypes: others)
                let version = try await connection.query("SELECT nextval('vocabulary_change_stamp')", logger: logger)
                    .decode(Int64.self).first { _ in true } ?? 0
                try await connection.query(
                    "DELETE FROM vocabulary_term WHERE user_id = \(user.rawValue) AND type = \(type.rawValue)",
                    logger: logger)
                try await connection.query("""
                    INSERT INTO vocabulary_set (user_id, type, version, term_count, updated_at)
                    VALUES (\(user.rawValue), \(type.rawValue), \(version), \(plan.entries.count), \(Date()))
                    ON CONFLICT (user_id, type) DO UPDATE SET version = excluded.version,
                        term_count = excluded.term_count, updated_at = excluded.updated_at
                    """, logger: logger)
                if !plan.entries.isEmpty {
                    try await connection.query("""
                        INSERT INTO vocabulary_term (user_id, type, rank, term, identifier, pronunciation_hint)
                        SELECT \(user.rawValue), \(type.rawValue), t.ordinal - 1, t.p, t.i, t.h
                        FROM ROWS FROM (json_to_recordset(\(try TermRows.json(plan.entries))::json)
                            AS (p text, i text, h text)) WITH ORDINALITY AS t(p, i, h, ordinal)
                        """, logger: logger)
                }
                progress?(plan.entries.count)
                try await Self.announce(VocabularyChange(user: user, type: type, changeStamp: version),
                                        on: connection, logger: logger)
                try await hook?(connection)
                return ReplaceResult(stored: plan.entries.count, repeats: plan.repeats, dropped: plan.dropped,
                                     version: version, previousCount: previous)
            }
        }
    }

    @discardableResult

    public func remove(_ type: VocabularyStringType, for user: UserID) async throws -> RemovalResult {
        try await mapErrors {
            try await withTransaction { [logger] connection in
                let (previous, _) = try await Self.lockAndMeasure(connection, user: user, type: type, logger: logger)
                guard let count = previous else { return RemovalResult(types: [], terms: 0) }
                try await connection.query(
                    "DELETE FROM vocabulary_set WHERE user_id = \(user.rawValue) AND type = \(type.rawValue)",
                    logger: logger)
                try await Self.announce(VocabularyChange(user: user, type: type), on: connection, logger: logger)
                return RemovalResult(types: [type], terms: count)
            }
        }
    }

    @discardableResult

    public func removeAll(for user: UserID) async throws -> RemovalResult {
        try await mapErrors {
            try await withTransaction { [logger] connection in
                try await Self.lock(user, on: connection, logger: logger)
                var types: [VocabularyStringType] = []
                var terms = 0
                for (name, count) in try await Self.setSizes(connection, user: user, logger: logger) {
                    if let type = VocabularyStringType(rawValue: name) { types.append(type) }
                    terms += count
                }
                let language = try await connection.query(
                    "SELECT siri_language_code FROM user_setting WHERE user_id = \(user.rawValue)", logger: logger)
                    .decode(String?.self).first { _ in true } ?? nil
                try await connection.query("DELETE FROM vocabulary_set WHERE user_id = \(user.rawValue)", logger: logger)
                try await connection.query("DELETE FROM user_setting WHERE user_id = \(user.rawValue)", logger: logger)
                try await Self.announce(VocabularyChange(user: user), on: connection, logger: logger)
                return RemovalResult(types: types, terms: terms, language: language)
            }
        }
    }

    public func setLanguage(_ code: SiriLanguageCode?, for user: UserID) async throws {
        try await mapErrors {
            try await withTransaction { [logger] connection in
                try await connection.query("""
                    INSERT INTO user_setting (user_id, siri_language_code) VALUES (\(user.rawValue), \(code?.identifier))
                    ON CONFLICT (user_id) DO UPDATE SET siri_language_code = excluded.siri_language_code
                    """, logger: logger)
                try await Self.announce(VocabularyChange(user: user), on: connection, logger: logger)
            }
        }
    }

    // MARK: Reads

    public func vocabulary(for user: UserID, type: VocabularyStringType) async throws -> StoredVocabulary? {
        try await mapErrors {
            try await readingTransaction { [logger] connection in
                try await Self.readOnlySnapshot(connection, logger: logger)
                return try await Self.fetchSet(connection, user: user, type: type, logger: logger)
            }
        }
    }

    public func vocabularies(for user: UserID) async throws -> [StoredVocabulary] {
        try await mapErrors {
            try await readingTransaction { [logger] connection in
                try await Self.readOnlySnapshot(connection, logger: logger)
                let types = try await Self.setSizes(connection, user: user, logger: logger)
                    .compactMap { VocabularyStringType(rawValue: $0.type) }
                var sets: [StoredVocabulary] = []
                for type in types {
                    if let set = try await Self.fetchSet(connection, user: user, type: type, logger: logger) {
                        sets.append(set)
                    }
                }
                return sets
            }
        }
    }

    public func changeStamp(for user: UserID, type: VocabularyStringType) async throws -> Int64? {
        try await mapErrors {
            try await reading { [logger] connection in
                try await connection.query(
                    "SELECT version FROM vocabulary_set WHERE user_id = \(user.rawValue) AND type = \(type.rawValue)",
                    logger: logger).decode(Int64.self).first { _ in true }
            }
        }
    }

    /// The stamp and the language in one round trip (one statement, one snapshot).
    public func resolutionState(for user: UserID, type: VocabularyStringType) async throws
        -> (changeStamp: Int64?, language: String?) {
        try await mapErrors {
            let row = try await reading { [logger] connection in
                try await connection.query("""
                    SELECT (SELECT version FROM vocabulary_set WHERE user_id = \(user.rawValue) AND type = \(type.rawValue)),
                           (SELECT siri_language_code FROM user_setting WHERE user_id = \(user.rawValue))
                    """, logger: logger).decode((Int64?, String?).self).first { _ in true }
            }
            return (row?.0, row?.1)
        }
    }

    public func language(for user: UserID) async throws -> String? {
        try await mapErrors {
            try await reading { [logger] connection in
                try await connection.query(
                    "SELECT siri_language_code FROM user_setting WHERE user_id = \(user.rawValue)", logger: logger)
                    .decode(String?.self).first { _ in true } ?? nil
            }
        }
    }

    // MARK: Helpers

    /// Serializes the user's writes (until the transaction ends) and reads the set's size and the size of the
    /// user's other sets.
    private static func lockAndMeasure(_ connection: PostgresConnection, user: UserID, type: VocabularyStringType,
                                       logger: Logger) async throws -> (previous: Int?, others: Int) {
        try await lock(user, on: connection, logger: logger)
        var previous: Int?
        var others = 0
        for (name, count) in try await setSizes(connection, user: user, logger: logger) {
            if name == type.rawValue { previous = count } else { others += count }
        }
        return (previous, others)
    }

    /// The user's sets and their sizes, by type, read as one row (see ``fetchSet(_:user:type:logger:)``).
    private static func setSizes(_ connection: PostgresConnection, user: UserID, logger: Logger) async throws
        -> [(type: String, count: Int)] {
        let json = try await connection.query("""
            SELECT coalesce(json_agg(json_build_array(type, term_count) ORDER BY type), '[]'::json)::text
            FROM vocabulary_set WHERE user_id = \(user.rawValue)
            """, logger: logger).decode(String.self).first(where: { _ in true }) ?? "[]"
        return try SingleRow.pairs(json, as: (String.self, Int.self)).map { (type: $0, count: $1) }
    }

    private static func lock(_ user: UserID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(user.rawValue), 0))",
                                   logger: logger)
    }

    /// Announces a change; PostgreSQL delivers it when (and only if) the transaction commits.
    static func announce(_ change: VocabularyChange, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_notify(\(notificationChannel), \(change.payload))", logger: logger)
    }

    /// Makes the current transaction a read-only snapshot (repeatable read), so a set and its terms are read
    /// as of one moment.
    private static func readOnlySnapshot(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
    }

    /// Reads one set as one row: its stamp, its time, and its terms in order as one JSON array of
    /// `[term, identifier, hint]`.
    ///
    /// One row, not one per term: postgres-nio 1.33.2 stops the process with a precondition failure
    /// (`RowStreamStateMachine.channelReadComplete`) when the server ends a connection while a many-row
    /// result waits for its reader, and such a read was left waiting forever otherwise. A one-row result
    /// has no rows behind the one being read.
    private static func fetchSet(_ connection: PostgresConnection, user: UserID, type: VocabularyStringType,
                                 logger: Logger) async throws -> StoredVocabulary? {
        guard let (version, updatedAt, json) = try await connection.query("""
            SELECT s.version, s.updated_at,
                   (SELECT coalesce(json_agg(json_build_array(t.term, t.identifier, t.pronunciation_hint)
                                             ORDER BY t.rank), '[]'::json)::text
                    FROM vocabulary_term t WHERE t.user_id = s.user_id AND t.type = s.type)
            FROM vocabulary_set s WHERE s.user_id = \(user.rawValue) AND s.type = \(type.rawValue)
            """, logger: logger).decode((Int64, Date, String).self).first(where: { _ in true })
        else { return nil }
        let entries = try TermRows.terms(fromJSON: json)
        return StoredVocabulary(user: user, type: type, entries: entries, version: version, updatedAt: updatedAt)
    }

    /// Runs `body` on a pooled connection, waiting at most ``connectionTimeout`` for one (a database that is
    /// down or saturated fails fast instead of queueing requests) and at most ``requestTimeout`` in all.
    ///
    /// At the request timeout the caller is answered at once and the connection is closed under `body`:
    /// a connection whose server went away may otherwise leave a query unanswered for ever (seen with
    /// postgres-nio 1.33.2 when backends were terminated under readers), and closing is the one cancel
    /// that always reaches the server (it ends the statement and rolls the transaction back).
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T {
        // Not a task group: a group would wait for the lease to end even after the timeout, and the pool does
        // not give up a lease it is still trying to fill (a database refusing connections keeps it waiting).
        let race = LeaseRace<T>()
        let (connectionTimeout, requestTimeout) = (connectionTimeout, requestTimeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let work = Task { [client, watch] in
                    do {
                        let value = try await Self.leasingOpen(from: client, watch: watch, race: race, body)
                        race.finish(.success(value), byWork: true)
                    } catch {
                        race.finish(.failure(error), byWork: true)
                    }
                }
                race.setWork(work)
                race.setTimer(Task {
                    guard (try? await Task.sleep(for: connectionTimeout)) != nil else { return }
                    race.expireWaiting(DatabaseTimeout(timeout: connectionTimeout, waitingForConnection: true))
                    guard (try? await Task.sleep(for: requestTimeout - connectionTimeout)) != nil else { return }
                    race.expireWorking(DatabaseTimeout(timeout: requestTimeout, waitingForConnection: false))
                })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Leases a connection that is still open and runs `body` on it. The pool may lend a connection whose
    /// server ended it while it was idle (terminated backend, restart) before it has noticed; a query on it
    /// is never answered (postgres-nio 1.33.2), so such a connection is closed and another one leased, up to
    /// three times.
    private static func leasingOpen<T: Sendable>(
        from client: PostgresClient, watch: ConnectionWatch, race: LeaseRace<T>,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        for attempt in 1...3 {
            let outcome: T? = try await client.withConnection { connection in
                if connection.isClosed, attempt < 3 { return nil }
                guard race.markLeased(connection) else { throw CancellationError() }
                let token = watch.add(connection) { race.finish(.failure(ConnectionLost())) }
                defer { watch.remove(connection, token: token) }
                do {
                    return try await body(connection)
                } catch where Self.isConnectionFailure(error) {
                    // The connection died under the request (killed, server shutdown, network): close it for
                    // good before the pool gets it back, or the pool could lend it again while it is still
                    // closing.
                    try? await connection.close().get()
                    throw error
                }
            }
            if let outcome { return outcome }
        }
        throw CancellationError()  // not reached: the third attempt runs `body` whatever the connection
    }

    /// Runs a read (see ``withConnection(_:)``), once more on a fresh connection when the first was lost
    /// under it (terminated, restarted): a read can be repeated, and the pool has usually replaced the
    /// connection by then. At most two tries, each within the request bound.
    func reading<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await withConnection(body)
        } catch where error is ConnectionLost || Self.isConnectionFailure(error) {
            return try await withConnection(body)
        }
    }

    /// A read in a transaction, as ``reading(_:)``.
    func readingTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T {
        try await reading { [logger] connection in
            try await connection.withTransaction(logger: logger) { try await body($0) }
        }
    }

    /// Runs `body` in a transaction on a pooled connection (see ``withConnection(_:)``): committed when it
    /// returns, rolled back when it throws.
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T {
        try await withConnection { [logger] connection in
            try await connection.withTransaction(logger: logger) { try await body($0) }
        }
    }

    /// Whether a request failed because its connection failed (not because of its statements): the
    /// connection closed or broke, or the server ended its session (SQLSTATE classes 08, connection
    /// exception, and 57P, operator intervention: terminated, shutting down).
    static func isConnectionFailure(_ error: any Error) -> Bool {
        let causes: [(any Error)?] = if let transaction = error as? PostgresTransactionError {
            [transaction.closureError, transaction.commitError, transaction.beginError, transaction.rollbackError]
        } else {
            [error]
        }
        return causes.contains { cause in
            guard let error = cause as? PSQLError else { return false }
            if error.code == .server {
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || state.hasPrefix("57P")
            }
            return error.code == .serverClosedConnection || error.code == .clientClosedConnection
                || error.code == .connectionError || error.code == .uncleanShutdown
        }
    }

    /// One request racing its timers: whichever ends first answers. A lease still pending when the request
    /// is answered otherwise is cancelled and left to end on its own; a connection leased by then is closed.
    private final class LeaseRace<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var work: Task<Void, Never>?
            var timer: Task<Void, Never>?
            var connection: PostgresConnection?
            var leased = false
            var done = false
        }
        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<T, any Error>) {
            // Cancelled before it began: answer at once.
            let cancelled = state.withLock { state in
                if !state.done { state.continuation = continuation }
                return state.done
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
        }
        func setWork(_ work: Task<Void, Never>) {
            let cancelNow = state.withLock { state in
                state.work = work
                return state.done
            }
            if cancelNow { work.cancel() }
        }

        func setTimer(_ timer: Task<Void, Never>) {
            let cancelNow = state.withLock { state in
                state.timer = timer
                return state.done
            }
            if cancelNow { timer.cancel() }
        }

        /// Notes the connection the work holds; `false` when the request was already answered (the work
        /// then gives the connection back without using it).
        func markLeased(_ connection: PostgresConnection) -> Bool {
            let open = state.withLock { state in
                state.leased = true
                state.connection = connection
                return !state.done
            }
            return open
        }

        /// Answers with `result` unless already answered. An answer that does not come from the work itself
        /// (a timeout, a cancellation, a lost connection) stops the work: its lease is cancelled, or its
        /// connection closed.
        func finish(_ result: Result<T, any Error>, byWork: Bool = false) {
            let (continuation, work, connection, timer) = state.withLock { state in
                guard !state.done else {
                    return (CheckedContinuation<T, any Error>?.none, Task<Void, Never>?.none, PostgresConnection?.none,
                            Task<Void, Never>?.none)
                }
                state.done = true
                defer { state.continuation = nil }
                return (state.continuation, state.work, state.connection, state.timer)
            }
            timer?.cancel()
            continuation?.resume(with: result)
            guard !byWork, continuation != nil else { return }
            if let connection {
                let closing: EventLoopFuture<Void> = connection.close()
                _ = closing
            } else {
                work?.cancel()
            }
        }

        /// Fails with `error` unless answered or holding a connection by now.
        func expireWaiting(_ error: any Error) {
            guard !state.withLock({ $0.leased || $0.done }) else { return }
            finish(.failure(error))
        }

        /// Fails with `error` unless answered by now.
        func expireWorking(_ error: any Error) {
            finish(.failure(error))
        }
    }

    /// The connection closed under a request that was never answered.
    struct ConnectionLost: Error {}

    /// No connection could be had in time, or the work did not end in time.
    struct DatabaseTimeout: Error {
        let timeout: Duration
        let waitingForConnection: Bool
    }

    /// Turns database errors into ``VocabStore/VocabularyStoreError`` naming the database (password hidden)
    /// and PostgreSQL's reason; rule errors pass through (also from inside a transaction).
    func mapErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgresTransactionError {
            if let closureError = error.closureError, !(closureError is PSQLError) { throw closureError }
            let cause = error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError
            throw storeError(cause)
        } catch let error as PSQLError {
            throw storeError(error)
        } catch let error as DatabaseTimeout {
            throw storeError(error)
        } catch let error as ConnectionLost {
            throw storeError(error)
        }
    }

    private func storeError(_ cause: (any Error)?) -> VocabularyStoreError {
        let message = switch cause {
        case let error as PSQLError: Self.reason(error)
        case let error as DatabaseTimeout where error.waitingForConnection:
            "no database connection within \(error.timeout)"
        case let error as DatabaseTimeout: "the database did not answer within \(error.timeout)"
        case is ConnectionLost: "the connection closed during the request"
        case let error?: "\(error)"
        case nil: "the transaction failed"
        }
        let state = (cause as? PSQLError)?.serverInfo?[.sqlState]
        return VocabularyStoreError(path: url.redacted, message: message, isStorageFull: state == "53100")
    }

    /// PostgreSQL's message and SQLSTATE for a server error; the kind of failure (and its cause) otherwise.
    static func reason(_ error: PSQLError) -> String {
        if let info = error.serverInfo, let message = info[.message] {
            return "\(message) (SQLSTATE \(info[.sqlState] ?? "?"))"
        }
        switch error.code {
        case .connectionError:
            return "cannot connect: \(error.underlying.map { String(describing: $0) } ?? "no reason given")"
        case .serverClosedConnection:
            return "the server closed the connection"
        case .clientClosedConnection:
            return "the connection closed during the request"
        case .poolClosed:
            return "the connection pool is closed"
        default:
            return "\(error.code)\(error.underlying.map { ": \($0)" } ?? "")"
        }
    }
}

/// Results read as one row holding a JSON array, so that no row stream is left waiting behind its reader
/// (see ``PostgresVocabularyStore``'s `fetchSet`).
enum SingleRow {
    /// `[[a, b], …]` as pairs of the given types.
    static func pairs<A: Decodable, B: Decodable>(_ json: String, as _: (A.Type, B.Type)) throws -> [(A, B)] {
        try JSONDecoder().decode([Pair<A, B>].self, from: Data(json.utf8)).map { ($0.first, $0.second) }
    }

    private struct Pair<A: Decodable, B: Decodable>: Decodable {
        let first: A
        let second: B

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            first = try container.decode(A.self)
            second = try container.decode(B.self)
        }
    }
}

/// The rows of a replace, as the JSON array that one `INSERT … SELECT FROM json_to_recordset` reads:
/// one round trip for any number of terms, absent fields reading as NULL.
enum TermRows {
    private struct Row: Encodable {
        let p: String
        let i: String?
        let h: String?
    }

    /// The terms of ``PostgresVocabularyStore``'s set read: `[[term, identifier, hint], …]`.
    static func terms(fromJSON json: String) throws -> [VocabularyTerm] {
        try JSONDecoder().decode([[String?]].self, from: Data(json.utf8)).map { row in
            VocabularyTerm(phrase: row.first.flatMap { $0 } ?? "", identifier: row.count > 1 ? row[1] : nil,
                           pronunciationHint: row.count > 2 ? row[2] : nil)
        }
    }

    static func json(_ entries: [VocabularyTerm]) throws -> String {
        let data = try JSONEncoder().encode(entries.map { Row(p: $0.phrase, i: $0.identifier, h: $0.pronunciationHint) })
        return String(decoding: data, as: UTF8.self)
    }
}
