/// Resolves what a recognizer wrote against an indexed vocabulary.
///
/// `"matieu lefevre"` against fr-FR contacts holding "Matthieu Lefèvre" → `.success`; `"bobo"` against
/// "Bobo le Grand", "Bobo Jr.", "Petit Bobo" → `.disambiguation` of the three.
public struct Resolver: Sendable {
    /// The vocabulary.
    public let index: VocabularyIndex
    /// The thresholds.
    public let policy: ResolutionPolicy
    /// Whether the phone matcher is asked even when the words settle the outcome (for calibration traces).
    public var hearingPhones = false

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
        /// The query's phones, when the phone matcher was asked.
        public var phoneQuery: PhoneQuery? = nil
        /// The candidates the words alone found (for calibration).
        public var wordCandidates: [Candidate] = []
        /// What the phone matcher found, best first (for calibration and explanations).
        public var phoneMatches: [PhoneMatcher.Match] = []
        /// How similar a winner by its words sounded to the query, when it was checked.
        public var winnerSimilarity: Double? = nil
    }

    /// How a candidate's phones met the query's, step by step, when the phone matcher scored it (for
    /// `--explain`): `k i a r a` against `k j a r a` is `k i>j a r a`.
    ///
    /// - Returns: The query's phones, the term's phones as aligned (with the language they were read in),
    ///   and the steps written out; `nil` when the phones were not heard or did not reach this candidate.
    public func phoneExplanation(of candidate: Candidate, in result: Result) -> PhoneExplanation? {
        guard let match = candidate.phones, let query = result.phoneQuery, let matcher = index.phoneMatcher,
              let inventory = index.preparer.phonetics.pronouncer?.inventory else { return nil }
        let steps = matcher.steps(query: query.phones, filler: query.filler, match: match)
        let written = steps.map { step -> String in
            switch step {
            case .pair(let a, let b, _): a == b ? inventory.write([a]) : inventory.write([a]) + ">" + inventory.write([b])
            case .extraInQuery(let a, _, let isFiller): (isFiller ? "(+" : "+") + inventory.write([a]) + (isFiller ? ")" : "")
            case .missingFromQuery(let b, _): "-" + inventory.write([b])
            }
        }
        return PhoneExplanation(query: inventory.write(query.phones), term: inventory.write(matcher.variantPhones(of: match)),
                                language: match.language, similarity: match.similarity, weakestWord: match.weakestWord,
                                steps: written.joined(separator: " "))
    }

    /// A candidate's phones against the query's (see ``phoneExplanation(of:in:)``).
    public struct PhoneExplanation: Sendable, Hashable, Encodable {
        /// The query's phones (`|` between words).
        public let query: String
        /// The term's phones as aligned (its words in the order aligned).
        public let term: String
        /// The language the term's phones were read in.
        public let language: String
        /// The phone similarity, 0…1.
        public let similarity: Double
        /// The similarity of the worst-said term word, when computed.
        public let weakestWord: Double?
        /// The alignment: `a` the same phone, `a>b` query phone a for term phone b, `+a` a query phone the
        /// term lacks (`(+a)` in a filler word), `-b` a term phone the query lacks.
        public let steps: String
    }

    /// A query as the phone matcher heard it.
    public struct PhoneQuery: Sendable {
        /// Its phones in the listener's language, words separated by the boundary.
        public let phones: [Phone]
        /// Whether each phone belongs to a filler word.
        public let filler: [Bool]
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
    /// - Throws: ``VocabularyError`` for a query over ``TextLimits`` (refused before any work), or what the
    ///   normalizer throws.
    /// - Complexity: one summary per candidate; candidates are the terms where every required query word
    ///   meets one of their words.
    public func resolve(_ query: String, keepingAll: Bool) throws -> Result {
        if let problem = TextLimits.lengthProblem(with: query, noun: "query") {
            throw VocabularyError(subject: "the query", problem: "is refused: \(problem)")
        }
        // The primary reading only: other readings of the query are not matched, so their keys are not computed.
        let queryReading = try index.preparer.readings(of: query).first
        let queryTokens = queryReading.map { index.preparer.form(of: $0).tokens } ?? []
        guard !queryTokens.isEmpty else { return Result(resolution: .needsValue, queryTokens: [], ranked: []) }
        // One-word queries collect their own candidates below (the formula loop visits the same postings).
        var lookup = index.lookUp(queryTokens, collectingCandidates: queryTokens.count != 1 || queryTokens[0].folded.count <= 1)
        let queryRoles = queryTokens.map(\.role)
        var scored: [(candidate: Int32, form: Int, summary: NameAlignment.Summary)] = []
        scored.reserveCapacity(lookup.candidates.count)
        let store = index.store
        // How many of the best candidates anything reads: the explained ones and the policy's options, plus
        // one to know whether more were near.
        let keep = Self.explainedCandidates + policy.maximumOptions + 1
        // One-word queries against common first names meet thousands of terms. A term with one reading and
        // no hyphen, reached through a single word, scores by formula: the word's similarity times the
        // partial-match factor of its coverage (one of its counted words). Terms reached through a joined
        // pair, or with several readings or hyphens, take the general path.
        if queryTokens.count == 1 && queryTokens[0].folded.count > 1 {
            let similar = lookup.matches[0]
            // Terms reached through a joined pair take the general path.
            var general = WordIDMap<Void>(capacity: 64)
            var others: [Int32] = []
            for word in similar.allKeys where index.words.isPair[Int(word)] {
                for term in index.words.postings(of: Int(word)) where !general.contains(term) {
                    general[term] = ()
                    others.append(term)
                }
            }
            // Best similar word first, so a term is settled the first time it is seen (its best word).
            let singles = similar.allKeys.filter { !index.words.isPair[Int($0)] }
                .sorted { (similar[$0]!.0, $1) > (similar[$1]!.0, $0) }
            let reach = singles.reduce(0) { $0 + index.words.postings(of: Int($1)).count }
            var seen = WordIDMap<Void>(capacity: singles.count > 1 ? reach : 0)
            scored.reserveCapacity(reach)
            // The best few scores so far, to skip words none of whose holders can enter them (see below).
            var top = BestList<Double>(capacity: keep)
            var plausibleInTop = 0
            for word in singles {
                let value = similar[word]!.0
                // A word whose best possible score is below the last of a full best-list, which already holds
                // every option the policy may offer, cannot change the outcome or what is shown.
                if !keepingAll, top.isFull, plausibleInTop > policy.maximumOptions,
                   value * index.bestFactor[Int(word)] < top.last! {
                    continue
                }
                for term in index.words.postings(of: Int(word)) where !general.contains(term) {
                    if singles.count > 1 {
                        if seen.contains(term) { continue }
                        seen[term] = ()
                    }
                    guard let reading = store.simpleReading(of: Int(term)) else {
                        general[term] = ()
                        others.append(term)
                        continue
                    }
                    let coverage = 1 / Double(max(1, store.coverageCount(reading)))
                    let summary = NameAlignment.Summary(
                        score: value * (1 - NameAlignment.partialPenalty * (1 - coverage)), weakestQueryWord: value,
                        termCoverage: coverage)
                    scored.append((term, reading, summary))
                    top.offer(summary.score, isBetter: >)
                }
                // Plausible entries scoring at least the list's last: when more than the policy can offer,
                // anything scoring below that last cannot be offered, shown or change the decision.
                if top.isFull {
                    plausibleInTop = Self.plausibleCount(scored, policy: policy, above: top.last!)
                }
            }
            lookup.candidates = others
        }
        for id in lookup.candidates {
            var best: (Int, NameAlignment.Summary)?
            for reading in store.readings(of: Int(id)) {
                let count = store.tokenCount(reading)
                let summary = queryTokens.count == 1
                    ? NameAlignment.singleWordSummary(
                        termCount: count, coverageCount: store.coverageCount(reading), hasJoins: store.hasJoins(reading),
                        role: { store.role(reading, $0) }, joined: { store.isJoined(reading, $0) }
                    ) { lookup.matches[0][store.word(reading, unit: $0)] }
                    : NameAlignment.summary(
                        query: queryRoles, termCount: count, role: { store.role(reading, $0) },
                        joined: { store.isJoined(reading, $0) }
                    ) { qi, ti in lookup.matches[qi][store.word(reading, unit: ti)] }
                if best == nil || summary.score > best!.1.score { best = (reading, summary) }
            }
            if let best { scored.append((id, best.0, best.1)) }
        }
        func isBetter(_ a: (candidate: Int32, form: Int, summary: NameAlignment.Summary),
                      _ b: (candidate: Int32, form: Int, summary: NameAlignment.Summary)) -> Bool {
            a.summary.score != b.summary.score ? a.summary.score > b.summary.score : a.candidate < b.candidate
        }
        // Only the best few are ever shown or decided on: with thousands of candidates (a common first name
        // at 100,000 terms), keep a short sorted list instead of sorting everything; fall back to a full
        // sort when that list holds too few plausible candidates for the policy.
        if keepingAll || scored.count <= 4 * keep {
            scored.sort(by: isBetter)
        } else {
            var best = BestList<(candidate: Int32, form: Int, summary: NameAlignment.Summary)>(capacity: keep)
            for entry in scored { best.offer(entry, isBetter: isBetter) }
            if best.elements.filter({ policy.isPlausible($0.summary) }).count > policy.maximumOptions {
                scored = best.elements
            } else {
                scored.sort(by: isBetter)
            }
        }

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
            let term = index.term(at: Int(entry.candidate))
            let readingIndex = entry.form - store.readings(of: Int(entry.candidate)).lowerBound
            let form = term.readings[readingIndex]
            let units = form.words + form.pairs
            let alignment = NameAlignment(query: queryRoles, term: form.roles, termJoined: form.joined) { qi, ti in
                lookup.matches[qi][units[ti]]
            }
            return Candidate(term: term.text, rank: term.rank, score: alignment.score, alignment: alignment,
                             reading: form.reading, termTokens: index.tokens(of: form),
                             identifier: index.identifier(of: term.rank))
        }
        let decided = policy.decide(ranked)
        guard let reading = queryReading, let matcher = index.phoneMatcher, let pronouncer = index.preparer.phonetics.pronouncer,
              hearingPhones || needsPhones(decided) else {
            return Result(resolution: decided, queryTokens: queryTokens, ranked: ranked, wordCandidates: ranked)
        }
        let (phones, filler) = pronouncer.queryPhones(reading.words.map(\.spelling))
        let phoneQuery = PhoneQuery(phones: phones, filler: filler)
        // A winner by its words is only checked against its own phones: "org" is one letter from "Jorge" but
        // does not sound like it, and is then only offered for confirmation.
        if case .success(let winner) = decided, needsPhones(decided) {
            let heard = matcher.match(query: phones, filler: filler, term: winner.rank,
                                      enough: hearingPhones ? 2 : policy.phoneVeto)
            let checked = winner.hearing(heard)
            let resolution: Resolution = (heard?.similarity ?? 0) < policy.phoneVeto ? .confirmationRequired(checked) : .success(checked)
            var ranked = ranked
            if let position = ranked.firstIndex(where: { $0.rank == winner.rank }) { ranked[position] = checked }
            return Result(resolution: resolution, queryTokens: queryTokens, ranked: ranked, phoneQuery: phoneQuery,
                          wordCandidates: ranked,
                          phoneMatches: hearingPhones ? matcher.matches(query: phones, filler: filler) : heard.map { [$0] } ?? [],
                          winnerSimilarity: heard?.similarity ?? 0)
        }
        // One doubtful candidate is asked about already: searching the phones would not change the question
        // (measured: the same scores on both dev sets, and most of the search's cost on the bench queries).
        if !hearingPhones, case .confirmationRequired = decided {
            return Result(resolution: decided, queryTokens: queryTokens, ranked: ranked, phoneQuery: phoneQuery,
                          wordCandidates: ranked)
        }
        let matches = matcher.matches(query: phones, filler: filler)
        guard needsPhones(decided) else {
            return Result(resolution: decided, queryTokens: queryTokens, ranked: ranked, phoneQuery: phoneQuery,
                          wordCandidates: ranked, phoneMatches: matches)
        }
        let merged = merge(ranked, with: matches)
        return Result(resolution: policy.decide(merged), queryTokens: queryTokens, ranked: merged, phoneQuery: phoneQuery,
                      wordCandidates: ranked, phoneMatches: matches)
    }

    /// Whether the words alone leave the outcome open enough for the phones to be heard: anything but a
    /// near-exact lone winner, or a choice among names the words found strong (several contacts named
    /// Paul: the phones would only add names that sound like Paul).
    private func needsPhones(_ resolution: Resolution) -> Bool {
        switch resolution {
        case .success(let winner): return winner.score < Self.settledByWords
        case .disambiguation(let options, _): return (options.first?.score ?? 0) < policy.accept
        default: return true
        }
    }

    /// A word-level winner scoring this much is not second-guessed by sound.
    static let settledByWords = 0.97

    /// The word candidates and the phone matches together: a term found both ways keeps its word links and
    /// takes the better figures; a term found by sound alone gets a candidate of its own.
    private func merge(_ ranked: [Candidate], with matches: [PhoneMatcher.Match]) -> [Candidate] {
        var merged = ranked
        var position: [Int: Int] = [:]
        for (offset, candidate) in ranked.enumerated() where position[candidate.rank] == nil { position[candidate.rank] = offset }
        for match in matches.prefix(Self.explainedCandidates) {
            if let known = position[match.term] {
                let candidate = merged[known]
                guard match.score > candidate.score else {
                    merged[known] = candidate.hearing(match)
                    continue
                }
                merged[known] = candidate.hearing(match, score: match.score, alignment: NameAlignment(
                    links: candidate.alignment.links, score: match.score,
                    weakestQueryWord: max(candidate.alignment.weakestQueryWord, match.score),
                    termCoverage: max(candidate.alignment.termCoverage, match.coverage)))
            } else {
                let term = index.term(at: match.term)
                let form = term.readings[0]
                let alignment = NameAlignment(links: [], score: match.score, weakestQueryWord: match.score,
                                              termCoverage: match.coverage)
                merged.append(Candidate(term: term.text, rank: term.rank, score: match.score, alignment: alignment,
                                        reading: "sound only", termTokens: index.tokens(of: form),
                                        identifier: index.identifier(of: term.rank), phones: match, isScoredByPhones: true))
                position[match.term] = merged.count - 1
            }
        }
        merged.sort { $0.score != $1.score ? $0.score > $1.score : $0.rank < $1.rank }
        return merged
    }

    /// How many scored entries at or above a score are plausible.
    private static func plausibleCount(_ scored: [(candidate: Int32, form: Int, summary: NameAlignment.Summary)],
                                       policy: ResolutionPolicy, above threshold: Double) -> Int {
        scored.reduce(0) { $0 + ($1.summary.score >= threshold && policy.isPlausible($1.summary) ? 1 : 0) }
    }

    /// How many of the best candidates are kept for explanations.
    static let explainedCandidates = 12
}
