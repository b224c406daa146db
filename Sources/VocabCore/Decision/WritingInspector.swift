/// Reads how a query is written (``WritingEvidence/Look``) against one list: its capitals and punctuation, whether
/// its words are the English pronouncing dictionary's or the list's, and whether it is a listed name word for word.
public struct WritingInspector: Sendable {
    private let preparer: TermPreparer
    /// Each term's first reading, as folded words.
    private let listed: Set<[String]>
    /// Every folded word of the list.
    private let listWords: Set<String>
    private let dictionary: PronouncingDictionary?
    private let isEnglish: Bool

    /// Creates an inspector for the list an index holds, in the index's language.
    public init(index: VocabularyIndex) {
        preparer = index.preparer
        var listed = Set<[String]>()
        listed.reserveCapacity(index.count)
        var listWords = Set<String>()
        for rank in 0..<index.count {
            let words = index.firstReadingTokens(ofTermAt: rank).map(\.text)
            listed.insert(words)
            listWords.formUnion(words)
        }
        self.listed = listed
        self.listWords = listWords
        dictionary = index.preparer.phonetics.pronouncer?.dictionary
        isEnglish = index.preparer.profile.language.language == "en"
    }

    /// Whether the English pronouncing dictionary is there to check words against.
    public var hasDictionary: Bool { dictionary != nil }

    /// How a query is written.
    ///
    /// - Parameters:
    ///   - query: What the recognizer wrote.
    ///   - hasPhoneAlternative: Whether it came with an alternative of phones.
    public func look(of query: String, hasPhoneAlternative: Bool = false) -> WritingEvidence.Look {
        let surface = WritingEvidence.Look.surface(of: query)
        let read = (try? preparer.readings(of: query))?.first?.words ?? []
        let words = read.map(\.folded)
        var hasUnknownWord = false
        if isEnglish && dictionary != nil {
            let unknown = read.map(\.folded).filter { !listWords.contains($0) && !isDictionaryWord($0) }
            if !unknown.isEmpty {
                let apostrophes = Self.spellingsWithApostrophe(in: query)
                hasUnknownWord = unknown.contains { !(apostrophes[$0] ?? []).contains(where: isDictionaryWord) }
            }
        }
        return WritingEvidence.Look(hasCapital: surface.hasCapital, hasPunctuation: surface.hasPunctuation,
                                    isEnglish: isEnglish, hasUnknownWord: hasUnknownWord,
                                    isWrittenAsListed: !words.isEmpty && listed.contains(words),
                                    hasPhoneAlternative: hasPhoneAlternative)
    }

    /// The words of a text written with apostrophes, lowercase, by their spelling without them (`dont` → `don't`):
    /// the dictionary writes them so, and folding drops them. Read once per query, and only when a word is unknown.
    static func spellingsWithApostrophe(in text: String) -> [String: [String]] {
        let apostrophes: Set<Character> = ["'", "’"]
        var spellings: [String: [String]] = [:]
        for piece in text.lowercased().split(whereSeparator: { $0.isWhitespace }) {
            let word = piece.trimmingPrefix(while: { !$0.isLetter }).reversed().drop(while: { !$0.isLetter }).reversed()
            guard word.contains(where: apostrophes.contains) else { continue }
            let bare = String(word.filter { !apostrophes.contains($0) })
            // The typographic apostrophe written as the dictionary writes it.
            spellings[bare, default: []].append(String(word.map { $0 == "’" ? "'" : $0 }))
        }
        return spellings
    }

    /// Whether the dictionary holds a word as written (lowercase).
    private func isDictionaryWord(_ word: String) -> Bool {
        dictionary?.firstPronunciation(of: word) != nil
    }
}

extension RecognizerGuess {
    /// One query of a batch: the list it was resolved against (a key into the batch's indexes), what the recognizer
    /// wrote, and whether an alternative of phones came with it.
    public struct Query<Key: Hashable>: Sendable where Key: Sendable {
        public let list: Key
        public let text: String
        public let hasPhoneAlternative: Bool

        /// Creates a query.
        public init(list: Key, text: String, hasPhoneAlternative: Bool = false) {
            self.list = list
            self.text = text
            self.hasPhoneAlternative = hasPhoneAlternative
        }
    }

    /// Guesses which recognizer wrote a batch of queries, each read against its own list (one inspector per
    /// list); queries whose list has no index are not counted.
    ///
    /// - Parameters:
    ///   - queries: The batch (an evaluation set's cases).
    ///   - indexes: The lists' indexes, by key.
    ///   - profiles: The profiles the locale data has.
    public static func guess<Key>(_ queries: [Query<Key>], indexes: [Key: VocabularyIndex],
                                  profiles: Set<String>) -> RecognizerGuess {
        var inspectors: [Key: WritingInspector] = [:]
        var evidence = WritingEvidence(hasDictionary: false)
        for query in queries {
            guard let index = indexes[query.list] else { continue }
            let inspector = inspectors[query.list] ?? WritingInspector(index: index)
            inspectors[query.list] = inspector
            evidence.hasDictionary = evidence.hasDictionary || inspector.hasDictionary
            evidence.add(inspector.look(of: query.text, hasPhoneAlternative: query.hasPhoneAlternative))
        }
        return guess(from: evidence, profiles: profiles)
    }
}
