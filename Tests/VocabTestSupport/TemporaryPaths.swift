public import Foundation
import Synchronization

/// Fresh paths under the system's temporary directory for the files and folders tests write, removed (with
/// everything in them) when the test process exits, so that a test run leaves nothing behind. A path that a
/// test removes itself, or never creates, is skipped. A process that crashes leaves its paths; their names
/// start with the prefix given, to tell whose they are.
public enum TemporaryPaths {
    private static let made = Mutex<[String]>([])
    private static let removalAtExit: Void = { atexit { TemporaryPaths.removeAll() } }()

    /// A new path `prefix-UUID` (with `.extension` when given), not created: the caller makes the folder or
    /// writes the file. It is removed when the test process exits.
    public static func url(_ prefix: String, extension fileExtension: String? = nil) -> URL {
        _ = removalAtExit
        var name = "\(prefix)-\(UUID().uuidString)"
        if let fileExtension { name += ".\(fileExtension)" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        made.withLock { $0.append(url.path) }
        return url
    }

    /// Removes every path made so far that still exists.
    static func removeAll() {
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
