/// A value that is not a Siri language code.
///
/// The message quotes the value and says where it came from, as in
/// `--language 'xx_!!' is not a Siri language code; expected a form like 'fr-FR'`.
public struct LanguageCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value as given.
    public let value: String
    /// Where the value came from, e.g. `--language` or `VOCAB_LANGUAGE`; empty when unknown.
    public let origin: String

    /// Creates an error for a malformed code.
    public init(value: String, origin: String = "") {
        self.value = value
        self.origin = origin
    }

    /// The same error, attributed to another origin.
    public func from(_ origin: String) -> LanguageCodeError { LanguageCodeError(value: value, origin: origin) }

    public var description: String {
        let subject = origin.isEmpty ? "'\(value)'" : "\(origin) '\(value)'"
        return "\(subject) is not a Siri language code; expected a form like 'fr-FR'"
    }
}
