import Crypto
import Foundation
import VocabCore

/// Minting and checking bearer tokens.
///
/// A token is `vocab_` and 43 base64url characters: 256 random bits from the system's secure generator.
/// Only its SHA-256 digest is stored, so a copy of the database grants nothing. The admin token is compared
/// through digests of equal length with a comparison whose time does not depend on where they differ.
public enum AccessTokens {
    /// The prefix of every minted token (so that secret scanners recognise leaked ones).
    public static let prefix = "vocab_"

    /// A new random token.
    public static func mint() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 digest of a token as 64 lowercase hex digits.
    public static func digest(of token: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        var token = token
        token.withUTF8 { bytes in
            for byte in SHA256.hash(data: UnsafeRawBufferPointer(bytes)) {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Whether two secrets are equal, in time independent of their contents: both are hashed first (so
    /// lengths do not leak either), then every byte is compared.
    public static func constantTimeEquals(_ given: String, _ expected: String) -> Bool {
        let a = Array(SHA256.hash(data: Data(given.utf8)))
        let b = Array(SHA256.hash(data: Data(expected.utf8)))
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// The shortest admin token accepted.
    public static let minimumAdminTokenLength = 16
}

/// The admin token: from the environment or a file, checked for length, never logged or shown.
public struct AdminToken: Sendable, CustomStringConvertible {
    let secret: String

    /// Wraps a secret.
    ///
    /// - Throws: ``ServiceSetupError`` naming `source` when the secret is shorter than 16 characters.
    public init(_ secret: String, source: String) throws {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= AccessTokens.minimumAdminTokenLength else {
            throw ServiceSetupError("\(source): the admin token must be at least "
                + "\(AccessTokens.minimumAdminTokenLength) characters")
        }
        self.secret = trimmed
    }

    /// Whether `given` is the admin token.
    func matches(_ given: String) -> Bool { AccessTokens.constantTimeEquals(given, secret) }

    /// Never the secret.
    public var description: String { "AdminToken(redacted)" }
}

/// A configuration problem found before the service starts.
public struct ServiceSetupError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
