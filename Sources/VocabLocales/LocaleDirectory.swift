public import Foundation
public import VocabCore

/// The `Locales/` folder: one subfolder per Siri language code (`fr-FR`), each holding that locale's data.
///
/// See `Locales/README.md` for the files a locale folder may hold. Reading happens here, in an adapter;
/// the core only receives decoded values.
public struct LocaleDirectory: Sendable, Hashable {
    /// The folder.
    public let url: URL

    /// The name of a locale's normalization data file.
    public static let normalizationFileName = "normalization.json"

    /// Uses a given folder.
    public init(url: URL) {
        self.url = url
    }

    /// Finds the locales folder.
    ///
    /// In order: the `--locales` argument; `$VOCAB_LOCALES`; a `Locales/` folder holding `en-US` in the
    /// executable's folder or any folder above it (so `.build/debug/vocab` finds the package's own); the
    /// same search from the current directory.
    ///
    /// - Parameters:
    ///   - explicit: The `--locales` value, if given.
    ///   - environment: The process environment.
    ///   - executablePath: The running binary's path, if known.
    ///   - currentDirectory: The working directory.
    /// - Returns: The folder.
    /// - Throws: ``LocaleDataError`` when a given folder does not exist, or none is found.
    public static func locate(
        explicit: String?,
        environment: [String: String],
        executablePath: String?,
        currentDirectory: String
    ) throws(LocaleDataError) -> LocaleDirectory {
        let files = FileManager.default
        func isDirectory(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return files.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        for (given, origin) in [(explicit, "--locales"), (environment["VOCAB_LOCALES"], "VOCAB_LOCALES")] {
            guard let given, !given.isEmpty else { continue }
            let url = URL(fileURLWithPath: given, relativeTo: URL(fileURLWithPath: currentDirectory))
            guard isDirectory(url.path) else {
                throw LocaleDataError(path: origin, message: "'\(given)' is not a folder")
            }
            return LocaleDirectory(url: url.standardizedFileURL)
        }
        var starts: [URL] = []
        if let executablePath {
            starts.append(URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        starts.append(URL(fileURLWithPath: currentDirectory))
        for start in starts {
            var folder = start.standardizedFileURL
            while true {
                let candidate = folder.appendingPathComponent("Locales")
                if isDirectory(candidate.appendingPathComponent(SiriLanguageCode.fallback.identifier).path) {
                    return LocaleDirectory(url: candidate)
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw LocaleDataError(
            path: "Locales", message: "no locales folder found beside the executable or above the current "
                + "directory; pass --locales DIR or set VOCAB_LOCALES")
    }

    /// The locale folders present, by canonical code.
    ///
    /// - Parameter tags: Canonicalizes folder names; a folder whose name is not a canonical code
    ///   (`fr_FR`, `french`) is listed in ``Listing/ignored`` with the reason.
    /// - Throws: ``LocaleDataError`` when the folder cannot be read.
    public func listing(tags: some LanguageTagService) throws(LocaleDataError) -> Listing {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw LocaleDataError(path: url.path, message: "cannot read the locales folder: \(error.localizedDescription)")
        }
        var listing = Listing(locales: [], ignored: [])
        for name in names where !name.hasPrefix(".") && name != Self.sharedFolderName {
            var isDirectory: ObjCBool = false
            let path = url.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            do {
                let code = try tags.canonicalize(name)
                if code.identifier == name {
                    listing.locales.append(code)
                } else {
                    listing.ignored.append((name, "not canonical; name the folder '\(code)'"))
                }
            } catch {
                listing.ignored.append((name, "not a Siri language code; expected a form like 'fr-FR'"))
            }
        }
        return listing
    }

    /// What ``listing(tags:)`` found.
    public struct Listing: Sendable {
        /// The locales present, sorted.
        public var locales: [SiriLanguageCode]
        /// Folders that are not locales, with the reason.
        public var ignored: [(name: String, reason: String)]
    }

    /// The path of a file in a locale's folder.
    public func fileURL(_ name: String, in code: SiriLanguageCode) -> URL {
        url.appendingPathComponent(code.identifier).appendingPathComponent(name)
    }

    /// Reads a locale's `normalization.json`.
    ///
    /// - Returns: The rules, or `nil` when the locale has no such file.
    /// - Throws: ``LocaleDataError`` naming the file and key path when it is not valid.
    public func normalizationRules(for code: SiriLanguageCode) throws(LocaleDataError) -> NormalizationRules? {
        let file = fileURL(Self.normalizationFileName, in: code)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw LocaleDataError(path: file.path, message: "cannot read: \(error.localizedDescription)")
        }
        let rules: NormalizationRules
        do {
            rules = try JSONDecoder().decode(NormalizationRules.self, from: data)
        } catch let error as DecodingError {
            throw LocaleDataError(path: file.path, keyPath: error.keyPath, message: error.summary)
        } catch {
            throw LocaleDataError(path: file.path, message: "\(error)")
        }
        // A spoken form says an abbreviation the tokenizer knows as a suffix or title, in letters.
        let abbreviations = Set((rules.suffixes + rules.honorifics).map { $0.lowercased() })
        for (written, said) in rules.spokenForms.sorted(by: { $0.key < $1.key }) {
            guard abbreviations.contains(written.lowercased()) else {
                throw LocaleDataError(path: file.path, keyPath: "spokenForms.\(written)",
                                      message: "'\(written)' is not one of this locale's suffixes or honorifics")
            }
            guard said.contains(where: \.isLetter), !said.contains(where: { $0.isWhitespace || $0.isNewline }) else {
                throw LocaleDataError(path: file.path, keyPath: "spokenForms.\(written)",
                                      message: "'\(said)' is not one word of letters")
            }
        }
        return rules
    }
}
