/// A pronouncing dictionary in the CMU format (`word PH ON ES`, variants as `word(2)`), read from its bytes
/// as they are on disk: only a table of line positions is built, and a word's line is read when asked.
///
/// Debian's `pocketsphinx-en-us` installs one (BSD licensed, 134,000 words); the adapter that finds and
/// maps the file lives outside the core. English spelling is too irregular for rules alone: the
/// dictionary reads the words it knows, the letter-to-sound rules the rest.
public struct PronouncingDictionary: Sendable {
    private let bytes: [UInt8]
    /// Open-addressing table of entry numbers + 1 (0 empty), sized to a power of two.
    private let slots: [UInt32]
    /// Per entry: where its word starts and how long it is; its variants follow on the next lines.
    private let starts: [UInt32]
    private let lengths: [UInt8]
    /// The dictionary's phone names, mapped into the shared inventory, by ``nameCode(_:)`` (names of one or
    /// two capital letters, as ARPAbet's are).
    private let mapping: [[Phone]?]
    /// Where the dictionary came from (for messages).
    public let source: String

    /// How many distinct words the dictionary holds.
    public var count: Int { starts.count }

    /// Indexes a dictionary's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - mapping: The dictionary's phone names in the shared inventory (``PronouncingDictionary/mapping(parsing:inventory:source:)``).
    /// - Throws: ``PhoneDataError`` when the file holds no entries or is over 4 GB.
    public init(bytes: [UInt8], mapping: [String: [Phone]], source: String) throws(PhoneDataError) {
        guard bytes.count < Int(UInt32.max) else { throw PhoneDataError(source: source, line: nil, message: "is over 4 GB") }
        var starts: [UInt32] = []
        var lengths: [UInt8] = []
        var hashes: [UInt64] = []
        var previous: ArraySlice<UInt8> = []
        var lineStart = 0
        bytes.withUnsafeBufferPointer { buffer in
            while lineStart < buffer.count {
                var end = lineStart
                while end < buffer.count && buffer[end] != 0x0A { end += 1 }
                var wordEnd = lineStart
                while wordEnd < end && buffer[wordEnd] != 0x20 && buffer[wordEnd] != 0x09 { wordEnd += 1 }
                // "word(2)" is a variant of "word".
                var baseEnd = wordEnd
                if baseEnd > lineStart, buffer[baseEnd - 1] == 0x29, let open = (lineStart..<baseEnd).last(where: { buffer[$0] == 0x28 }) {
                    baseEnd = open
                }
                let length = baseEnd - lineStart
                if length > 0 && length < 256 && buffer[lineStart] != 0x3B /* ; comment */ {
                    let word = bytes[lineStart..<baseEnd]
                    if word != previous {
                        var hash = FNV1a()
                        hash.combine(word)
                        starts.append(UInt32(lineStart))
                        lengths.append(UInt8(length))
                        hashes.append(hash.value)
                        previous = word
                    }
                }
                lineStart = end + 1
            }
        }
        guard !starts.isEmpty else { throw PhoneDataError(source: source, line: nil, message: "holds no entries") }
        var capacity = 1
        while capacity < starts.count * 2 { capacity <<= 1 }
        var slots = [UInt32](repeating: 0, count: capacity)
        for (entry, hash) in hashes.enumerated() {
            var slot = Int(hash & UInt64(capacity - 1))
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = UInt32(entry + 1)
        }
        self.bytes = bytes
        self.slots = slots
        self.starts = starts
        self.lengths = lengths
        var table = [[Phone]?](repeating: nil, count: 32 * 32)
        for (name, phones) in mapping {
            guard let code = Self.nameCode(Array(name.utf8)[...]) else {
                throw PhoneDataError(source: source, line: nil, message: "phone name '\(name)' is not one or two capital letters")
            }
            table[code] = phones
        }
        self.mapping = table
        self.source = source
    }

    /// Every pronunciation the dictionary gives a word (empty when it does not know it), in its order.
    ///
    /// - Parameter word: Lowercase, as the dictionary writes its words.
    public func pronunciations(of word: String) -> [[Phone]] {
        guard let (start, length) = entryStart(of: word) else { return [] }
        return readEntry(at: start, wordLength: length)
    }

    /// A word's first pronunciation (``pronunciations(of:)``'s first, without reading the others).
    public func firstPronunciation(of word: String) -> [Phone]? {
        guard let (start, length) = entryStart(of: word) else { return nil }
        return readEntry(at: start, wordLength: length, firstOnly: true).first
    }

