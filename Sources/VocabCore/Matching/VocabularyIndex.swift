/// A vocabulary prepared for resolving: every term's readings as word ids, over a table of distinct words.
///
/// Candidates come from the word table, never from a scan of the terms. Each query unit (a word, or two
/// adjacent words joined: "mc daniel" → `mcdaniel`) looks up the distinct words it may mean — same spelling,
/// nickname, shared phonetic key in the language in force, one edit away — and its similarity to each is
/// computed once. A term is a candidate only when every required word of the query meets one of its words
/// (or joined pairs: "De Luca" → `deluca`); terms then align on the memoized similarities.
///
/// Built once per vocabulary version and shared read-only across threads; a change builds a new index.
public struct VocabularyIndex: Sendable {
    /// How names and queries are prepared.
    public let preparer: TermPreparer
    /// The change stamp of the set this index was built from, when it came from a store.
    public let version: Int64?

    let words: WordTable
    let store: ReadingStore
    /// For each word, the best partial-match factor among the plain terms holding it (a one-word score
    /// through that word is at most its similarity times this).
    let bestFactor: [Double]
    /// The app identifiers of speakable terms.
    let identifiers: TermIdentifiers
    /// Every term's pronunciations, when the language has a pronouncer.
    var phones: PhoneIndex? { phoneMatcher?.index }

    /// The phone matcher over the terms' pronunciations, when the language has a pronouncer (made once with
    /// the index: it was made anew at each of a query's three reads of it).
    public let phoneMatcher: PhoneMatcher?

    /// The phone matcher over an index's pronunciations, in the language's costs.
    static func phoneMatcher(_ phones: PhoneIndex?, preparer: TermPreparer) -> PhoneMatcher? {
        guard let phones, let pronouncer = preparer.phonetics.pronouncer else { return nil }
        return PhoneMatcher(index: phones, costs: pronouncer.costs)
    }

    /// How many terms the index holds.
    public var count: Int { store.termCount }

    /// An estimate of the index's heap footprint in bytes: its arrays and hash tables, counted from their
    /// sizes (deterministic, unlike the process's resident memory).
    public var approximateBytes: Int {
        words.approximateBytes + store.approximateBytes + identifiers.approximateBytes + (phones?.approximateBytes ?? 0)
    }

    /// A term's text, as registered.
    public func text(of term: Int) -> String { store.text(of: term) }

    /// How many other terms hold one of a term's words (its most shared word; a surname that relatives share,
    /// a common first name), from the word postings of its first reading.
    public func termsSharingWords(with rank: Int) -> Int {
        guard let reading = store.readings(of: rank).first else { return 0 }
        var most = 0
        for unit in 0..<store.tokenCount(reading) where store.role(reading, unit) == .name {
            most = max(most, words.postings(of: Int(store.word(reading, unit: unit))).count - 1)
        }
        return most
    }

    /// A speakable term's app identifier, or `nil` for a plain string.
    public func identifier(of term: Int) -> String? { identifiers.identifier(of: term) }

    /// The terms, in registration order (index = rank), with their readings (built on demand: for tests
    /// and explanations, not for resolving).
    public var terms: [IndexedTerm] { (0..<count).map(term(at:)) }

    /// One term with its readings.
    public func term(at rank: Int) -> IndexedTerm {
        IndexedTerm(text: store.text(of: rank), rank: rank, readings: store.readings(of: rank).map(form(ofReading:)))
    }

    /// One reading of the store (an index into every term's readings), as ``term(at:)`` holds it: a resolution
    /// builds only the reading it aligned, not the term's others.
    func form(ofReading reading: Int) -> IndexedTerm.Form {
        let tokens = 0..<store.tokenCount(reading)
        return IndexedTerm.Form(
            reading: store.name(ofReading: reading), words: tokens.map { store.word(reading, unit: $0) },
            pairs: (0..<max(0, tokens.count - 1)).map { store.word(reading, unit: tokens.count + $0) },
            roles: tokens.map { store.role(reading, $0) }, joined: tokens.map { store.isJoined(reading, $0) })
    }

