/// Every term's pronunciations as phone strings, with postings from phone bigrams to pronunciations, so a
/// query's phones find their candidates without a scan of the terms.
///
/// Bigram keys are read over a coarse alphabet (voicing merged, vowels in four groups, boundaries
/// skipped), so a recognizer's "sand oval" meets Sandoval and a vowel heard differently still meets; the
/// aligner then scores the few candidates phone by phone.
///
/// A class, not a struct: it is immutable, and the resolver reaches it on every query through the matcher; a
/// struct of fourteen arrays was copied (a retain and a release of each) at every such access.
public final class PhoneIndex: Sendable {
    /// All pronunciations' phones, one after another.
    let phones: [Phone]
    /// Where each pronunciation starts in ``phones`` (one more entry than pronunciations).
    let starts: [UInt32]
    /// The same phones as codes, boundaries left out, with one 0 after the last (so the buffer is never empty):
    /// what the aligner reads, in place (``PhoneMatcher/bestVariants(_:pronunciations:)``'s whole variants
    /// point into it rather than copying a query's candidates' phones).
    let spokenCodes: [UInt8]
    /// Where each pronunciation starts in ``spokenCodes`` (one more entry than pronunciations).
    let spokenStarts: [UInt32]
    /// Where each word of each pronunciation ends in ``spokenCodes``, counted from the pronunciation's start
    /// there: those of pronunciation `p` are `wordEnds[wordStarts[p]..<wordStarts[p + 1]]` (an empty run of
    /// phones between boundaries is no word).
    let wordEnds: [UInt32]
    let wordStarts: [UInt32]
    /// How many of each pronunciation's first words make one name: 2 or more for a compound first name whose
    /// parts the term joins with a hyphen ("Anne-Claire Clément"), said alone as one name; otherwise 1.
    let leads: [UInt8]
    /// Whether each pronunciation is in the postings: one read with the term's particles left unsaid ("maya lima"
    /// of Maya de Lima) is not, and is aligned only when the term's words were heard (see
    /// ``PhoneMatcher/hasUnpostedPronunciation(ofTerm:)``).
    let isPosted: [Bool]
    /// The term of each pronunciation.
    let owners: [Int32]
    /// The language each pronunciation was read in (index into ``languageNames``).
    let languages: [UInt8]
    let languageNames: [String]
    /// Coarse class of each phone code.
    let classes: [UInt8]
    let classCount: Int
    /// Postings: for key `k`, pronunciations `postings[keyStarts[k]..<keyStarts[k + 1]]`.
    let keyStarts: [UInt32]
    let postings: [Int32]
    /// The count buffers queries borrow (see ``KeyCountBuffers``).
    let countBuffers: KeyCountBuffers

    /// How many pronunciations the index holds.
    public var count: Int { owners.count }

    /// An estimate of the heap footprint in bytes.
    public var approximateBytes: Int {
        phones.count + starts.count * 4 + spokenCodes.count + spokenStarts.count * 4 + wordEnds.count * 4
            + wordStarts.count * 4 + leads.count + isPosted.count + owners.count * 4 + languages.count
            + keyStarts.count * 4 + postings.count * 4
    }

