/// The distinct words of a vocabulary, each with its phonetic keys, and the ways to find words like a
/// query's: by spelling, by sound, by one edit.
///
/// Names share words ("Maria" in thousands of names), so keys are computed and fuzzy neighbourhoods
/// stored once per distinct word, not per name. Joined adjacent pairs ("de" + "luca" → `deluca`) are
/// words too.
struct WordTable: Sendable {
    /// Spellings, by word id.
    private(set) var spellings: [[UInt8]] = []
    /// Phonetic keys, word `w`'s being `keyStrings[keyStarts[w]..<keyStarts[w + 1]]` (one array for all words).
    private var keyStrings: [String] = []
    private var keyStarts: [Int32] = [0]
    /// While building: the terms each word appears in as a required word or a pair, by word id. Frozen by
    /// ``compact()`` into `postingIDs`, word `w`'s terms being `postingIDs[postingStarts[w]..<postingStarts[w + 1]]`:
    /// one array instead of one per word, so that a loaded index allocates a handful of arrays, not 100,000s.
    private var postingLists: [[Int32]] = []
    private var postingIDs: [Int32] = []
    private var postingStarts: [Int32] = [0]
    /// Whether each word is a joined pair.
    private(set) var isPair: [Bool] = []
    /// Word ids by spelling: an FNV-1a hash of the bytes, verified against the stored spelling (a
    /// `Dictionary` keyed by byte arrays hashed every word with SipHash and copied its key).
    private var slots = SlotTable()
    /// Word ids by the FNV-1a hash of each phonetic key (collisions only cost a wasted similarity check).
    private var sound = HashPostings()
    private var neighbourhoods = HashPostings()

    /// Words shorter than this get no one-edit neighbourhood.
    static let shortestFuzzyWord = 3
    /// Words longer than this (in bytes) get no neighbourhood at all: they are found by spelling and sound
    /// only. Entry checks refuse words over ``TextLimits/maximumWordLength`` characters; this bound holds
    /// for what normalization lengthens and for sets stored before those checks.
    static let longestFuzzyWord = TextLimits.maximumWordLength
    /// Words this long also get a two-edit neighbourhood: at seven letters two edits still leave a
    /// similarity of 0.71, above the floor a query word must reach (0.68).
    static let shortestTwoEditWord = 7
    /// Words longer than this get only the one-edit neighbourhood: the two-edit one has a variant per pair
    /// of letters (276 at 24 letters), and two edits in a word this long leave a similarity above 0.9, which
    /// a one-edit neighbour of a split or spelling candidate usually reaches anyway.
    static let longestTwoEditWord = 24

    var count: Int { spellings.count }

    /// An estimate of the table's heap footprint: array storage (elements plus a 32-byte header each) and
    /// hash tables at Swift's 3/4 maximum load, keys and values by their stride.
    var approximateBytes: Int {
        func array<T>(_ values: [T]) -> Int { 32 + values.capacity * MemoryLayout<T>.stride }
        func table(count: Int, entry: Int) -> Int { count * entry * 4 / 3 + 64 }
        var total = array(spellings) + array(keyStrings) + array(keyStarts) + array(postingIDs) + array(postingStarts)
        total += spellings.reduce(0) { $0 + array($1) }
        total += keyStrings.reduce(0) { $0 + ($1.utf8.count > 15 ? 32 + $1.utf8.count : 0) }
        total += slots.approximateBytes + sound.approximateBytes + neighbourhoods.approximateBytes
        return total
    }

    func id(of spelling: [UInt8]) -> Int32? {
        slots.entry(at: slot(of: spelling))
    }

    /// The slot holding a spelling's id, or the empty slot where it would go.
    private func slot(of spelling: [UInt8]) -> Int {
        slots.probe(hash: Self.hash(spelling)) { spellings[Int($0)] == spelling }
    }

