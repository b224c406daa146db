import Foundation
import GRDB
public import VocabCore

/// The SQLite ``VocabularyCore/VocabularyStore``: a WAL-mode database through GRDB, the embedded default.
///
/// A replace runs in one write transaction: delete the old terms, insert the new ones through one reused
/// prepared statement, bump the change stamp. If anything fails — a rejected term, a database error, the
/// process killed — SQLite rolls back and the previous set stays exactly as it was; readers in WAL mode see
/// the last committed set, never a mix.
public final class SQLiteVocabularyStore: VocabularyStore {
    /// The database file, or `:memory:`.
    public let path: String
    let writer: any DatabaseWriter
    private let afterInsertingTerm: (@Sendable (Int) throws -> Void)?
    /// Whether the terms table has the speakable columns: a store opened read-only may predate migration
    /// "v3 speakable terms" (reading never migrates); its terms are all plain.
    private let hasSpeakableColumns: Bool

    /// Opens (and creates on first use, with its folder) the database at `path`, for reading and writing.
    ///
    /// A file that is not a vocab store (another application's SQLite database, or no database at all) is
    /// refused before anything is written to it. Two processes creating the same store at once are
    /// serialized (see ``StoreFile/withCreationLock(_:_:)``).
    ///
    /// - Parameters:
    ///   - path: The database file; not empty.
    ///   - afterInsertingTerm: Test hook called after each inserted term with its rank; throwing from it
    ///     aborts the replace, which must then leave the old set intact.
    /// - Throws: ``VocabularyStoreError`` naming the file when it cannot be opened or migrated, or is not a
    ///   vocab store.
    public init(path: String, afterInsertingTerm: (@Sendable (Int) throws -> Void)? = nil) throws {
        guard !path.isEmpty else { throw VocabularyStoreError(path: path, message: "the path is empty") }
        self.path = path
        self.afterInsertingTerm = afterInsertingTerm
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            writer = try StoreFile.withCreationLock(path) {
                _ = try StoreFile.inspect(path)
                var configuration = Configuration()
                configuration.busyMode = .timeout(10)
                let pool = try DatabasePool(path: path, configuration: configuration)
                try StoreSchema.migrator.migrate(pool)
                return pool
            }
            hasSpeakableColumns = true
        } catch let error as VocabularyStoreError {
            throw error
        } catch let error as DatabaseError {
            throw VocabularyStoreError(path: path, message: error.message ?? "\(error.resultCode)")
        } catch {
            throw VocabularyStoreError(path: path, message: error.localizedDescription)
        }
    }

    /// Opens an existing store read-only: it works on a file or folder the process may not write, and never
    /// changes the file.
    private init(readingAt path: String) throws {
        self.path = path
        afterInsertingTerm = nil
        do {
            writer = try ReadOnlyDatabase.open(path)
            hasSpeakableColumns = try writer.read { db in
                try db.columns(in: "vocabulary_term").contains { $0.name == "identifier" }
            }
        } catch let error as DatabaseError {
            throw VocabularyStoreError(path: path, message: error.message ?? "\(error.resultCode)")
        }
    }

    /// Opens a private in-memory database (no file, no WAL), for tests.
    public init(inMemoryWith afterInsertingTerm: (@Sendable (Int) throws -> Void)? = nil) throws {
        path = ":memory:"
        self.afterInsertingTerm = afterInsertingTerm
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue)
        writer = queue
        hasSpeakableColumns = true
    }

    /// Opens the database read-only if it exists, so that reading commands never create, migrate or change
    /// one, and work on stores they may not write.
    ///
    /// - Returns: The store, or `nil` when there is no store at `path` (no file, or an empty one).
    /// - Throws: ``VocabularyStoreError`` when the file is not a vocab store or cannot be read.
    public static func openIfExists(path: String) throws -> SQLiteVocabularyStore? {
        try exists(at: path) ? try SQLiteVocabularyStore(readingAt: path) : nil
    }

    /// Whether a vocab store is at `path`, reading only its header (and, for older stores, its table names).
    ///
    /// - Returns: `false` for no file or an empty one.
    /// - Throws: ``VocabularyStoreError`` when the path is empty or holds something that is not a vocab store.
    public static func exists(at path: String) throws -> Bool {
        guard !path.isEmpty else { throw VocabularyStoreError(path: path, message: "the path is empty") }
        return try StoreFile.inspect(path) == .store
    }

    @discardableResult

    public func replace(
        _ terms: [VocabularyTerm], for user: UserID, type: VocabularyStringType, limits: VocabularyLimits,
        progress: (@Sendable (Int) -> Void)?
    ) async throws -> ReplaceResult {
        let hook = afterInsertingTerm
        return try await mapErrors {
            try await writer.write { db in
                let arguments: StatementArguments = [user.rawValue, type.rawValue]
                let previous = try Int.fetchOne(
                    db, sql: "SELECT term_count FROM vocabulary_set WHERE user = ? AND type = ?", arguments: arguments)
                let others = try Int.fetchOne(
                    db, sql: "SELECT COALESCE(SUM(term_count), 0) FROM vocabulary_set WHERE user = ? AND type <> ?",
                    arguments: arguments) ?? 0
                let plan = try ReplacePlan(entries: terms, limits: limits, otherTypes: others)
                try db.execute(sql: "UPDATE change_counter SET last_version = last_version + 1 WHERE id = 1")
                let version = try Int64.fetchOne(db, sql: "SELECT last_version FROM change_counter WHERE id = 1") ?? 0
                try db.execute(sql: "DELETE FROM vocabulary_term WHERE user = ? AND type = ?", arguments: arguments)
                try db.execute(
                    sql: """
                        INSERT INTO vocabulary_set (user, type, version, term_count, updated_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (user, type) DO UPDATE SET version = excluded.version,
                            term_count = excluded.term_count, updated_at = excluded.updated_at
                        """,
                    arguments: [user.rawValue, type.rawValue, version, plan.entries.count, Date()])
                let insert = try db.makeStatement(sql: """
                    INSERT INTO vocabulary_term (user, type, rank, term, identifier, pronunciation_hint)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """)
                for (rank, entry) in plan.entries.enumerated() {
                    try insert.execute(arguments: [user.rawValue, type.rawValue, rank, entry.phrase, entry.identifier,
                                                   entry.pronunciationHint])
                    try hook?(rank)
                    if (rank + 1) % 10_000 == 0 { progress?(rank + 1) }
                }
                progress?(plan.entries.count)
                return ReplaceResult(stored: plan.entries.count, repeats: plan.repeats, dropped: plan.dropped,
                                     version: version, previousCount: previous)
            }
        }
    }

    public func vocabulary(for user: UserID, type: VocabularyStringType) async throws -> StoredVocabulary? {
        try await mapErrors {
            try await writer.read { [hasSpeakableColumns] db in
                try Self.fetchSet(db, user: user, type: type, speakable: hasSpeakableColumns)
            }
        }
    }

    public func vocabularies(for user: UserID) async throws -> [StoredVocabulary] {
        try await mapErrors {
            try await writer.read { [hasSpeakableColumns] db in
                let types = try String.fetchAll(
                    db, sql: "SELECT type FROM vocabulary_set WHERE user = ? ORDER BY type", arguments: [user.rawValue])
                return try types.compactMap { name in
                    guard let type = VocabularyStringType(rawValue: name) else { return nil }
                    return try Self.fetchSet(db, user: user, type: type, speakable: hasSpeakableColumns)
                }
            }
        }
    }

    // Point reads (a stamp, a language, a token) run synchronously on the caller's thread, outside a
    // transaction (`unsafeRead`: one SELECT of one row is atomic on its own; the stamp and the language
    // read together need not be from one snapshot). A WAL read of one row through a cached statement takes
    // microseconds, less than handing it to a database queue and back (see BENCHMARKS.md, service load
    // test). Set reads and writes stay async and transactional.

    public func changeStamp(for user: UserID, type: VocabularyStringType) async throws -> Int64? {
        try await mapErrors {
            try writer.unsafeRead { db in try Self.stamp(db, user: user, type: type) }
        }
    }

    public func resolutionState(for user: UserID, type: VocabularyStringType) async throws
        -> (changeStamp: Int64?, language: String?) {
        try await mapErrors {
            try writer.unsafeRead { db in
                (try Self.stamp(db, user: user, type: type), try Self.language(db, user: user))
            }
        }
    }

    private static func stamp(_ db: Database, user: UserID, type: VocabularyStringType) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT version FROM vocabulary_set WHERE user = ? AND type = ?"),
                           arguments: [user.rawValue, type.rawValue])
    }

    private static func language(_ db: Database, user: UserID) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT siri_language_code FROM user_setting WHERE user = ?"),
                            arguments: [user.rawValue])
    }

    @discardableResult

    public func remove(_ type: VocabularyStringType, for user: UserID) async throws -> RemovalResult {
        try await mapErrors {
            try await writer.write { db in
                let arguments: StatementArguments = [user.rawValue, type.rawValue]
                guard let count = try Int.fetchOne(
                    db, sql: "SELECT term_count FROM vocabulary_set WHERE user = ? AND type = ?", arguments: arguments)
                else { return RemovalResult(types: [], terms: 0) }
                try db.execute(sql: "DELETE FROM vocabulary_set WHERE user = ? AND type = ?", arguments: arguments)
                return RemovalResult(types: [type], terms: count)
            }
        }
    }

    @discardableResult

    public func removeAll(for user: UserID) async throws -> RemovalResult {
        try await mapErrors {
            try await writer.write { db in
                let rows = try Row.fetchAll(
                    db, sql: "SELECT type, term_count FROM vocabulary_set WHERE user = ? ORDER BY type",
                    arguments: [user.rawValue])
                let language = try String.fetchOne(
                    db, sql: "SELECT siri_language_code FROM user_setting WHERE user = ?", arguments: [user.rawValue])
                try db.execute(sql: "DELETE FROM vocabulary_set WHERE user = ?", arguments: [user.rawValue])
                try db.execute(sql: "DELETE FROM user_setting WHERE user = ?", arguments: [user.rawValue])
                return RemovalResult(types: rows.compactMap { VocabularyStringType(rawValue: $0["type"]) },
                                     terms: rows.reduce(0) { $0 + ($1["term_count"] as Int) }, language: language)
            }
        }
    }

    public func language(for user: UserID) async throws -> String? {
        try await mapErrors {
            try writer.unsafeRead { db in try Self.language(db, user: user) }
        }
    }

    public func setLanguage(_ code: SiriLanguageCode?, for user: UserID) async throws {
        try await mapErrors {
            try await writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO user_setting (user, siri_language_code) VALUES (?, ?)
                        ON CONFLICT (user) DO UPDATE SET siri_language_code = excluded.siri_language_code
                        """,
                    arguments: [user.rawValue, code?.identifier])
            }
        }
    }

    /// Reads one set and its terms; called inside a read transaction, so both come from one snapshot.
    private static func fetchSet(_ db: Database, user: UserID, type: VocabularyStringType, speakable: Bool) throws
        -> StoredVocabulary? {
        let arguments: StatementArguments = [user.rawValue, type.rawValue]
        guard let row = try Row.fetchOne(
            db, sql: "SELECT version, updated_at FROM vocabulary_set WHERE user = ? AND type = ?", arguments: arguments)
        else { return nil }
        var entries: [VocabularyTerm] = []
        let cursor = try Row.fetchCursor(
            db, sql: """
                SELECT term, \(speakable ? "identifier, pronunciation_hint" : "NULL, NULL") FROM vocabulary_term
                WHERE user = ? AND type = ? ORDER BY rank
                """, arguments: arguments)
        while let term = try cursor.next() {
            entries.append(VocabularyTerm(phrase: term[0], identifier: term[1], pronunciationHint: term[2]))
        }
        return StoredVocabulary(user: user, type: type, entries: entries, version: row["version"],
                                updatedAt: row["updated_at"])
    }

    /// Turns database errors into ``VocabularyStoreError`` naming the file; rule errors pass through.
    func mapErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw VocabularyStoreError(path: path, message: error.message ?? "\(error.resultCode)",
                                       isStorageFull: error.resultCode == .SQLITE_FULL)
        }
    }
}

extension SQLiteVocabularyStore {
    /// Checkpoints the write-ahead log into the database file and closes every connection, for a clean
    /// shutdown: the file is whole on its own afterwards. Nothing may use the store after this.
    public func close() throws {
        do {
            if let pool = writer as? DatabasePool {
                try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
                try pool.close()
            } else if let queue = writer as? DatabaseQueue {
                try queue.close()
            }
        } catch let error as DatabaseError {
            throw VocabularyStoreError(path: path, message: error.message ?? "\(error.resultCode)")
        }
    }
}