    /// Builds the index.
    ///
    /// - Parameters:
    ///   - pronunciations: For each pronunciation, its term's rank, language and phones.
    ///   - leads: For each pronunciation, how many of its first words make one name (see ``leads``); `nil`: 1 for each.
    ///   - posted: For each pronunciation, whether the postings hold it (see ``isPosted``); `nil`: all.
    ///   - inventory: The shared inventory (for the coarse classes).
    public convenience init(pronunciations: [(term: Int32, language: String, phones: [Phone])], leads: [Int]? = nil,
                            posted: [Bool]? = nil, inventory: PhoneInventory) {
        precondition(leads == nil || leads!.count == pronunciations.count, "PhoneIndex: one lead per pronunciation")
        precondition(posted == nil || posted!.count == pronunciations.count,
                     "PhoneIndex: one posted flag per pronunciation")
        var phones: [Phone] = []
        var starts: [UInt32] = [0]
        var owners: [Int32] = []
        var languages: [UInt8] = []
        var languageNames: [String] = []
        for pronunciation in pronunciations {
            phones += pronunciation.phones
            starts.append(UInt32(phones.count))
            owners.append(pronunciation.term)
            if let known = languageNames.firstIndex(of: pronunciation.language) {
                languages.append(UInt8(known))
            } else {
                languageNames.append(pronunciation.language)
                languages.append(UInt8(min(languageNames.count - 1, 255)))
            }
        }
        self.init(phones: phones, starts: starts, leads: (leads ?? []).map { UInt8(clamping: max(1, $0)) },
                  posted: posted ?? [], owners: owners, languages: languages, languageNames: languageNames,
                  inventory: inventory)
    }

    /// Rebuilds the postings over stored pronunciations (an archive keeps the phones, not the postings).
    ///
    /// - Parameters:
    ///   - leads: One per pronunciation, or empty for 1 each.
    ///   - posted: One per pronunciation, or empty for all posted.
    init(phones: [Phone], starts: [UInt32], leads: [UInt8], posted: [Bool], owners: [Int32], languages: [UInt8],
         languageNames: [String], inventory: PhoneInventory) {
        let isPosted = posted.isEmpty ? [Bool](repeating: true, count: owners.count) : posted
        let (classes, classCount) = Self.coarseClasses(inventory)
        let keyCount = classCount * classCount
        // Two passes over the same keys (counting, then filling) rather than keeping each pronunciation's keys,
        // read in place, a key met again within a pronunciation known by a stamp per key rather than a search of
        // those met (the two passes' keys and their searches were about 1,200 instructions a pronunciation at
        // 100,000 terms, by callgrind; now about 400).
        var counts = [UInt32](repeating: 0, count: keyCount + 1)
        var postings: [Int32] = []
        var stamps = [Int](repeating: -1, count: keyCount)
        phones.withUnsafeBufferPointer { phones in
            classes.withUnsafeBufferPointer { classes in
                stamps.withUnsafeMutableBufferPointer { stamps in
                    /// Each distinct key of a posted pronunciation once; `pass` tells the passes' stamps apart.
                    func forEachKey(pass: Int, _ body: (_ key: Int, _ pronunciation: Int) -> Void) {
                        for pronunciation in owners.indices where isPosted[pronunciation] {
                            let stamp = 2 * pronunciation + pass
                            let said = phones[Int(starts[pronunciation])..<Int(starts[pronunciation + 1])]
                            Self.forEachBigramKey(of: said, classes: classes, classCount: classCount) { key in
                                guard stamps[key] != stamp else { return }
                                stamps[key] = stamp
                                body(key, pronunciation)
                            }
                        }
                    }
                    counts.withUnsafeMutableBufferPointer { counts in
                        forEachKey(pass: 0) { key, _ in counts[key + 1] += 1 }
                        for key in 0..<keyCount { counts[key + 1] += counts[key] }
                    }
                    var fill = counts
                    postings = [Int32](repeating: 0, count: Int(counts[keyCount]))
                    fill.withUnsafeMutableBufferPointer { fill in
                        postings.withUnsafeMutableBufferPointer { postings in
                            forEachKey(pass: 1) { key, pronunciation in
                                postings[Int(fill[key])] = Int32(pronunciation)
                                fill[key] += 1
                            }
                        }
                    }
                }
            }
        }
        self.phones = phones
        self.starts = starts
        (spokenCodes, spokenStarts, wordEnds, wordStarts) = Self.spokenWords(phones, starts: starts)
        self.leads = leads.isEmpty ? [UInt8](repeating: 1, count: owners.count) : leads
        self.isPosted = isPosted
        self.owners = owners
        self.languages = languages
        self.languageNames = languageNames
        self.classes = classes
        self.classCount = classCount
        keyStarts = counts
        self.postings = postings
        countBuffers = KeyCountBuffers(size: owners.count)
    }

