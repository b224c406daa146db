public import VocabCore

/// The JSON schema of a resolution: `vocab resolve --json` and the service's resolve answer (documented in
/// README.md and the OpenAPI document).
public struct ResolveReport: Encodable, Sendable {
    public struct Link: Encodable, Sendable {
        public let query: [String]
        public let term: [String]
        public let similarity: Double
        public let reason: String
    }

    /// One feature the decision weighed, with its contribution to the log-odds (weight × value).
    public struct FeatureReport: Encodable, Sendable {
        public let name: String
        public let value: Double
        public let contribution: Double

        /// Every feature of a model with its value and contribution, to three decimals.
        static func all(_ values: [Double], by model: DecisionModel) -> [FeatureReport] {
            zip(model.featureNames, zip(values, model.contributions(values: values))).map {
                FeatureReport(name: $0.0, value: ($0.1.0 * 1000).rounded() / 1000, contribution: ($0.1.1 * 1000).rounded() / 1000)
            }
        }
    }

    public struct CandidateReport: Encodable, Sendable {
        public let term: String
        public let identifier: String?
        public let rank: Int
        public let score: Double
        /// The calibrated probability that this is the term meant, when the decision model scored it.
        public let probability: Double?
        public let reading: String?
        public let links: [Link]?
        /// With `explain`, how the candidate's phones met the query's, when the phones were heard.
        public let phones: Resolver.PhoneExplanation?
        /// With `explain`, the decision's features and their contributions, when the model scored it.
        public let features: [FeatureReport]?
        /// With `explain`, what the recognizer's alternatives said of it (``AlternativeFeatures``) and each
        /// figure's contribution, when several hypotheses were weighed; `hypothesis` the one its words and phones
        /// are shown from (0: the query).
        public let alternatives: [FeatureReport]?
        public let hypothesis: Int?

        init(_ candidate: Candidate, queryTokens: [MatchToken], explain: Bool,
             phones: ((Candidate) -> Resolver.PhoneExplanation?)?, model: DecisionModel?, alternativesModel: DecisionModel?) {
            if explain, let alternativesModel, let values = candidate.alternativeFeatures {
                alternatives = FeatureReport.all(values, by: alternativesModel)
                hypothesis = candidate.hypothesis
            } else {
                alternatives = nil
                hypothesis = nil
            }
            self.phones = explain ? phones?(candidate) : nil
            probability = candidate.probability.map { ($0 * 1000).rounded() / 1000 }
            if explain, let model, let values = candidate.features {
                features = FeatureReport.all(values.values, by: model)
            } else {
                features = nil
            }
            term = candidate.term
            identifier = candidate.identifier
            rank = candidate.rank
            score = (candidate.score * 1000).rounded() / 1000
            reading = explain ? candidate.reading : nil
            links = explain ? candidate.alignment.links.map { link in
                Link(query: link.query.map { queryTokens[$0].text }, term: link.term.map { candidate.termTokens[$0].text },
                     similarity: (link.similarity * 1000).rounded() / 1000, reason: link.reason.rawValue)
            } : nil
        }
    }

    public let locale: LocaleSelectionReport
    public let query: String
    public let queryTokens: [String]
    public let outcome: String
    public let truncated: Bool
    public let candidates: [CandidateReport]
    public let considered: [CandidateReport]?
    /// A hypothesis weighed, when the recognizer's alternatives were given.
    public struct HypothesisReport: Encodable, Sendable {
        public let text: String
        public let weight: Double
    }
    /// The hypotheses weighed (the query first; those that read the same as one), when alternatives were given.
    public let hypotheses: [HypothesisReport]?
    /// The recognizer whose own profile decided, when the caller named one.
    public let recognizer: String?

    /// The report of one resolution.
    ///
    /// - Parameters:
    ///   - phones: Explains a candidate's phones (``Resolver/phoneExplanation(of:in:)``), shown with `explain`.
    ///   - model: The decision model whose contributions `explain` shows.
    ///   - alternativesModel: The model weighing alternatives, whose contributions `explain` shows.
    ///   - recognizerName: The recognizer whose profile decided, when one was named.
    public init(locale: LocaleSelectionReport, query: String, result: Resolver.Result, explain: Bool,
                model: DecisionModel? = nil, alternativesModel: DecisionModel? = nil, recognizerName: String? = nil,
                phones: ((Candidate) -> Resolver.PhoneExplanation?)? = nil) {
        self.locale = locale
        self.query = query
        queryTokens = result.queryTokens.map(\.text)
        outcome = result.resolution.name
        if case .disambiguation(_, let truncated) = result.resolution { self.truncated = truncated } else { truncated = false }
        candidates = result.resolution.candidates.map {
            CandidateReport($0, queryTokens: result.queryTokens(of: $0), explain: explain, phones: phones, model: model,
                            alternativesModel: alternativesModel)
        }
        considered = explain ? result.ranked.prefix(10).map {
            CandidateReport($0, queryTokens: result.queryTokens(of: $0), explain: true, phones: phones, model: model,
                            alternativesModel: alternativesModel)
        } : nil
        hypotheses = result.hypotheses.isEmpty ? nil : result.hypotheses.map {
            HypothesisReport(text: $0.text, weight: ($0.weight * 1000).rounded() / 1000)
        }
        recognizer = recognizerName
    }
}
