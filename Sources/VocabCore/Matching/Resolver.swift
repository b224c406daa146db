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
        let lookup = index.lookUp(queryTokens)
        let queryRoles = queryTokens.map(\.role)
        var scored: [(candidate: Int32, form: Int, alignment: NameAlignment)] = []
        scored.reserveCapacity(lookup.candidates.count)
        for id in lookup.candidates {
            var best: (Int, NameAlignment)?
            for (formIndex, form) in index.terms[Int(id)].readings.enumerated() {
                let units = form.words + form.pairs
                let alignment = NameAlignment(query: queryRoles, term: form.roles, termJoined: form.joined) { qi, ti in
                    lookup.matches[qi][units[ti]]
                }
                if best == nil || alignment.score > best!.1.score { best = (formIndex, alignment) }
            }
            if let best { scored.append((id, best.0, best.1)) }
        }
        scored.sort { a, b in a.alignment.score != b.alignment.score ? a.alignment.score > b.alignment.score : a.candidate < b.candidate }
        // Tokens for explanations are rebuilt only for the candidates anyone will look at.
        let ranked = scored.enumerated().map { position, entry in
            let term = index.terms[Int(entry.candidate)]
            let form = term.readings[entry.form]
            let tokens = position < Self.explainedCandidates ? index.forms(of: term)[entry.form].tokens : []
            return Candidate(term: term.text, rank: term.rank, score: entry.alignment.score, alignment: entry.alignment,
                             reading: form.reading, termTokens: tokens)
        }
        return Result(resolution: policy.decide(ranked), queryTokens: queryTokens, ranked: ranked)
    }

    /// How many of the ranked candidates carry their tokens (the options offered and `--explain`'s list).
    static let explainedCandidates = 12
}
