import Logging
import PostgresNIO
import VocabCore

/// The PostgreSQL schema, built by named migrations like the SQLite store's: each runs once and is recorded
/// in `vocab_migration`; the pending ones are applied in one transaction, so a failure applies none. A
/// released migration is never edited.
///
/// Instances starting at once on one database take a transaction-level advisory lock first, so exactly one
/// of them applies a migration and the others see it applied.
enum PostgresSchema {
    struct Migration {
        let name: String
        let sql: [String]
    }

    /// The advisory lock key that serializes migrations (an arbitrary constant, "vocab" in ASCII, combined
    /// with the schema's hash).
    static let migrationLock: Int64 = 0x766F_6361_62

    static let migrations: [Migration] = [
        Migration(name: "v1 vocabulary sets and terms", sql: [
            // One row per (user, type) set: its change stamp and size. Terms hang off it, by rank.
            """
            CREATE TABLE vocabulary_set (
                user_id TEXT NOT NULL CHECK (length(user_id) > 0),
                type TEXT NOT NULL CHECK (type IN (\(VocabularyStringType.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))),
                version BIGINT NOT NULL UNIQUE,
                term_count INTEGER NOT NULL CHECK (term_count >= 0),
                updated_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (user_id, type)
            )
            """,
            """
            CREATE TABLE vocabulary_term (
                user_id TEXT NOT NULL,
                type TEXT NOT NULL,
                rank INTEGER NOT NULL CHECK (rank >= 0),
                term TEXT NOT NULL CHECK (length(term) > 0),
                identifier TEXT CHECK (identifier IS NULL OR length(identifier) > 0),
                pronunciation_hint TEXT CHECK (pronunciation_hint IS NULL OR length(pronunciation_hint) > 0),
                PRIMARY KEY (user_id, type, rank),
                FOREIGN KEY (user_id, type) REFERENCES vocabulary_set (user_id, type) ON DELETE CASCADE
            )
            """,
            // The store-wide change counter: every replace takes the next value, never reused.
            "CREATE SEQUENCE vocabulary_change_stamp AS BIGINT",
        ]),
        Migration(name: "v1 user settings", sql: [
            """
            CREATE TABLE user_setting (
                user_id TEXT PRIMARY KEY CHECK (length(user_id) > 0),
                siri_language_code TEXT CHECK (siri_language_code IS NULL OR length(siri_language_code) > 0)
            )
            """,
        ]),
        Migration(name: "v1 access tokens", sql: [
            // Per-user bearer tokens of the service, by the SHA-256 digest of the token (never the token).
            """
            CREATE TABLE access_token (
                digest TEXT PRIMARY KEY CHECK (length(digest) = 64),
                id TEXT NOT NULL,
                user_id TEXT NOT NULL CHECK (length(user_id) > 0),
                created_at TIMESTAMPTZ NOT NULL
            )
            """,
            "CREATE INDEX access_token_by_user ON access_token (user_id, id)",
        ]),
    ]

    /// Applies the migrations not yet applied, in order.
    ///
    /// - Returns: The names of the migrations applied now.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [String] {
        try await connection.withTransaction(logger: logger) { connection in
            // Keyed by the schema too: stores in different schemas of one database migrate independently.
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(migrationLock) # hashtextextended(current_schema(), 0))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS vocab_migration (
                    name TEXT PRIMARY KEY,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM vocab_migration", logger: logger)
                .decode(String.self) { applied.insert(name) }
            var names: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.sql {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO vocab_migration (name) VALUES (\(migration.name))", logger: logger)
                names.append(migration.name)
            }
            return names
        }
    }
}
