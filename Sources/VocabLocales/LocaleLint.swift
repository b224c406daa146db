public import Foundation
public import VocabCore
import VocabICU

/// What `vocab lint` checks, for the CLI and the service's console: app vocabulary files (structure, Apple's
/// guidance for examples, identifiers and intents missing from some locales) and each locale's other data.
public struct LocaleLint {
    /// Every finding so far, in the order found (``sorted()`` for output).
    public private(set) var findings: [LintFinding] = []
    /// How many vocabulary files were read.
    public private(set) var filesRead = 0
    private var files: [(locale: String, path: String, vocabulary: AppVocabulary)] = []
    private let tags = ICULanguageTags()
    private let normalizer = ICUTextNormalizer()

    public init() {}

    /// Checks one `AppIntentVocabulary.plist`, with its locale's guidance when known.
    public mutating func lintFile(_ url: URL, locale: SiriLanguageCode?, guidance: ExampleGuidance) {
        let reading = AppVocabularyFile.read(url, path: url.path)
        filesRead += 1
        findings += reading.findings
        guard let vocabulary = reading.vocabulary else { return }
        let profile = LocaleProfile.bare(locale ?? .fallback)
        let normalizer = self.normalizer
        let linter = AppVocabularyLinter { text in
            ((try? normalizer.normalize(text, in: profile))?.tokens.map(\.folded)) ?? []
        }
        findings += linter.lint(vocabulary, path: url.path, guidance: guidance)
        if let locale { files.append((locale.identifier, url.path, vocabulary)) }
    }

    /// Checks a file given by path: its locale (and guidance) from its folder's name when that is a code.
    public mutating func lintFile(atPath path: String) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folderName = url.deletingLastPathComponent().lastPathComponent
        let code = (try? tags.canonicalize(folderName)).flatMap { $0.identifier == folderName ? $0 : nil }
        let directory = LocaleDirectory(url: url.deletingLastPathComponent().deletingLastPathComponent())
        let guidance = code.flatMap { try? directory.guidance(for: $0) } ?? ExampleGuidance()
        lintFile(url, locale: code, guidance: guidance)
    }

    /// Checks every locale of a folder: its data, its vocabulary file, and locales without one while others
    /// have one.
    ///
    /// - Throws: ``LocaleDataError`` when the folder cannot be listed.
    public mutating func lintFolder(_ directory: LocaleDirectory) throws {
        let listing = try directory.listing(tags: tags)
        for ignored in listing.ignored {
            findings.append(LintFinding(path: directory.url.appendingPathComponent(ignored.name).path, line: nil,
                                        keyPath: "", severity: .warning, message: ignored.reason))
        }
        findings += letterToSoundFindings(directory)
        var withFile: [String] = []
        var without: [SiriLanguageCode] = []
        for code in listing.locales {
            findings += localeDataFindings(directory, code)
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

    /// The findings, with the checks across files added, paths under `base` made relative to it, sorted.
    public func sorted(relativeTo base: String? = nil) -> [LintFinding] {
        var all = findings + AppVocabularyLinter { _ in [] }.crossCheck(files)
        if let base {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            all = all.map { finding in
                guard finding.path.hasPrefix(prefix) else { return finding }
                return LintFinding(path: String(finding.path.dropFirst(prefix.count)), line: finding.line,
                                   keyPath: finding.keyPath, severity: finding.severity, message: finding.message)
            }
        }
        return all.sorted()
    }

    /// Letter-to-sound rules that no word can reach (a warning each; a file that does not parse is an error
    /// of the locale data, reported per locale).
    private func letterToSoundFindings(_ directory: LocaleDirectory) -> [LintFinding] {
        guard let data = try? directory.phoneData() else { return [] }
        return data.rules.values.flatMap { rules in
            rules.unreachableRules.map { rule in
                LintFinding(path: rules.source, line: rule.line, keyPath: "", severity: .warning, message: rule.message)
            }
        }
    }

    /// Problems with a locale's other data files, as findings.
    private func localeDataFindings(_ directory: LocaleDirectory, _ code: SiriLanguageCode) -> [LintFinding] {
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
}
