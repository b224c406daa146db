/// Word ids by 64-bit hashes — of their deletion variants (see ``WordTable/neighbourhood(of:depth:)``) or of
/// their phonetic keys — built once and then frozen into flat arrays.
///
/// A `Dictionary` from hash to an array of ids hashed each (already hashed) key again with SipHash and
/// allocated one array per variant, most of which hold a single id: 11% of a build's instructions and
/// about a third of the index's memory at 10,000 terms (callgrind, `approximateBytes`). Here a variant is
/// an entry of a ``SlotTable``, and its ids are a range of one shared array.
struct HashPostings: Sendable {
    /// Distinct variant hashes, in order of first appearance (the slot table's entries index them).
    private var hashes: [Int] = []
    private var slots = SlotTable()
    /// While building: the last id added per hash, and a chain of earlier ones through `next`.
    private var heads: [Int32] = []
    private var next: [Int32] = []
    /// The ids, grouped by hash; after ``freeze()``, hash `h`'s ids are `ids[starts[h]..<starts[h + 1]]`.
    private var ids: [Int32] = []
    private var starts: [Int32] = []

    /// Whether ``freeze()`` has run; look-ups need it, additions must precede it.
    private(set) var isFrozen = false

    /// The number of distinct variant hashes.
    var count: Int { hashes.count }

    /// Heap bytes of the frozen arrays (32-byte array headers included).
    var approximateBytes: Int {
        func array<T>(_ values: [T]) -> Int { 32 + values.capacity * MemoryLayout<T>.stride }
        return array(hashes) + slots.approximateBytes + array(ids) + array(starts) + array(heads) + array(next)
    }

    /// Records that `id` has a variant with this hash. Ids must arrive in ascending order; a repeat of the
    /// same id for the same hash (two deletions giving the same letters) is dropped.
    mutating func add(_ hash: Int, id: Int32) {
        precondition(!isFrozen, "HashPostings: add after freeze")
        let slot = findSlot(hash)
        let entry: Int
        if let existing = slots.entry(at: slot) {
            entry = Int(existing)
            if heads[entry] != -1 && ids[Int(heads[entry])] == id { return }
        } else {
            entry = hashes.count
            hashes.append(hash)
            heads.append(-1)
            slots.fill(slot, with: Int32(entry)) { hashes[Int($0)] }
        }
        ids.append(id)
        next.append(heads[entry])
        heads[entry] = Int32(ids.count - 1)
    }

    /// Lays each hash's ids out contiguously, in ascending order, and frees the building chains.
    mutating func freeze() {
        guard !isFrozen else { return }
        var counts = [Int32](repeating: 0, count: hashes.count + 1)
        for entry in heads.indices {
            var link = heads[entry]
            while link != -1 {
                counts[entry + 1] += 1
                link = next[Int(link)]
            }
        }
        for entry in hashes.indices { counts[entry + 1] += counts[entry] }
        var grouped = [Int32](repeating: 0, count: ids.count)
        for entry in heads.indices {
            // Chains run newest first; fill each range from its end so that ids ascend.
            var position = Int(counts[entry + 1])
            var link = heads[entry]
            while link != -1 {
                position -= 1
                grouped[position] = ids[Int(link)]
                link = next[Int(link)]
            }
        }
        ids = grouped
        starts = counts
        heads = []
        next = []
        hashes = Array(hashes)
        isFrozen = true
    }

    /// The ids of the words having a variant with this hash (collisions included: callers verify).
    func ids(for hash: Int) -> ArraySlice<Int32> {
        precondition(isFrozen, "HashPostings: look-up before freeze")
        guard let entry = slots.entry(at: findSlot(hash)).map(Int.init) else { return [] }
        return ids[Int(starts[entry])..<Int(starts[entry + 1])]
    }

    /// The slot holding `hash`, or the empty slot where it would go.
    private func findSlot(_ hash: Int) -> Int {
        slots.probe(hash: hash) { hashes[Int($0)] == hash }
    }
}

extension HashPostings {
    /// Writes the frozen arrays (building chains are empty once frozen).
    func archive(to writer: inout ArchiveWriter) {
        precondition(isFrozen, "HashPostings: archive before freeze")
        writer.write(array: hashes)
        slots.archive(to: &writer)
        writer.write(array: ids)
        writer.write(array: starts)
    }

    /// Reads frozen postings whose ids are below `idBound`.
    init(from reader: inout ArchiveReader, idBound: Int) throws(IndexArchiveError) {
        hashes = try reader.readArray(Int.self)
        slots = try SlotTable(from: &reader, entryCount: hashes.count)
        ids = try reader.readArray(Int32.self)
        starts = try reader.readArray(Int32.self)
        guard starts.count == hashes.count + 1, starts.isOffsets(endingAt: ids.count), ids.allWithin(idBound) else {
            throw IndexArchiveError("hash postings are inconsistent")
        }
        isFrozen = true
    }
}
