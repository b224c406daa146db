/// A locale's app vocabulary: the terms every user of the app shares, as in `AppIntentVocabulary.plist`.
///
/// Keys keep Apple's spelling in messages: `ParameterVocabularies` → ``ParameterVocabulary``
/// (`ParameterNames`, `ParameterVocabulary` → ``Item`` with `VocabularyItemIdentifier` and
/// `VocabularyItemSynonyms` → ``Synonym``: `VocabularyItemPhrase`, `VocabularyItemPronunciation`,
/// `VocabularyItemExamples`), and `IntentPhrases` → ``IntentPhrase`` (`IntentName`, `IntentExamples`).
public struct AppVocabulary: Sendable, Hashable {
    /// Where a value was read: its key path and, in an XML file, its line.
    public struct Location: Sendable, Hashable {
        /// e.g. `ParameterVocabularies[0].ParameterVocabulary[2]`.
        public let keyPath: String
        /// The 1-based line, when known (XML property lists).
        public let line: Int?

        public init(keyPath: String, line: Int?) {
            self.keyPath = keyPath
            self.line = line
        }
    }

    /// One spelling of an item, with how it sounds and how it is used.
    public struct Synonym: Sendable, Hashable {
        /// `VocabularyItemPhrase`, e.g. "Qwik HIIT".
        public let phrase: String
        /// `VocabularyItemPronunciation`, a plain phonetic spelling, e.g. "couic hitte".
        public let pronunciation: String?
        /// `VocabularyItemExamples`.
        public let examples: [String]
        public let location: Location
        /// Where each example was read, parallel to ``examples``.
        public let exampleLocations: [Location]

        public init(phrase: String, pronunciation: String?, examples: [String], location: Location,
                    exampleLocations: [Location]? = nil) {
            self.phrase = phrase
            self.pronunciation = pronunciation
            self.examples = examples
            self.location = location
            self.exampleLocations = exampleLocations ?? examples.map { _ in location }
        }
    }

    /// One term: an identifier and its synonyms.
    public struct Item: Sendable, Hashable {
        /// `VocabularyItemIdentifier`, unique within the file and the same across locales.
        public let identifier: String
        public let synonyms: [Synonym]
        public let location: Location

        public init(identifier: String, synonyms: [Synonym], location: Location) {
            self.identifier = identifier
            self.synonyms = synonyms
            self.location = location
        }
    }

    /// The terms that apply to some intent parameters.
    public struct ParameterVocabulary: Sendable, Hashable {
        /// `ParameterNames`, e.g. `INStartWorkoutIntent.workoutName`.
        public let parameterNames: [String]
        public let items: [Item]
        public let location: Location
        /// Where each parameter name was read, parallel to ``parameterNames``.
        public let parameterNameLocations: [Location]

        public init(parameterNames: [String], items: [Item], location: Location,
                    parameterNameLocations: [Location]? = nil) {
            self.parameterNames = parameterNames
            self.items = items
            self.location = location
            self.parameterNameLocations = parameterNameLocations
                ?? parameterNames.indices.map { Location(keyPath: "\(location.keyPath).ParameterNames[\($0)]", line: location.line) }
        }
    }

    /// Example phrases for one intent.
    public struct IntentPhrase: Sendable, Hashable {
        /// `IntentName`, e.g. `INStartWorkoutIntent`.
        public let intentName: String
        public let examples: [String]
        public let location: Location
        /// Where each example was read, parallel to ``examples``.
        public let exampleLocations: [Location]

        public init(intentName: String, examples: [String], location: Location, exampleLocations: [Location]? = nil) {
            self.intentName = intentName
            self.examples = examples
            self.location = location
            self.exampleLocations = exampleLocations ?? examples.map { _ in location }
        }
    }

    public let parameterVocabularies: [ParameterVocabulary]
    public let intentPhrases: [IntentPhrase]

    public init(parameterVocabularies: [ParameterVocabulary], intentPhrases: [IntentPhrase]) {
        self.parameterVocabularies = parameterVocabularies
        self.intentPhrases = intentPhrases
    }

    /// The items that apply to a parameter (`INStartWorkoutIntent.workoutName`), in file order.
    public func items(for parameter: String) -> [Item] {
        parameterVocabularies.filter { $0.parameterNames.contains(parameter) }.flatMap(\.items)
    }

    /// Every parameter name the file covers.
    public var parameterNames: [String] {
        var names: [String] = []
        for vocabulary in parameterVocabularies {
            for name in vocabulary.parameterNames where !names.contains(name) { names.append(name) }
        }
        return names
    }
}
