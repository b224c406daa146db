import GRDB
import VocabCore

/// The database schema, built by named migrations. A released migration is never edited: changes come as
/// new migrations.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 vocabulary sets and terms") { db in
            let types = VocabularyStringType.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            // One row per (user, type) set: its change stamp and size. Terms hang off it.
            try db.execute(sql: """
                CREATE TABLE vocabulary_set (
                    user TEXT NOT NULL CHECK (length(user) > 0),
                    type TEXT NOT NULL CHECK (type IN (\(types))),
                    version INTEGER NOT NULL UNIQUE,
                    term_count INTEGER NOT NULL CHECK (term_count >= 0),
                    updated_at DATETIME NOT NULL,
                    PRIMARY KEY (user, type)
                ) WITHOUT ROWID;
                CREATE TABLE vocabulary_term (
                    user TEXT NOT NULL,
                    type TEXT NOT NULL,
                    rank INTEGER NOT NULL CHECK (rank >= 0),
                    term TEXT NOT NULL CHECK (length(term) > 0),
                    PRIMARY KEY (user, type, rank),
                    FOREIGN KEY (user, type) REFERENCES vocabulary_set (user, type) ON DELETE CASCADE
                ) WITHOUT ROWID;
                -- The store-wide change counter: every replace takes the next value, never reused.
                CREATE TABLE change_counter (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    last_version INTEGER NOT NULL
                );
                INSERT INTO change_counter (id, last_version) VALUES (1, 0);
                """)
        }
        migrator.registerMigration("v1 user settings") { db in
            try db.execute(sql: """
                CREATE TABLE user_setting (
                    user TEXT PRIMARY KEY NOT NULL CHECK (length(user) > 0),
                    siri_language_code TEXT CHECK (siri_language_code IS NULL OR length(siri_language_code) > 0)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2 application id") { db in
            // Marks the file as a vocab store in its header, so that it is told apart from other SQLite files
            // before anything is written to them (see StoreFile).
            try db.execute(sql: "PRAGMA application_id = \(StoreFile.applicationID)")
        }
        migrator.registerMigration("v3 speakable terms") { db in
            // A term may be a speakable string (INSpeakableString): the app's identifier and an optional
            // pronunciation hint beside the phrase. Existing terms are plain strings (both NULL).
            try db.execute(sql: """
                ALTER TABLE vocabulary_term ADD COLUMN identifier TEXT
                    CHECK (identifier IS NULL OR length(identifier) > 0);
                ALTER TABLE vocabulary_term ADD COLUMN pronunciation_hint TEXT
                    CHECK (pronunciation_hint IS NULL OR length(pronunciation_hint) > 0);
                """)
        }
        migrator.registerMigration("v4 access tokens") { db in
            // Per-user bearer tokens of the service, by the SHA-256 digest of the token (never the token).
            try db.execute(sql: """
                CREATE TABLE access_token (
                    digest TEXT PRIMARY KEY NOT NULL CHECK (length(digest) = 64),
                    id TEXT NOT NULL,
                    user TEXT NOT NULL CHECK (length(user) > 0),
                    created_at DATETIME NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX access_token_by_user ON access_token (user, id);
                """)
        }
        return migrator
    }
}
