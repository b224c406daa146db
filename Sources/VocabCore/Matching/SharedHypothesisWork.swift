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
    struct UnitKey: Hashable {
        let unit: MatchToken
        let isWord: Bool

        /// Hashes the spelling alone (the keys and role follow from it nearly always; equality checks them).
        func hash(into hasher: inout Hasher) {
            hasher.combine(unit.folded)
            hasher.combine(isWord)
        }
    }

    /// A query as the phone postings see it: its phones, and which belong to filler words.
    struct PhoneKey: Hashable {
        let phones: [Phone]
        let filler: [Bool]
    }

    /// Each unit's similar words in the list, as ``VocabularyIndex/lookUp(_:collectingCandidates:sharing:)``
    /// found them.
    private var similarWordsByUnit: [UnitKey: WordSimilarities] = [:]

    /// The phone postings' matches of each phone query searched.
    private var matchesByPhones: [PhoneKey: [PhoneMatcher.Match]] = [:]

    /// Empty, with room for a few hypotheses' units and phone queries. (Reserved rather than made with
    /// `Dictionary(minimumCapacity:)`, which is not specialized for its types and looked its storage type up
    /// at run time: about 9,500 instructions a dictionary by callgrind. Grown from empty, they cost as much in
    /// resizing.)
    init() {
        similarWordsByUnit.reserveCapacity(32)
        matchesByPhones.reserveCapacity(8)
    }

    /// How many unit look-ups and phone searches were answered from an earlier hypothesis's.
    private(set) var reusedUnits = 0
    private(set) var reusedPhoneSearches = 0

    /// A unit's similar words found for an earlier hypothesis, or `nil`.
    func unitMatches(of key: UnitKey) -> WordSimilarities? {
        guard let known = similarWordsByUnit[key] else { return nil }
        reusedUnits += 1
        return known
    }

    /// Keeps a unit's similar words for the next hypotheses.
    func keep(_ matches: WordSimilarities, of key: UnitKey) {
        similarWordsByUnit[key] = matches
    }

    /// The phone postings' matches of a query: those of an earlier hypothesis with the same phones, else
    /// `search`'s, kept for the next.
    func phoneMatches(of query: Resolver.PhoneQuery, search: () -> [PhoneMatcher.Match]) -> [PhoneMatcher.Match] {
        let key = PhoneKey(phones: query.phones, filler: query.filler)
        if let known = matchesByPhones[key] {
            reusedPhoneSearches += 1
            return known
        }
        let found = search()
        matchesByPhones[key] = found
        return found
    }
}