    /// The first line the dictionary holds for a word, as written there (`chloe K L OW IY`), for explanations.
    public func entryLine(of word: String) -> String? {
        guard let (start, _) = entryStart(of: word) else { return nil }
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        return String(String(decoding: bytes[start..<end], as: UTF8.self).trimmed)
    }

    /// Where a word's first line starts in the file, and the word's length in bytes.
    private func entryStart(of word: String) -> (start: Int, length: Int)? {
        var word = word
        // A native string's bytes are read in place (a copy of them cost an allocation per look-up).
        return word.withUTF8 { entryStart(ofBytes: $0) }
    }

    private func entryStart(ofBytes key: UnsafeBufferPointer<UInt8>) -> (start: Int, length: Int)? {
        guard !key.isEmpty, key.count < 256 else { return nil }
        var hash = FNV1a()
        hash.combine(key)
        let mask = slots.count - 1
        var slot = Int(hash.value & UInt64(mask))
        while slots[slot] != 0 {
            let entry = Int(slots[slot] - 1)
            let start = Int(starts[entry])
            if Int(lengths[entry]) == key.count && bytes[start..<start + key.count].elementsEqual(key) {
                return (start, key.count)
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func readEntry(at start: Int, wordLength: Int, firstOnly: Bool = false) -> [[Phone]] {
        var results: [[Phone]] = []
        bytes.withUnsafeBufferPointer { bytes in
            var lineStart = start
            while lineStart < bytes.count {
                var end = lineStart
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                // The first line is the word itself; the next ones belong to it only as "word(n)".
                if lineStart != start {
                    guard end - lineStart > wordLength,
                          (0..<wordLength).allSatisfy({ bytes[lineStart + $0] == bytes[start + $0] }),
                          bytes[lineStart + wordLength] == 0x28 else { break }
                }
                // The fields after the first (the word), separated by spaces or tabs, read in place.
                var phones: [Phone] = []
                phones.reserveCapacity(end - lineStart)  // at least a byte and a separator a phone: one allocation
                var position = lineStart
                var isFirstField = true
                fields: while position < end {
                    while position < end && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
                    guard position < end else { break }
                    var fieldEnd = position
                    while fieldEnd < end && bytes[fieldEnd] != 0x20 && bytes[fieldEnd] != 0x09 { fieldEnd += 1 }
                    defer { position = fieldEnd }
                    if isFirstField { isFirstField = false; continue }
                    if bytes[position] == 0x23 { break fields }  // a comment
                    // Stress digits (AH0) are dropped; an unknown name makes the line unusable.
                    var nameEnd = fieldEnd
                    if (0x30...0x39).contains(bytes[fieldEnd - 1]) { nameEnd -= 1 }
                    guard let code = Self.nameCode(bytes, position..<nameEnd), let mapped = mapping[code] else {
                        phones = []
                        break fields
                    }
                    phones += mapped
                }
                if !phones.isEmpty && !results.contains(phones) {
                    results.append(phones)
                    if firstOnly { return }
                }
                lineStart = end + 1
            }
        }
        return results
    }

    /// A phone name's slot in the mapping table: one or two capital letters.
    static func nameCode(_ name: ArraySlice<UInt8>) -> Int? {
        name.withUnsafeBufferPointer { nameCode($0, 0..<$0.count) }
    }

    /// ``nameCode(_:)`` of the bytes in a range of a buffer.
    static func nameCode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard (1...2).contains(range.count), range.allSatisfy({ (0x41...0x5A).contains(bytes[$0]) }) else { return nil }
        let first = Int(bytes[range.lowerBound] - 0x40)
        let second = range.count == 2 ? Int(bytes[range.lowerBound + 1] - 0x40) : 0
        return first * 32 + second
    }

    /// Parses a table from the dictionary's phone names to the shared inventory (`Locales/shared/arpabet.tsv`).
    ///
    /// - Throws: ``PhoneDataError`` naming the line at fault.
    public static func mapping(parsing text: String, inventory: PhoneInventory,
                               source: String) throws(PhoneDataError) -> [String: [Phone]] {
        var mapping: [String: [Phone]] = [:]
        for (number, line) in DataLines(text) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2 else {
                throw PhoneDataError(source: source, line: number, message: "expected a name and its phones")
            }
            guard mapping[String(fields[0])] == nil else {
                throw PhoneDataError(source: source, line: number, message: "'\(fields[0])' is mapped twice")
            }
            mapping[String(fields[0])] = try inventory.read(fields.dropFirst().joined(separator: " "), source: source, line: number)
        }
        return mapping
    }
}
