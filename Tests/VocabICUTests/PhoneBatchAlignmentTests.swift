import Testing
@testable import VocabCore
import VocabLocales
import VocabTestSupport

/// The phone alignments the matcher runs side by side in SIMD lanes give exactly what one alignment at a time
/// gives: the resolver's answers must not depend on how many candidates were aligned together.
@Suite("Phone alignments side by side")
struct PhoneBatchAlignmentTests {
    /// An aligner with the reference data's costs, how many phones its inventory has, and a seeded generator.
    static func randomAlignments(seed: UInt64) throws -> (aligner: PhoneAligner, phoneCount: Int, generator: SplitMix64) {
        let data = try #require(PhoneReadingTests.data)
        return (PhoneAligner(costs: data.costs), data.costs.inventory.count, SplitMix64(seed: seed))
    }

    @Test("Every lane's similarity is bit for bit the one-term alignment's, for any lengths and batch sizes")
    func batchEqualsOneByOne() throws {
        let setUp = try Self.randomAlignments(seed: 20261125)
        let (aligner, phoneCount) = (setUp.aligner, setUp.phoneCount)
        var generator = setUp.generator
        func phones(_ count: Int) -> [Phone] {
            (0..<count).map { _ in
                // Word boundaries now and then, as in real readings; the rest any phone of the inventory.
                generator.next() % 6 == 0 ? .boundary : Phone(code: UInt8(1 + Int(generator.next() % UInt64(phoneCount - 1))))
            }
        }
        for round in 0..<60 {
            let query = phones(Int(generator.next() % 18))
            let filler = query.map { _ in generator.next() % 5 == 0 }
            let terms = (0..<(round % 19)).map { _ in phones(Int(generator.next() % 22))[...] }
            let together = aligner.similarities(query: query, filler: filler, terms: terms)
            #expect(together.count == terms.count)
            for (term, value) in zip(terms, together) {
                let alone = aligner.similarity(query: query, filler: filler, term: term)
                #expect(value.bitPattern == alone.bitPattern, "query \(query.map(\.code)) term \(term.map(\.code)): \(value) vs \(alone)")
            }
        }
    }

    @Test("The real readings of names align side by side as one at a time")
    func realNames() throws {
        let data = try #require(PhoneReadingTests.data)
        let aligner = PhoneAligner(costs: data.costs)
        let reader = data.pronouncer(for: "es")
        let names = ["maría josé garcía", "jose maria garcia", "xavier", "javier sandoval", "ana", "juan de la cruz",
                     "guillermo", "ximena lópez", "iñaki", "begoña ruiz", "", "pedro"]
        let terms = names.map { reader.termPronunciations($0.split(separator: " ").map(String.init)).first?.phones ?? [] }
        for query in ["havier sandobal", "la maria garcia", "x", "juan de cruz"] {
            let heard = reader.queryPhones(query.split(separator: " ").map(String.init))
            let together = aligner.similarities(query: heard.phones, filler: heard.filler, terms: terms.map { $0[...] })
            let alone = terms.map { aligner.similarity(query: heard.phones, filler: heard.filler, term: $0[...]) }
            #expect(together.map(\.bitPattern) == alone.map(\.bitPattern), "\(query)")
        }
    }

