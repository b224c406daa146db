extension Resolver {
    /// Refuses an alternative of phones with a symbol this locale data's ARPAbet mapping lacks (what
    /// ``resolve(_:alternatives:keepingAll:noun:)`` checks first), so that a caller can tell an alternative's fault
    /// from the query's before resolving.
    ///
    /// - Parameters:
    ///   - alternatives: The recognizer's other hypotheses; those of text are not looked at.
    ///   - noun: How the error names an alternative, given its position (0-based).
    /// - Throws: ``VocabularyError`` naming the first alternative with an unknown symbol, and the symbols expected.
    public func checkPhones(of alternatives: [Hypothesis], noun: (Int) -> String = { "alternative \($0 + 1)" })
        throws(VocabularyError) {
        let arpabet = index.preparer.phonetics.arpabet
        for (position, alternative) in alternatives.enumerated() {
            guard let phones = alternative.phones else { continue }
            if let unknown = Hypothesis.phoneSymbols(of: phones).first(where: { arpabet[$0] == nil }) {
                let known = arpabet.isEmpty ? "the locale data has no ARPAbet mapping (Locales/shared/arpabet.tsv)"
                    : "expected one of " + arpabet.keys.sorted().joined(separator: " ")
                throw VocabularyError(subject: noun(position), problem: "has the phone '\(unknown)', not ARPAbet; \(known)")
            }
        }
    }

    /// Resolves an utterance from a recognizer's several hypotheses: the query (its best guess) and its
    /// alternatives.
    ///
    /// Each distinct hypothesis (hypotheses that normalize to the same words are one, their weights added) is
    /// resolved alone; every term any of them weighed is a candidate; what the hypotheses say of it
    /// (``AlternativeFeatures``: its probability under the first and under each, their agreement, the weight
    /// of hypotheses naming another term) is weighed by the language's alternatives model into one
    /// probability, and the outcome follows from that model's operating points. With one distinct hypothesis,
    /// or none given, or no alternatives model, this is ``resolve(_:keepingAll:)`` of the query.
    ///
    /// An alternative of phones (``Hypothesis/phones``) is heard by the phone matcher alone: its candidates are
    /// the terms that sound like it, weighed as any hypothesis's.
    ///
    /// - Parameters:
    ///   - query: The recognizer's best hypothesis.
    ///   - alternatives: Its other hypotheses (one equal to the query gives the query its confidence).
    ///   - noun: How errors name an alternative, given its position (0-based) among `alternatives`.
    /// - Throws: ``VocabularyError`` naming an alternative over the limits or with a phone that is not ARPAbet, or
    ///   what ``resolve(_:keepingAll:)`` throws for the query.
    public func resolve(_ query: String, alternatives: [Hypothesis], keepingAll: Bool = false,
                        noun: (Int) -> String = { "alternative \($0 + 1)" }) throws -> Result {
        let hypotheses = try Hypothesis.checked(query: query, alternatives: alternatives, noun: noun)
        try checkPhones(of: alternatives, noun: noun)
        let arpabet = index.preparer.phonetics.arpabet
        guard hypotheses.count > 1, let model = alternativesModel else {
            return try resolve(query, keepingAll: keepingAll)
        }
        let queryReading = try primaryReading(of: query)
        let shared = SharedHypothesisWork()
        let first = resolve(reading: queryReading, keepingAll: keepingAll, sharing: shared)
        // Hypotheses that read the same are one (Whisper's differ often by a full stop or a capital only).
        let weights = Hypothesis.weights(of: hypotheses)
        var distinct: [DistinctHypothesis] = []
        // A text that differs from an earlier one only in the punctuation and spaces around it reads the same (the
        // words do not change): its reading is not worked out again. Whisper writes such pairs in about two of
        // every five alternatives ("Dustin." and "Dustin!").
        var wordsParts: [Substring] = []
        var readings: [TermPreparer.Reading?] = []
        for (position, (hypothesis, weight)) in zip(hypotheses, weights).enumerated() {
            if let phones = hypothesis.phones {
                // Phones are one hypothesis with the same phones: their symbols are their key.
                let symbols = Hypothesis.phoneSymbols(of: phones)
                let heard = symbols.flatMap { arpabet[$0]! }
                wordsParts.append("")
                readings.append(nil)
                let key = ["/"] + symbols
                if let known = distinct.firstIndex(where: { $0.key == key }) {
                    distinct[known].weight += weight
                } else {
                    distinct.append(DistinctHypothesis(text: "/" + symbols.joined(separator: " ") + "/", weight: weight,
                                                       key: key, reading: nil, heardPhones: heard))
                }
                continue
            }
            let wordsPart = Hypothesis.wordsPart(of: hypothesis.text)
            let reading = position == 0 ? queryReading
                : wordsParts.firstIndex(of: wordsPart).flatMap { readings[$0] }
                    ?? (try? index.preparer.readings(of: hypothesis.text).first)
            wordsParts.append(wordsPart)
            readings.append(reading)
            let key = reading?.words.map(\.folded) ?? []
            if let known = distinct.firstIndex(where: { $0.key == key }) {
                distinct[known].weight += weight
            } else {
                distinct.append(DistinctHypothesis(text: hypothesis.text, weight: weight, key: key, reading: reading))
            }
        }
        guard distinct.count > 1 else { return first }
        var results = [first]
        results.reserveCapacity(distinct.count)
        for hypothesis in distinct.dropFirst() {
            // Only its candidates' probabilities are read: its own outcome is not decided.
            if let heard = hypothesis.heardPhones {
                results.append(resolve(heardPhones: heard, sharing: shared))
            } else {
                results.append(resolve(reading: hypothesis.reading, keepingAll: false, sharing: shared, deciding: false))
            }
        }
        // The candidates are read in place, by position: a loop over them by value copied each one (a dozen
        // reference-counted fields), about 4 million instructions on whisper-dev-nbest by callgrind.
        var heard: [AlternativeFeatures.Heard] = []
        heard.reserveCapacity(results.count)
        for (result, hypothesis) in zip(results, distinct) {
            let ranked = result.ranked
            // A whole name written word for word: every query word met a term word as written, and every term
            // word was said.
            let named = ranked.indices.first { position in
                ranked[position].features.map { $0.values[Self.exactWords] >= 1 && $0.values[Self.wordCoverage] >= 1 } ?? false
            }
            var ranks: [Int] = []
            var probabilities: [Double] = []
            ranks.reserveCapacity(ranked.count)
            probabilities.reserveCapacity(ranked.count)
            for position in ranked.indices {
                guard let probability = ranked[position].probability else { continue }
                ranks.append(ranked[position].rank)
                probabilities.append(probability)
            }
            heard.append(AlternativeFeatures.Heard(weight: hypothesis.weight, ranks: ranks, probabilities: probabilities,
                                                   named: named.map { ranked[$0].rank }))
        }
        // Each candidate once, with the details of the hypothesis that made it most probable (found by its rank
        // among those kept: a few dozen at most).
        var weighed: [Candidate] = []
        var weighedRanks: [Int] = []
        for (hypothesis, result) in results.enumerated() {
            let ranked = result.ranked
            for position in ranked.indices {
                guard let probability = ranked[position].probability else { continue }
                let rank = ranked[position].rank
                let known = weighedRanks.firstIndex(of: rank)
                if let known, weighed[known].probability! >= probability { continue }
                var kept = ranked[position]
                kept.hypothesis = hypothesis
                if let known { weighed[known] = kept } else {
                    weighed.append(kept)
                    weighedRanks.append(rank)
                }
            }
        }
        weighed.sort { $0.rank < $1.rank }
        let values = weighed.map { AlternativeFeatures.values(of: $0.rank, in: heard) }
        let probabilities = model.probabilities(values: values)
        for position in weighed.indices {
            weighed[position].alternativeFeatures = values[position]
            weighed[position].probability = probabilities[position]
        }
        weighed.sort { $0.probability! != $1.probability! ? $0.probability! > $1.probability! : $0.rank < $1.rank }
        let resolution = model.decide(weighed)
        // Then the first hypothesis's candidates that were not weighed (kept for explanations).
        for position in first.ranked.indices where first.ranked[position].probability == nil {
            weighed.append(first.ranked[position])
        }
        var combined = Result(resolution: resolution, queryTokens: first.queryTokens, ranked: weighed,
                              phoneQuery: first.phoneQuery)
        combined.hypotheses = zip(distinct, results).map { hypothesis, result in
            WeighedHypothesis(text: hypothesis.text, weight: hypothesis.weight, queryTokens: result.queryTokens,
                              phoneQuery: result.phoneQuery, isPhones: hypothesis.heardPhones != nil)
        }
        return combined
    }

    /// Where the features of a name written word for word lie among ``CandidateFeatures/names``.
    private static let exactWords = CandidateFeatures.names.firstIndex(of: "exactWords")!
    private static let wordCoverage = CandidateFeatures.names.firstIndex(of: "wordCoverage")!
}

/// One of an utterance's hypotheses as read, standing for every hypothesis that reads the same.
private struct DistinctHypothesis {
    /// The text of the first to read so.
    let text: String
    /// The weights of all of them together.
    var weight: Double
    /// Its words, folded (for phones, `/` and the phones' symbols).
    let key: [String]
    let reading: TermPreparer.Reading?
    /// For a hypothesis of phones, the phones heard, in the shared inventory.
    var heardPhones: [Phone]? = nil
}
