/// Hashes of a word with none, one or two of its letters deleted, each in constant time after a linear
/// set-up: the keys of symmetric-deletion look-ups (Garbe's SymSpell; Mor and Fraenkel 1982).
///
/// The hash is a polynomial over the bytes, `Σ s[i]·Bⁿ⁻¹⁻ⁱ mod 2⁶⁴`, so deleting letter `k` gives
/// `prefix(k)·Bⁿ⁻¹⁻ᵏ + suffix(k + 1)` from prefix and suffix sums computed once. Hashing each variant from
/// scratch cost O(*n*) per variant, O(*n*²) for a word's one-deletion neighbourhood and O(*n*³) for its
/// two-deletion one: a 5,000-letter word took two minutes. The sum is then mixed with the length
/// (SplitMix64's finalizer) so that its low bits are usable by a hash table.
struct DeletionHashes {
    /// An odd multiplier (FNV's 64-bit prime).
    private static let base: UInt64 = 0x0000_0100_0000_01b3

    private let count: Int
    /// One buffer: `prefix[k]` (the polynomial hash of the first `k` bytes) at `k`, `suffix[k]`
    /// (`Σ_{i≥k} s[i]·Bⁿ⁻¹⁻ⁱ`, the last bytes in place) at `n + 1 + k`, and `Bᵉ` at `2n + 3 + e`. It lives
    /// only for the call of ``with(_:_:)``, on the stack for words of up to 40 letters (an array cost an
    /// allocation per look-up, about 800 instructions).
    private let values: UnsafeBufferPointer<UInt64>

    private func prefix(_ index: Int) -> UInt64 { values[index] }
    private func suffix(_ index: Int) -> UInt64 { values[count + 1 + index] }
    private func power(_ exponent: Int) -> UInt64 { values[2 * count + 3 + exponent] }

    /// Prepares the hashes of a word's variants and hands them to `body`.
    ///
    /// - Complexity: O(*n*).
    static func with<Result>(_ word: [UInt8], _ body: (DeletionHashes) throws -> Result) rethrows -> Result {
        let n = word.count
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 3 * n + 4) { values in
            values.initialize(repeating: 0)
            values[2 * n + 3] = 1
            for index in 0..<n {
                values[index + 1] = values[index] &* Self.base &+ UInt64(word[index]) &+ 1
                values[2 * n + 3 + index + 1] = values[2 * n + 3 + index] &* Self.base
            }
            for index in stride(from: n - 1, through: 0, by: -1) {
                values[n + 1 + index] = values[n + 2 + index] &+ (UInt64(word[index]) &+ 1) &* values[2 * n + 3 + n - 1 - index]
            }
            return try body(DeletionHashes(count: n, values: UnsafeBufferPointer(values)))
        }
    }

    /// The hash of the whole word.
    var whole: Int { Self.finish(prefix(count), length: count) }

    /// The hash of the word without the letter at `position`.
    func deleting(_ position: Int) -> Int {
        Self.finish(prefix(position) &* power(count - 1 - position) &+ suffix(position + 1), length: count - 1)
    }

    /// The hash of the word without the letters at `first` and `second` (`first < second`).
    func deleting(_ first: Int, _ second: Int) -> Int {
        let middle = prefix(second) &- prefix(first + 1) &* power(second - 1 - first)
        let sum = prefix(first) &* power(count - 2 - first) &+ middle &* power(count - 1 - second)
            &+ suffix(second + 1)
        return Self.finish(sum, length: count - 2)
    }

    /// SplitMix64's finalizer over the sum and the length.
    private static func finish(_ sum: UInt64, length: Int) -> Int {
        var value = sum ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15)
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(bitPattern: UInt(value ^ (value >> 31)))
    }
}
