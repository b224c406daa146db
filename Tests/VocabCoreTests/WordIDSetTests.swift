import Testing
import VocabTestSupport
@testable import VocabCore

@Suite struct WordIDSetTests {
    @Test("An array filled through the specialized growth path is Array(repeating:count:)", arguments: [0, 1, 8, 33, 1_000])
    func filledArrayIsRepeating(count: Int) {
        #expect([Int32](filledWith: -1, count: count) == [Int32](repeating: -1, count: count))
        #expect([Double](filledWith: 0.5, count: count) == [Double](repeating: 0.5, count: count))
        #expect([UInt8?](filledWith: nil, count: count) == [UInt8?](repeating: nil, count: count))
        #expect([Int32](filledWith: 7, count: count).capacity >= count)
    }

    @Test("A word-id set holds what was inserted, once, through growth, and nothing else")
    func setMatchesSwiftSet() {
        var generator = SplitMix64(seed: 5)
        var set = WordIDSet(capacity: 2)
        var reference = Set<Int32>()
        for _ in 0..<2_000 {
            let id = Int32(generator.next() % 3_000)
            #expect(set.insert(id) == reference.insert(id).inserted)
        }
        #expect(set.count == reference.count)
        #expect(Set(set.allKeys) == reference)
        #expect(set.allKeys.count == reference.count)
        var walked: [Int32] = []
        set.forEachKey { walked.append($0) }
        #expect(walked == set.allKeys, "forEachKey walks the ids in allKeys' order")
        for id in Int32(0)..<3_000 { #expect(set.contains(id) == reference.contains(id)) }
    }

    @Test("Word similarities keep each word's latest similarity and reason through growth")
    func similaritiesMatchDictionary() {
        let reasons: [TokenSimilarity.Reason] = [.exact, .nickname, .phonetic, .spelling, .initial]
        var generator = SplitMix64(seed: 9)
        var map = WordSimilarities(capacity: 1)
        var reference: [Int32: (Double, TokenSimilarity.Reason)] = [:]
        for step in 0..<1_000 {
            let id = Int32(generator.next() % 400)
            let value = (Double(step) / 1_000, reasons[Int(generator.next() % 5)])
            map[id] = value
            reference[id] = value
        }
        map[7] = nil  // a nil is ignored: entries are never removed
        #expect(map.count == reference.count)
        #expect(Set(map.allKeys) == Set(reference.keys))
        for id in Int32(0)..<400 {
            #expect(map[id]?.0 == reference[id]?.0)
            #expect(map[id]?.1 == reference[id]?.1)
        }
    }
}
