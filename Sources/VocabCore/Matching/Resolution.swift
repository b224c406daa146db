/// One term a query may mean, with its score and why.
public struct Candidate: Sendable, Hashable {
    /// What the matchers found, kept in one box: a resolution moves candidates between its stages and sorts them,
    /// and as eight stored values (strings, tokens, a phone match) every move retained and released each of them
    /// (a tenth of a first name's instructions at 10,000 terms).
    private let found: Found

    /// The term exactly as registered.
    public var term: String { found.term }
    /// Its registration position (0 = most important).
    public var rank: Int { found.rank }
    /// The app's identifier of a speakable term, `nil` for a plain string.
    public var identifier: String? { found.identifier }
    /// The alignment score, 0...1.
    public var score: Double { found.score }
    /// How the query's words met the term's.
    public var alignment: NameAlignment { found.alignment }
    /// Which reading of the term matched (`folded`, `alternate`, `romanized`).
    public var reading: String { found.reading }
    /// The term's tokens in that reading, for explanations.
    public var termTokens: [MatchToken] { found.termTokens }
    /// How the query's phones met the term's, when the phone matcher found it.
    public var phones: PhoneMatcher.Match? { found.phones }

    /// Whether only the phones found the term (its words met none of the query's; ``score`` is then the phone
    /// score).
    public var isFoundBySoundOnly: Bool { found.isFoundBySoundOnly }

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
        found = Found(term: term, rank: rank, identifier: identifier, score: score, alignment: alignment, reading: reading,
                      termTokens: termTokens, phones: phones)
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

    /// Equal when every value is: what was found, and what was weighed of it.
    public static func == (left: Candidate, right: Candidate) -> Bool {
        (left.found === right.found || left.found == right.found) && left.probability == right.probability
            && left.features == right.features && left.hypothesis == right.hypothesis
            && left.alternativeFeatures == right.alternativeFeatures
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(found)
        hasher.combine(probability)
        hasher.combine(features)
        hasher.combine(hypothesis)
        hasher.combine(alternativeFeatures)
    }

    /// What the matchers found of a term, never changed once made.
    private final class Found: Sendable, Hashable {
        let term: String
        let rank: Int
        let identifier: String?
        let score: Double
        let alignment: NameAlignment
        let reading: String
        let termTokens: [MatchToken]
        let phones: PhoneMatcher.Match?
        let isFoundBySoundOnly: Bool

        init(term: String, rank: Int, identifier: String?, score: Double, alignment: NameAlignment, reading: String,
             termTokens: [MatchToken], phones: PhoneMatcher.Match?) {
            self.term = term
            self.rank = rank
            self.identifier = identifier
            self.score = score
            self.alignment = alignment
            self.reading = reading
            self.termTokens = termTokens
            self.phones = phones
            isFoundBySoundOnly = reading == Resolver.soundOnly
        }

        static func == (left: Found, right: Found) -> Bool {
            left.term == right.term && left.rank == right.rank && left.identifier == right.identifier
                && left.score == right.score && left.alignment == right.alignment && left.reading == right.reading
                && left.termTokens == right.termTokens && left.phones == right.phones
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(term)
            hasher.combine(rank)
            hasher.combine(identifier)
            hasher.combine(score)
            hasher.combine(alignment)
            hasher.combine(reading)
            hasher.combine(termTokens)
            hasher.combine(phones)
        }
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
