import Synchronization
import Testing
import VocabCore
import VocabService
import VocabTestSupport

/// A counter shared with concurrent closures.
private final class Count: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var current: Int { value.withLock { $0 } }
}

@Suite struct IndexCacheTests {
    static func key(_ user: UserID, stamp: Int64 = 1) -> IndexCache.Key {
        IndexCache.Key(user: user, type: .contactName, changeStamp: stamp, language: "en-US", dataFingerprint: "f")
    }

    static func index(_ count: Int) throws -> VocabularyIndex {
        try VocabularyIndex(terms: (0..<count).map { "Name\($0) Surname\($0)" }, preparer: .simple())
    }

    @Test("Many requests missing the same key at once build it once")
    func singleFlight() async throws {
        let cache = IndexCache(capacityBytes: 64 << 20)
        let builds = Count()
        let index = try Self.index(50)
        try await withThrowingTaskGroup(of: IndexCache.Outcome.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.index(for: Self.key("alice")) {
                        builds.increment()
                        try await Task.sleep(for: .milliseconds(50))
                        return index
                    }.1
                }
            }
            var outcomes: [IndexCache.Outcome] = []
            for try await outcome in group { outcomes.append(outcome) }
            #expect(outcomes.filter { $0 == .built }.count == 1)
        }
        #expect(builds.current == 1)
        #expect(cache.statistics.entries == 1)
    }

    @Test("The cache stays within its bytes, dropping the least recently used first")
    func boundedByBytes() async throws {
        let one = try Self.index(100)
        let cache = IndexCache(capacityBytes: one.approximateBytes * 3 + one.approximateBytes / 2)
        for user in ["a", "b", "c"] { _ = try await cache.index(for: Self.key(UserID(stringLiteral: user))) { one } }
        _ = try await cache.index(for: Self.key("a")) { one }  // a is now the most recently used
        _ = try await cache.index(for: Self.key("d")) { one }  // evicts b
        #expect(cache.statistics.bytes <= cache.capacityBytes)
        #expect(cache.statistics.entries == 3)
        #expect(try await cache.index(for: Self.key("a")) { one }.1 == .hit)
        #expect(try await cache.index(for: Self.key("b")) { one }.1 == .built)
    }

    @Test("A new change stamp builds anew and frees the older index of the same set")
    func newStampReplacesOld() async throws {
        let cache = IndexCache(capacityBytes: 64 << 20)
        let small = try Self.index(10)
        _ = try await cache.index(for: Self.key("alice", stamp: 1)) { small }
        #expect(try await cache.index(for: Self.key("alice", stamp: 2)) { small }.1 == .built)
        #expect(cache.statistics.entries == 1)
    }

    @Test("A failed build is not cached: every waiter gets the error, the next call builds again")
    func failuresAreNotCached() async throws {
        struct Failure: Error {}
        let cache = IndexCache(capacityBytes: 1 << 20)
        await #expect(throws: Failure.self) {
            _ = try await cache.index(for: Self.key("alice")) { throw Failure() }
        }
        #expect(try await cache.index(for: Self.key("alice")) { try Self.index(5) }.1 == .built)
    }

    @Test("An index larger than the whole bound is served but not kept")
    func oversizedIsNotKept() async throws {
        let cache = IndexCache(capacityBytes: 100)
        let (index, _) = try await cache.index(for: Self.key("alice")) { try Self.index(50) }
        #expect(index.count == 50)
        #expect(cache.statistics.entries == 0)
        #expect(cache.statistics.bytes == 0)
    }
}
