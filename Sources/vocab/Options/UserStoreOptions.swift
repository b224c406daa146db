import ArgumentParser
import Foundation
import Logging
import VocabCore
import VocabPostgres
import VocabStore

/// Where the operator's commands (`set`, `list`, `clear`, `language`, `resolve --user`, …) find users: the
/// SQLite store of `--store`, or the PostgreSQL database of `--database-url` that `vocab serve` instances
/// share, with the same errors and limits on both.
struct UserStoreOptions: ParsableArguments {
    @OptionGroup var sqlite: StoreOptions

    @Option(name: .customLong("database-url"), help: ArgumentHelp(
        "A PostgreSQL database shared by vocab serve instances, instead of the SQLite store "
            + "(default: $VOCAB_DATABASE_URL), e.g. postgres://vocab:secret@db.internal:5432/vocab.",
        valueName: "url"))
    var databaseURL: String?

    /// What a command does with the store, which decides whether a missing SQLite file is created, skipped
    /// or an error.
    enum Access {
        /// Writes, creating the store on first use (`set`, `language set`).
        case create
        /// Writes only to a store that exists; nothing to do otherwise (`clear`, `language clear`).
        case writeIfExists
        /// Reads a store that may not exist (`language show`).
        case readIfExists
        /// Reads a store that must exist: a missing one is an error naming it (`list`, `resolve --user`).
        case readExisting
    }

    func validate() throws {
        if databaseURL != nil, sqlite.store != nil {
            throw ValidationError("--store and --database-url both name a store; give one")
        }
        _ = try database()
    }

    /// The PostgreSQL database of `--database-url` or `$VOCAB_DATABASE_URL` (unless `--store` is given), or
    /// `nil` for the SQLite store.
    func database() throws -> DatabaseURL? {
        let environment = ProcessInfo.processInfo.environment
        let fromEnvironment = sqlite.store == nil ? environment["VOCAB_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } : nil
        guard let given = databaseURL ?? fromEnvironment else { return nil }
        do { return try DatabaseURL(given) } catch {
            throw ValidationError("\(databaseURL != nil ? "--database-url" : "VOCAB_DATABASE_URL"): \(error)")
        }
    }

    /// The store, opened for `access`; `nil` when a SQLite store that need not exist does not.
    func open(for access: Access) async throws -> OpenedUserStore? {
        if let database = try database() {
            return try await OpenedUserStore.postgres(database, migrating: access == .create || access == .writeIfExists)
        }
        let store: SQLiteVocabularyStore? = switch access {
        case .create: try sqlite.open()
        case .writeIfExists: try sqlite.openForWritingIfExists()
        case .readIfExists: try sqlite.openIfExists()
        case .readExisting: try sqlite.existingStore()
        }
        return store.map { OpenedUserStore(store: $0, location: $0.path, sqlitePath: $0.path, pool: nil) }
    }

    /// A user's stored set of one type, or an error saying what is missing: the store, or the user's set.
    /// A mistyped user or store must not look like "no match".
    func storedSet(of user: UserID, type: VocabularyStringType, in given: OpenedUserStore? = nil) async throws
        -> StoredVocabulary {
        let opened: OpenedUserStore
        if let given { opened = given } else { opened = try await open(for: .readExisting)! }
        return try await StoreOptions.storedSet(of: user, type: type, in: opened.store, location: opened.location)
    }
}

/// A store a command works on, and how to name it in messages.
struct OpenedUserStore: Sendable {
    let store: any VocabularyStore
    /// The file path, or the database URL with its password hidden.
    let location: String
    /// The SQLite file, beside which built indexes are kept; `nil` for PostgreSQL.
    let sqlitePath: String?
    /// The PostgreSQL connection pool's task, cancelled by ``close()``.
    let pool: Task<Void, any Error>?

    /// Connects to PostgreSQL (waiting at most 5 s for a connection, 30 s for a request) and, for writes,
    /// brings the schema up to date.
    static func postgres(_ url: DatabaseURL, migrating: Bool) async throws -> OpenedUserStore {
        let store = PostgresVocabularyStore(url: url, maximumConnections: 2, connectTimeout: .seconds(5),
                                            requestTimeout: .seconds(30), logger: Logger(label: "vocab.postgres"))
        let pool = Task { try await store.run() }
        if migrating {
            do { try await store.migrate() } catch {
                pool.cancel()
                throw error
            }
        }
        return OpenedUserStore(store: store, location: url.redacted, sqlitePath: nil, pool: pool)
    }

    /// Stops the connection pool, if any.
    func close() {
        pool?.cancel()
    }
}
