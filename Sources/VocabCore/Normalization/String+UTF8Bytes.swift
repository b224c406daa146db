extension String {
    /// Whether some byte of the text's UTF-8 form satisfies `predicate`, read in place (a native string keeps its
    /// UTF-8 contiguously). The UTF-8 view's iterator cost about 300 instructions a short word by callgrind, some
    /// ten times as much, on paths the index build takes for every word.
    func containsUTF8Byte(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }

    /// Whether every byte of the text's UTF-8 form satisfies `predicate` (true for an empty text), read in place
    /// as ``containsUTF8Byte(where:)``.
    func allUTF8Bytes(satisfy predicate: (UInt8) -> Bool) -> Bool {
        !containsUTF8Byte { !predicate($0) }
    }

    /// ``lowercased()``, the text itself when it has no capital to lower (ASCII without A–Z, as nearly every
    /// folded or typed name word is): Foundation's case mapping cost about 380 instructions a word.
    func lowercasedWhenNeeded() -> String {
        allUTF8Bytes(satisfy: { $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? self : lowercased()
    }
}
