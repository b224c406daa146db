/// A vocabulary prepared for resolving: every term's readings, and postings from which candidates come.
///
/// Candidates come from postings, never from a scan: a query token finds terms through
/// - its folded spelling, and adjacent query tokens joined ("mc daniel" → `mcdaniel`);
/// - its phonetic keys in the language in force;
/// - its one-edit neighbourhood (symmetric deletions: a word and its one-letter deletions on both sides
///   meet when the spellings are one insertion, deletion, substitution or transposition apart);
/// - its nicknames.
/// Term tokens are indexed with adjacent pairs joined ("De Luca" → `deluca`). Particles, honorifics and
/// suffixes are not posted alone (they would make every "de" a candidate).
///
/// Built once per vocabulary version and shared read-only across threads; a change builds a new index.
public struct VocabularyIndex: Sendable {
    /// The terms, in registration order (index = rank).
    public let terms: [IndexedTerm]
    /// How names and queries are prepared.
    public let preparer: TermPreparer
    /// The change stamp of the set this index was built from, when it came from a store.
    public let version: Int64?

    private let spelling: [String: [Int32]]
    private let sound: [String: [Int32]]
    private let neighbourhood: [String: [Int32]]

    /// Words shorter than this get no deletion neighbourhood (one edit is too much of them).
    static let shortestFuzzyWord = 4

    /// Builds an index.
    ///
    /// - Parameters:
    ///   - terms: The ordered set, most important first.
    ///   - preparer: The language's normalizer, profile and phonetics.
    ///   - version: The set's change stamp, if any.
    /// - Throws: What the normalizer throws.
    /// - Complexity: O(*n*·*w*) for *n* terms of *w* letters.
    public init(terms: [String], preparer: TermPreparer, version: Int64? = nil) throws {
        try self.init(terms: terms, preparer: preparer, version: version) { _, text in try preparer.forms(of: text) }
    }

    /// Builds an index whose terms' readings come from `forms` (given the term's rank and text), for terms
    /// that are read in more than one way (an app term and its pronunciation hint).
    ///
    /// - Throws: What `forms` throws.
    public init(terms: [String], preparer: TermPreparer, version: Int64? = nil,
                forms: (Int, String) throws -> [TermForm]) throws {
        self.preparer = preparer
        self.version = version
        var indexed: [IndexedTerm] = []
        indexed.reserveCapacity(terms.count)
        var spelling: [String: [Int32]] = [:]
        var sound: [String: [Int32]] = [:]
        var neighbourhood: [String: [Int32]] = [:]
        func post(_ key: String, _ id: Int32, in map: inout [String: [Int32]]) {
            if map[key]?.last != id { map[key, default: []].append(id) }
        }
        for (rank, text) in terms.enumerated() {
            let id = Int32(rank)
            let readings = try forms(rank, text)
            indexed.append(IndexedTerm(text: text, rank: rank, forms: readings))
            for form in readings {
                for unit in Self.postedUnits(of: form.tokens) {
                    post(String(decoding: unit.folded, as: UTF8.self), id, in: &spelling)
                    for key in unit.keys { post(key, id, in: &sound) }
                    for variant in Self.neighbourhood(of: unit.folded) { post(variant, id, in: &neighbourhood) }
                }
            }
        }
        self.terms = indexed
        self.spelling = spelling
        self.sound = sound
        self.neighbourhood = neighbourhood
    }

    /// The ids of the terms a query may mean, unordered.
    ///
    /// - Complexity: proportional to the postings the query's words hit.
    public func candidates(for query: [MatchToken]) -> Set<Int32> {
        var found = Set<Int32>()
        let nicknames = preparer.phonetics.nicknames
        for unit in Self.postedUnits(of: query, includeOptional: true) {
            let text = String(decoding: unit.folded, as: UTF8.self)
            found.formUnion(spelling[text] ?? [])
            for key in unit.keys { found.formUnion(sound[key] ?? []) }
            for variant in Self.neighbourhood(of: unit.folded) { found.formUnion(neighbourhood[variant] ?? []) }
            for name in nicknames.related(to: text) { found.formUnion(spelling[name] ?? []) }
        }
        return found
    }

    /// The tokens worth posting: required words alone, and every adjacent pair joined.
    private static func postedUnits(of tokens: [MatchToken], includeOptional: Bool = false) -> [MatchToken] {
        var units = tokens.filter { includeOptional || $0.isRequired }
        for index in tokens.indices.dropLast() {
            let first = tokens[index]
            let second = tokens[index + 1]
            let keys = first.keys.flatMap { a in second.keys.map { a + $0 } }
            units.append(MatchToken(folded: first.folded + second.folded, keys: keys, role: .name))
        }
        return units
    }

    /// A word and its one-letter deletions, for words long enough.
    private static func neighbourhood(of word: [UInt8]) -> [String] {
        guard word.count >= shortestFuzzyWord else { return [] }
        var variants = [String(decoding: word, as: UTF8.self)]
        for index in word.indices {
            var variant = word
            variant.remove(at: index)
            variants.append(String(decoding: variant, as: UTF8.self))
        }
        return variants
    }
}
