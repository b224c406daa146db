/// Every term's readings, stored flat: term → its readings → their words, roles and joins, as ranges
/// into shared arrays. Scoring thousands of candidates (a first name at 100,000 terms) then touches no
/// per-term array, so no reference counting; and a term costs a few dozen bytes, not several small
/// arrays.
struct ReadingStore: Sendable {
    /// The terms' texts as UTF-8, term `t` being `textBytes[textStarts[t]..<textStarts[t + 1]]` (one array, not
    /// a string per term: a loaded index allocates little).
    private var textBytes: [UInt8] = []
    private var textStarts: [Int32] = [0]
    private var termReadings: [Int32] = [0]
    private var readingTokens: [Int32] = [0]
    private var readingPairs: [Int32] = [0]
    private var readingName: [UInt8] = []
    /// Per reading: how many tokens count for coverage, and whether any is joined by a hyphen.
    private var readingCoverage: [UInt8] = []
    private var readingHasJoins: [Bool] = []
    private var names: [String] = []
    private var tokenWord: [Int32] = []
    private var tokenRole: [NameToken.Role] = []
    private var tokenJoined: [Bool] = []
    private var pairWord: [Int32] = []

    var termCount: Int { textStarts.count - 1 }

    /// A term's text, as registered.
    func text(of term: Int) -> String {
        String(decoding: textBytes[Int(textStarts[term])..<Int(textStarts[term + 1])], as: UTF8.self)
    }

    /// An estimate of the store's heap footprint (see ``WordTable/approximateBytes``).
    var approximateBytes: Int {
        func array<T>(_ values: [T]) -> Int { 32 + values.capacity * MemoryLayout<T>.stride }
        return array(textBytes) + array(textStarts) + array(termReadings) + array(readingTokens) + array(readingPairs)
            + array(readingName) + array(readingCoverage) + array(readingHasJoins) + array(tokenWord) + array(tokenRole) + array(tokenJoined) + array(pairWord)
    }

    /// Adds a reading to the term being added (the next one, whose id is its position); ``closeTerm(text:)``
    /// ends the term.
    ///
    /// - Parameters:
    ///   - name: Which reading this is (`folded`, `alternate`, ...).
    ///   - words: The word ids of its tokens.
    ///   - pairs: The word ids of its adjacent pairs joined.
    ///   - tokens: Its prepared words, for their roles and hyphen joins.
    mutating func appendReading(name: String, words: [Int32], pairs: [Int32], tokens: [TermPreparer.Word]) {
        let nameIndex: Int
        if let existing = names.firstIndex(of: name) {
            nameIndex = existing
        } else {
            names.append(name)
            nameIndex = names.count - 1
        }
        readingName.append(UInt8(truncatingIfNeeded: nameIndex))
        readingCoverage.append(UInt8(truncatingIfNeeded: tokens.prefix(32).count(where: \.role.countsForCoverage)))
        readingHasJoins.append(tokens.contains(where: \.isJoinedToPrevious))
        tokenWord += words
        for token in tokens {
            tokenRole.append(token.role)
            tokenJoined.append(token.isJoinedToPrevious)
        }
        pairWord += pairs
        readingTokens.append(Int32(tokenWord.count))
        readingPairs.append(Int32(pairWord.count))
    }

    /// Ends the term being added: its readings are those appended since the previous term.
    mutating func closeTerm(text: String) {
        textBytes += text.utf8
        textStarts.append(Int32(textBytes.count))
        termReadings.append(Int32(readingName.count))
    }

    /// The readings of a term, as indices.
    func readings(of term: Int) -> Range<Int> { Int(termReadings[term])..<Int(termReadings[term + 1]) }

    func name(ofReading reading: Int) -> String { names[Int(readingName[reading])] }

    /// How many of a reading's tokens count for coverage (name words, numbers, suffixes).
    func coverageCount(_ reading: Int) -> Int { Int(readingCoverage[reading]) }

    /// The reading of a term when it is its only one, has no hyphen joins and only name words or numbers
    /// (all of them posted, so a one-word score is a formula of the coverage count), or `nil`.
    func simpleReading(of term: Int) -> Int? {
        let range = readings(of: term)
        guard range.count == 1, !readingHasJoins[range.lowerBound],
              Int(readingCoverage[range.lowerBound]) == tokenCount(range.lowerBound),
              (0..<tokenCount(range.lowerBound)).allSatisfy({ role(range.lowerBound, $0) != .suffix })
        else { return nil }
        return range.lowerBound
    }

