/// Finds the terms a query's phones sound like: candidates from the phone index's postings, each scored by
/// aligning the query with the term's pronunciations, in order, with the last word first ("Last First"), for a name
/// of three words or more with the first word last too, and every rotation when the query has three words or more
/// ("Morales Nadal Juan Carlos"), and with each of its words alone (a partial name, scored lower like a partial
/// word match).
public struct PhoneMatcher: Sendable {
    /// One term's best phone match.
    public struct Match: Sendable, Hashable {
        /// The term's rank.
        public let term: Int
        /// The phone similarity of the best variant, 0…1.
        public let similarity: Double
        /// The score the resolver compares: the similarity, stretched (see ``PhoneMatcher/stretch``), lowered
        /// for a partial or reordered variant.
        public let score: Double
        /// The share of the term's words the variant covers.
        public let coverage: Double
        /// Which pronunciation matched, and in which language it was read.
        public let pronunciation: Int
        public let language: String
        /// The term words the variant covers, in the order aligned.
        public let words: [Int]
        /// The similarity of the worst-said term word of the variant (see
        /// ``PhoneAligner/wordSimilarities(query:filler:term:)``); computed for the best few matches only.
        public var weakestWord: Double?
        /// The similarity of the worst-matched query word against the variant (see
        /// ``PhoneAligner/wordSimilarities(query:filler:term:)``), computed with ``weakestWord``.
        public var weakestQueryWord: Double?
        /// The similarity of the best-said term word of the variant, computed with ``weakestWord``: a name with
        /// one word heard exactly and another poorly is how a namesake sounds.
        public var strongestWord: Double?
    }

    /// How many of the best matches get their ``Match/weakestWord``.
    public static let detailedMatches = 4

    /// How far below 1 a similarity's shortfall is stretched: a score is `1 - stretch * (1 - similarity)`.
    /// The sweep on both dev sets (BENCHMARKS.md) found no gain in stretching; the decision model weighs the
    /// similarity with the other figures instead.
    public static let stretch = 1.0
    /// What a reordered variant ("Last First") loses.
    public static let reorderPenalty = 0.01
    /// How many candidates are aligned. A recognizer's transcript often shares only a few phone pairs with the
    /// name said, so the search reaches wide: 48 at a share of 0.2 rather than 24 at 0.3 found the name among
    /// the offered candidates in 9–10 more cases in 100 of the recognizer sets (BENCHMARKS.md, "A wider search"),
    /// for about a third more time on a query the words do not settle.
    public static let candidateLimit = 48
    /// The least share of the query's bigram keys a candidate must hold.
    public static let minimumKeyShare = 0.2

    let index: PhoneIndex
    let aligner: PhoneAligner

    /// Creates a matcher over an index.
    public init(index: PhoneIndex, costs: PhoneCosts) {
        self.index = index
        aligner = PhoneAligner(costs: costs)
    }

    /// The best match of each candidate term, best first.
    ///
    /// - Parameters:
    ///   - query: The query's phones (words separated by the boundary).
    ///   - filler: Whether each query phone belongs to a filler word.
    public func matches(query: [Phone], filler: [Bool]) -> [Match] {
        matches(prepare(query: query, filler: filler))
    }

    /// A query's phones made ready for the alignments of one resolution (see ``PhoneAligner/PreparedQuery``).
    public func prepare(query: [Phone], filler: [Bool]) -> PhoneAligner.PreparedQuery {
        aligner.prepare(query: query, filler: filler)
    }

