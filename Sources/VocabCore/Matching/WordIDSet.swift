/// A small set of word (or term) ids for one query: open addressing with linear probing and a
/// multiplicative hash. Swift's `Set` hashes with SipHash, which cost 12% of a query's instructions for these
/// few dozen integer keys (callgrind, 10,000 terms). Its storage is one array of `Int32`, a type whose array
/// storage the standard library has ready: an array of a type of the project's own (an optional tuple, say)
/// looks its storage type up at run time on every allocation, about 1,000 instructions each (callgrind).
struct WordIDSet {
    /// The slots: an id, or -1 for an empty slot.
    private(set) var slots: [Int32]
    private var mask: Int
    /// How many ids the set holds.
    private(set) var count = 0

    /// An empty set sized for about `capacity` ids.
    init(capacity: Int = 8) {
        let size = Self.slotCount(for: capacity)
        slots = [Int32](filledWith: -1, count: size)
        mask = size - 1
    }

    /// The number of slots for about `capacity` entries: a power of two, at most half full.
    private static func slotCount(for capacity: Int) -> Int {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        return size
    }

    /// Where a key's probe starts in a table of `mask + 1` slots.
    private static func home(of key: Int32, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt32(bitPattern: key) &* 0x9E37_79B1) >> 7) & mask
    }

    /// The slot holding `key`, or the empty slot where it would go.
    func slot(of key: Int32) -> Int {
        var index = Self.home(of: key, mask: mask)
        while slots[index] != -1 && slots[index] != key { index = (index + 1) & mask }
        return index
    }

    func contains(_ key: Int32) -> Bool { slots[slot(of: key)] == key }

    /// Adds `key`; whether it was new.
    @discardableResult
    mutating func insert(_ key: Int32) -> Bool {
        if isFullForOneMore { grow() }
        return place(key).isNew
    }

    /// Whether one more id would fill the slots past half (``insert(_:)`` then grows first).
    var isFullForOneMore: Bool { (count + 1) * 2 > slots.count }

    /// Puts `key` in its slot, without growing (the caller checked ``isFullForOneMore``), and returns that
    /// slot and whether the key was new: for a map keeping values beside the slots.
    mutating func place(_ key: Int32) -> (slot: Int, isNew: Bool) {
        let index = slot(of: key)
        guard slots[index] == -1 else { return (index, false) }
        slots[index] = key
        count += 1
        return (index, true)
    }

    /// The ids, in no particular order (the order of the slots). Built at its size: `filter` would grow the
    /// array as it went, reallocating it several times for a few dozen ids.
    var allKeys: [Int32] {
        var keys: [Int32] = []
        keys.reserveCapacity(count)
        forEachKey { keys.append($0) }
        return keys
    }

    /// Calls `body` with each id, in the order of ``allKeys``, without building that array.
    @inline(__always)
    func forEachKey(_ body: (Int32) -> Void) {
        for key in slots where key != -1 { body(key) }
    }

    private mutating func grow() {
        var bigger = WordIDSet(capacity: slots.count)
        forEachKey { bigger.insert($0) }
        self = bigger
    }
}

/// The list words similar to one query unit, each with its similarity and why (``TokenSimilarity``): a
/// ``WordIDSet``'s slots with the values beside them in one array of a standard type (see ``WordIDSet`` for why).
struct WordSimilarities {
    private var keys: WordIDSet
    /// Per slot, its similarity then its reason's code: one array for both, so a map costs two allocations,
    /// not three (a query makes one map per unit).
    private var values: [Double]

    /// An empty map sized for about `capacity` words.
    init(capacity: Int = 8) {
        keys = WordIDSet(capacity: capacity)
        values = [Double](filledWith: 0, count: 2 * keys.slots.count)
    }

    /// How many words the map holds.
    var count: Int { keys.count }

    /// The words, in no particular order.
    var allKeys: [Int32] { keys.allKeys }

    /// Calls `body` with each word, in the order of ``allKeys``, without building that array.
    @inline(__always)
    func forEachKey(_ body: (Int32) -> Void) { keys.forEachKey(body) }

    subscript(key: Int32) -> (Double, TokenSimilarity.Reason)? {
        get {
            let index = keys.slot(of: key)
            guard keys.slots[index] == key else { return nil }
            return (values[2 * index], TokenSimilarity.Reason(code: UInt8(values[2 * index + 1])))
        }
        set {
            guard let (similarity, reason) = newValue else { return }  // entries are never removed
            if keys.isFullForOneMore { grow() }
            let index = keys.place(key).slot
            values[2 * index] = similarity
            values[2 * index + 1] = Double(reason.code)
        }
    }

    private mutating func grow() {
        var bigger = WordSimilarities(capacity: keys.slots.count)
        keys.forEachKey { bigger[$0] = self[$0] }
        self = bigger
    }
}

private extension TokenSimilarity.Reason {
    /// The reason as a byte, for ``WordSimilarities``' storage.
    var code: UInt8 {
        switch self {
        case .exact: 0
        case .nickname: 1
        case .phonetic: 2
        case .spelling: 3
        case .initial: 4
        }
    }

    init(code: UInt8) {
        switch code {
        case 0: self = .exact
        case 1: self = .nickname
        case 2: self = .phonetic
        case 3: self = .spelling
        default: self = .initial
        }
    }
}
