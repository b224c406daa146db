import Foundation

/// The claim one `vocab serve` process holds on a SQLite store: an exclusive `flock` on `<store>.serve-lock`
/// for as long as the process lives (the kernel releases it when the process ends, however it ends).
///
/// Two services over one SQLite file would each trust their own memory (tokens, stamps) for a while, so
/// the second is refused; the CLI's own commands do not take the claim and may still read and write the
/// store (SQLite serializes them).
public final class ServeLock: Sendable {
    /// The lock file.
    public let path: String
    private let descriptor: Int32

    /// Claims the store at `storePath`.
    ///
    /// - Throws: ``VocabularyStoreError`` naming the lock file and the process holding it.
    public init(storePath: String) throws {
        path = storePath + ".serve-lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw VocabularyStoreError(path: path, message: "cannot open the lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(descriptor)
            throw VocabularyStoreError(path: storePath, message: "another vocab serve"
                + (holder.isEmpty ? "" : " (process \(holder))")
                + " is serving this store; one instance per SQLite file (several instances share a PostgreSQL "
                + "database with --database-url)")
        }
        ftruncate(descriptor, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