    /// ``matches(query:filler:)`` of a prepared query: the best `limit` of them (all by default), best first.
    ///
    /// Only the matches returned are made (each holds its variant's words and language): a query the words
    /// do not settle reaches about 48 pronunciations, and the resolver reads the best dozen.
    ///
    /// - Parameter leastScore: Leave out the matches scoring under it (0, the default: none), so that none of
    ///   them is made or detailed. A later hypothesis of an utterance weighs no candidate the phones find under
    ///   ``Resolver/leastEvidence``, and about three in four of the terms its postings reach score under it.
    ///   (Its alignments stopping once they cannot reach it were tried, 2026-11-28: a row's least cell is a
    ///   weak bound, eight lanes seldom all fall under it before their last rows, and keeping that least cost
    ///   the batch alignment more than the stops spared.)
    /// - Parameter reach: Which variants of each pronunciation are tried (``VariantReach``).
    public func matches(_ prepared: PhoneAligner.PreparedQuery, limit: Int = .max, leastScore: Double = 0,
                        reach: VariantReach = .every) -> [Match] {
        guard !prepared.codes.isEmpty, limit > 0 else { return [] }
        let candidates = index.candidates(said: prepared.saidCodes, limit: Self.candidateLimit,
                                          minimumShare: Self.minimumKeyShare)
        let variants = bestVariants(prepared, pronunciations: candidates, reach: reach)
        // Best first, then by term; a term's first pronunciation among equals (the order of the candidates)
        // is its match, and a term's later, lower variants are passed over.
        var ranked = Array(variants.indices)
        if leastScore > 0 { ranked.removeAll { variants[$0].score < leastScore } }
        ranked.sort { first, second in
            let (a, b) = (variants[first], variants[second])
            if a.score != b.score { return a.score > b.score }
            return a.term != b.term ? a.term < b.term : first < second
        }
        var taken = WordIDSet(capacity: min(limit, variants.count))
        var sorted: [Match] = []
        sorted.reserveCapacity(min(limit, variants.count))
        for position in ranked where taken.insert(Int32(variants[position].term)) {
            sorted.append(match(of: variants[position]))
            if sorted.count == limit { break }
        }
        for position in sorted.indices.prefix(Self.detailedMatches) {
            sorted[position] = detailed(sorted[position], prepared: prepared)
        }
        return sorted
    }

    /// Whether a term has a pronunciation the phone postings do not hold (its particles left unsaid,
    /// ``PhoneIndex/isPosted``): the postings' match of it may not be its best, so a term the words found is
    /// aligned whole when scored.
    public func hasUnpostedPronunciation(ofTerm term: Int) -> Bool {
        index.pronunciations(ofTerm: term).contains { !index.isPosted[$0] }
    }

    /// Whether a match is of a pronunciation read with the term's particles and titles left unsaid (one the
    /// postings do not hold, ``PhoneIndex/isPosted``).
    public func leavesUnsaid(_ match: Match) -> Bool { !index.isPosted[match.pronunciation] }

    /// A term's best match over its pronunciations, with its ``Match/weakestWord`` (`nil` when the index
    /// holds no pronunciation of it).
    public func match(query: [Phone], filler: [Bool], term: Int) -> Match? {
        match(prepare(query: query, filler: filler), term: term)
    }

    /// ``match(query:filler:term:)`` of a prepared query.
    public func match(_ prepared: PhoneAligner.PreparedQuery, term: Int) -> Match? {
        matches(prepared, terms: [term])[0]
    }

