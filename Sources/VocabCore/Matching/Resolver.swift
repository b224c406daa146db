/// Resolves what a recognizer wrote against an indexed vocabulary.
///
/// `"matieu lefevre"` against fr-FR contacts holding "Matthieu Lefèvre" → `.success`; `"bobo"` against
/// "Bobo le Grand", "Bobo Jr.", "Petit Bobo" → `.disambiguation` of the three.
public struct Resolver: Sendable {
    /// The vocabulary.
    public let index: VocabularyIndex
    /// The thresholds.
    public let policy: ResolutionPolicy

    /// Creates a resolver.
    public init(index: VocabularyIndex, policy: ResolutionPolicy = .standard) {
        self.index = index
        self.policy = policy
    }

    /// What one resolution found.
    public struct Result: Sendable {
        /// The outcome.
        public let resolution: Resolution
        /// The query's tokens as matched.
        public let queryTokens: [MatchToken]
        /// Every candidate scored, best first (for explanations).
        public let ranked: [Candidate]
    }

    /// Resolves a query.
    ///
    /// - Parameter query: What the recognizer wrote.
    /// - Returns: The outcome and the ranked candidates.
    /// - Throws: What the normalizer throws.
    public func resolve(_ query: String) throws -> Result {
        let queryTokens = try index.preparer.forms(of: query).first?.tokens ?? []
        guard !queryTokens.isEmpty else { return Result(resolution: .needsValue, queryTokens: [], ranked: []) }
        let nicknames = index.preparer.phonetics.nicknames
        var ranked: [Candidate] = []
        for id in index.candidates(for: queryTokens) {
            let term = index.terms[Int(id)]
            var best: Candidate?
            for form in term.forms {
                let alignment = NameAlignment(query: queryTokens, term: form.tokens, nicknames: nicknames)
                if best == nil || alignment.score > best!.score {
                    best = Candidate(term: term.text, rank: term.rank, score: alignment.score, alignment: alignment,
                                     reading: form.reading, termTokens: form.tokens)
                }
            }
            if let best { ranked.append(best) }
        }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.rank < $1.rank }
        return Result(resolution: policy.decide(ranked), queryTokens: queryTokens, ranked: ranked)
    }
}