    /// The tokens of a term's first reading (``tokens(of:)`` of its first form, without building the form).
    func firstReadingTokens(ofTermAt rank: Int) -> [MatchToken] {
        let reading = store.readings(of: rank).lowerBound
        return (0..<store.tokenCount(reading)).map { token in
            words.token(store.word(reading, unit: token), role: store.role(reading, token),
                        isJoinedToPrevious: store.isJoined(reading, token))
        }
    }

    /// Builds an index.
    ///
    /// - Parameters:
    ///   - terms: The ordered set, most important first.
    ///   - preparer: The language's normalizer, profile and phonetics.
    ///   - version: The set's change stamp, if any.
    /// - Throws: What the normalizer throws.
    /// - Complexity: O(*n*·*w*) for *n* terms of *w* words; keys once per distinct word.
    public init(terms: [String], preparer: TermPreparer, version: Int64? = nil) throws {
        try self.init(terms: terms, preparer: preparer, version: version) { _, text in try preparer.readings(of: text) }
    }

    /// Builds an index of a stored set's entries: a speakable string is read by its phrase and by its
    /// pronunciation hint (as an app-vocabulary phrase and its hint are), and answers carry its identifier.
    ///
    /// - Parameter progress: Called with each term's rank before it is read (for progress reports).
    /// - Throws: What the normalizer throws.
    public init(entries: [VocabularyTerm], preparer: TermPreparer, version: Int64? = nil,
                progress: ((Int) -> Void)? = nil) throws {
        try self.init(terms: entries.map(\.phrase), preparer: preparer, version: version,
                      identifiers: TermIdentifiers(entries)) { rank, text in
            progress?(rank)
            let phrase = try preparer.readings(of: text)
            guard let hint = entries[rank].pronunciationHint else { return phrase }
            return phrase + (try preparer.pronunciationReadings(of: hint))
        }
    }

    /// Builds an index whose terms' readings come from `readings` (given the term's rank and text), for
    /// terms read in more than one way (an app term and its pronunciation hint).
    ///
    /// - Throws: What `readings` throws.
    public init(terms: [String], preparer: TermPreparer, version: Int64? = nil,
                readings: (Int, String) throws -> [TermPreparer.Reading]) throws {
        try self.init(terms: terms, preparer: preparer, version: version, identifiers: TermIdentifiers(),
                      readings: readings)
    }

    private init(terms: [String], preparer: TermPreparer, version: Int64?, identifiers: TermIdentifiers,
                 readings: (Int, String) throws -> [TermPreparer.Reading]) throws {
        self.preparer = preparer
        self.version = version
        self.identifiers = identifiers
        var table = WordTable()
        var store = ReadingStore()
        var keysByInput: [String: [String]] = [:]
        func keys(_ input: String) -> [String] {
            if let cached = keysByInput[input] { return cached }
            let computed = preparer.phonetics.keys(for: input)
            keysByInput[input] = computed
            return computed
        }
        var pronunciations = PronunciationCollector(pronouncer: preparer.phonetics.pronouncer)
        for (rank, text) in terms.enumerated() {
            let id = Int32(rank)
            let termReadings = try readings(rank, text)
            pronunciations.add(termReadings, of: id)
            for reading in termReadings {
                let singles = reading.words.map { word in
                    table.intern(Array(word.folded.utf8)) { keys(word.soundInput) }
                }
                var pairs: [Int32] = []
                pairs.reserveCapacity(max(0, singles.count - 1))
                for index in singles.indices.dropLast() {
                    let first = Int(singles[index])
                    let second = Int(singles[index + 1])
                    // Keys are concatenated only for a pair seen for the first time. Copied out of the table:
                    // a slice would keep the table's key array shared, and interning would copy it whole.
                    let firstKeys = Array(table.keys(of: first))
                    let secondKeys = Array(table.keys(of: second))
                    pairs.append(table.intern(table.spellings[first] + table.spellings[second], isPair: true) {
                        NameAlignment.joinedKeys(firstKeys, secondKeys)
                    })
                }
                for (index, word) in reading.words.enumerated() where word.role.isRequired {
                    table.post(singles[index], term: id)
                }
                for pair in pairs { table.post(pair, term: id) }
                store.appendReading(name: reading.name, words: singles, pairs: pairs, tokens: reading.words)
            }
            store.closeTerm(text: text)
        }
        table.compact()
        store.compact()
        var factors = [Double](repeating: 0, count: table.count)
        for word in 0..<table.count {
            for term in table.postings(of: word) {
                guard let reading = store.simpleReading(of: Int(term)) else { continue }
                let coverage = 1 / Double(max(1, store.coverageCount(reading)))
                factors[word] = max(factors[word], 1 - NameAlignment.partialPenalty * (1 - coverage))
            }
        }
        self.bestFactor = factors
        self.store = store
        self.words = table
        phoneMatcher = Self.phoneMatcher(pronunciations.index(), preparer: preparer)
    }

