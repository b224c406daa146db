/// The word half of the gather stage: the terms whose words meet the query's, each ranked by an
/// allocation-free summary of its alignment; full candidates (with links and tokens) are built for the 12 best
/// and for the best plausible ones, or for all when `keepingAll` is set.
extension Resolver {
    /// The result with each candidate only the phones found given the words of it that the query's words did
    /// meet, for explanations: "jennifer rodriguez" against Jenna Rodriguez links rodriguez (exact) and leaves
    /// jennifer unmatched, where the words alone found nothing (some required query word met none of the term's
    /// words). Scores, features, probabilities and the outcome are unchanged; the decision saw these candidates
    /// as found by sound only.
    public func explainingWords(_ result: Result) -> Result {
        var matchesOfHypothesis: [Int: [WordSimilarities]] = [:]
        let ranked = result.ranked.map { candidate -> Candidate in
            guard candidate.isFoundBySoundOnly, candidate.rank >= 0, candidate.rank < index.count else { return candidate }
            let queryTokens = result.queryTokens(of: candidate)
            let matches = matchesOfHypothesis[candidate.hypothesis]
                ?? index.lookUp(queryTokens, collectingCandidates: false).matches
            matchesOfHypothesis[candidate.hypothesis] = matches
            guard let partial = partialAlignment(of: index.term(at: candidate.rank), query: queryTokens, matches: matches)
            else { return candidate }
            return candidate.aligning(partial.alignment, termTokens: partial.tokens)
        }
        var explained = Result(resolution: result.resolution, queryTokens: result.queryTokens, ranked: ranked,
                               phoneQuery: result.phoneQuery)
        explained.hypotheses = result.hypotheses
        return explained
    }

    /// A term's words aligned with the query's through the list's words each query unit met (``VocabularyIndex/
    /// lookUp(_:collectingCandidates:)``): the best of its readings, with that reading's tokens; `nil` when no
    /// query word met any of its words.
    func partialAlignment(of term: IndexedTerm, query queryTokens: [MatchToken],
                          matches: [WordSimilarities]) -> (alignment: NameAlignment, tokens: [MatchToken])? {
        let roles = queryTokens.map(\.role)
        var best: (alignment: NameAlignment, form: IndexedTerm.Form)?
        for form in term.readings {
            let units = form.words + form.pairs
            let alignment = NameAlignment(query: roles, term: form.roles, termJoined: form.joined) { qi, ti in
                qi < matches.count ? matches[qi][units[ti]] : nil
            }
            if !alignment.links.isEmpty, alignment.score > (best?.alignment.score ?? -1) { best = (alignment, form) }
        }
        return best.map { ($0.alignment, index.tokens(of: $0.form)) }
    }

    /// The word candidates of a query, best first.
    ///
    /// - Complexity: one summary per candidate; candidates are the terms where every required query word
    ///   meets one of their words.
    func wordCandidates(for queryTokens: [MatchToken], keepingAll: Bool,
                        sharing shared: SharedHypothesisWork? = nil) -> [Candidate] {
        // One-word queries collect their own candidates below (the formula loop visits the same postings). (Worked
        // out before the call: among its arguments, it had the index copied for the call.)
        let collecting = queryTokens.count != 1 || queryTokens[0].folded.count <= 1
        var lookup = index.lookUp(queryTokens, collectingCandidates: collecting, sharing: shared)
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
            var general = WordIDSet(capacity: 64)
            var others: [Int32] = []
            similar.forEachKey { word in
                guard index.words.isPair[Int(word)] else { return }
                for term in index.words.postings(of: Int(word)) where !general.contains(term) {
                    general.insert(term)
                    others.append(term)
                }
            }
            // Best similar word first, so a term is settled the first time it is seen (its best word). Gathered
            // from the slots straight into an array of the map's size, not through ``WordSimilarities/allKeys``
            // and a filter (two arrays).
            var singles: [Int32] = []
            singles.reserveCapacity(similar.count)
            similar.forEachKey { word in if !index.words.isPair[Int(word)] { singles.append(word) } }
            singles.sort { (similar[$0]!.0, $1) > (similar[$1]!.0, $0) }
            let reach = singles.reduce(0) { $0 + index.words.postings(of: Int($1)).count }
            var seen = WordIDSet(capacity: singles.count > 1 ? reach : 0)
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
                        seen.insert(term)
                    }
                    guard let reading = store.simpleReading(of: Int(term)) else {
                        general.insert(term)
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
            let rank = Int(entry.candidate)
            let form = index.form(ofReading: entry.form)
            let units = form.words + form.pairs
            let alignment = NameAlignment(query: queryRoles, term: form.roles, termJoined: form.joined) { qi, ti in
                lookup.matches[qi][units[ti]]
            }
            return Candidate(term: store.text(of: rank), rank: rank, score: alignment.score, alignment: alignment,
                             reading: form.reading, termTokens: index.tokens(of: form),
                             identifier: index.identifier(of: rank))
        }
        return ranked
    }

    /// How many scored entries at or above a score are plausible.
    static func plausibleCount(_ scored: [(candidate: Int32, form: Int, summary: NameAlignment.Summary)],
                               policy: ResolutionPolicy, above threshold: Double) -> Int {
        scored.reduce(0) { $0 + ($1.summary.score >= threshold && policy.isPlausible($1.summary) ? 1 : 0) }
    }
}
