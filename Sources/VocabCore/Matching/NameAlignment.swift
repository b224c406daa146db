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
        // Units as bitmasks of the tokens they cover (names have far fewer than 64 tokens).
        let queryCount = min(query.count, 32)
        let termCount = min(term.count, 32)
        func mask(_ unit: Int, _ count: Int) -> UInt64 {
            unit < count ? 1 << UInt64(unit) : 3 << UInt64(unit - count)
        }
        var candidates: [(value: Double, reason: TokenSimilarity.Reason, query: Int, term: Int, span: Int)] = []
        let queryUnits = queryCount + max(0, queryCount - 1)
        let termUnits = termCount + max(0, termCount - 1)
        candidates.reserveCapacity(queryUnits * termUnits)
        for qi in 0..<queryUnits {
            for ti in 0..<termUnits {
                if let (value, reason) = similarity(qi, ti) {
                    let span = (qi < queryCount ? 1 : 2) + (ti < termCount ? 1 : 2)
                    candidates.append((value, reason, qi, ti, span))
                }
            }
        }
        // Highest similarity first; on ties prefer single tokens (fewer covered), then earlier positions.
        candidates.sort { a, b in
            if a.value != b.value { return a.value > b.value }
            if a.span != b.span { return a.span < b.span }
            return (a.query, a.term) < (b.query, b.term)
        }
        var usedQuery: UInt64 = 0
        var usedTerm: UInt64 = 0
        var links: [Link] = []
        for candidate in candidates {
            let q = mask(candidate.query, queryCount)
            let t = mask(candidate.term, termCount)
            if usedQuery & q != 0 || usedTerm & t != 0 { continue }
            usedQuery |= q
            usedTerm |= t
            links.append(Link(query: Self.indices(q), term: Self.indices(t), similarity: candidate.value,
                              reason: candidate.reason))
        }
        // A link into a hyphenated compound that the query's links leave partly uncovered is not the
        // compound's name ("katrin" for "Anne-Kathrin"); "anne claire" covering both parts is.
        if termJoined.contains(true) {
            let compounds = Self.compoundMasks(joined: termJoined)
            links = links.map { link in
                let partial = link.term.contains { index in compounds[index] & ~usedTerm != 0 }
                guard partial, link.similarity > Self.compoundPartCap else { return link }
                return Link(query: link.query, term: link.term, similarity: Self.compoundPartCap, reason: link.reason)
            }
        }
        self.links = links.sorted { ($0.query.first ?? 0) < ($1.query.first ?? 0) }

        var similarityOf = [Double](repeating: 0, count: query.count)
        for link in links { for index in link.query { similarityOf[index] = link.similarity } }
        let required = query.indices.filter { query[$0] == .name || query[$0] == .number }
        let counted = required.isEmpty ? Array(query.indices) : required
        let total = counted.reduce(0) { $0 + similarityOf[$1] }
        let queryScore = counted.isEmpty ? 0 : total / Double(counted.count)
        weakestQueryWord = counted.map { similarityOf[$0] }.min() ?? 0

        let termRequired = term.indices.filter { term[$0] == .name || term[$0] == .number || term[$0] == .suffix }
        let covered = termRequired.filter { usedTerm & (1 << UInt64($0)) != 0 }.count
        termCoverage = termRequired.isEmpty ? 1 : Double(covered) / Double(termRequired.count)

        let termOrder = self.links.map { $0.term.first ?? 0 }
        let inOrder = termOrder == termOrder.sorted()
        score = queryScore * (1 - Self.partialPenalty * (1 - termCoverage))
            + (inOrder && links.count > 1 ? Self.orderBonus : 0)
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

    /// Which tokens each unit covers: `[i]` for the tokens, `[i, i + 1]` for the pairs after them.
    static func covers(count: Int) -> [[Int]] {
        (0..<count).map { [$0] } + (0..<max(0, count - 1)).map { [$0, $0 + 1] }
    }

    /// For each term token, the mask of the hyphenated compound it belongs to (itself alone if none).
    private static func compoundMasks(joined: [Bool]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: joined.count)
        var start = 0
        for index in joined.indices.dropFirst(0) where index < 32 {
            if index > 0 && !joined[index] { start = index }
            var group: UInt64 = 0
            var end = index
            while end + 1 < joined.count && end + 1 < 32 && joined[end + 1] { end += 1 }
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
        let keys = first.keys.flatMap { a in second.keys.map { a + $0 } }
        let role: NameToken.Role = first.isRequired || second.isRequired ? .name : first.role
        return MatchToken(folded: first.folded + second.folded, keys: keys, role: role)
    }
}
