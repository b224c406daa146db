import Foundation

/// A file named on the command line, read whole, with a message that says why when it cannot be: missing, a
/// folder, not readable, or a read that failed. Read through a file handle, so that devices and pipes
/// (`/dev/stdin`, process substitution, `/dev/null`) read as files do.
enum InputFile {
    /// The bytes of the file at `path`.
    ///
    /// - Parameter what: How the message names the file's role when it is not a plain file, e.g. "a vocabulary file".
    /// - Throws: ``CommandFailure`` naming the path and what is wrong with it.
    static func read(_ path: String, what: String = "a file") throws -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandFailure(description: "\(path): no such file")
        }
        if isFolder.boolValue { throw CommandFailure(description: "\(path): is a folder, not \(what)") }
        guard FileManager.default.isReadableFile(atPath: path), let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure(description: "\(path): cannot be read (permission denied)")
        }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw CommandFailure(description: "\(path): cannot read the file (\(error.localizedDescription))")
        }
    }
}
