import Synchronization

/// What was worked out for query words already seen, so that a word a recognizer writes again (or that several
/// of its alternatives share) is not worked out again: a word's phonetic keys (the regular-expression encoders,
/// Phonex and Fonético: about 3,900 and 2,000 instructions a word by callgrind, half of them in the expressions)
/// and its phones (letter-to-sound rules, a few microseconds). Bounded: emptied when full. Shared by every resolver of one ``PhoneticProfile`` or
/// ``Pronouncer``.
final class QueryWordCache<Value: Sendable>: Sendable {
    private let entries = Mutex<[String: Value]>([:])
    /// The most words kept.
    static var capacity: Int { 8_192 }

    /// The value of a word, computed by `compute` when not kept.
    func value(for word: String, compute: (String) -> Value) -> Value {
        if let known = entries.withLock({ $0[word] }) { return known }
        let value = compute(word)
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[word] = value
        }
        return value
    }
}
