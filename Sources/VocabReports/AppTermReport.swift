public import VocabCore

/// The JSON form of an app-term resolution.
public struct AppTermReport: Encodable, Sendable {
    public struct Match: Encodable, Sendable {
        public let identifier: String
        public let phrase: String
        public let via: String
        public let score: Double
    }
    public let locale: LocaleSelectionReport
    public let parameter: String
    public let query: String
    public let outcome: String
    public let truncated: Bool
    public let matches: [Match]

    /// The report of one app-term resolution.
    public init(locale: LocaleSelectionReport, parameter: String, query: String, result: AppTermResolver.Result) {
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