    /// ``spokenCodes``, ``spokenStarts``, ``wordEnds`` and ``wordStarts`` of the pronunciations.
    private static func spokenWords(_ phones: [Phone], starts: [UInt32])
        -> (codes: [UInt8], starts: [UInt32], wordEnds: [UInt32], wordStarts: [UInt32]) {
        var codes: [UInt8] = []
        codes.reserveCapacity(phones.count + 1)
        var spokenStarts: [UInt32] = [0]
        spokenStarts.reserveCapacity(starts.count)
        var wordEnds: [UInt32] = []
        var wordStarts: [UInt32] = [0]
        wordStarts.reserveCapacity(starts.count)
        for pronunciation in 0..<(starts.count - 1) {
            let start = codes.count
            // Words as the matcher reads them (``PhoneMatcher/forEachWord(of:_:)``: an empty run is no word).
            PhoneMatcher.forEachWord(of: phones[Int(starts[pronunciation])..<Int(starts[pronunciation + 1])]) { word in
                for phone in phones[word] { codes.append(phone.code) }
                wordEnds.append(UInt32(codes.count - start))
            }
            spokenStarts.append(UInt32(codes.count))
            wordStarts.append(UInt32(wordEnds.count))
        }
        codes.append(0)
        return (codes, spokenStarts, wordEnds, wordStarts)
    }

    /// The first name of a pronunciation of two words or more, as said alone: how many of its first words (its
    /// compound first name, ``leads``, when that is more than one word and not all of them; else its first word)
    /// and how many phones they hold, from its start in ``spokenCodes``. `nil` for a pronunciation of one word or
    /// none.
    func firstName(of pronunciation: Int) -> (words: Int, phones: Int)? {
        let first = Int(wordStarts[pronunciation])
        let count = Int(wordStarts[pronunciation + 1]) - first
        guard count > 1 else { return nil }
        let lead = Int(leads[pronunciation])
        let words = lead > 1 && lead < count ? lead : 1
        return (words, Int(wordEnds[first + words - 1]))
    }

    /// A pronunciation's phone codes in ``spokenCodes``, boundaries left out.
    func spokenRange(of pronunciation: Int) -> Range<Int> {
        Int(spokenStarts[pronunciation])..<Int(spokenStarts[pronunciation + 1])
    }

