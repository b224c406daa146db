import Foundation
import Synchronization
public import VocabCore

/// Built indexes shared by every request, bounded in memory by bytes, least recently used first out.
///
/// An entry is keyed by everything its index was built from: user, type, change stamp, and the language
/// context (requested language and locale-data fingerprint). A replace gives the set a new stamp, so the
/// very next request misses and builds anew; the stale entry ages out. When several requests miss the same
/// key at once, one builds and the others wait for it (single flight).
public final class IndexCache: Sendable {
    /// What an index was built from.
    public struct Key: Hashable, Sendable {
        public let user: UserID
        public let type: VocabularyStringType
        public let changeStamp: Int64
        public let language: String
        public let dataFingerprint: String

        public init(user: UserID, type: VocabularyStringType, changeStamp: Int64, language: String,
                    dataFingerprint: String) {
            self.user = user
            self.type = type
            self.changeStamp = changeStamp
            self.language = language
            self.dataFingerprint = dataFingerprint
        }
    }

    /// How a look-up was served.
    public enum Outcome: String, Sendable {
        case hit, built, joined
    }

    /// Counters, for metrics and tests.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var builds = 0
        public var evictions = 0
        public var bytes = 0
        public var entries = 0
    }

    private struct Entry {
        let index: VocabularyIndex
        let bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var building: [Key: Task<VocabularyIndex, any Error>] = [:]
        var clock: UInt64 = 0
        var statistics = Statistics()
    }

    /// The bound, in bytes of index (``VocabularyIndex/approximateBytes``).
    public let capacityBytes: Int
    private let state = Mutex(State())

    /// Creates an empty cache.
    public init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    /// The cached index for `key`, or the one `build` makes (once, however many callers wait for it).
    ///
    /// An index larger than the whole bound is returned but not kept.
    ///
    /// - Throws: What `build` throws (every waiting caller gets it; nothing is cached).
    public func index(for key: Key, build: @escaping @Sendable () async throws -> VocabularyIndex) async throws
        -> (VocabularyIndex, Outcome) {
        enum Step { case hit(VocabularyIndex), wait(Task<VocabularyIndex, any Error>), build(Task<VocabularyIndex, any Error>) }
        let step: Step = state.withLock { state in
            state.clock += 1
            if var entry = state.entries[key] {
                entry.lastUse = state.clock
                state.entries[key] = entry
                state.statistics.hits += 1
                return .hit(entry.index)
            }
            state.statistics.misses += 1
            if let task = state.building[key] { return .wait(task) }
            let task = Task { try await build() }
            state.building[key] = task
            state.statistics.builds += 1
            return .build(task)
        }
        switch step {
        case .hit(let index):
            return (index, .hit)
        case .wait(let task):
            return (try await task.value, .joined)
        case .build(let task):
            do {
                let index = try await task.value
                insert(index, for: key)
                return (index, .built)
            } catch {
                _ = state.withLock { $0.building.removeValue(forKey: key) }
                throw error
            }
        }
    }

    private func insert(_ index: VocabularyIndex, for key: Key) {
        state.withLock { state in
            state.building.removeValue(forKey: key)
            let bytes = max(1, index.approximateBytes)
            guard bytes <= capacityBytes else { return }
            state.clock += 1
            if let old = state.entries[key] { state.statistics.bytes -= old.bytes }
            state.entries[key] = Entry(index: index, bytes: bytes, lastUse: state.clock)
            state.statistics.bytes += bytes
            // Older stamps of the same set can never be asked for again: drop them first.
            for other in state.entries.keys where other.user == key.user && other.type == key.type
                && other.changeStamp < key.changeStamp {
                state.statistics.bytes -= state.entries.removeValue(forKey: other)!.bytes
                state.statistics.evictions += 1
            }
            while state.statistics.bytes > capacityBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.statistics.bytes -= state.entries.removeValue(forKey: oldest)!.bytes
                state.statistics.evictions += 1
            }
            state.statistics.entries = state.entries.count
        }
    }

    /// Drops every index of a user (all types, or one; with `olderThan`, only those built for an earlier
    /// change stamp), at once: used on removal and replacement so memory is freed.
    public func removeAll(for user: UserID, type: VocabularyStringType? = nil, olderThan stamp: Int64? = nil) {
        state.withLock { state in
            for key in state.entries.keys where key.user == user && (type == nil || key.type == type)
                && (stamp == nil || key.changeStamp < stamp!) {
                state.statistics.bytes -= state.entries.removeValue(forKey: key)!.bytes
            }
            state.statistics.entries = state.entries.count
        }
    }

    /// The counters now.
    public var statistics: Statistics { state.withLock { $0.statistics } }
}
