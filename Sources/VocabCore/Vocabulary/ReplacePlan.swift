/// What a replace will write, decided before the first write: terms checked, repeats removed, bound applied.
///
/// Both store backends build one inside their write transaction (the other types' count must be read
/// in the same transaction as the write), so they agree on every rule.
public struct ReplacePlan: Sendable {
    /// The terms to store, most important first.
    public let kept: [String]
    /// Repeats removed.
    public let repeats: Int
    /// What the bound dropped.
    public let dropped: DropReport

    /// Checks and bounds an ordered set.
    ///
    /// - Parameters:
    ///   - terms: The set, most important first.
    ///   - limits: The priority bound.
    ///   - otherTypes: How many terms the user holds in other types.
    /// - Throws: ``VocabularyError`` for the first term that breaks a rule, naming its position.
    /// - Complexity: O(*n*).
    public init(terms: [String], limits: VocabularyLimits, otherTypes: Int) throws(VocabularyError) {
        var seen = Set<String>(minimumCapacity: terms.count)
        var unique: [String] = []
        unique.reserveCapacity(terms.count)
        for (index, term) in terms.enumerated() {
            if let problem = VocabularyFile.problem(with: term) {
                throw VocabularyError(subject: "term \(index + 1):", problem: problem)
            }
            if seen.insert(term).inserted { unique.append(term) }
        }
        repeats = terms.count - unique.count
        (kept, dropped) = limits.admit(unique, otherTypes: otherTypes)
    }
}
