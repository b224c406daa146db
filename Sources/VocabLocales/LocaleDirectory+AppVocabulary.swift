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