    /// The pronunciations of a term (they are stored in term order).
    func pronunciations(ofTerm term: Int) -> Range<Int> {
        var low = 0
        var high = owners.count
        while low < high {
            let middle = (low + high) / 2
            if Int(owners[middle]) < term { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < owners.count && Int(owners[end]) == term { end += 1 }
        return low..<end
    }

    /// A pronunciation's phones.
    func phones(of pronunciation: Int) -> ArraySlice<Phone> {
        phones[Int(starts[pronunciation])..<Int(starts[pronunciation + 1])]
    }

    /// The language a pronunciation was read in.
    func language(of pronunciation: Int) -> String { languageNames[Int(languages[pronunciation])] }

    /// Each coarse bigram key of a phone string in order, a key met again included (boundaries skipped; filler
    /// phones left out by the caller): the one rule by which the postings are keyed and a query reads them.
    static func forEachBigramKey(of phones: some Collection<Phone>, classes: UnsafeBufferPointer<UInt8>,
                                 classCount: Int, _ body: (Int) -> Void) {
        var previous = -1
        for phone in phones where phone != .boundary {
            let current = Int(classes[Int(phone.code)])
            if previous >= 0 { body(previous * classCount + current) }
            previous = current
        }
    }

    /// The distinct coarse bigram keys of a phone string, in the order met
    /// (``forEachBigramKey(of:classes:classCount:_:)``).
    static func keys(_ phones: some Collection<Phone>, classes: [UInt8], classCount: Int) -> [Int] {
        var keys: [Int] = []
        classes.withUnsafeBufferPointer { classes in
            forEachBigramKey(of: phones, classes: classes, classCount: classCount) { key in
                if !keys.contains(key) { keys.append(key) }
            }
        }
        return keys
    }

    /// The coarse class of every phone: consonants by manner and place, voicing merged; vowels in
    /// four groups (front, rounded back, open or central, and the reduced vowel with the open ones).
    static func coarseClasses(_ inventory: PhoneInventory) -> ([UInt8], Int) {
        var names: [String] = []
        var classes = [UInt8](repeating: 0, count: inventory.count)
        for code in 1..<inventory.count {
            let f = inventory.features[code]
            let name: String
            if f.isVowel {
                if f.isReduced || f.mannerOrBackness == 1 || f.placeOrHeight >= 5 { name = "V-open" }
                else if f.mannerOrBackness == 0 { name = "V-front" }
                else { name = "V-back" }
            } else {
                // Voicing merged; place kept (bilabial and labiodental together, dental with alveolar).
                let place = [0, 0, 3, 3, 4, 5, 6, 6, 8][f.placeOrHeight]
                name = "C-\(f.mannerOrBackness)-\(place)"
            }
            if let known = names.firstIndex(of: name) { classes[code] = UInt8(known) } else {
                classes[code] = UInt8(names.count)
                names.append(name)
            }
        }
        return (classes, max(1, names.count))
    }

    /// How many postings a query reads before it leaves out its least selective keys.
    static let postingsBudget = 12_000

    /// How many keys fewer than the best candidate's a candidate may share.
    static let keySlack = 4

    /// The pronunciations sharing the most bigram keys with a query, best first, at most `limit`, each
    /// sharing at least `minimumShare` of the query's keys.
    ///
    /// - Parameter said: The codes of the query's phones outside filler words, boundaries dropped
    ///   (``PhoneAligner/PreparedQuery``'s).
    /// - Complexity: O(total postings of the query's keys).
    func candidates(said: [UInt8], limit: Int, minimumShare: Double) -> [Int] {
        let keys = Self.keys(said.map(Phone.init(code:)), classes: classes, classCount: classCount)
        guard !keys.isEmpty else { return [] }
        // The most selective keys first; once a third of them (two at least) are read and the budget is spent, the longest
        // lists (keys most names share) are left out: they add little to the order of the candidates.
        let ordered = keys.sorted { keyStarts[$0 + 1] - keyStarts[$0] < keyStarts[$1 + 1] - keyStarts[$1] }
        var lists: [ArraySlice<Int32>] = []
        var read = 0
        for key in ordered {
            let list = postings[Int(keyStarts[key])..<Int(keyStarts[key + 1])]
            if lists.count >= max(2, ordered.count / 3) && read + list.count > Self.postingsBudget { break }
            read += list.count
            lists.append(list)
        }
        // At least the share asked for, and within a few keys of the best: a candidate sharing far fewer keys than
        // the best one cannot outscore it by much once aligned.
        let share = max(1, Int((Double(lists.count) * minimumShare).rounded(.up)))
        // A pronunciation is counted once per list at most, so a byte holds its count for up to 255 keys (every
        // query but a run-on one): half the buffer, which at 100,000 terms is the difference between the counts
        // fitting in the core's cache or not. A longer query counts in a buffer of its own.
        guard lists.count <= Int(UInt8.max) else {
            var counts = [UInt16](repeating: 0, count: countBuffers.size)
            return counts.withUnsafeMutableBufferPointer { counts in
                KeyCounter(counts: counts, lists: lists, noting: UInt16(share))
                    .bestClearing(lists, limit: limit, slack: UInt16(Self.keySlack))
            }
        }
        return countBuffers.withZeroedBuffer { counts in
            KeyCounter(counts: counts, lists: lists, noting: UInt8(share)).bestClearing(lists, limit: limit, slack: UInt8(Self.keySlack))
        }
    }
}

extension PhoneIndex {
    /// Writes an index (or its absence) into an archive payload: the phones and owners, not the postings.
    static func archive(_ index: PhoneIndex?, to writer: inout ArchiveWriter) {
        guard let index else { writer.write(UInt8(0)); return }
        writer.write(UInt8(1))
        writer.write(array: index.phones.map(\.code))
        writer.write(array: index.starts)
        writer.write(array: index.leads)
        writer.write(array: index.isPosted.map { UInt8($0 ? 1 : 0) })
        writer.write(array: index.owners)
        writer.write(array: index.languages)
        writer.write(strings: index.languageNames)
    }

    /// Reads what ``archive(_:to:)`` wrote and rebuilds the postings.
    ///
    /// - Throws: ``IndexArchiveError`` when the arrays break the index's invariants, or when the archive holds
    ///   phones but the language has no pronouncer now (or the reverse): the archive is then stale.
    static func unarchive(from reader: inout ArchiveReader, termCount: Int,
                          inventory: PhoneInventory?) throws(IndexArchiveError) -> PhoneIndex? {
        let present = try reader.read(UInt8.self)
        guard present == 1 else {
            guard present == 0, inventory == nil else { throw IndexArchiveError("built without phones") }
            return nil
        }
        guard let inventory else { throw IndexArchiveError("built with phones the language no longer has") }
        let codes = try reader.readArray(UInt8.self)
        let starts = try reader.readArray(UInt32.self)
        let leads = try reader.readArray(UInt8.self)
        let posted = try reader.readArray(UInt8.self)
        let owners = try reader.readArray(Int32.self)
        let languages = try reader.readArray(UInt8.self)
        let names = try reader.readStrings()
        guard codes.allSatisfy({ Int($0) < inventory.count }), starts.count == owners.count + 1, starts.first == 0,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }), starts.last.map(Int.init) == codes.count,
              owners.allWithin(termCount), languages.count == owners.count,
              leads.count == owners.count, leads.allSatisfy({ $0 >= 1 }),
              posted.count == owners.count, posted.allSatisfy({ $0 <= 1 }),
              languages.allSatisfy({ Int($0) < names.count }) else {
            throw IndexArchiveError("phone index is inconsistent")
        }
        return PhoneIndex(phones: codes.map(Phone.init(code:)), starts: starts, leads: leads,
                          posted: posted.map { $0 == 1 }, owners: owners, languages: languages,
                          languageNames: names, inventory: inventory)
    }
}

