import Foundation
import PostgresNIO
public import VocabCore

extension PostgresVocabularyStore: AccessTokenStore {
    public func saveToken(_ record: AccessTokenRecord) async throws {
        _ = try await mapErrors {
            try await withConnection { [logger] connection in
                try await connection.query("""
                    INSERT INTO access_token (digest, id, user_id, created_at)
                    VALUES (\(record.digest), \(record.id), \(record.user.rawValue), \(record.createdAt))
                    """, logger: logger)
            }
        }
    }

    public func token(withDigest digest: String) async throws -> AccessTokenRecord? {
        try await mapErrors {
            guard let (user, createdAt) = try await withConnection({ [logger] connection in
                try await connection.query(
                    "SELECT user_id, created_at FROM access_token WHERE digest = \(digest)", logger: logger)
                    .decode((String, Date).self).first(where: { _ in true })
            }) else { return nil }
            return AccessTokenRecord(digest: digest, user: try UserID(validating: user), createdAt: createdAt)
        }
    }

    public func tokens(of user: UserID) async throws -> [AccessTokenRecord] {
        try await mapErrors {
            try await withConnection { [logger] connection in
                var records: [AccessTokenRecord] = []
                for try await (digest, createdAt) in try await connection.query(
                    "SELECT digest, created_at FROM access_token WHERE user_id = \(user.rawValue) ORDER BY created_at, id",
                    logger: logger).decode((String, Date).self) {
                    records.append(AccessTokenRecord(digest: digest, user: user, createdAt: createdAt))
                }
                return records
            }
        }
    }

    /// Revokes and announces the change, so that every instance forgets the revoked tokens at once.
    public func revokeTokens(of user: UserID, id: String?) async throws -> Int {
        try await mapErrors {
            try await withTransaction { [logger] connection in
                let rows = try await connection.query(
                    id.map { "DELETE FROM access_token WHERE user_id = \(user.rawValue) AND id = \($0) RETURNING id" }
                        ?? "DELETE FROM access_token WHERE user_id = \(user.rawValue) RETURNING id",
                    logger: logger)
                var count = 0
                for try await _ in rows { count += 1 }
                try await Self.announce(VocabularyChange(user: user), on: connection, logger: logger)
                return count
            }
        }
    }
}
