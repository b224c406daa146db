/// What a replace will write, decided before the first write: terms checked, repeats removed, bound applied.
///
/// Both store backends build one inside their write transaction (the other types' count must be read
/// in the same transaction as the write), so they agree on every rule.
public struct ReplacePlan: Sendable {
    /// The entries to store, most important first.
    public let entries: [VocabularyTerm]
    /// Repeats removed.
    public let repeats: Int
    /// What the bound dropped.
    public let dropped: DropReport

    /// Checks and bounds an ordered set of plain strings.
    ///
    /// - Throws: ``VocabularyError`` for the first term that breaks a rule, naming its position.
    public init(terms: [String], limits: VocabularyLimits, otherTypes: Int) throws(VocabularyError) {
        try self.init(entries: terms.map(VocabularyTerm.init), limits: limits, otherTypes: otherTypes)
    }

    /// Checks and bounds an ordered set.
    ///
    /// A plain string repeats an earlier one with the same phrase (equal after NFC); a speakable string
    /// repeats one with the same identifier. Repeats keep their first place.
    ///
    /// - Parameters:
    ///   - entries: The set, most important first.
    ///   - limits: The priority bound.
    ///   - otherTypes: How many terms the user holds in other types.
    /// - Throws: ``VocabularyError`` for the first entry that breaks a rule, naming its position (and field,
    ///   for a speakable string: `term 3 identifier`).
    /// - Complexity: O(*n*).
    public init(entries: [VocabularyTerm], limits: VocabularyLimits, otherTypes: Int) throws(VocabularyError) {
        var seen = Set<String>(minimumCapacity: entries.count)
        var unique: [VocabularyTerm] = []
        unique.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let (field, problem) = entry.problem {
                let subject = entry.isSpeakable || field != "phrase" ? "term \(index + 1) \(field):" : "term \(index + 1):"
                throw VocabularyError(subject: subject, problem: problem)
            }
            if seen.insert(entry.repeatKey).inserted { unique.append(entry) }
        }
        repeats = entries.count - unique.count
        (self.entries, dropped) = limits.admit(unique, otherTypes: otherTypes, named: \.phrase)
    }
}