/// Counts of shared keys per pronunciation for one query, in a buffer of zeros it borrows (one count per
/// pronunciation of the index) and must leave as it found it: ``clear(_:)`` zeroes what it counted. Every
/// posting of the lists read goes through this loop, so it runs on raw pointers.
struct KeyCounter<Count: FixedWidthInteger & UnsignedInteger> {
    private let counts: UnsafeMutableBufferPointer<Count>
    /// The pronunciations counted at least ``noted`` times, in the order they got there.
    let reached: [Int32]
    /// The count from which pronunciations are kept in ``reached`` (only those can be chosen later: most
    /// pronunciations a query touches share one or two keys).
    let noted: Count

    /// Counts the lists (each holds a pronunciation at most once) in a buffer of zeros, one per pronunciation,
    /// noting the pronunciations that reach `noted`.
    init(counts: UnsafeMutableBufferPointer<Count>, lists: [ArraySlice<Int32>], noting noted: Count) {
        precondition(noted >= 1, "KeyCounter: a count of at least 1 is noted")
        self.counts = counts
        self.noted = noted
        let read = lists.reduce(0) { $0 + $1.count }
        reached = [Int32](unsafeUninitializedCapacity: read) { reached, initialized in
            var found = 0
            for list in lists {
                list.withUnsafeBufferPointer { list in
                    for key in list {
                        let count = counts[Int(key)] &+ 1
                        if count == noted { reached[found] = key; found += 1 }
                        counts[Int(key)] = count
                    }
                }
            }
            initialized = found
        }
    }

