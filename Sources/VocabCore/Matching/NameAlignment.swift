/// How well a query names a term: the query's words aligned, order-free, one-to-one, with the term's.
///
/// Units on both sides are single tokens and adjacent pairs read as one word, so "deluca" meets
/// "De Luca", "anneclaire" meets "Anne-Claire" and "mc daniel" meets "McDaniel". The best pairs are taken
/// greedily (highest similarity first) without reusing a token.
///
/// The score is the mean similarity over the query's required words (an unmatched one counts 0: a query
/// that says something the term lacks is another name), lowered by up to ``partialPenalty`` for term words
/// left unsaid ("Bobo" for "Bobo le Grand" is a partial match, not an exact one), plus ``orderBonus`` when
/// matched words keep the term's order. A hyphenated compound is one name: a query word that meets only
/// part of it ("Kathrin" in "Anne-Kathrin") is capped at ``compoundPartCap``.
public struct NameAlignment: Sendable, Hashable {
    /// One aligned pair.
    public struct Link: Sendable, Hashable {
        /// Query token indices covered.
        public let query: [Int]
        /// Term token indices covered.
        public let term: [Int]
        public let similarity: Double
        public let reason: TokenSimilarity.Reason
    }

    /// The aligned pairs.
    public let links: [Link]
    /// The overall score, 0...1 (plus the order bonus).
    public let score: Double
    /// The weakest similarity among the query's required words (0 when one is unmatched).
    public let weakestQueryWord: Double
    /// The share of the term's required words the query covered.
    public let termCoverage: Double

    /// Pairs below this similarity are not aligned.
    public static let minimumLinkSimilarity = 0.55
    /// The most a partial match loses for term words left unsaid.
    public static let partialPenalty = 0.2
    /// Added when the matched words keep the term's order.
    public static let orderBonus = 0.005
    /// The most a link to part of a hyphenated compound can score.
    public static let compoundPartCap = 0.7

    /// Aligns a query with one form of a term, computing word similarities directly.
    ///
    /// - Complexity: O(*q*·*t*) similarity computations for *q* query and *t* term tokens.
    public init(query: [MatchToken], term: [MatchToken], nicknames: NicknameTable) {
        let queryUnits = Self.units(of: query)
        let termUnits = Self.units(of: term)
        self.init(query: query.map(\.role), term: term.map(\.role), termJoined: term.map(\.isJoinedToPrevious)) { qi, ti in
            let (similarity, reason) = TokenSimilarity.score(queryUnits[qi], termUnits[ti], nicknames: nicknames)
            return similarity >= Self.minimumLinkSimilarity ? (similarity, reason) : nil
        }
    }

    /// An alignment with its figures given: word links (none for a match found by sound alone) and the
    /// score, weakest word and coverage the phone matcher found.
    init(links: [Link], score: Double, weakestQueryWord: Double, termCoverage: Double) {
        self.links = links
        self.score = score
        self.weakestQueryWord = weakestQueryWord
        self.termCoverage = termCoverage
    }

    /// Aligns with similarities supplied by the caller (the index memoizes them per distinct word).
    ///
    /// Units are numbered as ``units(of:)`` lays them out: tokens `0..<n`, then the adjacent pairs,
    /// pair `n + i` covering tokens `i` and `i + 1`.
    ///
    /// - Parameters:
    ///   - query: The query tokens' roles.
    ///   - term: The term tokens' roles.
    ///   - termJoined: Whether each term token is joined to the previous one by a hyphen.
    ///   - similarity: The similarity of a query unit to a term unit, or `nil` below ``minimumLinkSimilarity``.
    public init(query: [NameToken.Role], term: [NameToken.Role], termJoined: [Bool],
                similarity: (Int, Int) -> (Double, TokenSimilarity.Reason)?) {
        var links: [Link] = []
        let summary = Self.evaluate(query: query, termCount: term.count, role: { term[$0] }, joined: { termJoined[$0] },
                                    similarity: similarity) {
            links.append(Link(query: Self.indices($0), term: Self.indices($1), similarity: $2, reason: $3))
        }
        self.links = links
        score = summary.score
        weakestQueryWord = summary.weakestQueryWord
        termCoverage = summary.termCoverage
    }

