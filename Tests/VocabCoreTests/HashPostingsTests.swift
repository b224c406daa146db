import Testing
import VocabTestSupport
@testable import VocabCore

@Suite struct HashPostingsTests {
    @Test("Each hash gives back exactly the ids added under it, ascending, once each")
    func matchesDictionaryReference() {
        var generator = SplitMix64(seed: 7)
        var neighbourhoods = HashPostings()
        var reference: [Int: [Int32]] = [:]
        // 6,000 words of up to 12 variants drawn from 20,000 hashes: many shared, the table grows several
        // times past its first 1,024 slots, and some words repeat a variant (two deletions, same letters).
        for id in Int32(0)..<6_000 {
            let variants = (0..<(1 + Int(generator.next() % 12))).map { _ in
                Int(bitPattern: UInt(generator.next() % 20_000) &* 0x1000_0000_01b3)
            }
            for hash in variants {
                neighbourhoods.add(hash, id: id)
                if reference[hash]?.last != id { reference[hash, default: []].append(id) }
            }
        }
        neighbourhoods.freeze()
        #expect(neighbourhoods.count == reference.count)
        for (hash, ids) in reference { #expect(Array(neighbourhoods.ids(for: hash)) == ids) }
        for absent in [0, 1, -1, Int.max, Int.min] where reference[absent] == nil {
            #expect(neighbourhoods.ids(for: absent).isEmpty)
        }
    }

    @Test("Freezing twice changes nothing")
    func freezeIsIdempotent() {
        var neighbourhoods = HashPostings()
        neighbourhoods.add(42, id: 0)
        neighbourhoods.add(42, id: 3)
        neighbourhoods.freeze()
        neighbourhoods.freeze()
        #expect(Array(neighbourhoods.ids(for: 42)) == [0, 3])
    }
}
