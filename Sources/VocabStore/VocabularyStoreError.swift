/// A failure of the vocabulary database: it cannot be opened, read or written.
///
/// The message names the database file and gives SQLite's reason, e.g.
/// `store '/root/.local/share/vocab/vocabulary.sqlite': unable to open database file`.
public struct VocabularyStoreError: Error, Sendable, CustomStringConvertible {
    /// The database file.
    public let path: String
    /// What went wrong.
    public let message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "store '\(path)': \(message)" }
}
