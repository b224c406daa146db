import Foundation
import GRDB
public import VocabCore

extension SQLiteVocabularyStore: AccessTokenStore {
    public func saveToken(_ record: AccessTokenRecord) async throws {
        try await mapErrors {
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO access_token (digest, id, user, created_at) VALUES (?, ?, ?, ?)",
                               arguments: [record.digest, record.id, record.user.rawValue, record.createdAt])
            }
        }
    }

    public func token(withDigest digest: String) async throws -> AccessTokenRecord? {
        try await mapErrors {
            // A point read, synchronous like the stamp's (see changeStamp).
            try writer.unsafeRead { db in
                try Row.fetchOne(db.cachedStatement(sql: "SELECT user, created_at FROM access_token WHERE digest = ?"),
                                 arguments: [digest]).map { row in
                    AccessTokenRecord(digest: digest, user: try UserID(validating: row["user"] as String),
                                      createdAt: row["created_at"])
                }
            }
        }
    }

    public func tokens(of user: UserID) async throws -> [AccessTokenRecord] {
        try await mapErrors {
            try await writer.read { db in
                try Row.fetchAll(db, sql: "SELECT digest, created_at FROM access_token WHERE user = ? ORDER BY created_at, id",
                                 arguments: [user.rawValue]).map { row in
                    AccessTokenRecord(digest: row["digest"], user: user, createdAt: row["created_at"])
                }
            }
        }
    }

    public func revokeTokens(of user: UserID, id: String?) async throws -> Int {
        try await mapErrors {
            try await writer.write { db in
                if let id {
                    try db.execute(sql: "DELETE FROM access_token WHERE user = ? AND id = ?", arguments: [user.rawValue, id])
                } else {
                    try db.execute(sql: "DELETE FROM access_token WHERE user = ?", arguments: [user.rawValue])
                }
                return db.changesCount
            }
        }
    }
}
