/// Resolves what was said against a locale's app vocabulary for one intent parameter, using every
/// synonym's phrase and its pronunciation hint, and answering with the item's identifier.
///
/// A hint such as "couic hitte" for "Qwik HIIT" (fr-FR) is normalized and encoded like speech, so a
/// recognizer's "couic hitte" finds the term its spelling never would.
public struct AppTermResolver: Sendable {
    /// What one entry of the index stands for.
    public struct Entry: Sendable, Hashable {
        /// `VocabularyItemIdentifier`.
        public let identifier: String
        /// `VocabularyItemPhrase` of the synonym.
        public let phrase: String
        /// Whether the entry is the synonym's pronunciation hint rather than its phrase.
        public let isPronunciation: Bool
        /// The item's position in the file (for tie-breaking).
        public let itemRank: Int
    }

    /// One answer: an item, the synonym that matched and how.
    public struct Match: Sendable, Hashable {
        public let entry: Entry
        public let candidate: Candidate
    }

    /// The outcome with item-level answers.
    public struct Result: Sendable {
        /// The outcome's name (`success`, `disambiguation`, ...).
        public let outcome: String
        /// The answers offered, best first; one per item.
        public let matches: [Match]
        /// Whether more items were near-equal than offered.
        public let truncated: Bool
        /// The query's tokens.
        public let queryTokens: [MatchToken]
        /// The resolution over every synonym and hint, which ``AppTermResolver/phoneExplanation(of:in:)`` reads.
        let entryResult: Resolver.Result?
    }

    private let entries: [Entry]
    private let resolver: Resolver
    /// The items' synonyms as recognizer hints take them, in file order (``RecognizerHints/Term/terms(of:)``).
    public let hintTerms: [RecognizerHints.Term]

    /// Indexes the items of a parameter.
    ///
    /// - Parameters:
    ///   - items: The parameter's items, in file order.
    ///   - preparer: The language's preparer.
    ///   - policy: The outcome thresholds.
    /// - Throws: What the normalizer throws.
    public init(items: [AppVocabulary.Item], preparer: TermPreparer, policy: ResolutionPolicy = .standard) throws {
        var entries: [Entry] = []
        var texts: [String] = []
        for (rank, item) in items.enumerated() {
            for synonym in item.synonyms {
                entries.append(Entry(identifier: item.identifier, phrase: synonym.phrase, isPronunciation: false,
                                     itemRank: rank))
                texts.append(synonym.phrase)
                if let hint = synonym.pronunciation, !hint.isEmpty {
                    entries.append(Entry(identifier: item.identifier, phrase: synonym.phrase, isPronunciation: true,
                                         itemRank: rank))
                    texts.append(hint)
                }
            }
        }
        let index = try VocabularyIndex(terms: texts, preparer: preparer) { rank, text in
            entries[rank].isPronunciation ? try preparer.pronunciationReadings(of: text) : try preparer.readings(of: text)
        }
        self.entries = entries
        resolver = Resolver(index: index, policy: policy)
        hintTerms = RecognizerHints.Term.terms(of: items)
    }

    /// Resolves a query to items.
    ///
    /// - Throws: What the normalizer throws.
    public func resolve(_ query: String) throws -> Result {
        let result = try resolver.resolve(query, keepingAll: true)
        guard result.resolution != .needsValue else {
            return Result(outcome: Resolution.needsValue.name, matches: [], truncated: false, queryTokens: [], entryResult: nil)
        }
        // One candidate per item: its best entry; ties go to the item registered first.
        var seen = Set<String>()
        var best: [Candidate] = []
        for candidate in result.ranked where seen.insert(entries[candidate.rank].identifier).inserted {
            best.append(candidate)
        }
        best.sort { a, b in
            a.score != b.score ? a.score > b.score : entries[a.rank].itemRank < entries[b.rank].itemRank
        }
        let resolution = resolver.policy.decide(best)
        var truncated = false
        if case .disambiguation(_, let more) = resolution { truncated = more }
        let matches = resolution.candidates.map { Match(entry: entries[$0.rank], candidate: $0) }
        return Result(outcome: resolution.name, matches: matches, truncated: truncated, queryTokens: result.queryTokens,
                      entryResult: result)
    }

    /// How a match's phones (its phrase's, or its pronunciation hint's) met the query's, when the phone matcher
    /// scored it (see ``Resolver/phoneExplanation(of:in:)``).
    public func phoneExplanation(of match: Match, in result: Result) -> Resolver.PhoneExplanation? {
        result.entryResult.flatMap { resolver.phoneExplanation(of: match.candidate, in: $0) }
    }
}
