import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// What a path holds before the store opens it: nothing yet, a vocab store, or something else, which is
/// refused before anything is written to it.
///
/// A vocab store is an SQLite database whose header carries ``applicationID`` (set by the migration
/// "v2 application id"), or, for stores made before that migration, one holding the `vocabulary_set`
/// table and GRDB's `grdb_migrations`. Another application's database, or a file that is no SQLite
/// database at all, is named with what was found in it.
enum StoreFile {
    /// `PRAGMA application_id` of a vocab store: "voca" in ASCII.
    static let applicationID: Int32 = 0x766F_6361

    /// What a path holds.
    enum Contents: Equatable {
        /// No file, or an empty one: a store can be created there.
        case nothing
        /// A vocab store.
        case store
    }

    /// Inspects a path, reading only: its first 100 bytes, and for SQLite files without our application id,
    /// its table names.
    ///
    /// - Throws: ``VocabularyStoreError`` naming what the file holds when it is not a vocab store.
    static func inspect(_ path: String) throws -> Contents {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .nothing }
        if isFolder.boolValue { throw VocabularyStoreError(path: path, message: "is a folder; expected a database file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw VocabularyStoreError(path: path, message: "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let header = Array((try? handle.read(upToCount: 100)) ?? Data())
        if header.isEmpty { return .nothing }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            let shown = String(decoding: header.prefix(16).map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") },
                               as: UTF8.self)
            throw VocabularyStoreError(path: path, message: "is not an SQLite database (it starts with '\(shown)'); "
                + "expected a vocab store, or a new path")
        }
        let id = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        if id == applicationID { return .store }
        if id != 0 {
            throw VocabularyStoreError(path: path, message: "is the SQLite database of another application "
                + "(application_id 0x\(String(UInt32(bitPattern: id), radix: 16))); expected a vocab store")
        }
        let tables = try tableNames(path)
        if tables.isEmpty { return .nothing }
        if tables.contains("vocabulary_set") && tables.contains("grdb_migrations") { return .store }
        let shown = tables.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (tables.count > 5 ? ", ..." : "")
        throw VocabularyStoreError(path: path, message: "is an SQLite database that is not a vocab store (its tables: "
            + "\(shown)); expected a vocab store, or a new path")
    }

    /// The table names of an SQLite file, read through a read-only connection.
    private static func tableNames(_ path: String) throws -> [String] {
        do {
            let queue = try ReadOnlyDatabase.open(path)
            return try queue.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            }
        } catch let error as DatabaseError {
            throw VocabularyStoreError(path: path, message: error.message ?? "\(error.resultCode)")
        }
    }

    /// Runs `body` holding an exclusive advisory lock on the folder of `path`, so that two processes creating
    /// the same store at once do not both migrate it ("table ... already exists", "database is locked").
    ///
    /// The lock is `flock` on the folder, not on the database file: closing a descriptor of the database file
    /// would drop SQLite's own POSIX locks on it.
    static func withCreationLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        // Bounded wait: a creator holds the lock for one migration (milliseconds).
        var waited = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < 10_000 else {
                throw VocabularyStoreError(path: path, message: "another process has been creating this store for "
                    + "10 s; try again")
            }
            usleep(10_000)
            waited += 10
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

/// Read-only connections: they never create, migrate or switch a file's journal mode.
enum ReadOnlyDatabase {
    /// Opens a file read-only. A WAL database in a folder the process cannot write (no `-shm` file can be
    /// made) is opened as immutable, which SQLite documents as the way to read such a file.
    static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            // Opening is lazy in SQLite: the first read is what finds a missing -shm.
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN
            || error.resultCode == .SQLITE_READONLY {
            let url = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
            let queue = try DatabaseQueue(path: url, configuration: configuration)
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        }
    }
}