    /// The token of a word, for alignment and explanations.
    func token(_ id: Int32, role: NameToken.Role, isJoinedToPrevious: Bool = false) -> MatchToken {
        MatchToken(folded: spellings[Int(id)], keySlice: keys(of: Int(id)), role: role, isJoinedToPrevious: isJoinedToPrevious)
    }

    /// A word's phonetic keys.
    func keys(of word: Int) -> ArraySlice<String> {
        keyStrings[Int(keyStarts[word])..<Int(keyStarts[word + 1])]
    }

    /// The id of a word, adding it (with its keys and neighbourhood) when new. Joined pairs (`isPair`) are
    /// found by spelling and sound only: they bridge spacing ("deluca" for "De Luca"), not typos, and
    /// nearly every pair of a vocabulary is unique, so neighbourhoods for them cost most of the index's
    /// memory and build time.
    mutating func intern(_ spelling: [UInt8], isPair: Bool = false, keys makeKeys: () -> [String]) -> Int32 {
        let slot = slot(of: spelling)
        if let existing = slots.entry(at: slot) { return existing }
        let id = Int32(spellings.count)
        let wordKeys = makeKeys()
        spellings.append(spelling)
        keyStrings += wordKeys
        keyStarts.append(Int32(keyStrings.count))
        postingLists.append([])
        self.isPair.append(isPair)
        slots.fill(slot, with: id) { Self.hash(spellings[Int($0)]) }
        for key in wordKeys { sound.add(Self.hash(key.utf8), id: id) }
        if !isPair {
            for variant in Self.neighbourhood(of: spelling, depth: 2) { neighbourhoods.add(variant, id: id) }
        }
        return id
    }

    /// Records that a term contains a word.
    mutating func post(_ word: Int32, term: Int32) {
        if postingLists[Int(word)].last != term { postingLists[Int(word)].append(term) }
    }

    /// The terms a word appears in as a required word or a pair, ascending (after ``compact()``).
    func postings(of word: Int) -> ArraySlice<Int32> {
        postingIDs[Int(postingStarts[word])..<Int(postingStarts[word + 1])]
    }

    /// Freezes the neighbourhoods and frees spare capacity once building is done; look-ups need it.
    mutating func compact() {
        neighbourhoods.freeze()
        sound.freeze()
        spellings = spellings.map { Array($0) }
        postingIDs = postingLists.flatMap { $0 }
        postingStarts = [0]
        postingStarts.reserveCapacity(postingLists.count + 1)
        for list in postingLists { postingStarts.append(postingStarts[postingStarts.count - 1] + Int32(list.count)) }
        postingLists = []
    }

    /// Word ids whose spelling is exact, related by nickname, shares a key, or is one edit away, given
    /// the query unit (similarities are then computed by the caller).
    func lookUp(_ unit: MatchToken, depth: Int, related: Set<[UInt8]>?) -> [Int32] {
        var found: [Int32] = []
        // One allocation for the usual few dozen ids (growing by appends cost ten reallocations a look-up).
        found.reserveCapacity(Self.usualLookUpSize)
        if let exact = id(of: unit.folded) { found.append(exact) }
        if let related {
            for spelling in related {
                if let id = id(of: spelling) { found.append(id) }
            }
        }
        for key in unit.keys { found += sound.ids(for: Self.hash(key.utf8)) }
        Self.forEachNeighbour(of: unit.folded, depth: depth) { found += neighbourhoods.ids(for: $0) }
        // Sorting and dropping repeats is cheaper than a set for these few dozen ids.
        found.sort()
        var unique = 0
        for index in found.indices where index == 0 || found[index] != found[index - 1] {
            found[unique] = found[index]
            unique += 1
        }
        found.removeSubrange(unique...)
        return found
    }

    /// Words found through only the two-letter deletions of a word (the second pass of a two-edit look-up;
    /// nothing for words outside the two-edit lengths).
    func twoEditLookUp(_ unit: MatchToken) -> [Int32] {
        let word = unit.folded
        guard (Self.shortestTwoEditWord - 1...Self.longestTwoEditWord).contains(word.count) else { return [] }
        var found: [Int32] = []
        DeletionHashes.with(word) { hashes in
            for first in word.indices {
                for second in (first + 1)..<word.count { found += neighbourhoods.ids(for: hashes.deleting(first, second)) }
            }
        }
        return found
    }

