/// One problem found in a vocabulary file, printed as `path:line: error: keyPath: message`.
public struct LintFinding: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// How serious a finding is: errors make `vocab lint` fail.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning
    }

    /// The file.
    public let path: String
    /// The 1-based line, when known.
    public let line: Int?
    /// The key path inside the file, e.g. `ParameterVocabularies[0].ParameterVocabulary[2]`; empty for the file.
    public let keyPath: String
    public let severity: Severity
    /// What was found and what was expected.
    public let message: String

    public init(path: String, line: Int?, keyPath: String, severity: Severity, message: String) {
        self.path = path
        self.line = line
        self.keyPath = keyPath
        self.severity = severity
        self.message = message
    }

    public var description: String {
        let place = line.map { "\(path):\($0)" } ?? path
        let subject = keyPath.isEmpty ? "" : "\(keyPath): "
        return "\(place): \(severity.rawValue): \(subject)\(message)"
    }

    public static func < (lhs: LintFinding, rhs: LintFinding) -> Bool {
        (lhs.path, lhs.line ?? 0, lhs.keyPath, lhs.message) < (rhs.path, rhs.line ?? 0, rhs.keyPath, rhs.message)
    }
}
