import Synchronization

/// Per-pronunciation count buffers of one phone index, lent to one query at a time: a query takes a buffer of
/// zeros and gives it back as zeros (it clears the counts it made), so it neither allocates nor clears a buffer
/// the size of the index. At 100,000 terms a fresh buffer per query (hundreds of kilobytes) cost more than the
/// counting, which is why the counts once went into a hash table sized to the postings read; a table costs
/// several times a flat array per posting counted.
///
/// Buffers are made when every kept one is lent (one per query running at the same time) and at most
/// ``keptSpares`` are kept.
final class KeyCountBuffers: Sendable {
    /// How many counts a buffer holds: one per pronunciation of the index.
    let size: Int
    private let spares = Mutex<[[UInt8]]>([])
    /// The most buffers kept between queries.
    static let keptSpares = 8

    /// Creates the buffers of an index of `size` pronunciations (none is made before a query needs it).
    init(size: Int) {
        self.size = size
    }

    /// Runs `body` with a buffer of ``size`` zeros, which `body` must leave all zero.
    func withZeroedBuffer<Result>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Result) -> Result {
        var buffer = spares.withLock { $0.popLast() } ?? [UInt8](repeating: 0, count: size)
        let result = buffer.withUnsafeMutableBufferPointer { body($0) }
        assert(!buffer.contains { $0 != 0 }, "KeyCountBuffers: a buffer was given back with counts left in it")
        spares.withLock { spares in
            if spares.count < Self.keptSpares { spares.append(buffer) }
        }
        return result
    }
}
