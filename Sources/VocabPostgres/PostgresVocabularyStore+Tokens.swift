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
            guard let (user, createdAt) = try await reading({ [logger] connection in
                try await connection.query(
                    "SELECT user_id, created_at FROM access_token WHERE digest = \(digest)", logger: logger)
                    .decode((String, Date).self).first(where: { _ in true })
            }) else { return nil }
            return AccessTokenRecord(digest: digest, user: try UserID(validating: user), createdAt: createdAt)
        }
    }

    public func tokens(of user: UserID) async throws -> [AccessTokenRecord] {
        try await mapErrors {
            // One row (see `fetchSet`): the digests and creation times as one JSON array.
            let json = try await reading { [logger] connection in
                try await connection.query("""
                    SELECT coalesce(json_agg(json_build_array(digest, extract(epoch FROM created_at))
                                             ORDER BY created_at, id), '[]'::json)::text
                    FROM access_token WHERE user_id = \(user.rawValue)
                    """, logger: logger).decode(String.self).first(where: { _ in true }) ?? "[]"
            }
            return try SingleRow.pairs(json, as: (String.self, Double.self)).map { digest, seconds in
                AccessTokenRecord(digest: digest, user: user, createdAt: Date(timeIntervalSince1970: seconds))
            }
        }
    }

    /// Revokes and announces the change, so that every instance forgets the revoked tokens at once.
    public func revokeTokens(of user: UserID, id: String?) async throws -> Int {
        try await mapErrors {
            try await withTransaction { [logger] connection in
                let count = try await connection.query(
                    id.map { """
                        WITH revoked AS (DELETE FROM access_token WHERE user_id = \(user.rawValue) AND id = \($0)
                                         RETURNING id)
                        SELECT count(*)::int8 FROM revoked
                        """ }
                        ?? """
                        WITH revoked AS (DELETE FROM access_token WHERE user_id = \(user.rawValue) RETURNING id)
                        SELECT count(*)::int8 FROM revoked
                        """,
                    logger: logger).decode(Int.self).first(where: { _ in true }) ?? 0
                try await Self.announce(VocabularyChange(user: user), on: connection, logger: logger)
                return count
            }
        }
    }
}
