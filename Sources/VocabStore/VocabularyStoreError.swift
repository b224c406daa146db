/// A failure of the vocabulary database: it cannot be opened, read or written.
///
/// The message names the database file and gives SQLite's reason, e.g.
/// `store '/root/.local/share/vocab/vocabulary.sqlite': unable to open database file`.
public struct VocabularyStoreError: Error, Sendable, CustomStringConvertible {
    /// The database file.
    public let path: String
    /// What went wrong.
    public let message: String
    /// Whether the store refused a write for want of disk space (SQLite's `SQLITE_FULL`, PostgreSQL's
    /// SQLSTATE 53100): the service answers 507 and reports it at `/readyz` until a write succeeds.
    public let isStorageFull: Bool

    /// Creates an error.
    public init(path: String, message: String, isStorageFull: Bool = false) {
        self.path = path
        self.message = message
        self.isStorageFull = isStorageFull
    }

    public var description: String { "store '\(path)': \(message)" }
}
