public import Foundation

/// A per-user bearer token as stored: never the token itself, only its SHA-256 digest.
public struct AccessTokenRecord: Sendable, Hashable, Codable {
    /// The token's public id: the first 12 hex digits of its digest (safe to show and log: a 256-bit
    /// random token cannot be recovered from part of its hash).
    public let id: String
    /// The SHA-256 digest of the token, as 64 lowercase hex digits.
    public let digest: String
    /// The only user the token reaches.
    public let user: UserID
    /// When it was minted.
    public let createdAt: Date

    /// Creates a record.
    public init(digest: String, user: UserID, createdAt: Date) {
        id = String(digest.prefix(12))
        self.digest = digest
        self.user = user
        self.createdAt = createdAt
    }
}

/// Where the service keeps per-user bearer tokens (hashed), beside the vocabulary.
public protocol AccessTokenStore: Sendable {
    /// Stores a newly minted token's record.
    func saveToken(_ record: AccessTokenRecord) async throws

    /// The record of the token with this digest, or `nil` (unknown or revoked).
    func token(withDigest digest: String) async throws -> AccessTokenRecord?

    /// The user's tokens, oldest first.
    func tokens(of user: UserID) async throws -> [AccessTokenRecord]

    /// Revokes one of the user's tokens by its public id, or all of them when `id` is `nil`.
    ///
    /// - Returns: How many tokens were revoked.
    @discardableResult
    func revokeTokens(of user: UserID, id: String?) async throws -> Int
}
