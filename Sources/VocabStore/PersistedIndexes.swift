public import Foundation

#if canImport(Glibc)
import Glibc
#endif
public import VocabCore

/// Built matcher indexes kept beside a store, one file per (user, type, language), so that a process
/// resolving against a stored set loads its index instead of rebuilding it.
///
/// The store stays the source of truth: a file is used only when its ``VocabCore/IndexArchive/Key`` —
/// the set's change stamp, the language, the locale data's fingerprint, the format version — matches, and
/// its checksum holds; anything else is rebuilt and written again. Files live in `<store>.indexes/`, one
/// folder per user (named by a hash of the id; the id itself is in each file's header), readable by the
/// owner only, written to a temporary file and renamed into place so that a reader never sees half a file.
/// Removing a user's vocabulary removes their folder.
public struct PersistedIndexes: Sendable {
    /// The folder of the store's indexes.
    public let folder: URL

    /// What a look-up found.
    public enum Lookup: Sendable {
        /// A current index.
        case loaded(VocabularyIndex)
        /// No file for this user, type and language.
        case missing
        /// A file that is stale, damaged or unreadable, and why.
        case refused(String)
    }

    /// The indexes of the store at `storePath`.
    public init(storePath: String) {
        folder = URL(fileURLWithPath: storePath + ".indexes")
    }

    /// The file of a key's index.
    public func fileURL(for key: IndexArchive.Key) -> URL {
        userFolder(key.user).appendingPathComponent("\(key.type).\(key.language).vidx")
    }

    /// Loads the index of `key` if a current, intact file holds it.
    ///
    /// - Complexity: O(size of the file): memory-mapped, checked, copied into the index's arrays.
    public func load(_ key: IndexArchive.Key, preparer: TermPreparer) -> Lookup {
        let url = fileURL(for: key)
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        do {
            let data = try Data(contentsOf: url, options: .alwaysMapped)
            return .loaded(try data.withUnsafeBytes { bytes throws(IndexArchiveError) in
                try VocabularyIndex(archive: bytes, key: key, preparer: preparer)
            })
        } catch let error as IndexArchiveError {
            return .refused(error.problem)
        } catch {
            return .refused("cannot read \(url.path) (\(error.localizedDescription))")
        }
    }

    /// Writes an index for `key`, replacing any earlier file atomically.
    ///
    /// - Throws: File-system errors (a read-only store folder, a full disk); callers may go on without.
    public func save(_ index: VocabularyIndex, for key: IndexArchive.Key) throws {
        let url = fileURL(for: key)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let bytes = index.archived(for: key)
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        // rename(2) replaces the file atomically, whether or not one was there.
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: reason])
        }
    }

    /// Removes every index of a user (their vocabulary was removed).
    public func removeAll(for user: UserID) {
        try? FileManager.default.removeItem(at: userFolder(user.rawValue))
    }

    /// Removes a user's indexes of one type, in every language.
    public func remove(_ type: VocabularyStringType, for user: UserID) {
        let folder = userFolder(user.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix("\(type.rawValue).") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// A user's folder: FNV-1a of the id, so that any id (slashes, 256 bytes) makes a valid file name.
    private func userFolder(_ user: String) -> URL {
        var hash = FNV1a()
        hash.combine(user.utf8)
        return folder.appendingPathComponent(String(hash.value, radix: 16))
    }
}
