/// How alike two tokens are, from 0 (unrelated) to 1 (same spelling), and why.
///
/// Spelling and sound are scored together: the same spelling scores 1; a nickname pair 0.93; tokens that
/// share a phonetic key in the language score 0.9 plus a tenth of their spelling similarity (so "mathieu"
/// beats "matthews" for "matthieu" when both sound alike), provided their spellings overlap at least
/// ``phoneticSpellingFloor`` (a shared key between unlike spellings is the encoder's coarseness, not
/// the same name: Double Metaphone's alternate reads an initial J as a vowel, so "isaiah" and "joyce"
/// share `AS`); otherwise the spelling similarity
/// `1 − d / max(length)` with `d` the optimal-string-alignment distance (Damerau's transpositions count as
/// one edit). A lone letter matches a token it initials at 0.7.
public enum TokenSimilarity {
    /// Why two tokens matched.
    public enum Reason: String, Sendable, Hashable, Codable {
        case exact, nickname, phonetic, spelling, initial
    }

    /// Scores reached by each reason; see the type's discussion for how they were set.
    public static let nicknameScore = 0.93
    public static let phoneticBase = 0.9
    public static let initialScore = 0.7
    /// The least spelling similarity for a shared phonetic key to count.
    public static let phoneticSpellingFloor = 0.5

    /// The similarity of a query token to a term token.
    ///
    /// - Complexity: O(*m*·*n*) in the two lengths (short: names).
    public static func score(_ query: MatchToken, _ term: MatchToken, nicknames: NicknameTable) -> (Double, Reason) {
        score(query, term, related: nicknames.relatedSpellings(of: query.folded))
    }

    /// ``score(_:_:nicknames:)`` with the query token's nickname relations looked up already (`nil`: none).
    static func score(_ query: MatchToken, _ term: MatchToken, related: Set<[UInt8]>?) -> (Double, Reason) {
        score(query, folded: term.folded, keys: term.keys, related: related)
    }

    /// ``score(_:_:related:)`` of a term token given by its spelling and keys (a word of the index's table, read
    /// in place rather than made a token).
    static func score(_ query: MatchToken, folded: [UInt8], keys: ArraySlice<String>,
                      related: Set<[UInt8]>?) -> (Double, Reason) {
        if query.folded == folded { return (1, .exact) }
        let spelling = spellingSimilarity(query.folded, folded)
        var best = (spelling, Reason.spelling)
        func consider(_ score: Double, _ reason: Reason) {
            if score > best.0 { best = (score, reason) }
        }
        if spelling >= phoneticSpellingFloor, query.keys.contains(where: { keys.contains($0) }) {
            consider(phoneticBase + 0.1 * spelling, .phonetic)
        }
        if let related, related.contains(folded) { consider(nicknameScore, .nickname) }
        if query.folded.count == 1, folded.first == query.folded.first, folded.count > 1 {
            consider(initialScore, .initial)
        }
        return best
    }

    /// `1 − d / max(m, n)` with `d` the optimal string alignment distance.
    public static func spellingSimilarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        return 1 - Double(editDistance(a, b)) / Double(longest)
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and adjacent
    /// transpositions, each costing one.
    ///
    /// - Complexity: when `a` has at most 64 bytes, O(*n*) word operations (Hyyrö's bit-vector algorithm with
    ///   transpositions) plus O(*m*·*n*) byte comparisons; else the table's O(*m*·*n*)
    ///   (``editDistanceByTable(_:_:)``).
    public static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        guard a.count <= 64 else { return editDistanceByTable(a, b) }
        // Hyyrö (2003), "A bit-vector algorithm for computing Levenshtein and Damerau edit distances": one bit
        // per byte of `a` for the vertical differences of the DP column, one column per byte of `b`.
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var positive: UInt64 = ~0
                var negative: UInt64 = 0
                var diagonal: UInt64 = 0
                var previousMatches: UInt64 = 0
                var distance = a.count
                let last: UInt64 = 1 << UInt64(a.count - 1)
                for byte in b {
                    // Where this byte occurs in `a` (names are short: a scan costs less than a table to clear).
                    var here: UInt64 = 0
                    for position in 0..<a.count where a[position] == byte { here |= 1 << UInt64(position) }
                    let transposed = ((~diagonal & here) << 1) & previousMatches
                    diagonal = ((((here & positive) &+ positive) ^ positive) | here | negative) | transposed
                    var horizontalPositive = negative | ~(diagonal | positive)
                    var horizontalNegative = diagonal & positive
                    if horizontalPositive & last != 0 { distance += 1 }
                    if horizontalNegative & last != 0 { distance -= 1 }
                    horizontalPositive = (horizontalPositive << 1) | 1
                    horizontalNegative <<= 1
                    positive = horizontalNegative | ~(diagonal | horizontalPositive)
                    negative = horizontalPositive & diagonal
                    previousMatches = here
                }
                return distance
            }
        }
    }

    /// ``editDistance(_:_:)`` by the dynamic-programming table: three rows on the stack for names (no
    /// allocation). The reference the bit-vector form is tested against, and the form for long words.
    ///
    /// - Complexity: O(*m*·*n*) time.
    public static func editDistanceByTable(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let n = b.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { buffer in
            var previousPrevious = buffer.baseAddress!
            var previous = previousPrevious + (n + 1)
            var current = previous + (n + 1)
            for j in 0...n {
                previous[j] = j
                previousPrevious[j] = 0
            }
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    for i in 1...a.count {
                        current[0] = i
                        let ai = a[i - 1]
                        for j in 1...n {
                            let cost = ai == b[j - 1] ? 0 : 1
                            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                            if i > 1, j > 1, ai == b[j - 2], a[i - 2] == b[j - 1] {
                                value = min(value, previousPrevious[j - 2] + 1)
                            }
                            current[j] = value
                        }
                        (previousPrevious, previous, current) = (previous, current, previousPrevious)
                    }
                }
            }
            return previous[n]
        }
    }
}
