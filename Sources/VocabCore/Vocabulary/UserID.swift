import Foundation

/// The identifier of one user of an app, whose vocabulary and settings are kept apart from others'.
public struct UserID: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier as given.
    public let rawValue: String

    /// The longest identifier accepted, in UTF-8 bytes.
    public static let maximumLength = 256

    /// Validates an identifier against the user-id grammar: 1 to 256 UTF-8 bytes, no control characters,
    /// no `/`, no white space at either end, and not `.` or `..` (so that an id is one path segment as
    /// given, and two ids that look alike are one); stored in Unicode NFC, so that "José" typed with a
    /// combining accent and with a precomposed `é` is one user.
    ///
    /// - Throws: ``VocabularyError`` quoting the value.
    public init(validating given: String) throws(VocabularyError) {
        let rawValue = given.precomposedStringWithCanonicalMapping
        if rawValue.allSatisfy(\.isWhitespace) {
            throw VocabularyError(subject: "'\(rawValue)'", problem: "is empty; expected a user id")
        }
        if TextLimits.firstControlCharacter(in: rawValue) != nil {
            throw VocabularyError(subject: "'\(rawValue.debugDescription.dropFirst().dropLast())'",
                                  problem: "contains a control character; expected a user id")
        }
        if rawValue.first?.isWhitespace == true || rawValue.last?.isWhitespace == true {
            throw VocabularyError(subject: "'\(rawValue)'",
                                  problem: "begins or ends with white space; expected a user id without")
        }
        if rawValue.contains("/") || rawValue == "." || rawValue == ".." {
            throw VocabularyError(subject: "'\(rawValue)'",
                                  problem: "is '.', '..' or contains '/'; expected a user id that is one path segment")
        }
        if rawValue.utf8.count > Self.maximumLength {
            throw VocabularyError(subject: "'\(rawValue.prefix(20))…'",
                                  problem: "is longer than \(Self.maximumLength) bytes; expected a user id")
        }
        self.rawValue = rawValue
    }

    /// A literal identifier, for tests and examples; it must be valid.
    public init(stringLiteral value: String) {
        do { try self.init(validating: value) } catch { preconditionFailure(error.description) }
    }

    public var description: String { rawValue }
}
