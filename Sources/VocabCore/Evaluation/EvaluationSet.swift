/// An evaluation set in the format of `../shared/eval/FORMAT.md`: vocabularies and spoken-name cases.
public struct EvaluationSet: Sendable, Decodable {
    /// A user's ordered vocabulary.
    public struct Vocabulary: Sendable, Decodable {
        public let id: String
        public let language: String?
        public let type: String?
        public let strings: [String]
    }

    /// What a case expects.
    public struct Expectation: Sendable, Decodable {
        /// `success`, `disambiguation` or `unsupported`.
        public let outcome: String
        public let terms: [String]
    }

    /// One query to resolve.
    public struct Case: Sendable, Decodable {
        public let id: String
        public let vocabulary: String
        public let language: String
        public let query: String
        public let category: String
        public let expect: Expectation
        /// The recognizer's hypotheses, best first, when the set gives them (`alternatives`: text, score,
        /// confidence); the first is normally the query.
        public var alternatives: [Hypothesis]? = nil
    }

    public let name: String?
    public let vocabularies: [Vocabulary]
    public let cases: [Case]
}

/// One line of a predictions file: `{"id", "outcome", "terms"}`.
public struct Prediction: Sendable, Codable, Hashable {
    public let id: String
    /// `success`, `disambiguation`, `confirmationRequired` or `unsupported`.
    public let outcome: String
    /// The matched terms, best first, exactly as registered.
    public let terms: [String]

    /// Creates a prediction.
    public init(id: String, outcome: String, terms: [String]) {
        self.id = id
        self.outcome = outcome
        self.terms = terms
    }

    /// The prediction for a resolution, in the evaluation format (nothing said counts as `unsupported`).
    public init(id: String, resolution: Resolution) {
        switch resolution {
        case .needsValue, .unsupported: self.init(id: id, outcome: "unsupported", terms: [])
        default: self.init(id: id, outcome: resolution.name, terms: resolution.candidates.map(\.term))
        }
    }
}
