import Foundation
import VocabCore
import VocabLocales

/// The app vocabulary of a locale for one intent parameter, or a clear error.
enum AppVocabularySource {
    static func items(for parameter: String, locale: SiriLanguageCode, in directory: LocaleDirectory) throws
        -> [AppVocabulary.Item] {
        let path = directory.fileURL(AppVocabularyFile.fileName, in: locale).path
        guard let reading = directory.appVocabulary(for: locale) else {
            throw CommandFailure(description: "\(path): no such file; \(locale) ships no app vocabulary")
        }
        if let error = reading.findings.first(where: { $0.severity == .error }) {
            throw CommandFailure(description: "\(error) (run 'vocab lint' for every finding)")
        }
        let vocabulary = reading.vocabulary ?? AppVocabulary(parameterVocabularies: [], intentPhrases: [])
        let items = vocabulary.items(for: parameter)
        guard !items.isEmpty else {
            let known = vocabulary.parameterNames.map { "'\($0)'" }.joined(separator: ", ")
            throw CommandFailure(description: "\(path): no vocabulary for parameter '\(parameter)'; "
                + "the file covers \(known.isEmpty ? "no parameter" : known)")
        }
        return items
    }
}