    /// Whether a reading has hyphen-joined tokens.
    func hasJoins(_ reading: Int) -> Bool { readingHasJoins[reading] }

    /// How many tokens a reading has.
    func tokenCount(_ reading: Int) -> Int { Int(readingTokens[reading + 1] - readingTokens[reading]) }

    func role(_ reading: Int, _ token: Int) -> NameToken.Role { tokenRole[Int(readingTokens[reading]) + token] }

    func isJoined(_ reading: Int, _ token: Int) -> Bool { tokenJoined[Int(readingTokens[reading]) + token] }

    /// The word of a unit: tokens first, then the joined pairs.
    func word(_ reading: Int, unit: Int) -> Int32 {
        let count = tokenCount(reading)
        return unit < count ? tokenWord[Int(readingTokens[reading]) + unit]
            : pairWord[Int(readingPairs[reading]) + unit - count]
    }

    /// Whether any unit of any reading of a term is one of `words`.
    func anyUnit(of term: Int, in words: WordIDSet) -> Bool {
        for reading in readings(of: term) {
            for index in Int(readingTokens[reading])..<Int(readingTokens[reading + 1]) where words.contains(tokenWord[index]) {
                return true
            }
            for index in Int(readingPairs[reading])..<Int(readingPairs[reading + 1]) where words.contains(pairWord[index]) {
                return true
            }
        }
        return false
    }

    /// Frees spare capacity once building is done.
    mutating func compact() {
        textBytes = Array(textBytes)
        tokenWord = Array(tokenWord)
        tokenRole = Array(tokenRole)
        tokenJoined = Array(tokenJoined)
        pairWord = Array(pairWord)
    }
}

extension ReadingStore {
    /// The roles in archive order (an archived role is its position here).
    private static let roles: [NameToken.Role] = [.name, .particle, .honorific, .suffix, .number]

    func archive(to writer: inout ArchiveWriter) {
        writer.write(array: textBytes)
        writer.write(array: textStarts)
        writer.write(array: termReadings)
        writer.write(array: readingTokens)
        writer.write(array: readingPairs)
        writer.write(array: readingName)
        writer.write(array: readingCoverage)
        writer.write(flags: readingHasJoins)
        writer.write(strings: names)
        writer.write(array: tokenWord)
        writer.write(array: tokenRole.map { UInt8(Self.roles.firstIndex(of: $0)!) })
        writer.write(flags: tokenJoined)
        writer.write(array: pairWord)
    }

    /// Reads a store whose words are below `wordCount`, checking every offset and id.
    init(from reader: inout ArchiveReader, wordCount: Int) throws(IndexArchiveError) {
        textBytes = try reader.readArray(UInt8.self)
        textStarts = try reader.readArray(Int32.self)
        termReadings = try reader.readArray(Int32.self)
        readingTokens = try reader.readArray(Int32.self)
        readingPairs = try reader.readArray(Int32.self)
        readingName = try reader.readArray(UInt8.self)
        readingCoverage = try reader.readArray(UInt8.self)
        readingHasJoins = try reader.readFlags()
        names = try reader.readStrings()
        tokenWord = try reader.readArray(Int32.self)
        let roles = try reader.readArray(UInt8.self)
        tokenJoined = try reader.readFlags()
        pairWord = try reader.readArray(Int32.self)
        let readings = readingName.count
        guard !textStarts.isEmpty, textStarts.isOffsets(endingAt: textBytes.count), termReadings.count == textStarts.count, termReadings.isOffsets(endingAt: readings),
              readingTokens.count == readings + 1, readingTokens.isOffsets(endingAt: tokenWord.count),
              readingPairs.count == readings + 1, readingPairs.isOffsets(endingAt: pairWord.count),
              readingCoverage.count == readings, readingHasJoins.count == readings,
              readingName.allSatisfy({ Int($0) < names.count }),
              roles.count == tokenWord.count, roles.allSatisfy({ Int($0) < Self.roles.count }),
              tokenJoined.count == tokenWord.count,
              tokenWord.allWithin(wordCount), pairWord.allWithin(wordCount),
              // A reading's pairs join adjacent tokens: one fewer than its tokens (none for one token).
              (0..<readings).allSatisfy({ reading in
                  let tokens = readingTokens[reading + 1] - readingTokens[reading]
                  return readingPairs[reading + 1] - readingPairs[reading] == max(0, tokens - 1)
              })
        else { throw IndexArchiveError("reading store is inconsistent") }
        tokenRole = roles.map { Self.roles[Int($0)] }
    }
}
