/// What the hypotheses of one utterance have in common, worked out once (``Resolver/resolve(_:alternatives:keepingAll:)``).
///
/// A recognizer's hypotheses of one utterance differ in a word or two ("Christian Harmon", "Christian Harman",
/// "Question Harman"), and some differ in spelling only, reading the same phones ("Kimberly", "Kimberley").
/// Each is resolved alone, but a query unit's similar words depend on that unit alone, and the phone postings'
/// matches on the phones alone: a hypothesis reuses what an earlier one found for the same unit or the same
/// phones, and its result is the one it would get alone.
///
/// Used by one resolution on one thread, then dropped.
final class SharedHypothesisWork {
    /// A query unit as the word look-up sees it: the token, and whether it is a word of the query (a joined
    /// pair of adjacent words is not looked up two edits away).
    struct UnitKey: Equatable {
        let unit: MatchToken
        let isWord: Bool

        /// The same unit: the role and spelling compared first (they differ nearly always when units do).
        static func == (lhs: UnitKey, rhs: UnitKey) -> Bool {
            lhs.isWord == rhs.isWord && lhs.unit.folded == rhs.unit.folded && lhs.unit == rhs.unit
        }
    }

    /// A phone search as the postings see it: the query's phones, which belong to filler words, and the variants
    /// of each pronunciation it tries (a search of another reach finds other matches).
    struct PhoneKey: Equatable {
        let phones: [Phone]
        let filler: [Bool]
        let reach: VariantReach
    }

    /// The units looked up so far, in order, and each one's similar words in the list at the same position, as
    /// ``VocabularyIndex/lookUp(_:collectingCandidates:sharing:)`` found them. (Lists searched from the start,
    /// not a dictionary: an utterance has a few dozen units at most, and a dictionary's storage cost about
    /// 9,500 instructions to make by callgrind, more than all the look-ups. Two arrays, not one of pairs: a
    /// tuple of such values is copied by the run time's generic code, about 240 instructions a copy.)
    private var units: [UnitKey] = []
    private var similarWords: [WordSimilarities] = []

    /// The phone queries searched so far, in order, and the postings' matches of each at the same position,
    /// with the least score searched for (matches under it were left out).
    private var phoneKeys: [PhoneKey] = []
    private var phoneMatches: [[PhoneMatcher.Match]] = []
    private var leastScores: [Double] = []

    /// Empty, with room for a few hypotheses' units and phone queries.
    init() {
        units.reserveCapacity(16)
        similarWords.reserveCapacity(16)
        phoneKeys.reserveCapacity(4)
        phoneMatches.reserveCapacity(4)
        leastScores.reserveCapacity(4)
    }

    /// How many unit look-ups and phone searches were answered from an earlier hypothesis's.
    private(set) var reusedUnits = 0
    private(set) var reusedPhoneSearches = 0

    /// A unit's similar words found for an earlier hypothesis, or `nil`.
    func unitMatches(of key: UnitKey) -> WordSimilarities? {
        guard let known = units.firstIndex(of: key) else { return nil }
        reusedUnits += 1
        return similarWords[known]
    }

    /// Keeps a unit's similar words for the next hypotheses.
    func keep(_ matches: WordSimilarities, of key: UnitKey) {
        units.append(key)
        similarWords.append(matches)
    }

    /// The phone postings' matches of a query scoring at least `leastScore`, of the variants `reach` tries
    /// (``PhoneMatcher/matches(_:limit:leastScore:reach:)``): those of an earlier hypothesis with the same phones,
    /// searched with a least score no higher (the matches under this one left out) and the same reach, else
    /// `search`'s, kept for the next.
    func phoneMatches(of query: Resolver.PhoneQuery, leastScore: Double, reach: VariantReach,
                      search: () -> [PhoneMatcher.Match]) -> [PhoneMatcher.Match] {
        let key = PhoneKey(phones: query.phones, filler: query.filler, reach: reach)
        if let known = phoneKeys.indices.first(where: { phoneKeys[$0] == key && leastScores[$0] <= leastScore }) {
            reusedPhoneSearches += 1
            let matches = phoneMatches[known]
            return leastScores[known] == leastScore ? matches : matches.filter { $0.score >= leastScore }
        }
        let found = search()
        phoneKeys.append(key)
        phoneMatches.append(found)
        leastScores.append(leastScore)
        return found
    }
}
