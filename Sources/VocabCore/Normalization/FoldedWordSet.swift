/// A small set of folded words (a locale's particles, honorifics or suffixes) asked about every word of
/// every name.
///
/// Nearly every word asked about is a name, in none of the sets; hashing each with SipHash to learn that
/// cost more than the rest of classifying it (callgrind, index build). Two bit masks, of the set's word
/// lengths and of their first bytes, turn most of those words away before the set is consulted.
public struct FoldedWordSet: Sendable, Hashable {
    /// The words.
    public let words: Set<String>
    private let lengths: UInt64
    private let firstBytes: UInt64

    /// Creates a set of the given words.
    public init(_ words: some Sequence<String>) {
        self.words = Set(words)
        var lengths: UInt64 = 0
        var firstBytes: UInt64 = 0
        for word in self.words {
            lengths |= Self.lengthBit(word.utf8.count)
            firstBytes |= Self.firstByteBit(word.utf8.first ?? 0)
        }
        self.lengths = lengths
        self.firstBytes = firstBytes
    }

    /// Whether `word` is in the set.
    public func contains(_ word: String) -> Bool {
        let bytes = word.utf8
        guard lengths & Self.lengthBit(bytes.count) != 0,
              firstBytes & Self.firstByteBit(bytes.first ?? 0) != 0 else { return false }
        return words.contains(word)
    }

    /// The number of words.
    public var count: Int { words.count }

    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }
    private static func firstByteBit(_ byte: UInt8) -> UInt64 { 1 << UInt64(byte & 63) }
}