    /// The figures of an alignment without its links: what ranking and deciding need.
    public struct Summary: Sendable, Hashable {
        public let score: Double
        public let weakestQueryWord: Double
        public let termCoverage: Double

        public init(score: Double, weakestQueryWord: Double, termCoverage: Double) {
            self.score = score
            self.weakestQueryWord = weakestQueryWord
            self.termCoverage = termCoverage
        }
    }

    /// Scores an alignment without building its links (no allocation for names): the resolver ranks every
    /// candidate this way and builds full alignments only for the few it shows.
    public static func summary(query: [NameToken.Role], term: [NameToken.Role], termJoined: [Bool],
                               similarity: (Int, Int) -> (Double, TokenSimilarity.Reason)?) -> Summary {
        evaluate(query: query, termCount: term.count, role: { term[$0] }, joined: { termJoined[$0] },
                 similarity: similarity, link: nil)
    }

    /// The summary over a term given by accessors (the index stores readings flat).
    static func summary(query: [NameToken.Role], termCount: Int, role: (Int) -> NameToken.Role, joined: (Int) -> Bool,
                        similarity: (Int, Int) -> (Double, TokenSimilarity.Reason)?) -> Summary {
        evaluate(query: query, termCount: termCount, role: role, joined: joined, similarity: similarity, link: nil)
    }

    /// ``summary(query:term:termJoined:similarity:)`` for a one-word query, without the general machinery:
    /// one word makes one link, the best term unit (ties: a single word before a joined pair, then the
    /// earlier unit). First-name queries against large vocabularies meet thousands of candidates.
    public static func singleWordSummary(term: [NameToken.Role], termJoined: [Bool],
                                         similarity: (Int) -> (Double, TokenSimilarity.Reason)?) -> Summary {
        singleWordSummary(termCount: term.count, coverageCount: term.prefix(32).count(where: \.countsForCoverage),
                          hasJoins: termJoined.contains(true), role: { term[$0] }, joined: { termJoined[$0] },
                          similarity: similarity)
    }

