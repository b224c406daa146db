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
        let tags = ICULanguageTags()
        let normalizer = ICUTextNormalizer()
        var findings: [LintFinding] = []
        var files: [(locale: String, path: String, vocabulary: AppVocabulary)] = []
        var filesRead = 0

        func lintFile(_ url: URL, locale: SiriLanguageCode?, guidance: ExampleGuidance) {
            let reading = AppVocabularyFile.read(url, path: url.path)
            filesRead += 1
            findings += reading.findings
            guard let vocabulary = reading.vocabulary else { return }
            let profile = LocaleProfile.bare(locale ?? .fallback)
            let linter = AppVocabularyLinter { text in
                ((try? normalizer.normalize(text, in: profile))?.tokens.map(\.folded)) ?? []
            }
            findings += linter.lint(vocabulary, path: url.path, guidance: guidance)
            if let locale { files.append((locale.identifier, url.path, vocabulary)) }
        }

        func lintFolder(_ directory: LocaleDirectory) throws {
            let listing = try directory.listing(tags: tags)
            for ignored in listing.ignored {
                findings.append(LintFinding(path: directory.url.appendingPathComponent(ignored.name).path, line: nil,
                                            keyPath: "", severity: .warning, message: ignored.reason))
            }
            var withFile: [String] = []
            var without: [SiriLanguageCode] = []
            for code in listing.locales {
                findings += localeDataFindings(directory, code, normalizer: normalizer, tags: tags)
                let url = directory.fileURL(AppVocabularyFile.fileName, in: code)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    without.append(code)
                    continue
                }
                withFile.append(code.identifier)
                var guidance = ExampleGuidance()
                do { guidance = try directory.guidance(for: code) } catch {
                    findings.append(LintFinding(path: error.path, line: nil, keyPath: error.keyPath, severity: .error,
                                                message: error.message))
                }
                lintFile(url, locale: code, guidance: guidance)
            }
            if !withFile.isEmpty {
                for code in without {
                    findings.append(LintFinding(
                        path: directory.url.appendingPathComponent(code.identifier).path, line: nil, keyPath: "",
                        severity: .error, message: "missing translation: no \(AppVocabularyFile.fileName), while "
                            + "\(withFile.joined(separator: ", ")) have one"))
                }
            }
        }

        if paths.isEmpty {
            try lintFolder(try localesOptions.directory())
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure(description: "\(path): no such file or folder")
            }
            let url = URL(fileURLWithPath: path).standardizedFileURL
            if isDirectory.boolValue {
                try lintFolder(LocaleDirectory(url: url))
            } else {
                let folderName = url.deletingLastPathComponent().lastPathComponent
                let code = (try? tags.canonicalize(folderName)).flatMap { $0.identifier == folderName ? $0 : nil }
                let directory = LocaleDirectory(url: url.deletingLastPathComponent().deletingLastPathComponent())
                let guidance = code.flatMap { try? directory.guidance(for: $0) } ?? ExampleGuidance()
                lintFile(url, locale: code, guidance: guidance)
            }
        }
        findings += AppVocabularyLinter { _ in [] }.crossCheck(files)
        // Paths as the user gave them: files under the working directory are named relative to it.
        let workingDirectory = FileManager.default.currentDirectoryPath + "/"
        findings = findings.map { finding in
            guard finding.path.hasPrefix(workingDirectory) else { return finding }
            return LintFinding(path: String(finding.path.dropFirst(workingDirectory.count)), line: finding.line,
                               keyPath: finding.keyPath, severity: finding.severity, message: finding.message)
        }
        findings.sort()

        let errors = findings.count { $0.severity == .error }
        let warnings = findings.count - errors
        if json {
            try JSONOutput.print(Report(files: filesRead, errors: errors, warnings: warnings,
                                        findings: findings.map(Report.Item.init)))
        } else {
            for finding in findings { print(finding.description) }
        }
        StandardError.print("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") "
            + "in \(filesRead) vocabulary file\(filesRead == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    /// Problems with a locale's other data files, as findings.
    private func localeDataFindings(_ directory: LocaleDirectory, _ code: SiriLanguageCode,
                                    normalizer: ICUTextNormalizer, tags: ICULanguageTags) -> [LintFinding] {
        do {
            // Building the context reads normalization.json and nicknames and compiles the phonetic rules.
            _ = try LanguageContext(request: LanguageRequest(code: code, source: .argument("lint")),
                                    directory: directory, tags: tags, normalizer: normalizer)
            _ = try directory.guidance(for: code)
            return []
        } catch let error as LocaleDataError {
            return [LintFinding(path: error.path, line: nil, keyPath: error.keyPath, severity: .error, message: error.message)]
        } catch {
            return [LintFinding(path: directory.url.appendingPathComponent(code.identifier).path, line: nil, keyPath: "",
                                severity: .error, message: "\(error)")]
        }
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
