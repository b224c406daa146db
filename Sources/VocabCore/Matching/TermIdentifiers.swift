/// The app identifiers of an index's speakable terms, by rank, as one flat UTF-8 array (an empty table
/// when the set holds plain strings only: no cost for them).
struct TermIdentifiers: Sendable {
    /// Identifier `t` is `bytes[starts[t]..<starts[t + 1]]` when `present[t]`.
    private var bytes: [UInt8] = []
    private var starts: [Int32] = []
    private var present: [Bool] = []

    /// An empty table.
    init() {}

    /// The identifiers of `entries`, or an empty table when none has one.
    init(_ entries: [VocabularyTerm]) {
        guard entries.contains(where: \.isSpeakable) else { return }
        starts = [0]
        for entry in entries {
            bytes += (entry.identifier ?? "").utf8
            starts.append(Int32(bytes.count))
            present.append(entry.identifier != nil)
        }
    }

    /// Whether any term has an identifier.
    var isEmpty: Bool { present.isEmpty }

    /// The identifier of the term at `rank`, if it has one.
    func identifier(of rank: Int) -> String? {
        guard rank < present.count, present[rank] else { return nil }
        return String(decoding: bytes[Int(starts[rank])..<Int(starts[rank + 1])], as: UTF8.self)
    }

    var approximateBytes: Int { bytes.count + starts.count * 4 + present.count }

    func archive(to writer: inout ArchiveWriter) {
        writer.write(array: bytes)
        writer.write(array: starts)
        writer.write(flags: present)
    }

    /// Reads a table for `termCount` terms (or an empty one), checking its offsets.
    init(from reader: inout ArchiveReader, termCount: Int) throws(IndexArchiveError) {
        bytes = try reader.readArray(UInt8.self)
        starts = try reader.readArray(Int32.self)
        present = try reader.readFlags()
        let consistent = present.isEmpty
            ? bytes.isEmpty && starts.isEmpty
            : present.count == termCount && starts.count == termCount + 1 && starts.isOffsets(endingAt: bytes.count)
        guard consistent else { throw IndexArchiveError("identifier table is inconsistent") }
    }
}
