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
        try resolve(query, keepingAll: false)
    }

    /// Resolves a query, optionally keeping every candidate in ``Result/ranked``.
    ///
    /// Every candidate is ranked by an allocation-free summary of its alignment; full candidates (with
    /// links and tokens) are built for the 12 best and for the best plausible ones the policy decides on,
    /// or for all when `keepingAll` is set (for callers that regroup candidates, such as app terms).
    ///
    /// - Throws: What the normalizer throws.
    /// - Complexity: one summary per candidate; candidates are the terms where every required query word
    ///   meets one of their words.
    public func resolve(_ query: String, keepingAll: Bool) throws -> Result {
        let queryTokens = try index.preparer.forms(of: query).first?.tokens ?? []
        guard !queryTokens.isEmpty else { return Result(resolution: .needsValue, queryTokens: [], ranked: []) }
        let lookup = index.lookUp(queryTokens)
        let queryRoles = queryTokens.map(\.role)
        var scored: [(candidate: Int32, form: Int, summary: NameAlignment.Summary)] = []
        scored.reserveCapacity(lookup.candidates.count)
        for id in lookup.candidates {
            var best: (Int, NameAlignment.Summary)?
            for (formIndex, form) in index.terms[Int(id)].readings.enumerated() {
                let summary = NameAlignment.summary(query: queryRoles, term: form.roles, termJoined: form.joined) { qi, ti in
                    let unit = ti < form.words.count ? form.words[ti] : form.pairs[ti - form.words.count]
                    return lookup.matches[qi][unit]
                }
                if best == nil || summary.score > best!.1.score { best = (formIndex, summary) }
            }
            if let best { scored.append((id, best.0, best.1)) }
        }
        scored.sort { a, b in a.summary.score != b.summary.score ? a.summary.score > b.summary.score : a.candidate < b.candidate }

        // The candidates anyone will look at: the best overall, and the best plausible (the policy reads
        // at most the options it may offer, plus one to know whether more were near).
        var chosen = Array(scored.indices.prefix(keepingAll ? scored.count : Self.explainedCandidates))
        if !keepingAll {
            var plausible = 0
            for position in scored.indices where policy.isPlausible(scored[position].summary) {
                if position >= chosen.count { chosen.append(position) }
                plausible += 1
                if plausible > policy.maximumOptions { break }
            }
        }
        let ranked = chosen.map { position in
            let entry = scored[position]
            let term = index.terms[Int(entry.candidate)]
            let form = term.readings[entry.form]
            let units = form.words + form.pairs
            let alignment = NameAlignment(query: queryRoles, term: form.roles, termJoined: form.joined) { qi, ti in
                lookup.matches[qi][units[ti]]
            }
            return Candidate(term: term.text, rank: term.rank, score: alignment.score, alignment: alignment,
                             reading: form.reading, termTokens: index.forms(of: term)[entry.form].tokens)
        }
        return Result(resolution: policy.decide(ranked), queryTokens: queryTokens, ranked: ranked)
    }

    /// How many of the best candidates are kept for explanations.
    static let explainedCandidates = 12
}
