import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales

/// `vocab lint`: checks app vocabulary files and locale data, every finding as `path:line: error: message`.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check AppIntentVocabulary.plist files and locale data; fail when there is an error.",
        discussion: """
            Without a path, checks every locale of the locales folder: each file's structure, Apple's \
            guidance for examples in its language (app name present, no "Hey Siri", no pleasantries, short, \
            several per intent), identifiers and intents missing from some locales, and each locale's \
            normalization, phonetic and nickname data. A path may be a locales folder or a plist file.
            """
    )

    @Argument(help: ArgumentHelp("Locales folders or AppIntentVocabulary.plist files (default: the locales folder).",
                                 valueName: "path"))
    var paths: [String] = []

    @OptionGroup var localesOptions: LocalesOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        var lint = LocaleLint()
        if paths.isEmpty {
            try lint.lintFolder(try localesOptions.directory())
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure(description: "\(path): no such file or folder")
            }
            if isDirectory.boolValue {
                try lint.lintFolder(LocaleDirectory(url: URL(fileURLWithPath: path).standardizedFileURL))
            } else {
                lint.lintFile(atPath: path)
            }
        }
        // Paths as the user gave them: files under the working directory are named relative to it.
        let findings = lint.sorted(relativeTo: FileManager.default.currentDirectoryPath)
        let errors = findings.count { $0.severity == .error }
        let warnings = findings.count - errors
        if json {
            try JSONOutput.print(Report(files: lint.filesRead, errors: errors, warnings: warnings,
                                        findings: findings.map(Report.Item.init)))
        } else {
            for finding in findings { print(finding.description) }
        }
        StandardError.print("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") "
            + "in \(lint.filesRead) vocabulary file\(lint.filesRead == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    private struct Report: Encodable {
        struct Item: Encodable {
            let path: String
            let line: Int?
            let keyPath: String
            let severity: String
            let message: String
            init(_ finding: LintFinding) {
                path = finding.path
                line = finding.line
                keyPath = finding.keyPath
                severity = finding.severity.rawValue
                message = finding.message
            }
        }
        let files: Int
        let errors: Int
        let warnings: Int
        let findings: [Item]
    }
}