    /// The one-word summary over a term given by accessors (the index stores readings flat, with each
    /// reading's coverage count and hyphen flag precomputed).
    static func singleWordSummary(termCount fullCount: Int, coverageCount termRequired: Int, hasJoins: Bool,
                                  role: (Int) -> NameToken.Role, joined: (Int) -> Bool,
                                  similarity: (Int) -> (Double, TokenSimilarity.Reason)?) -> Summary {
        let termCount = min(fullCount, 32)
        let termUnits = termCount + max(0, termCount - 1)
        var bestValue = -1.0
        var bestUnit = -1
        for unit in 0..<termUnits {
            guard let (value, _) = similarity(unit) else { continue }
            // Units come singles first, in order, so a strictly greater value is the only way to win later.
            if value > bestValue {
                bestValue = value
                bestUnit = unit
            }
        }
        guard bestUnit >= 0 else {
            return Summary(score: 0, weakestQueryWord: 0, termCoverage: termRequired == 0 ? 1 : 0)
        }
        let covered = unitMask(bestUnit, tokenCount: termCount)
        if bestValue > compoundPartCap, hasJoins,
           linksPartOfCompound(covered, covered: covered, compounds: compoundMasks(count: termCount, joined: joined)) {
            bestValue = compoundPartCap
        }
        var coveredRequired = 0
        var bits = covered
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            if index < termCount, role(index).countsForCoverage { coveredRequired += 1 }
            bits &= bits - 1
        }
        let coverage = termRequired == 0 ? 1 : Double(coveredRequired) / Double(termRequired)
        return Summary(score: bestValue * (1 - partialPenalty * (1 - coverage)), weakestQueryWord: bestValue,
                       termCoverage: coverage)
    }

    /// The alignment algorithm. Units are bitmasks of the tokens they cover (names have far fewer than
    /// 32 tokens); the final links are reported to `link`, in query order, when it is given.
    private static func evaluate(
        query: [NameToken.Role], termCount fullTermCount: Int, role: (Int) -> NameToken.Role, joined: (Int) -> Bool,
        similarity: (Int, Int) -> (Double, TokenSimilarity.Reason)?,
        link: ((UInt64, UInt64, Double, TokenSimilarity.Reason) -> Void)?
    ) -> Summary {
        let queryCount = min(query.count, 32)
        let termCount = min(fullTermCount, 32)
        typealias Pairing = (value: Double, reason: TokenSimilarity.Reason, query: UInt64, term: UInt64, span: Int,
                             order: Int)
        let queryUnits = queryCount + max(0, queryCount - 1)
        let termUnits = termCount + max(0, termCount - 1)
        return withUnsafeTemporaryAllocation(of: Pairing.self, capacity: max(1, queryUnits * termUnits)) { pairings in
            var count = 0
            for qi in 0..<queryUnits {
                for ti in 0..<termUnits {
                    if let (value, reason) = similarity(qi, ti) {
                        let span = (qi < queryCount ? 1 : 2) + (ti < termCount ? 1 : 2)
                        pairings.initializeElement(at: count, to: (value, reason, unitMask(qi, tokenCount: queryCount),
                                                                   unitMask(ti, tokenCount: termCount), span, count))
                        count += 1
                    }
                }
            }
            // Highest similarity first; on ties prefer single tokens (fewer covered), then earlier positions
            // (the order they were generated in: query unit, then term unit).
            var used = UnsafeMutableBufferPointer(rebasing: pairings[0..<count])
            used.sort { a, b in
                if a.value != b.value { return a.value > b.value }
                if a.span != b.span { return a.span < b.span }
                return a.order < b.order
            }
            var usedQuery: UInt64 = 0
            var usedTerm: UInt64 = 0
            var linkCount = 0
            for index in 0..<count {
                let pairing = used[index]
                if usedQuery & pairing.query != 0 || usedTerm & pairing.term != 0 { continue }
                usedQuery |= pairing.query
                usedTerm |= pairing.term
                used[linkCount] = pairing  // selected links move to the front, in selection order
                linkCount += 1
            }
            // A link into a hyphenated compound that the query's links leave partly uncovered is not the
            // compound's name ("katrin" for "Anne-Kathrin"); "anne claire" covering both parts is.
            if (0..<termCount).contains(where: joined) {
                let compounds = Self.compoundMasks(count: termCount, joined: joined)
                for index in 0..<linkCount where used[index].value > compoundPartCap
                    && linksPartOfCompound(used[index].term, covered: usedTerm, compounds: compounds) {
                    used[index].value = compoundPartCap
                }
            }
            // Links in query order (each covers distinct query tokens, so their lowest bits differ).
            var links = UnsafeMutableBufferPointer(rebasing: used[0..<linkCount])
            links.sort { $0.query.trailingZeroBitCount < $1.query.trailingZeroBitCount }
            var inOrder = true
            var previousTerm = -1
            var queryTotal = 0.0
            var weakest = Double.infinity
            var countedTokens = 0
            for index in 0..<linkCount {
                let termFirst = links[index].term.trailingZeroBitCount
                if termFirst < previousTerm { inOrder = false }
                previousTerm = termFirst
                link?(links[index].query, links[index].term, links[index].value, links[index].reason)
            }
            // The mean over the required query words (all words when none is required), unmatched ones 0.
            var requiredMask: UInt64 = 0
            for index in 0..<queryCount where query[index].isRequired {
                requiredMask |= 1 << UInt64(index)
            }
            if requiredMask == 0 { requiredMask = queryCount == 64 ? .max : (1 << UInt64(queryCount)) - 1 }
            for token in 0..<queryCount where requiredMask & (1 << UInt64(token)) != 0 {
                var value = 0.0
                for index in 0..<linkCount where links[index].query & (1 << UInt64(token)) != 0 {
                    value = links[index].value
                }
                queryTotal += value
                weakest = min(weakest, value)
                countedTokens += 1
            }
            let queryScore = countedTokens == 0 ? 0 : queryTotal / Double(countedTokens)
            var termRequired = 0
            var covered = 0
            for index in 0..<termCount where role(index).countsForCoverage {
                termRequired += 1
                if usedTerm & (1 << UInt64(index)) != 0 { covered += 1 }
            }
            let coverage = termRequired == 0 ? 1 : Double(covered) / Double(termRequired)
            let score = queryScore * (1 - partialPenalty * (1 - coverage)) + (inOrder && linkCount > 1 ? orderBonus : 0)
            return Summary(score: score, weakestQueryWord: countedTokens == 0 ? 0 : weakest, termCoverage: coverage)
        }
    }

    /// The tokens a unit covers, as a mask: unit `i < tokenCount` is token `i`; unit `tokenCount + i` is the
    /// pair of tokens `i` and `i + 1`.
    private static func unitMask(_ unit: Int, tokenCount: Int) -> UInt64 {
        unit < tokenCount ? 1 << UInt64(unit) : 3 << UInt64(unit - tokenCount)
    }

    /// Whether a link's term tokens belong to a hyphenated compound that the alignment's links (`covered`)
    /// leave partly uncovered: "katrin" for "Anne-Kathrin".
    private static func linksPartOfCompound(_ term: UInt64, covered: UInt64, compounds: [UInt64]) -> Bool {
        var bits = term
        while bits != 0 {
            let token = bits.trailingZeroBitCount
            if token < compounds.count, compounds[token] & ~covered != 0 { return true }
            bits &= bits - 1
        }
        return false
    }

    /// The token indices set in a mask.
    private static func indices(_ mask: UInt64) -> [Int] {
        var result: [Int] = []
        var remaining = mask
        while remaining != 0 {
            result.append(remaining.trailingZeroBitCount)
            remaining &= remaining - 1
        }
        return result
    }

    /// The tokens a unit covers: `i..<i + 1` for token `i < count`, `i..<i + 2` for the pair unit `count + i`.
    static func covered(byUnit unit: Int, count: Int) -> Range<Int> {
        unit < count ? unit..<(unit + 1) : (unit - count)..<(unit - count + 2)
    }

    /// For each term token, the mask of the hyphenated compound it belongs to (itself alone if none).
    private static func compoundMasks(count: Int, joined: (Int) -> Bool) -> [UInt64] {
        var result = [UInt64](filledWith: 0, count: count)
        var start = 0
        for index in 0..<min(count, 32) {
            if index > 0 && !joined(index) { start = index }
            var group: UInt64 = 0
            var end = index
            while end + 1 < count && end + 1 < 32 && joined(end + 1) { end += 1 }
            for member in start...end { group |= 1 << UInt64(member) }
            result[index] = group
        }
        return result
    }

    /// The units of a token list: the tokens, then each adjacent pair read as one word (spelling joined,
    /// keys concatenated).
    public static func units(of tokens: [MatchToken]) -> [MatchToken] {
        var units = tokens
        for index in tokens.indices.dropLast() {
            units.append(joinedPair(tokens[index], tokens[index + 1]))
        }
        return units
    }

    /// Two adjacent tokens read as one word: "de" + "luca" → `deluca`.
    public static func joinedPair(_ first: MatchToken, _ second: MatchToken) -> MatchToken {
        let role: NameToken.Role = first.isRequired || second.isRequired ? .name : first.role
        return MatchToken(folded: first.folded + second.folded, keys: joinedKeys(first.keys, second.keys), role: role)
    }

    /// The keys of two words read as one: each key of the first followed by each key of the second.
    static func joinedKeys(_ first: some Collection<String>, _ second: some Collection<String>) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(first.count * second.count)
        for a in first { for b in second { keys.append(a + b) } }
        return keys
    }
}
