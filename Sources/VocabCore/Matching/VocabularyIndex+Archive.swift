extension VocabularyIndex {
    /// The index in ``IndexArchive``'s binary form, for the key it was built for.
    ///
    /// - Complexity: O(size of the index); a few tens of milliseconds at 100,000 terms.
    public func archived(for key: IndexArchive.Key) -> [UInt8] {
        var payload = ArchiveWriter()
        payload.write(UInt64(store.termCount))
        payload.write(UInt64(words.count))
        store.archive(to: &payload)
        words.archive(to: &payload)
        payload.write(array: bestFactor)
        identifiers.archive(to: &payload)
        PhoneIndex.archive(phones, to: &payload)
        return IndexArchive.wrap(payload.bytes, for: key)
    }

    /// Loads an archived index, checking that it was built for `key` and is intact.
    ///
    /// - Parameters:
    ///   - archive: The archive's bytes (a memory-mapped file, say).
    ///   - key: What the index must have been built from.
    ///   - preparer: How queries will be prepared (the same language as the key's).
    /// - Throws: ``IndexArchiveError`` when the archive is for another key or format, damaged, or inconsistent.
    /// - Complexity: O(size of the archive), no normalization.
    public init(archive: UnsafeRawBufferPointer, key: IndexArchive.Key, preparer: TermPreparer) throws(IndexArchiveError) {
        var reader = ArchiveReader(archive)
        var expected = ArchiveWriter()
        IndexArchive.writeHeader(key, to: &expected)
        let header = try reader.readBytes(count: min(expected.bytes.count, archive.count))
        guard header.elementsEqual(expected.bytes) else {
            throw IndexArchiveError(header.starts(with: IndexArchive.magic) ? "built for another set, language or format"
                                                                           : "not an index archive")
        }
        let length = try reader.read(UInt64.self)
        let checksum = try reader.read(UInt64.self)
        guard length == UInt64(archive.count - reader.offset) else { throw IndexArchiveError("payload length mismatch") }
        let payloadBytes = try reader.readBytes(count: Int(length))
        guard IndexArchive.checksum(payloadBytes) == checksum else { throw IndexArchiveError("checksum mismatch") }
        var payload = ArchiveReader(payloadBytes)
        let termCount = try payload.read(UInt64.self)
        let wordCount = try payload.read(UInt64.self)
        guard termCount < UInt64(Int32.max), wordCount < UInt64(Int32.max) else { throw IndexArchiveError("counts out of range") }
        let store = try ReadingStore(from: &payload, wordCount: Int(wordCount))
        let words = try WordTable(from: &payload, termCount: Int(termCount))
        let factors = try payload.readArray(Double.self)
        let identifiers = try TermIdentifiers(from: &payload, termCount: Int(termCount))
        let phones = try PhoneIndex.unarchive(from: &payload, termCount: Int(termCount),
                                              inventory: preparer.phonetics.pronouncer?.inventory)
        guard store.termCount == Int(termCount), words.count == Int(wordCount), factors.count == words.count,
              payload.isAtEnd else {
            throw IndexArchiveError("payload is inconsistent")
        }
        self.preparer = preparer
        version = key.changeStamp
        self.store = store
        self.words = words
        bestFactor = factors
        self.identifiers = identifiers
        phoneMatcher = Self.phoneMatcher(phones, preparer: preparer)
    }
}

extension IndexArchive {
    /// A payload behind the header of `key`, with its length and checksum: the archive's framing. Public for
    /// fuzzing, which must get past the checksum to reach the structural checks.
    public static func wrap(_ payload: [UInt8], for key: Key) -> [UInt8] {
        var header = ArchiveWriter()
        writeHeader(key, to: &header)
        header.write(UInt64(payload.count))
        header.write(payload.withUnsafeBytes(checksum))
        return header.bytes + payload
    }

    static func writeHeader(_ key: Key, to writer: inout ArchiveWriter) {
        for byte in magic { writer.write(byte) }
        writer.write(formatVersion)
        writer.write(key.user)
        writer.write(key.type)
        writer.write(key.changeStamp)
        writer.write(key.language)
        writer.write(key.dataFingerprint)
    }
}
