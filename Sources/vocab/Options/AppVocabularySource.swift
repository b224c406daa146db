import Foundation
import VocabCore
import VocabLocales

/// The app vocabulary of a locale for one intent parameter, or a clear error.
enum AppVocabularySource {
    static func items(for parameter: String, locale: SiriLanguageCode, in directory: LocaleDirectory) throws
        -> [AppVocabulary.Item] {
        do {
            return try directory.appVocabularyItems(for: parameter, locale: locale)
        } catch .invalid(let finding) {
            throw CommandFailure(description: "\(finding) (run 'vocab lint' for every finding)")
        } catch {
            throw CommandFailure(description: error.description)
        }
    }
}
