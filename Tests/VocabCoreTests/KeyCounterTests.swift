import Testing
import VocabTestSupport
@testable import VocabCore

@Suite struct KeyCounterTests {
    /// Random postings lists over `pronunciations`, each holding a pronunciation at most once (as the phone
    /// index's do), the shorter ones first.
    static func lists(_ generator: inout SplitMix64, pronunciations: Int, count: Int) -> [ArraySlice<Int32>] {
        (0..<count).map { _ in
            let length = Int(generator.next() % UInt64(pronunciations / 2))
            var members = Set<Int32>()
            while members.count < length { members.insert(Int32(generator.next() % UInt64(pronunciations))) }
            return ArraySlice(members.sorted())
        }.sorted { $0.count < $1.count }
    }

    /// What ``KeyCounter/best(limit:slack:)`` means, computed plainly: the pronunciations counted at least
    /// `noted` times and within `slack` of the most counted, most first then by position, the first `limit`.
    static func reference(_ lists: [ArraySlice<Int32>], noted: UInt16, limit: Int, slack: UInt16) -> [Int] {
        var counts: [Int32: UInt16] = [:]
        for list in lists { for key in list { counts[key, default: 0] += 1 } }
        guard let most = counts.values.max(), most >= noted else { return [] }
        let least = max(noted, most > slack ? most - slack : 1)
        return counts.filter { $0.value >= least }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(limit).map { Int($0.key) }
    }

    @Test("The best pronunciations are those a plain count ranks first, and the buffer is left all zero",
          arguments: ["bytes", "16-bit"])
    func bestMatchesPlainCount(counts: String) {
        // The phone index counts in bytes (up to 255 keys a query), a run-on query in 16 bits: both alike.
        if counts == "bytes" { Self.checkAgainstPlainCount(UInt8.self) } else { Self.checkAgainstPlainCount(UInt16.self) }
    }

    static func checkAgainstPlainCount<Count: FixedWidthInteger & UnsignedInteger>(_: Count.Type) {
        var generator = SplitMix64(seed: 11)
        let pronunciations = 300
        var buffer = [Count](repeating: 0, count: pronunciations)
        for round in 0..<200 {
            let lists = Self.lists(&generator, pronunciations: pronunciations, count: 1 + round % 12)
            let noted = UInt16(1 + generator.next() % 4)
            let limit = Int(generator.next() % 50)
            let slack = UInt16(generator.next() % 6)
            let best = buffer.withUnsafeMutableBufferPointer { counts in
                let counter = KeyCounter(counts: counts, lists: lists, noting: Count(noted))
                defer { counter.clear(lists) }
                return counter.best(limit: limit, slack: Count(slack))
            }
            #expect(best == Self.reference(lists, noted: noted, limit: limit, slack: slack), "round \(round)")
            #expect(buffer.allSatisfy { $0 == 0 }, "round \(round): counts left in the buffer")
            // The same, the buffer cleared as the best are read (all of them at once when every count is noted).
            let cleared = buffer.withUnsafeMutableBufferPointer { counts in
                KeyCounter(counts: counts, lists: lists, noting: Count(noted)).bestClearing(lists, limit: limit, slack: Count(slack))
            }
            #expect(cleared == best, "round \(round), clearing")
            #expect(buffer.allSatisfy { $0 == 0 }, "round \(round): counts left in the buffer after bestClearing")
        }
    }

    @Test("A pronunciation counted fewer times than noted is never chosen, however few the others")
    func belowNotedIsNeverChosen() {
        var buffer = [UInt16](repeating: 0, count: 10)
        let lists: [ArraySlice<Int32>] = [[1, 2, 3], [2, 3], [3]]
        let best = buffer.withUnsafeMutableBufferPointer { counts in
            let counter = KeyCounter(counts: counts, lists: lists, noting: 2)
            defer { counter.clear(lists) }
            return counter.best(limit: 10, slack: 9)
        }
        #expect(best == [3, 2])
        let none = buffer.withUnsafeMutableBufferPointer { counts in
            let counter = KeyCounter(counts: counts, lists: lists, noting: 4)
            defer { counter.clear(lists) }
            return counter.best(limit: 10, slack: 9)
        }
        #expect(none.isEmpty)
    }

    @Test("A count buffer is lent zeroed, kept for the next query, and never lent twice at once")
    func buffersAreReusedAndExclusive() {
        let buffers = KeyCountBuffers(size: 64)
        let first = buffers.withZeroedBuffer { counts in
            #expect(counts.count == 64)
            #expect(counts.allSatisfy { $0 == 0 })
            counts[5] = 3
            counts[5] = 0
            return counts.baseAddress
        }
        let again = buffers.withZeroedBuffer { $0.baseAddress }
        #expect(first == again)
        let (outer, inner) = buffers.withZeroedBuffer { outer in
            (outer.baseAddress, buffers.withZeroedBuffer { $0.baseAddress })
        }
        #expect(outer != inner)
    }
}
