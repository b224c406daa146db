/// The binary form of a built ``VocabularyIndex``, so that a stored set's index is loaded, not rebuilt, by
/// the next process that resolves against it (`vocab resolve --user` at 100,000 terms: 0.8 s to build).
///
/// Layout: the magic `VOCABIDX`, ``formatVersion``, the key the index was built for (``Key``), the payload's
/// length and its checksum, then the payload: the index's flat arrays, each as a count and raw little-endian
/// elements. A file whose magic, version, key, length or checksum does not match, or whose arrays break the
/// index's invariants (an offset past its array, a word id past the word table), is refused with
/// ``IndexArchiveError``; callers rebuild. A damaged file never crashes a reader.
public enum IndexArchive {
    /// Bumped whenever the payload's layout or the preparation of terms changes.
    public static let formatVersion: UInt32 = 5

    static let magic = Array("VOCABIDX".utf8)

    /// What an index was built from: when any part moves, the archive is stale.
    public struct Key: Sendable, Hashable {
        /// Whose set, which type, and the set's change stamp.
        public let user: String
        public let type: String
        public let changeStamp: Int64
        /// The Siri language code in force (ICU follows it even where locale data falls back).
        public let language: String
        /// A fingerprint of the locale data and ICU version that prepared the terms.
        public let dataFingerprint: String

        /// Creates a key.
        public init(user: String, type: String, changeStamp: Int64, language: String, dataFingerprint: String) {
            self.user = user
            self.type = type
            self.changeStamp = changeStamp
            self.language = language
            self.dataFingerprint = dataFingerprint
        }
    }

    /// A 64-bit checksum of bytes, eight at a time (a multiply–rotate mix; not cryptographic: it finds
    /// damage, not forgery).
    ///
    /// - Complexity: O(*n*); about a millisecond per 10 MB.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash = (hash << 31) | (hash >> 33)
        }
        for index in (words * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }
}

/// Why an archive was refused.
public struct IndexArchiveError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `checksum mismatch`.
    public let problem: String

    public init(_ problem: String) { self.problem = problem }

    public var description: String { "index archive refused: \(problem)" }
}

/// Appends values to an archive's bytes.
struct ArchiveWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func write(_ text: String) {
        write(UInt32(text.utf8.count))
        bytes += text.utf8
    }

    /// An array of fixed-width values: its count, then its elements' bytes.
    mutating func write<T: BitwiseCopyable>(array: [T]) {
        write(UInt64(array.count))
        array.withUnsafeBytes { bytes += $0 }
    }

    /// Booleans, one byte each (a `Bool` read from arbitrary bytes would be undefined behaviour).
    mutating func write(flags: [Bool]) {
        write(array: flags.map { $0 ? UInt8(1) : 0 })
    }

    /// Byte strings: their lengths, then their bytes concatenated.
    mutating func write(byteStrings: [[UInt8]]) {
        write(array: byteStrings.map { UInt32($0.count) })
        write(array: byteStrings.flatMap { $0 })
    }

    mutating func write(strings: [String]) {
        write(byteStrings: strings.map { Array($0.utf8) })
    }
}

/// Reads values from an archive's bytes, refusing any read past the end.
struct ArchiveReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(IndexArchiveError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else { throw IndexArchiveError("truncated at byte \(offset)") }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type) throws(IndexArchiveError) -> T {
        T(littleEndian: try take(MemoryLayout<T>.size).loadUnaligned(as: T.self))
    }

    mutating func readString() throws(IndexArchiveError) -> String {
        let count = Int(try read(UInt32.self))
        return String(decoding: try take(count), as: UTF8.self)
    }

    mutating func readBytes(count: Int) throws(IndexArchiveError) -> UnsafeRawBufferPointer { try take(count) }

    /// An array written by ``ArchiveWriter/write(array:)``; `T` must accept every bit pattern (integers,
    /// floating point), so no read value is invalid.
    mutating func readArray<T: BitwiseCopyable>(_: T.Type) throws(IndexArchiveError) -> [T] {
        let count = try read(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(bytes.count - offset) / UInt64(stride) else {
            throw IndexArchiveError("array of \(count) elements past the end at byte \(offset)")
        }
        let source = try take(Int(count) * stride)
        return [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = Int(count)
        }
    }

    /// Booleans written by ``ArchiveWriter/write(flags:)``, each byte checked to be 0 or 1.
    mutating func readFlags() throws(IndexArchiveError) -> [Bool] {
        let bytes = try readArray(UInt8.self)
        guard bytes.allSatisfy({ $0 <= 1 }) else { throw IndexArchiveError("a flag is neither 0 nor 1") }
        return bytes.map { $0 == 1 }
    }

    /// Lengths then concatenated elements, checked to add up; the elements are left in the archive's
    /// bytes, which `make` reads group by group (one copy, straight into each group's own storage).
    private mutating func readGroups<T: BitwiseCopyable, Group>(
        _: T.Type, _ make: (UnsafeRawBufferPointer) -> Group
    ) throws(IndexArchiveError) -> [Group] {
        let lengths = try readArray(UInt32.self)
        let count = try read(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard lengths.reduce(UInt64(0), { $0 + UInt64($1) }) == count,
              count <= UInt64(bytes.count - offset) / UInt64(stride) else {
            throw IndexArchiveError("group lengths do not add up at byte \(offset)")
        }
        let flat = try take(Int(count) * stride)
        var start = 0
        return lengths.map { length in
            let size = Int(length) * stride
            defer { start += size }
            return make(UnsafeRawBufferPointer(rebasing: flat[start..<(start + size)]))
        }
    }

    mutating func readByteStrings() throws(IndexArchiveError) -> [[UInt8]] {
        try readGroups(UInt8.self) { Array($0) }
    }

    mutating func readStrings() throws(IndexArchiveError) -> [String] {
        try readGroups(UInt8.self) { String(decoding: $0, as: UTF8.self) }
    }
}

extension Array where Element == Int32 {
    /// Whether every element is in `0..<bound` (archived ids must point inside their tables).
    func allWithin(_ bound: Int) -> Bool { allSatisfy { $0 >= 0 && Int($0) < bound } }

    /// Whether the elements are offsets: starting at 0, never decreasing, ending at `end`.
    func isOffsets(endingAt end: Int) -> Bool {
        guard first == 0, last.map(Int.init) == end else { return false }
        return zip(self, dropFirst()).allSatisfy { $0 <= $1 }
    }
}
