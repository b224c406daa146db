/// FNV-1a, 64 bits (Fowler, Noll and Vo): a fast, non-cryptographic hash of bytes, for hash tables and
/// fingerprints whose collisions are checked or harmless.
public struct FNV1a: Sendable {
    /// The hash of what was combined so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet.
    public init() {}

    /// Mixes in one byte.
    public mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Mixes in bytes, one at a time.
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { combine(byte) }
    }

    /// Mixes in a whole 64-bit word in one step (a length, say).
    public mutating func combine(word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01b3
    }
}