    /// A match this close makes the two-edit look-up pointless for a query word.
    static let closeEnoughToSkipTwoEdits = 0.85

    /// How many distinct words (and joined pairs) the index holds.
    public var wordCount: Int { words.count }

    /// A term's readings as tokens with keys (for explanations and reference checks).
    public func forms(ofTermAt rank: Int) -> [TermForm] { forms(of: term(at: rank)) }

    /// A term's readings as tokens with keys (for explanations and reference checks).
    public func forms(of term: IndexedTerm) -> [TermForm] {
        term.readings.map { TermForm(tokens: tokens(of: $0), reading: $0.reading) }
    }

    /// One reading's tokens with their keys.
    func tokens(of form: IndexedTerm.Form) -> [MatchToken] {
        form.words.indices.map { words.token(form.words[$0], role: form.roles[$0], isJoinedToPrevious: form.joined[$0]) }
    }

    /// What a query finds: each unit's similar words, and the candidate terms.
    struct Lookup {
        /// For each query unit (tokens, then pairs), the similar words and their similarity.
        var matches: [WordSimilarities]
        /// Terms where every required query word meets a similar word.
        var candidates: [Int32]
    }

    /// Finds the candidates of a query.
    ///
    /// - Complexity: proportional to the similar words found and the postings of the query's most selective
    ///   required word.
    func lookUp(_ query: [MatchToken], collectingCandidates: Bool = true, sharing shared: SharedHypothesisWork? = nil) -> Lookup {
        let nicknames = preparer.phonetics.nicknames
        let units = NameAlignment.units(of: query)
        var matches: [WordSimilarities] = []
        matches.reserveCapacity(units.count)
        for (position, unit) in units.enumerated() {
            // A unit another hypothesis of the utterance had is looked up once.
            let unitKey = shared.map { _ in SharedHypothesisWork.UnitKey(unit: unit, isWord: position < query.count) }
            if let unitKey, let known = shared?.unitMatches(of: unitKey) {
                matches.append(known)
                continue
            }
            var similar = WordSimilarities(capacity: 16)
            let related = nicknames.relatedSpellings(of: unit.folded)
            var closest = 0.0
            for word in words.lookUp(unit, depth: 1, related: related) {
                closest = max(closest, Self.consider(word, for: unit, related: related, in: words, keeping: &similar))
            }
            // Two edits away only matters when nothing closer answers this word: an exact or one-edit match
            // outscores a two-edit one by more than the near-equal margin. Long single words only (at six
            // letters, two edits from a seven-letter word still leave 0.71).
            if position < query.count, unit.folded.count >= WordTable.shortestTwoEditWord - 1,
               closest < Self.closeEnoughToSkipTwoEdits {
                for word in words.twoEditLookUp(unit) where similar[word] == nil {
                    _ = Self.consider(word, for: unit, related: related, in: words, keeping: &similar)
                }
                // Two words said as one, with a slip ("jonasxsmith" for "Jonas Smith"): joined pairs have no
                // neighbourhoods of their own, so split the word, look up each half, and try their pair.
                for word in splitPairs(of: unit.folded) where similar[word] == nil {
                    _ = Self.consider(word, for: unit, related: related, in: words, keeping: &similar)
                }
            }
            matches.append(similar)
            if let unitKey { shared?.keep(similar, of: unitKey) }
        }
        guard collectingCandidates else { return Lookup(matches: matches, candidates: []) }
        // The words that can stand for each required query word: its own unit's and its pairs'.
        let required = query.indices.filter { query[$0].isRequired && query[$0].folded.count > 1 }
        var wordsFor: [WordIDSet] = query.indices.map { _ in WordIDSet(capacity: 16) }
        for unit in matches.indices {
            for index in NameAlignment.covered(byUnit: unit, count: query.count) {
                matches[unit].forEachKey { wordsFor[index].insert($0) }
            }
        }
        let constraints = required.isEmpty ? Array(query.indices) : required
        // The seed is the most selective constraint: the one whose words reach the fewest terms.
        let reaches = constraints.map { postingsSize(wordsFor[$0]) }
        guard let seedPosition = reaches.indices.min(by: { reaches[$0] < reaches[$1] }) else {
            return Lookup(matches: matches, candidates: [])
        }
        let seed = constraints[seedPosition]
        let seedWords = wordsFor[seed].allKeys
        let reach = reaches[seedPosition]
        // One word's postings hold each term once; only several seed words can reach a term twice.
        var seen = WordIDSet(capacity: seedWords.count > 1 ? reach : 0)
        var candidates: [Int32] = []
        candidates.reserveCapacity(reach)
        for word in seedWords {
            for term in words.postings(of: Int(word)) {
                if seedWords.count > 1 {
                    if seen.contains(term) { continue }
                    seen.insert(term)
                }
                let meetsAll = constraints.allSatisfy { index in
                    index == seed || store.anyUnit(of: Int(term), in: wordsFor[index])
                }
                if meetsAll { candidates.append(term) }
            }
        }
        return Lookup(matches: matches, candidates: candidates)
    }