    /// Sets the counts of the lists back to zero (the lists counted): each posting's count, or, when the
    /// lists hold more than one posting for every ``wholeClearRatio`` counts, the whole buffer at once (a
    /// sequential fill of a few bytes a count costs less than a scattered store per posting: at 10,000 terms,
    /// about 40,000 instructions a query the words do not settle, by callgrind).
    func clear(_ lists: [ArraySlice<Int32>]) {
        if lists.reduce(0, { $0 + $1.count }) * Self.wholeClearRatio >= counts.count {
            counts.update(repeating: 0)
            return
        }
        for list in lists {
            list.withUnsafeBufferPointer { list in
                for key in list { counts[Int(key)] = 0 }
            }
        }
    }

    /// How many counts one posting read stands for before the whole buffer is cleared rather than each posting's.
    static var wholeClearRatio: Int { 8 }

    /// ``best(limit:slack:)``, then the counts of the lists (those counted) set back to zero, as ``clear(_:)``
    /// does. When every pronunciation counted is noted (``noted`` 1: a short query's), each is zeroed as it is
    /// read for the best instead, once, rather than once per list that holds it (a short query reads thousands
    /// of postings of common keys; callgrind put the separate pass at about 45,000 instructions a query).
    func bestClearing(_ lists: [ArraySlice<Int32>], limit: Int, slack: Count) -> [Int] {
        guard noted == 1 else {
            defer { clear(lists) }
            return best(limit: limit, slack: slack)
        }
        return best(limit: limit, slack: slack, clearingReached: true)
    }

    /// The `limit` pronunciations counted most often, most first, then by position: each counted at least
    /// ``noted`` times, and at most `slack` times fewer than the most counted one.
    ///
    /// - Parameter clearingReached: Whether each count read is set back to zero (every one of ``reached``
    ///   is read).
    func best(limit: Int, slack: Count, clearingReached: Bool = false) -> [Int] {
        guard limit > 0 else {
            if clearingReached { for key in reached { counts[Int(key)] = 0 } }
            return []
        }
        // A short sorted list, and below it a floor: once the list is full, a pronunciation counted less than
        // its last is turned away by one comparison (thousands are, for a short query at 100,000 terms).
        var best: [(key: Int32, count: Count)] = []
        best.reserveCapacity(limit + 1)
        var floor = noted
        func consider(_ key: Int32, _ count: Count) -> Count {
            guard count >= floor else { return floor }
            if best.count == limit {
                let last = best[limit - 1]
                if count < last.count || (count == last.count && key > last.key) { return floor }
            }
            // Where it goes: after every entry counted more, or as often with a lower key (a binary search: a
            // query the words do not settle inserts about a hundred times into a list of 48).
            var (position, end) = (0, best.count)
            while position < end {
                let middle = (position + end) / 2
                let entry = best[middle]
                if entry.count > count || (entry.count == count && entry.key < key) { position = middle + 1 } else { end = middle }
            }
            best.insert((key, count), at: position)
            if best.count > limit { best.removeLast() }
            return best.count == limit ? best[limit - 1].count : floor
        }
        // Two loops, not one testing `clearingReached` for every key: the one loop cost 1.8% more instructions
        // on first names alone by callgrind (2026-11-26).
        if clearingReached {
            for key in reached {
                let count = counts[Int(key)]
                counts[Int(key)] = 0
                if count >= floor { floor = consider(key, count) }
            }
        } else {
            for key in reached where counts[Int(key)] >= floor { floor = consider(key, counts[Int(key)]) }
        }
        // The list is ordered by count and its first holds the highest (the most counted of all, once counted
        // ``noted`` times): those too far below it are its tail.
        guard let most = best.first?.count else { return [] }
        let least = most > slack ? most - slack : 1
        return best.prefix { $0.count >= least }.map { Int($0.key) }
    }
}
