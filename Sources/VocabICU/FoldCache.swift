import Synchronization

/// A bounded, thread-safe cache of folded words, shared by copies of one normalizer.
///
/// Only short texts (single words and short names) are kept, at most ``capacity`` of them; when full the
/// cache starts over, which keeps memory bounded without bookkeeping on the hot path.
final class FoldCache: Sendable {
    private struct Key: Hashable {
        let units: [UInt16]
        let isLatinOnly: Bool
    }

    /// The most entries kept (about 3 MB of short words).
    static let capacity = 50_000
    /// Longer texts are not cached.
    static let longestCached = 32

    private let entries = Mutex<[Key: String]>([:])

    func value(for units: [UInt16], isLatinOnly: Bool) -> String? {
        guard units.count <= Self.longestCached else { return nil }
        return entries.withLock { $0[Key(units: units, isLatinOnly: isLatinOnly)] }
    }

    func store(_ folded: String, for units: [UInt16], isLatinOnly: Bool) {
        guard units.count <= Self.longestCached else { return }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[Key(units: units, isLatinOnly: isLatinOnly)] = folded
        }
    }
}
