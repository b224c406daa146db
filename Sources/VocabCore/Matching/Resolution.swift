/// One term a query may mean, with its score and why.
public struct Candidate: Sendable, Hashable {
    /// The term exactly as registered.
    public let term: String
    /// Its registration position (0 = most important).
    public let rank: Int
    /// The app's identifier of a speakable term, `nil` for a plain string.
    public let identifier: String?
    /// The alignment score, 0...1.
    public let score: Double
    /// How the query's words met the term's.
    public let alignment: NameAlignment
    /// Which reading of the term matched (`folded`, `alternate`, `romanized`).
    public let reading: String
    /// The term's tokens in that reading, for explanations.
    public let termTokens: [MatchToken]
    /// How the query's phones met the term's, when the phone matcher found it.
    public let phones: PhoneMatcher.Match?

    /// Whether only the phones found the term (its words met none of the query's; ``score`` is then the phone
    /// score).
    public var isFoundBySoundOnly: Bool { reading == Resolver.soundOnly }

    /// The calibrated probability that this is the term meant, when a ``DecisionModel`` scored it.
    public var probability: Double?
    /// The features the model weighed, when it scored this candidate.
    public var features: CandidateFeatures?
    /// Which hypothesis its words and phones were matched in (0: the query; an alternative's position + 1).
    public var hypothesis = 0
    /// What the recognizer's alternatives said of it (``AlternativeFeatures``), when several were weighed.
    public var alternativeFeatures: [Double]?

    /// Creates a candidate.
    public init(term: String, rank: Int, score: Double, alignment: NameAlignment, reading: String,
                termTokens: [MatchToken], identifier: String? = nil, phones: PhoneMatcher.Match? = nil) {
        self.term = term
        self.rank = rank
        self.identifier = identifier
        self.score = score
        self.alignment = alignment
        self.reading = reading
        self.termTokens = termTokens
        self.phones = phones
    }

    /// The same candidate as the phones heard it: their match attached.
    func hearing(_ match: PhoneMatcher.Match?) -> Candidate {
        replacing(phones: match)
    }

    /// The same candidate with another word alignment (over the tokens of the reading it aligns).
    func aligning(_ alignment: NameAlignment, termTokens: [MatchToken]) -> Candidate {
        replacing(alignment: alignment, termTokens: termTokens)
    }

    private func replacing(alignment: NameAlignment? = nil, termTokens: [MatchToken]? = nil,
                           phones: PhoneMatcher.Match?? = nil) -> Candidate {
        var copy = Candidate(term: term, rank: rank, score: score, alignment: alignment ?? self.alignment,
                             reading: reading, termTokens: termTokens ?? self.termTokens, identifier: identifier,
                             phones: phones ?? self.phones)
        copy.probability = probability
        copy.features = features
        copy.hypothesis = hypothesis
        copy.alternativeFeatures = alternativeFeatures
        return copy
    }
}

/// The outcome of resolving a spoken name, with SiriKit's semantics.
public enum Resolution: Sendable, Hashable {
    /// One clear winner.
    case success(Candidate)
    /// Several near-equal candidates, best first (at most ten); `truncated` when more were near.
    case disambiguation([Candidate], truncated: Bool)
    /// One doubtful candidate the user should confirm.
    case confirmationRequired(Candidate)
    /// Nothing was said.
    case needsValue
    /// Nothing matches well enough.
    case unsupported

    /// The outcome's name as in SiriKit and the evaluation format.
    public var name: String {
        switch self {
        case .success: "success"
        case .disambiguation: "disambiguation"
        case .confirmationRequired: "confirmationRequired"
        case .needsValue: "needsValue"
        case .unsupported: "unsupported"
        }
    }

    /// The candidates offered, best first.
    public var candidates: [Candidate] {
        switch self {
        case .success(let candidate), .confirmationRequired(let candidate): [candidate]
        case .disambiguation(let candidates, _): candidates
        case .needsValue, .unsupported: []
        }
    }
}