    /// Hashes of a word and of its deletions of up to `depth` letters (symmetric deletion: two words within
    /// `depth` insertions, deletions, substitutions or adjacent transpositions share one of them). Two-letter
    /// deletions only for words of ``shortestTwoEditWord`` to ``longestTwoEditWord`` letters; nothing for
    /// words outside ``shortestFuzzyWord`` to ``longestFuzzyWord``.
    ///
    /// - Complexity: O(*n*) for one letter deleted; the two-letter variants are bounded by the two-edit lengths.
    static func neighbourhood(of word: [UInt8], depth: Int = 1) -> [Int] {
        var hashes: [Int] = []
        hashes.reserveCapacity(word.count + 1 + (depth > 1 ? word.count * (word.count - 1) / 2 : 0))
        forEachNeighbour(of: word, depth: depth) { hashes.append($0) }
        return hashes
    }

    /// Calls `body` with each hash of ``neighbourhood(of:depth:)``, in the same order, without collecting them.
    static func forEachNeighbour(of word: [UInt8], depth: Int, _ body: (Int) -> Void) {
        guard (shortestFuzzyWord...longestFuzzyWord).contains(word.count) else { return }
        let twoEdits = depth > 1 && (shortestTwoEditWord...longestTwoEditWord).contains(word.count)
        DeletionHashes.with(word) { deletions in
            body(deletions.whole)
            for first in word.indices {
                body(deletions.deleting(first))
                if twoEdits {
                    for second in (first + 1)..<word.count { body(deletions.deleting(first, second)) }
                }
            }
        }
    }

    /// The capacity a look-up's id list starts with.
    static let usualLookUpSize = 64

    /// FNV-1a over the bytes, then the length: the spelling table's and the sound index's hash. Collisions
    /// only cost a wasted similarity check: every word found is verified. (SipHash cost 8% of a query here.)
    static func hash(_ word: some Sequence<UInt8>) -> Int {
        var hash = FNV1a()
        var length: UInt64 = 0
        for byte in word {
            hash.combine(byte)
            length += 1
        }
        hash.combine(word: length)
        return Int(bitPattern: UInt(hash.value))
    }
}

extension WordTable {
    func archive(to writer: inout ArchiveWriter) {
        writer.write(byteStrings: spellings)
        writer.write(strings: keyStrings)
        writer.write(array: keyStarts)
        writer.write(array: postingIDs)
        writer.write(array: postingStarts)
        writer.write(flags: isPair)
        slots.archive(to: &writer)
        sound.archive(to: &writer)
        neighbourhoods.archive(to: &writer)
    }

    /// Reads a table whose postings name terms below `termCount`.
    init(from reader: inout ArchiveReader, termCount: Int) throws(IndexArchiveError) {
        spellings = try reader.readByteStrings()
        keyStrings = try reader.readStrings()
        keyStarts = try reader.readArray(Int32.self)
        guard keyStarts.count == spellings.count + 1, keyStarts.isOffsets(endingAt: keyStrings.count) else {
            throw IndexArchiveError("phonetic keys do not match the words")
        }
        postingIDs = try reader.readArray(Int32.self)
        postingStarts = try reader.readArray(Int32.self)
        isPair = try reader.readFlags()
        guard postingStarts.count == spellings.count + 1, postingStarts.isOffsets(endingAt: postingIDs.count),
              isPair.count == spellings.count, postingIDs.allWithin(termCount) else {
            throw IndexArchiveError("word table is inconsistent")
        }
        slots = try SlotTable(from: &reader, entryCount: spellings.count)
        sound = try HashPostings(from: &reader, idBound: spellings.count)
        neighbourhoods = try HashPostings(from: &reader, idBound: spellings.count)
    }
}