    /// ``match(_:term:)`` of several terms, their alignments run together: for each term its best match (the
    /// first of its pronunciations to reach the best score), or `nil` when the index holds no pronunciation
    /// of it.
    ///
    /// - Parameter known: For some of the terms (at the same positions; empty when none), a match already made
    ///   of one of its pronunciations against this query (the phone postings'): that pronunciation is not
    ///   aligned again, and the answer is the one aligning it would give.
    public func matches(_ prepared: PhoneAligner.PreparedQuery, terms: [Int], known: [Match?] = []) -> [Match?] {
        precondition(known.isEmpty || known.count == terms.count, "PhoneMatcher: one known match (or nil) per term, or none")
        // Each term's first pronunciation, then the others of the terms it left short of a perfect score (no
        // variant scores over 1, so once a pronunciation reaches it the others cannot win). A known match
        // stands in `best` by its score alone; its pronunciation is never aligned, so a term whose best is of
        // that pronunciation takes the known match.
        var best = [VariantMatch?](filledWith: nil, count: terms.count)
        func isKnown(_ pronunciation: Int, at position: Int) -> Bool {
            !known.isEmpty && known[position]?.pronunciation == pronunciation
        }
        func offer(_ pronunciations: [Int], of positions: [Int]) {
            // In the order given, each either known or aligned (those aligned run together).
            let toAlign = known.isEmpty ? pronunciations
                : zip(pronunciations, positions).filter { !isKnown($0, at: $1) }.map(\.0)
            var aligned = bestVariants(prepared, pronunciations: toAlign).makeIterator()
            for (pronunciation, position) in zip(pronunciations, positions) {
                let found = isKnown(pronunciation, at: position) ? Self.standIn(for: known[position]!) : aligned.next()!
                if let kept = best[position], kept.score >= found.score { continue }
                best[position] = found
            }
        }
        let ranges = terms.map { index.pronunciations(ofTerm: $0) }
        // A term whose first pronunciation is the query's phones exactly takes its whole at similarity 1 without
        // an alignment (``isSaidExactly(_:as:)``); the others' first pronunciations are aligned.
        // So does a one-word query said exactly as a term's first word, when no variant can beat that word alone
        // (``firstWordSaidExactly(_:pronunciations:)``: a first name said alone).
        let plain = isPlain(prepared)
        let oneWord = plain && known.isEmpty && prepared.wordWeights.count == 1
        var saidExactly = [Bool](filledWith: false, count: terms.count)
        var pronounced: [Int] = []
        pronounced.reserveCapacity(terms.count)
        for position in ranges.indices where !ranges[position].isEmpty {
            let first = ranges[position].lowerBound
            if plain && !isKnown(first, at: position) && isSaidExactly(prepared, as: first) {
                saidExactly[position] = true
                best[position] = exactVariant(of: first)
            } else if oneWord, let alone = firstWordSaidExactly(prepared, pronunciations: ranges[position]) {
                saidExactly[position] = true
                best[position] = alone
            } else {
                pronounced.append(position)
            }
        }
        offer(pronounced.map { ranges[$0].lowerBound }, of: pronounced)
        var others: [Int] = []
        var owners: [Int] = []
        for position in ranges.indices where ranges[position].count > 1 && (best[position]?.score ?? 0) < 1
            && !saidExactly[position] {
            for pronunciation in ranges[position].dropFirst() {
                others.append(pronunciation)
                owners.append(position)
            }
        }
        offer(others, of: owners)
        // Terms sharing a variant's phones (a first name said alone, matched by that word of each contact who
        // has it) share its word similarities: each is worked out once. A scan of those made so far (a few
        // dozen phones at most) rather than a dictionary, which cost a query of one or two terms 2% more
        // instructions than it saved (callgrind, 10,000 terms).
        var done: [(phones: [Phone], words: WordExtremes)] = []
        return best.indices.map { position in
            guard let variant = best[position] else { return nil }
            let match = isKnown(variant.pronunciation, at: position) ? known[position]! : match(of: variant)
            if saidExactly[position] { return WordExtremes.heardFully.applied(to: match) }
            guard match.weakestWord == nil || match.weakestQueryWord == nil else { return match }
            let phones = variantPhones(of: match)
            if let same = done.first(where: { $0.phones == phones }) { return same.words.applied(to: match) }
            let words = WordExtremes(aligner.wordExtremes(prepared, term: phones))
            done.append((phones, words))
            return words.applied(to: match)
        }
    }

    /// Whether a query aligns with its own phones at no cost, word by word: it has no filler word (skipping
    /// one costs ``PhoneAligner/fillerCost``), every phone of it weighs something (so every word's similarity
    /// is 1, not 0), and each costs nothing to write as itself (the feature table's rule; learned confusions
    /// cannot change it).
    func isPlain(_ prepared: PhoneAligner.PreparedQuery) -> Bool {
        guard !prepared.codes.isEmpty, prepared.saidCodes.count == prepared.codes.count else { return false }
        return aligner.costs.withTables { tables in
            prepared.codes.allSatisfy { code in
                tables.weights[Int(code)] > 0 && tables.substitutions[Int(code) * tables.count + Int(code)] == 0
            }
        }
    }

    /// Whether a pronunciation's phones, boundaries left out, are the query's: then its whole aligns phone for
    /// phone at a cost of 0 (for a plain query, ``isPlain(_:)``), and every alignment of it would find that.
    func isSaidExactly(_ prepared: PhoneAligner.PreparedQuery, as pronunciation: Int) -> Bool {
        let range = index.spokenRange(of: pronunciation)
        return range.count == prepared.codes.count && index.spokenCodes[range].elementsEqual(prepared.codes)
    }

    /// The variant ``bestVariants(_:pronunciations:)`` gives a pronunciation said exactly: its whole, at
    /// similarity and score 1 (no reordering or word alone can beat it).
    func exactVariant(of pronunciation: Int) -> VariantMatch {
        let words = Int(index.wordStarts[pronunciation + 1] - index.wordStarts[pronunciation])
        return VariantMatch(pronunciation: pronunciation, term: Int(index.owners[pronunciation]), similarity: 1,
                            score: Self.variantScore(1, coverage: 1, penalty: 0), coverage: 1, kind: .whole, detail: 0,
                            words: words)
    }

