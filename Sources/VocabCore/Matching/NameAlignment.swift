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

    /// Aligns a query with one form of a term.
    ///
    /// - Complexity: O(*q*·*t*) similarity computations for *q* query and *t* term tokens.
    public init(query: [MatchToken], term: [MatchToken], nicknames: NicknameTable) {
        var links: [Link] = []
        let queryUnits = Self.units(of: query)
        let termUnits = Self.units(of: term)
        var candidates: [(Double, TokenSimilarity.Reason, Int, Int)] = []
        for (qi, q) in queryUnits.enumerated() {
            for (ti, t) in termUnits.enumerated() {
                let (similarity, reason) = TokenSimilarity.score(q.token, t.token, nicknames: nicknames)
                if similarity >= Self.minimumLinkSimilarity { candidates.append((similarity, reason, qi, ti)) }
            }
        }
        // Highest similarity first; on ties prefer single tokens (fewer covered), then earlier positions.
        candidates.sort { a, b in
            if a.0 != b.0 { return a.0 > b.0 }
            let aSpan = queryUnits[a.2].covers.count + termUnits[a.3].covers.count
            let bSpan = queryUnits[b.2].covers.count + termUnits[b.3].covers.count
            if aSpan != bSpan { return aSpan < bSpan }
            return (a.2, a.3) < (b.2, b.3)
        }
        var usedQuery = Set<Int>()
        var usedTerm = Set<Int>()
        for (similarity, reason, qi, ti) in candidates {
            let q = queryUnits[qi].covers
            let t = termUnits[ti].covers
            if q.contains(where: usedQuery.contains) || t.contains(where: usedTerm.contains) { continue }
            usedQuery.formUnion(q)
            usedTerm.formUnion(t)
            links.append(Link(query: q, term: t, similarity: similarity, reason: reason))
        }
        // A link into a hyphenated compound that the query's links leave partly uncovered is not the
        // compound's name ("katrin" for "Anne-Kathrin"); "anne claire" covering both parts is.
        let compounds = Self.compounds(of: term)
        links = links.map { link in
            let partial = link.term.contains { index in compounds[index].contains { !usedTerm.contains($0) } }
            guard partial, link.similarity > Self.compoundPartCap else { return link }
            return Link(query: link.query, term: link.term, similarity: Self.compoundPartCap, reason: link.reason)
        }
        self.links = links.sorted { ($0.query.first ?? 0) < ($1.query.first ?? 0) }

        var similarityOf = [Double](repeating: 0, count: query.count)
        for link in links { for index in link.query { similarityOf[index] = link.similarity } }
        let required = query.indices.filter { query[$0].isRequired }
        let counted = required.isEmpty ? Array(query.indices) : required
        let total = counted.reduce(0) { $0 + similarityOf[$1] }
        let queryScore = counted.isEmpty ? 0 : total / Double(counted.count)
        weakestQueryWord = counted.map { similarityOf[$0] }.min() ?? 0

        let termRequired = term.indices.filter { term[$0].countsForCoverage }
        let covered = termRequired.filter(usedTerm.contains).count
        termCoverage = termRequired.isEmpty ? 1 : Double(covered) / Double(termRequired.count)

        let termOrder = self.links.map { $0.term.first ?? 0 }
        let inOrder = termOrder == termOrder.sorted()
        score = queryScore * (1 - Self.partialPenalty * (1 - termCoverage)) + (inOrder && links.count > 1 ? Self.orderBonus : 0)
    }

    /// For each term token, the indices of the hyphenated compound it belongs to (itself alone if none).
    private static func compounds(of term: [MatchToken]) -> [[Int]] {
        var groups: [[Int]] = []
        var current: [Int] = []
        for index in term.indices {
            if index > 0 && !term[index].isJoinedToPrevious {
                groups.append(current)
                current = []
            }
            current.append(index)
        }
        if !current.isEmpty { groups.append(current) }
        var result = [[Int]](repeating: [], count: term.count)
        for group in groups { for index in group { result[index] = group } }
        return result
    }

    /// A token or two adjacent tokens read as one word.
    private struct Unit {
        let token: MatchToken
        let covers: [Int]
    }

    private static func units(of tokens: [MatchToken]) -> [Unit] {
        var units = tokens.enumerated().map { Unit(token: $1, covers: [$0]) }
        for index in tokens.indices.dropLast() {
            let joined = tokens[index].folded + tokens[index + 1].folded
            let keys = tokens[index].keys.flatMap { first in tokens[index + 1].keys.map { first + $0 } }
            let role: NameToken.Role = tokens[index + 1].isRequired || tokens[index].isRequired ? .name : tokens[index].role
            units.append(Unit(token: MatchToken(folded: joined, keys: keys, role: role), covers: [index, index + 1]))
        }
        return units
    }
}
