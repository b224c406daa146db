/// A rejected vocabulary value: a user id, a string type, a term, a limit.
///
/// The message names what is at fault and what was expected, as in
/// `--user '' is empty; expected a user id` or `names.txt:3: invalid UTF-8 (byte 0xFF at column 5)`.
public struct VocabularyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is at fault, quoted or located: `'contacts'`, `names.txt:3`.
    public let subject: String
    /// What is wrong and what was expected.
    public let problem: String

    /// Creates an error.
    public init(subject: String, problem: String) {
        self.subject = subject
        self.problem = problem
    }

    /// The same error with its subject prefixed by an origin, e.g. `--type`.
    public func from(_ origin: String) -> VocabularyError {
        VocabularyError(subject: "\(origin) \(subject)", problem: problem)
    }

    /// `subject problem`; a location subject carries its own colon (`names.txt:3:`).
    public var description: String { "\(subject) \(problem)" }
}
