import Synchronization

/// The phonetic keys of query words already seen, so that a word a recognizer writes again (or that several of
/// its alternatives share) is not encoded again: the regular-expression encoders (Phonex, Fonético) cost tens
/// of microseconds a word. Bounded: emptied when full. Shared by every resolver of one ``PhoneticProfile``.
final class QueryKeyCache: Sendable {
    private let entries = Mutex<[String: [String]]>([:])
    /// The most words kept.
    static let capacity = 8_192

    /// The keys of a word, computed by `encode` when not kept.
    func keys(for word: String, encode: (String) -> [String]) -> [String] {
        if let known = entries.withLock({ $0[word] }) { return known }
        let keys = encode(word)
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[word] = keys
        }
        return keys
    }
}
