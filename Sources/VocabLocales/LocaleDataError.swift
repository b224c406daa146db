/// A problem with the `Locales/` folder or one of its files.
///
/// The message names the file and, for a file's content, the key path: for example
/// `Locales/fr-FR/normalization.json: particles[2]: expected a string, found a number`.
public struct LocaleDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder at fault.
    public let path: String
    /// The key path inside the file, e.g. `particles[2]`; empty for the file as a whole.
    public let keyPath: String
    /// What was found and what was expected.
    public let message: String

    /// Creates an error.
    public init(path: String, keyPath: String = "", message: String) {
        self.path = path
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String {
        keyPath.isEmpty ? "\(path): \(message)" : "\(path): \(keyPath): \(message)"
    }
}