    @Test("A term's first phones read off its alignment are bit for bit those phones aligned alone, side by side or not")
    func prefixEqualsAlignedAlone() throws {
        let setUp = try Self.randomAlignments(seed: 20261126)
        let (aligner, phoneCount) = (setUp.aligner, setUp.phoneCount)
        var generator = setUp.generator
        func codes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(1 + Int(generator.next() % UInt64(phoneCount - 1))) } }
        var read = 0
        for round in 0..<60 {
            let query = (0..<Int(generator.next() % 16)).map { _ in Phone(code: codes(1)[0]) }
            let prepared = aligner.prepare(query: query, filler: query.map { _ in generator.next() % 6 == 0 })
            // 0 to 18 terms: fewer than three are aligned one at a time, more side by side.
            let terms = (0..<(round % 19)).map { _ in codes(Int(generator.next() % 20)) }
            let prefixes = terms.map { $0.isEmpty ? 0 : Int(generator.next() % UInt64($0.count + 1)) }
            var buffer: [UInt8] = []
            var spans: [PhoneAligner.CodeSpan] = []
            for term in terms {
                spans.append(.init(start: buffer.count, count: term.count))
                buffer += term
            }
            buffer.append(0)
            let values = buffer.withUnsafeBufferPointer {
                aligner.similarities(prepared, codes: $0.baseAddress!, spans: spans, prefixes: prefixes)
            }
            try #require(values.count == 2 * terms.count)
            for (position, term) in terms.enumerated() {
                let whole = term.withUnsafeBufferPointer { aligner.similarity(prepared, term: $0) }
                #expect(values[position].bitPattern == whole.bitPattern, "term \(term): \(values[position]) vs \(whole)")
                let prefix = prefixes[position]
                guard prefix > 0 else { #expect(values[terms.count + position] == 0); continue }
                let alone = Array(term.prefix(prefix)).withUnsafeBufferPointer { aligner.similarity(prepared, term: $0) }
                #expect(values[terms.count + position].bitPattern == alone.bitPattern,
                        "term \(term), first \(prefix): \(values[terms.count + position]) vs \(alone)")
                read += 1
            }
        }
        #expect(read > 300, "too few prefixes were read: \(read)")
    }

    /// The phone index counts a query's shared keys in bytes; a run-on query with more than 255 keys (a page of
    /// text read as one name) counts them in a buffer of its own, 16 bits wide.
    @Test("A query with more keys than a byte counts finds the pronunciations a plain count of the postings finds")
    func runOnQueryCountsInSixteenBits() throws {
        var setUp = try Self.randomAlignments(seed: 20261128)
        let phoneCount = setUp.phoneCount
        let data = try #require(PhoneReadingTests.data)
        // Names of a few phones, and a few run-on ones that share many of the query's keys.
        func randomPhone() -> Phone { Phone(code: UInt8(1 + Int(setUp.generator.next() % UInt64(phoneCount - 1)))) }
        let runOn = (0..<2000).map { _ in randomPhone() }
        var pronunciations: [(term: Int32, language: String, phones: [Phone])] = []
        for term in 0..<400 {
            pronunciations.append((Int32(term), "en", term % 50 == 0 ? runOn : (0..<(4 + Int(setUp.generator.next() % 12))).map { _ in randomPhone() }))
        }
        let index = PhoneIndex(pronunciations: pronunciations, inventory: data.costs.inventory)
        let said = (0..<3000).map { _ in randomPhone().code }
        let keys = PhoneIndex.keys(said.map(Phone.init(code:)), classes: index.classes, classCount: index.classCount)
        try #require(keys.count > Int(UInt8.max), "the query has only \(keys.count) keys")
        // With a small index every key's list is read (the budget is not reached), so a plain count of them is the
        // reference: each pronunciation's shared keys, at least the share, most first, then by position.
        var counts: [Int: Int] = [:]
        for key in keys {
            for pronunciation in index.postings[Int(index.keyStarts[key])..<Int(index.keyStarts[key + 1])] {
                counts[Int(pronunciation), default: 0] += 1
            }
        }
        let noted = max(1, Int((Double(keys.count) * 0.2).rounded(.up)))
        let most = counts.values.max() ?? 0
        let least = max(noted, most > PhoneIndex.keySlack ? most - PhoneIndex.keySlack : 1)
        let expected = counts.filter { $0.value >= least }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(48).map(\.key)
        #expect(index.candidates(said: said, limit: 48, minimumShare: 0.2) == expected)
        #expect(expected.count == 8, "the eight run-on pronunciations share as many keys, and no other comes near: \(expected)")
    }
}