    /// Scores a word of the table against a query unit, keeps it in `similar` when similar enough, and returns
    /// its similarity. (A static function, not one nested in the look-up: that one captured the index, copied
    /// for each query word.)
    private static func consider(_ word: Int32, for unit: MatchToken, related: Set<[UInt8]>?, in words: WordTable,
                                 keeping similar: inout WordSimilarities) -> Double {
        let (value, reason) = TokenSimilarity.score(unit, folded: words.spellings[Int(word)], keys: words.keys(of: Int(word)),
                                                    related: related)
        if value >= NameAlignment.minimumLinkSimilarity { similar[word] = (value, reason) }
        return value
    }

    /// Joined pairs of the index that a word may be, split anywhere, each half being a word of the index
    /// exactly or one edit away (halves of at least two letters). Words over ``WordTable/longestFuzzyWord``
    /// are not split (each split costs a look-up of both halves).
    private func splitPairs(of word: [UInt8]) -> [Int32] {
        guard (5...WordTable.longestFuzzyWord).contains(word.count) else { return [] }
        var found: [Int32] = []
        for split in 2...(word.count - 2) {
            let left = words.lookUp(MatchToken(folded: Array(word[..<split]), keys: [], role: .name), depth: 1,
                                    related: nil)
            guard !left.isEmpty else { continue }
            let right = words.lookUp(MatchToken(folded: Array(word[split...]), keys: [], role: .name), depth: 1,
                                     related: nil)
            for first in left {
                for second in right {
                    if let pair = words.id(of: words.spellings[Int(first)] + words.spellings[Int(second)]) {
                        found.append(pair)
                    }
                }
            }
        }
        return found
    }

    private func postingsSize(_ set: WordIDSet) -> Int {
        var size = 0
        set.forEachKey { size += words.postings(of: Int($0)).count }
        return size
    }

    /// The ids of the terms a query may mean.
    public func candidates(for query: [MatchToken]) -> Set<Int32> {
        Set(lookUp(query).candidates)
    }
}
