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

/// The JSON form of an app-term resolution.
struct AppTermReport: Encodable {
    struct Match: Encodable {
        let identifier: String
        let phrase: String
        let via: String
        let score: Double
    }
    let locale: LocaleSelectionReport
    let parameter: String
    let query: String
    let outcome: String
    let truncated: Bool
    let matches: [Match]

    init(locale: LocaleSelectionReport, parameter: String, query: String, result: AppTermResolver.Result) {
        self.locale = locale
        self.parameter = parameter
        self.query = query
        outcome = result.outcome
        truncated = result.truncated
        matches = result.matches.map {
            Match(identifier: $0.entry.identifier, phrase: $0.entry.phrase,
                  via: $0.entry.isPronunciation ? "pronunciation" : "phrase",
                  score: ($0.candidate.score * 1000).rounded() / 1000)
        }
    }
}
