/// The slots of an open-addressing hash table whose keys live elsewhere: each slot holds an entry number
/// (an index into the owner's arrays) or nothing. Linear probing from a multiplicative step over the key's
/// hash; at most half full. The owner says whether an entry holds the key it looks for, and gives an
/// entry's hash when the table grows.
///
/// Swift's `Dictionary` hashes every key with SipHash and, keyed by byte arrays, copies them; the word
/// table's spellings and its deletion neighbourhoods are looked up by hashes they already have.
struct SlotTable: Sendable {
    private var slots = [Int32](repeating: -1, count: 1024)
    /// How many slots are filled.
    private(set) var count = 0

    /// Heap bytes of the slots (32-byte array header included).
    var approximateBytes: Int { 32 + slots.capacity * MemoryLayout<Int32>.stride }

    /// The slot holding the entry for which `matches` is true, or the empty slot where it would go.
    func probe(hash: Int, matches: (Int32) -> Bool) -> Int {
        let mask = slots.count - 1
        var slot = Self.home(of: hash, mask: mask)
        while slots[slot] != -1 && !matches(slots[slot]) { slot = (slot + 1) & mask }
        return slot
    }

    /// The entry in a slot, or `nil` when it is empty.
    func entry(at slot: Int) -> Int32? { slots[slot] == -1 ? nil : slots[slot] }

    /// Puts `entry` in `slot`, an empty slot ``probe(hash:matches:)`` gave with nothing filled since. When
    /// that makes the table more than half full it doubles, placing every entry again by `hashOf`.
    mutating func fill(_ slot: Int, with entry: Int32, hashOf: (Int32) -> Int) {
        precondition(slots[slot] == -1, "SlotTable: filling a slot that is taken")
        slots[slot] = entry
        count += 1
        if count * 2 > slots.count { grow(hashOf: hashOf) }
    }

    private mutating func grow(hashOf: (Int32) -> Int) {
        let old = slots
        slots = [Int32](repeating: -1, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != -1 {
            var slot = Self.home(of: hashOf(entry), mask: mask)
            while slots[slot] != -1 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// The first slot tried for a hash: a multiplicative step, so that the slot does not rest on the hash's
    /// low bits alone.
    private static func home(of hash: Int, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }
}

extension SlotTable {
    func archive(to writer: inout ArchiveWriter) {
        writer.write(array: slots)
    }

    /// Reads archived slots, checking that they are a table this type could have built over `entryCount`
    /// entries: a power-of-two size, at most half full (so every probe ends), entries in range.
    init(from reader: inout ArchiveReader, entryCount: Int) throws(IndexArchiveError) {
        let slots = try reader.readArray(Int32.self)
        let filled = slots.count(where: { $0 != -1 })
        guard slots.count >= 1024, slots.count & (slots.count - 1) == 0, filled * 2 <= slots.count,
              slots.allSatisfy({ $0 == -1 || ($0 >= 0 && Int($0) < entryCount) }) else {
            throw IndexArchiveError("slot table is not one of \(entryCount) entries")
        }
        self.slots = slots
        count = filled
    }
}
