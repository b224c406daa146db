extension Resolver {
    /// A term that sounds or reads like what a recognizer heard (``RecognizerHints`` puts it first in a second
    /// pass's hints).
    public struct NearTerm: Sendable, Hashable {
        /// The term's registration position (0 = most important).
        public let rank: Int
        /// The stronger of its word score and its phone score against the hypothesis nearest to it, 0…1.
        public let score: Double
        /// The hypothesis it was nearest to.
        public let heard: String
        /// That hypothesis's position (0: the first).
        public let hypothesis: Int

        public init(rank: Int, score: Double, heard: String, hypothesis: Int = 0) {
            self.rank = rank
            self.score = score
            self.heard = heard
            self.hypothesis = hypothesis
        }
    }

    /// The terms nearest to what a recognizer heard, nearest first (ties in the user's order): every term the
    /// word look-up or the phone postings reach from any of the hypotheses, by the stronger of its word score and
    /// its phone score, with the widest search either matcher makes (no decision is taken, and no fast path skips
    /// the phones). For a second recognition pass: the contacts a first transcript sounds like, to prompt the
    /// recognizer with (``RecognizerHints``).
    ///
    /// - Parameters:
    ///   - hypotheses: What the recognizer wrote, best first (a transcript and, when it gave them, its
    ///     alternatives); hypotheses with no words are skipped.
    ///   - limit: How many terms at most.
    ///   - floor: The least score for a term to count as near.
    /// - Throws: ``VocabularyError`` naming a hypothesis over ``TextLimits``, or what the normalizer throws.
    public func nearestTerms(to hypotheses: [String], limit: Int, floor: Double = nearFloor) throws -> [NearTerm] {
        try Self.checkHeard(hypotheses)
        var best: [Int: NearTerm] = [:]
        for (position, text) in hypotheses.enumerated() {
            guard let reading = try primaryReading(of: text) else { continue }
            let tokens = index.preparer.queryForm(of: reading).tokens
            guard !tokens.isEmpty else { continue }
            var scores: [Int: Double] = [:]
            for candidate in wordCandidates(for: tokens, keepingAll: true) {
                scores[candidate.rank] = max(scores[candidate.rank] ?? 0, candidate.score)
            }
            if let matcher = index.phoneMatcher, let pronouncer = index.preparer.phonetics.pronouncer {
                let (phones, filler) = pronouncer.queryPhones(of: reading)
                for match in matcher.matches(matcher.prepare(query: phones, filler: filler), limit: PhoneMatcher.candidateLimit) {
                    scores[match.term] = max(scores[match.term] ?? 0, match.score)
                }
            }
            for (rank, score) in scores where score >= floor && score > (best[rank]?.score ?? -1) {
                best[rank] = NearTerm(rank: rank, score: score, heard: text, hypothesis: position)
            }
        }
        let sorted = best.values.sorted { $0.score != $1.score ? $0.score > $1.score : $0.rank < $1.rank }
        return Array(sorted.prefix(max(0, limit)))
    }

    /// The most heard texts one search takes: a transcript and as many alternatives as a resolution weighs.
    public static let maximumHeard = Hypothesis.maximumAlternatives + 1

    /// Checks what a recognizer heard before it is searched.
    ///
    /// - Parameter noun: How to name a text in an error, given its position (0-based): `heard text 2`,
    ///   `--heard 2`, `heard[1]`.
    /// - Throws: ``VocabularyError`` naming the text at fault: more than ``maximumHeard``, a text without words,
    ///   with a control character, or over ``TextLimits``.
    public static func checkHeard(_ texts: [String], noun: (Int) -> String = { "heard text \($0 + 1)" }) throws(VocabularyError) {
        guard texts.count <= maximumHeard else {
            throw VocabularyError(subject: "the heard texts", problem: "are \(texts.count); at most \(maximumHeard) are searched "
                + "(a transcript and its alternatives)")
        }
        for (position, text) in texts.enumerated() {
            if let problem = Hypothesis.textProblem(text) { throw VocabularyError(subject: noun(position), problem: problem) }
        }
    }

    /// The least score of a near term: a third alike by words or by phones (the phone postings' widest search
    /// reaches terms holding a fifth of the query's phone pairs).
    public static let nearFloor = 0.3
}
