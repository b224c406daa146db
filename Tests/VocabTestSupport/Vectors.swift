public import Foundation

/// One row of a tab-separated vector file, with where it came from for failure messages.
public struct VectorRow: Sendable, CustomStringConvertible {
    /// The file the row is in.
    public let file: String
    /// The 1-based line number.
    public let line: Int
    /// The tab-separated fields.
    public let fields: [String]

    public subscript(index: Int) -> String { index < fields.count ? fields[index] : "" }

    /// `normalization/fr-FR.tsv:12`.
    public var description: String { "\(file):\(line)" }
}

/// Reads reference vectors kept as data files: tab-separated, `#` lines and blank lines skipped.
public enum Vectors {
    /// The rows of a file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - label: How failures name the file (defaults to the last two path components).
    public static func rows(of url: URL, label: String? = nil) throws -> [VectorRow] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let name = label ?? url.pathComponents.suffix(2).joined(separator: "/")
        var rows: [VectorRow] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.hasSuffix("\r") ? line.dropLast() : line[...]
            if content.isEmpty || content.hasPrefix("#") { continue }
            rows.append(VectorRow(file: name, line: offset + 1,
                                  fields: content.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
        }
        return rows
    }

    /// The rows of every `.tsv` file in a folder, sorted by file name.
    public static func rows(inFolder url: URL) throws -> [VectorRow] {
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".tsv") }.sorted()
        return try names.flatMap { try rows(of: url.appendingPathComponent($0)) }
    }
}

/// Paths of the repository and of `../shared`, found from a test source file's `#filePath`.
public enum RepositoryPaths {
    /// The package root: the folder above `Tests/`.
    public static func root(from filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// The package's `Locales/` folder.
    public static var locales: URL { root().appendingPathComponent("Locales") }

    /// Runs `body` on a throwaway copy of the package's `Locales/` (to edit), removed afterwards.
    public static func withLocalesCopy<T>(_ body: (URL) throws -> T) throws -> T {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-locales-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: locales, to: copy)
        return try body(copy)
    }

    /// `../shared` beside the package, when present (CI always has it).
    public static var shared: URL? {
        let url = root().deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
