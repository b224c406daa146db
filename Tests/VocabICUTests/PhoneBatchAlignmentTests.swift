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
}
