import VocabCore

/// Builds a matcher index for a command, reporting progress on standard error for large vocabularies (as
/// `vocab set` does for large imports).
enum IndexBuild {
    /// Vocabularies this large report progress.
    static let progressThreshold = 20_000

    /// Builds the index of `terms`, with progress lines on stderr every 10% from ``progressThreshold`` terms.
    ///
    /// - Throws: What the normalizer throws.
    static func index(of terms: [String], preparer: TermPreparer, version: Int64? = nil, source: String)
        throws -> VocabularyIndex {
        try index(of: terms.map(VocabularyTerm.init), preparer: preparer, version: version, source: source)
    }

    /// Builds the index of plain and speakable `entries`, with progress as above.
    static func index(of entries: [VocabularyTerm], preparer: TermPreparer, version: Int64? = nil, source: String)
        throws -> VocabularyIndex {
        let total = entries.count
        guard total >= progressThreshold else {
            return try VocabularyIndex(entries: entries, preparer: preparer, version: version)
        }
        StandardError.print("indexing \(total) terms of \(source)…")
        let step = max(1, total / 10)
        return try VocabularyIndex(entries: entries, preparer: preparer, version: version) { rank in
            if rank > 0, rank % step == 0 { StandardError.print("  \(rank * 100 / total)% (\(rank) terms)") }
        }
    }
}
