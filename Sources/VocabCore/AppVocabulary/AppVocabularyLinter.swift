/// Checks app vocabulary files: each file against Apple's guidance for its language, and all locales
/// against each other for missing translations.
///
/// Structural problems (missing keys, wrong types) are found while reading the property list; this type
/// checks what a well-formed file can still get wrong.
public struct AppVocabularyLinter: Sendable {
    /// Splits and folds example text into words, the way names are (so "S'il vous plaît" meets "s'il vous plait").
    public let words: @Sendable (String) -> [String]

    /// Creates a linter.
    ///
    /// - Parameter words: Folded words of a text (the normalizer's tokens in production).
    public init(words: @escaping @Sendable (String) -> [String]) {
        self.words = words
    }

    /// The pattern `ParameterNames` entries follow: an intent name, a dot, a parameter name.
    static func isParameterName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let intent = parts.first, let parameter = parts.last,
              intent.hasSuffix("Intent"), intent.count > "Intent".count,
              intent.first?.isUppercase == true, parameter.first?.isLowercase == true else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Checks one file.
    ///
    /// - Parameters:
    ///   - vocabulary: The file's content.
    ///   - path: How findings name the file.
    ///   - guidance: The locale's guidance for examples.
    /// - Returns: The findings, in file order.
    public func lint(_ vocabulary: AppVocabulary, path: String, guidance: ExampleGuidance) -> [LintFinding] {
        var findings: [LintFinding] = []
        func report(_ location: AppVocabulary.Location, _ severity: LintFinding.Severity, _ message: String) {
            findings.append(LintFinding(path: path, line: location.line, keyPath: location.keyPath, severity: severity,
                                        message: message))
        }
        var firstIdentifier: [String: AppVocabulary.Location] = [:]
        for vocabulary in vocabulary.parameterVocabularies {
            if vocabulary.parameterNames.isEmpty {
                report(vocabulary.location, .error, "'ParameterNames' is empty; expected at least one 'Intent.parameter'")
            }
            for (name, location) in zip(vocabulary.parameterNames, vocabulary.parameterNameLocations)
            where !Self.isParameterName(name) {
                report(location, .error, "'\(name)' is not a parameter name; expected a form like "
                    + "'INStartWorkoutIntent.workoutName'")
            }
            for item in vocabulary.items {
                if let first = firstIdentifier[item.identifier] {
                    report(item.location, .error, "'VocabularyItemIdentifier' '\(item.identifier)' repeats the one at "
                        + "\(first.keyPath)\(first.line.map { " (line \($0))" } ?? ""); identifiers must be unique")
                } else {
                    firstIdentifier[item.identifier] = item.location
                }
                for synonym in item.synonyms {
                    lintExamples(synonym.examples, at: synonym.exampleLocations, guidance: guidance, report: report)
                }
            }
        }
        for phrase in vocabulary.intentPhrases {
            lintExamples(phrase.examples, at: phrase.exampleLocations, guidance: guidance, report: report)
            if phrase.examples.count < guidance.minimumExamplesPerIntent {
                report(phrase.location, .warning, "'\(phrase.intentName)' has \(phrase.examples.count) "
                    + "example\(phrase.examples.count == 1 ? "" : "s"); give at least \(guidance.minimumExamplesPerIntent), "
                    + "most common first")
            }
        }
        return findings
    }

    private func lintExamples(
        _ examples: [String], at locations: [AppVocabulary.Location], guidance: ExampleGuidance,
        report: (AppVocabulary.Location, LintFinding.Severity, String) -> Void
    ) {
        // Phrases are compared as folded words, and quoted as the locale data writes them.
        let address = guidance.assistantAddress.map { ($0, words($0)) }.sorted { $0.1.count > $1.1.count }
        let pleasantries = guidance.pleasantries.map { ($0, words($0)) }
        let appName = guidance.appName.map(words)
        for (example, location) in zip(examples, locations) {
            let exampleWords = words(example)
            if let (phrase, _) = address.first(where: { Self.contains(exampleWords, $0.1) }) {
                report(location, .error, "example '\(example)' addresses the assistant ('\(phrase)'); examples never do")
            }
            for (phrase, phraseWords) in pleasantries where Self.contains(exampleWords, phraseWords) {
                report(location, .warning, "example '\(example)' contains the pleasantry '\(phrase)'; leave pleasantries out")
            }
            if let appName, !appName.isEmpty, !Self.contains(exampleWords, appName) {
                report(location, .warning, "example '\(example)' does not name the app "
                    + "('\(guidance.appName ?? "")'); include it")
            }
            if exampleWords.count > guidance.maximumExampleWords {
                report(location, .warning, "example '\(example)' has \(exampleWords.count) words; keep examples to "
                    + "\(guidance.maximumExampleWords) or fewer")
            }
        }
    }

    /// Whether `phrase` occurs as consecutive words of `text`.
    static func contains(_ text: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= text.count else { return false }
        return (0...(text.count - phrase.count)).contains { text[$0..<($0 + phrase.count)].elementsEqual(phrase) }
    }

    /// Checks locales against each other: an identifier, parameter or intent present in one locale and
    /// missing in another is a missing translation.
    ///
    /// - Parameter files: Each locale's code, file path and content.
    /// - Returns: One error per missing translation, reported on the file that lacks it.
    public func crossCheck(_ files: [(locale: String, path: String, vocabulary: AppVocabulary)]) -> [LintFinding] {
        func keys(_ vocabulary: AppVocabulary) -> [(kind: String, name: String)] {
            vocabulary.parameterNames.map { ("parameter", $0) }
                + vocabulary.parameterVocabularies.flatMap(\.items).map { ("identifier", $0.identifier) }
                + vocabulary.intentPhrases.map { ("intent", $0.intentName) }
        }
        var findings: [LintFinding] = []
        for file in files {
            let present = Set(keys(file.vocabulary).map { "\($0.kind)\u{1F}\($0.name)" })
            var reported = Set<String>()
            for other in files where other.locale != file.locale {
                for key in keys(other.vocabulary) where !present.contains("\(key.kind)\u{1F}\(key.name)") {
                    guard reported.insert("\(key.kind)\u{1F}\(key.name)").inserted else { continue }
                    let holders = files.filter { keys($0.vocabulary).contains { $0 == key } }.map(\.locale)
                    findings.append(LintFinding(
                        path: file.path, line: nil, keyPath: "", severity: .error,
                        message: "missing translation: \(key.kind) '\(key.name)' is in \(holders.joined(separator: ", ")) "
                            + "but not in \(file.locale)"))
                }
            }
        }
        return findings
    }
}
