import Testing
import VocabCore
import VocabLocales
import VocabTestSupport

/// The phone alignments the matcher runs side by side in SIMD lanes give exactly what one alignment at a time
/// gives: the resolver's answers must not depend on how many candidates were aligned together.
@Suite("Phone alignments side by side")
struct PhoneBatchAlignmentTests {
    @Test("Every lane's similarity is bit for bit the one-term alignment's, for any lengths and batch sizes")
    func batchEqualsOneByOne() throws {
        let data = try #require(PhoneReadingTests.data)
        let aligner = PhoneAligner(costs: data.costs)
        let inventory = data.costs.inventory
        var generator = SplitMix64(seed: 20261125)
        func phones(_ count: Int) -> [Phone] {
            (0..<count).map { _ in
                // Word boundaries now and then, as in real readings; the rest any phone of the inventory.
                generator.next() % 6 == 0 ? .boundary : Phone(code: UInt8(1 + Int(generator.next() % UInt64(inventory.count - 1))))
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
}