    /// What a match's detail is made of: its variant's worst and best term words and its worst query word.
    fileprivate struct WordExtremes {
        let weakest: Double?
        let strongest: Double?
        let queryWeakest: Double

        /// A variant said exactly, every phone of every word at no cost.
        static let heardFully = WordExtremes(weakest: 1, strongest: 1, queryWeakest: 1)

        func applied(to match: Match) -> Match {
            var detailed = match
            detailed.weakestWord = weakest
            detailed.strongestWord = strongest
            detailed.weakestQueryWord = queryWeakest
            return detailed
        }
    }

    /// A known match where ``matches(_:terms:known:)`` compares variants (its score is all that is read).
    private static func standIn(for match: Match) -> VariantMatch {
        VariantMatch(pronunciation: match.pronunciation, term: match.term, similarity: match.similarity,
                     score: match.score, coverage: match.coverage, kind: .whole, detail: 0, words: match.words.count)
    }

    /// The similarity of the worst-matched query word against a match's variant (filler words left out; 0
    /// when the query has no other word).
    public func weakestQueryWord(of match: Match, query: PhoneAligner.PreparedQuery) -> Double {
        (match.weakestQueryWord ?? detailed(match, prepared: query).weakestQueryWord) ?? 0
    }

    /// A match with its ``Match/weakestWord`` and ``Match/weakestQueryWord`` computed (one alignment).
    public func detailed(_ match: Match, query: [Phone], filler: [Bool]) -> Match {
        guard match.weakestWord == nil || match.weakestQueryWord == nil else { return match }
        return detailed(match, prepared: aligner.prepare(query: query, filler: filler))
    }

    /// ``detailed(_:query:filler:)`` with the query already prepared.
    public func detailed(_ match: Match, prepared: PhoneAligner.PreparedQuery) -> Match {
        guard match.weakestWord == nil || match.weakestQueryWord == nil else { return match }
        return WordExtremes(aligner.wordExtremes(prepared, term: variantPhones(of: match))).applied(to: match)
    }

    /// The ranges of a phone string's words.
    static func words(of phones: ArraySlice<Phone>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(4)  // most names have at most four words: one allocation
        forEachWord(of: phones) { ranges.append($0) }
        return ranges
    }

    /// Calls `body` with the range of each word of a phone string, in order: the runs of phones between
    /// boundaries (an empty run is no word).
    @inline(__always)
    static func forEachWord(of phones: ArraySlice<Phone>, _ body: (Range<Int>) -> Void) {
        var start = phones.startIndex
        for position in phones.indices where phones[position] == .boundary {
            if position > start { body(start..<position) }
            start = position + 1
        }
        if phones.endIndex > start { body(start..<phones.endIndex) }
    }

    /// The phones of a match's variant, as aligned (for explanations).
    public func variantPhones(of match: Match) -> [Phone] {
        let phones = index.phones(of: match.pronunciation)
        let words = Self.words(of: phones)
        var result: [Phone] = []
        result.reserveCapacity(phones.count)  // the variant's words and the boundaries between them, at most
        for word in match.words {
            if !result.isEmpty { result.append(.boundary) }
            result += phones[words[word]]
        }
        return result
    }

    /// How many phones a match's variant has, boundaries left out: the length of ``variantPhones(of:)``
    /// without them, counted without building it.
    public func variantPhoneCount(of match: Match) -> Int {
        var count = 0
        var word = 0
        Self.forEachWord(of: index.phones(of: match.pronunciation)) { range in
            if match.words.contains(word) { count += range.count }
            word += 1
        }
        return count
    }

    /// The aligned steps of a match (for `--explain`).
    public func steps(_ query: PhoneAligner.PreparedQuery, match: Match) -> [PhoneAligner.Step] {
        aligner.steps(query, term: PhoneAligner.spokenCodes(variantPhones(of: match)))
    }
}

// In an extension, so that the memberwise initializer ``WordExtremes/heardFully`` uses stays synthesized.
private extension PhoneMatcher.WordExtremes {
    /// The extremes of one alignment's word similarities (``PhoneAligner/wordExtremes(_:term:)``).
    init(_ words: (weakest: Double?, strongest: Double?, queryWeakest: Double)) {
        self.init(weakest: words.weakest, strongest: words.strongest, queryWeakest: words.queryWeakest)
    }
}
