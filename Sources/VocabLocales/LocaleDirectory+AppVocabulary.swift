import Foundation
public import VocabCore

extension LocaleDirectory {
    /// The file of a locale's example guidance (app name, assistant address, pleasantries).
    public static let appFileName = "app.json"

    /// Reads a locale's `AppIntentVocabulary.plist`.
    ///
    /// - Returns: The reading, or `nil` when the locale has no such file.
    public func appVocabulary(for code: SiriLanguageCode) -> AppVocabularyFile.Reading? {
        let url = fileURL(AppVocabularyFile.fileName, in: code)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return AppVocabularyFile.read(url, path: url.path)
    }

    /// Reads a locale's `app.json` guidance; a locale without one gets the defaults (no app name check).
    ///
    /// - Throws: ``LocaleDataError`` naming the file and key path of a malformed file.
    public func guidance(for code: SiriLanguageCode) throws(LocaleDataError) -> ExampleGuidance {
        let url = fileURL(Self.appFileName, in: code)
        guard let data = FileManager.default.contents(atPath: url.path) else { return ExampleGuidance() }
        do {
            return try JSONDecoder().decode(ExampleGuidance.self, from: data)
        } catch let error as DecodingError {
            throw LocaleDataError(path: url.path, keyPath: error.keyPath, message: error.summary)
        } catch {
            throw LocaleDataError(path: url.path, message: "\(error)")
        }
    }
}

/// Why a locale's app vocabulary has nothing for a parameter.
public enum AppVocabularyLookupError: Error, Sendable, CustomStringConvertible {
    /// The locale ships no `AppIntentVocabulary.plist` (its path).
    case noFile(path: String, locale: SiriLanguageCode)
    /// The file has an error finding (run `vocab lint` for all).
    case invalid(String)
    /// The file covers other parameters only.
    case noParameter(path: String, parameter: String, known: [String])

    public var description: String {
        switch self {
        case .noFile(let path, let locale): "\(path): no such file; \(locale) ships no app vocabulary"
        case .invalid(let finding): finding
        case .noParameter(let path, let parameter, let known):
            "\(path): no vocabulary for parameter '\(parameter)'; the file covers "
                + (known.isEmpty ? "no parameter" : known.map { "'\($0)'" }.joined(separator: ", "))
        }
    }
}

extension LocaleDirectory {
    /// The items of a locale's app vocabulary for one intent parameter, for resolving against them.
    ///
    /// - Throws: ``AppVocabularyLookupError`` when the locale has no file, the file has an error, or it
    ///   does not cover the parameter.
    public func appVocabularyItems(for parameter: String, locale: SiriLanguageCode)
        throws(AppVocabularyLookupError) -> [AppVocabulary.Item] {
        let path = fileURL(AppVocabularyFile.fileName, in: locale).path
        guard let reading = appVocabulary(for: locale) else { throw .noFile(path: path, locale: locale) }
        if let error = reading.findings.first(where: { $0.severity == .error }) { throw .invalid("\(error)") }
        let vocabulary = reading.vocabulary ?? AppVocabulary(parameterVocabularies: [], intentPhrases: [])
        let items = vocabulary.items(for: parameter)
        guard !items.isEmpty else {
            throw .noParameter(path: path, parameter: parameter, known: vocabulary.parameterNames)
        }
        return items
    }
}
