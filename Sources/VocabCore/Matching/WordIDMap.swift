/// A small map from word ids to values for one query: open addressing with linear probing and a
/// multiplicative hash. Swift's `Dictionary` hashes with SipHash, which cost 12% of a query's
/// instructions for these few dozen integer keys (callgrind, 10,000 terms).
struct WordIDMap<Value> {
    private var keys: [Int32]
    private var values: [Value?]
    private var mask: Int
    private(set) var count = 0

    /// An empty map sized for about `capacity` entries.
    init(capacity: Int = 8) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        keys = [Int32](repeating: -1, count: size)
        values = [Value?](repeating: nil, count: size)
        mask = size - 1
    }

    private func slot(for key: Int32) -> Int {
        Int(truncatingIfNeeded: (UInt32(bitPattern: key) &* 0x9E37_79B1) >> 7) & mask
    }

    subscript(key: Int32) -> Value? {
        get {
            var index = slot(for: key)
            while keys[index] != -1 {
                if keys[index] == key { return values[index] }
                index = (index + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }  // entries are never removed
            if (count + 1) * 2 > keys.count { grow() }
            var index = slot(for: key)
            while keys[index] != -1 && keys[index] != key { index = (index + 1) & mask }
            if keys[index] == -1 { count += 1 }
            keys[index] = key
            values[index] = newValue
        }
    }

    func contains(_ key: Int32) -> Bool { self[key] != nil }

    /// The keys, in no particular order.
    var allKeys: [Int32] { keys.filter { $0 != -1 } }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != -1 }
        var bigger = WordIDMap(capacity: keys.count)
        for (key, value) in old { bigger[key] = value }
        self = bigger
    }
}
