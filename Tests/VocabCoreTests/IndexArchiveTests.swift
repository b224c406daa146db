import Testing
import VocabTestSupport
@testable import VocabCore

@Suite struct IndexArchiveTests {
    static let key = IndexArchive.Key(user: "alice", type: "contactName", changeStamp: 7, language: "fr-FR",
                                      dataFingerprint: "f00d")

    static func index(_ terms: [String]) throws -> VocabularyIndex {
        try VocabularyIndex(terms: terms, preparer: .simple())
    }

    static func load(_ bytes: [UInt8], key: IndexArchive.Key = key) throws -> VocabularyIndex {
        try bytes.withUnsafeBytes { raw in
            try VocabularyIndex(archive: raw, key: key, preparer: .simple())
        }
    }

    static let terms = ["Bobo le Grand", "Matthieu Lefèvre", "Bobo Jr.", "Petit Bobo", "Anne-Claire De Luca",
                        "Jean-Luc O'Connor", "Zoé Martin", "Chiara Rossi", "Marie Dubois", "Marie-Hélène Dubois"]

    @Test("A loaded index resolves exactly as the one it was saved from")
    func roundTripResolvesTheSame() throws {
        let built = try Self.index(Self.terms)
        let loaded = try Self.load(built.archived(for: Self.key))
        #expect(loaded.count == built.count)
        #expect(loaded.wordCount == built.wordCount)
        #expect(loaded.version == 7)
        #expect(loaded.terms == built.terms)
        var generator = SplitMix64(seed: 9)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        let queries = ["bobo", "matieu lefevre", "anneclaire deluca", "jean luc oconnor", "zoe", "kiara rosi",
                       "marie", "dubois marie", "petit bob", "", "x"]
            + (0..<200).map { _ in
                // A term with one letter changed, dropped or added.
                var query = Array(Self.terms[Int(generator.next() % 10)].lowercased())
                let position = Int(generator.next() % UInt64(query.count))
                switch generator.next() % 3 {
                case 0: query[position] = letters[Int(generator.next() % 27)]
                case 1: query.remove(at: position)
                default: query.insert(letters[Int(generator.next() % 27)], at: position)
                }
                return String(query)
            }
        for query in queries {
            let expected = try Resolver(index: built).resolve(query)
            let actual = try Resolver(index: loaded).resolve(query)
            #expect(actual.resolution == expected.resolution, "'\(query)'")
            #expect(actual.ranked.map(\.term) == expected.ranked.map(\.term), "'\(query)'")
        }
    }

    @Test("An archive is refused for any other key", arguments: [
        IndexArchive.Key(user: "bob", type: "contactName", changeStamp: 7, language: "fr-FR", dataFingerprint: "f00d"),
        IndexArchive.Key(user: "alice", type: "workoutActivityName", changeStamp: 7, language: "fr-FR", dataFingerprint: "f00d"),
        IndexArchive.Key(user: "alice", type: "contactName", changeStamp: 8, language: "fr-FR", dataFingerprint: "f00d"),
        IndexArchive.Key(user: "alice", type: "contactName", changeStamp: 7, language: "fr-CA", dataFingerprint: "f00d"),
        IndexArchive.Key(user: "alice", type: "contactName", changeStamp: 7, language: "fr-FR", dataFingerprint: "beef"),
    ])
    func otherKeysAreRefused(key: IndexArchive.Key) throws {
        let bytes = try Self.index(Self.terms).archived(for: Self.key)
        #expect(throws: IndexArchiveError.self) { try Self.load(bytes, key: key) }
    }

    @Test("Every truncation and every flipped byte is refused, never a crash")
    func damageIsRefused() throws {
        let bytes = try Self.index(Array(Self.terms.prefix(4))).archived(for: Self.key)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: IndexArchiveError.self) { try Self.load(Array(bytes.prefix(length))) }
        }
        for position in stride(from: 0, to: bytes.count, by: 3) {
            var damaged = bytes
            damaged[position] ^= 0x5A
            #expect(throws: IndexArchiveError.self) { try Self.load(damaged) }
        }
        #expect(throws: IndexArchiveError.self) { try Self.load(bytes + [0]) }
        #expect(throws: IndexArchiveError.self) { try Self.load(Array("not an index".utf8)) }
    }

    @Test("Altered values under a recomputed checksum are refused or still resolve: never a crash")
    func alteredValuesNeverCrash() throws {
        // Damage the checksum cannot catch (a forged file): each 32-bit word of the payload set to a large
        // value, the checksum recomputed. The structural checks refuse what would index out of bounds; what
        // loads (a changed score or text byte) must still resolve.
        let bytes = try Self.index(["Bobo le Grand", "Zoé Martin"]).archived(for: Self.key)
        let payloadStart = Self.headerLength(bytes)
        var refused = 0
        for position in stride(from: payloadStart, to: bytes.count - 4, by: 4) {
            var payload = Array(bytes[payloadStart...])
            for offset in 0..<4 { payload[position - payloadStart + offset] = offset == 3 ? 0x7F : 0xFF }
            var forged = Array(bytes[..<(payloadStart - 8)])
            withUnsafeBytes(of: payload.withUnsafeBytes(IndexArchive.checksum).littleEndian) { forged += $0 }
            forged += payload
            guard let loaded = try? Self.load(forged) else {
                refused += 1
                continue
            }
            for query in ["bobo", "zoe martin", "grand bobo", "zo"] { _ = try Resolver(index: loaded).resolve(query) }
        }
        #expect(refused > 0)
    }

    /// The length of the header up to and including the checksum.
    static func headerLength(_ bytes: [UInt8]) -> Int {
        IndexArchive.wrap([], for: key).count
    }
}
