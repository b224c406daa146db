public import Foundation
public import VocabCore

/// Reads `AppIntentVocabulary.plist` files (XML or binary) into ``VocabCore/AppVocabulary``, reporting
/// every structural problem with the file, key path and, for XML, the line.
public enum AppVocabularyFile {
    /// The file name in a locale folder.
    public static let fileName = "AppIntentVocabulary.plist"

    /// What reading a file produced: the model when the file could be read at all, and the findings.
    public struct Reading: Sendable {
        public let vocabulary: AppVocabulary?
        public let findings: [LintFinding]
    }

    /// Reads a file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - path: How findings name it.
    public static func read(_ url: URL, path: String) -> Reading {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return Reading(vocabulary: nil, findings: [
                LintFinding(path: path, line: nil, keyPath: "", severity: .error, message: "cannot read the file"),
            ])
        }
        return parse(data, path: path)
    }

    /// Parses a property list's bytes.
    public static func parse(_ data: Data, path: String) -> Reading {
        // Foundation crashes on some malformed binary property lists: their structure is checked first.
        if let problem = BinaryPlistCheck.problem(in: [UInt8](data)) {
            return Reading(vocabulary: nil, findings: [
                LintFinding(path: path, line: nil, keyPath: "", severity: .error, message: "not a valid property list: \(problem)"),
            ])
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            // Only PropertyListSerialization's debug description carries the real line of a syntax error.
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            return Reading(vocabulary: nil, findings: [
                LintFinding(path: path, line: lineNumber(in: detail), keyPath: "", severity: .error,
                            message: "not a valid property list: \(detail)"),
            ])
        }
        var walker = Walker(path: path, lines: format == .xml ? PlistLineMap.lines(of: data) : [:])
        let vocabulary = walker.read(root)
        return Reading(vocabulary: vocabulary, findings: walker.findings)
    }

    /// The number after "line" in a message such as "Encountered unknown tag ... on line 24".
    static func lineNumber(in message: String) -> Int? {
        guard let range = message.range(of: "line ") else { return nil }
        return Int(message[range.upperBound...].prefix(while: \.isNumber))
    }

    /// Walks the parsed tree, building the model and collecting findings.
    private struct Walker {
        let path: String
        let lines: [String: Int]
        var findings: [LintFinding] = []

        init(path: String, lines: [String: Int]) {
            self.path = path
            self.lines = lines
        }

        func location(_ keyPath: String) -> AppVocabulary.Location {
            AppVocabulary.Location(keyPath: keyPath, line: lines[keyPath])
        }

        mutating func error(_ keyPath: String, _ message: String) {
            findings.append(LintFinding(path: path, line: lines[keyPath], keyPath: keyPath, severity: .error,
                                        message: message))
        }

        mutating func warning(_ keyPath: String, _ message: String) {
            findings.append(LintFinding(path: path, line: lines[keyPath], keyPath: keyPath, severity: .warning,
                                        message: message))
        }

        static func typeName(_ value: Any) -> String {
            switch value {
            case is String: "a string"
            case is [Any]: "an array"
            case is [String: Any]: "a dictionary"
            case is Bool: "a boolean"
            case is NSNumber: "a number"
            case is Date: "a date"
            case is Data: "data"
            default: "\(type(of: value))"
            }
        }

        /// A required or optional value of an expected type in a dictionary.
        mutating func value<T>(_ dictionary: [String: Any], _ key: String, at keyPath: String, as _: T.Type,
                               expected: String, required: Bool) -> T? {
            let child = keyPath.isEmpty ? key : "\(keyPath).\(key)"
            guard let raw = dictionary[key] else {
                if required { error(keyPath, "missing '\(key)'") }
                return nil
            }
            guard let typed = raw as? T else {
                error(child, "'\(key)' must be \(expected), found \(Self.typeName(raw))")
                return nil
            }
            return typed
        }

        /// The strings of an array, each with its own key path.
        mutating func strings(_ dictionary: [String: Any], _ key: String, at keyPath: String,
                              required: Bool) -> [(text: String, keyPath: String)]? {
            guard let array = value(dictionary, key, at: keyPath, as: [Any].self, expected: "an array of strings",
                                    required: required) else { return nil }
            var result: [(text: String, keyPath: String)] = []
            for (index, element) in array.enumerated() {
                let elementPath = "\(keyPath).\(key)[\(index)]"
                guard let text = element as? String else {
                    error(elementPath, "must be a string, found \(Self.typeName(element))")
                    continue
                }
                if text.trimmingCharacters(in: .whitespaces).isEmpty {
                    error(elementPath, "is empty; expected text")
                    continue
                }
                if let problem = TextLimits.lengthProblem(with: text, noun: "text") {
                    error(elementPath, "is refused: \(problem)")
                    continue
                }
                result.append((text, elementPath))
            }
            return result
        }

        mutating func dictionaries(_ dictionary: [String: Any], _ key: String, at keyPath: String,
                                   required: Bool) -> [(String, [String: Any])] {
            guard let array = value(dictionary, key, at: keyPath, as: [Any].self, expected: "an array of dictionaries",
                                    required: required) else { return [] }
            var result: [(String, [String: Any])] = []
            for (index, element) in array.enumerated() {
                let childPath = keyPath.isEmpty ? "\(key)[\(index)]" : "\(keyPath).\(key)[\(index)]"
                guard let child = element as? [String: Any] else {
                    error(childPath, "must be a dictionary, found \(Self.typeName(element))")
                    continue
                }
                result.append((childPath, child))
            }
            return result
        }

        mutating func unknownKeys(_ dictionary: [String: Any], at keyPath: String, known: Set<String>) {
            for key in dictionary.keys.sorted() where !known.contains(key) {
                warning(keyPath, "unknown key '\(key)'; expected one of \(known.sorted().joined(separator: ", "))")
            }
        }

        mutating func read(_ root: Any) -> AppVocabulary? {
            guard let top = root as? [String: Any] else {
                error("", "the top level must be a dictionary, found \(Self.typeName(root))")
                return nil
            }
            unknownKeys(top, at: "", known: ["ParameterVocabularies", "IntentPhrases"])
            if top["ParameterVocabularies"] == nil && top["IntentPhrases"] == nil {
                error("", "neither 'ParameterVocabularies' nor 'IntentPhrases'; a vocabulary file needs at least one")
                return AppVocabulary(parameterVocabularies: [], intentPhrases: [])
            }
            if top["ParameterVocabularies"] == nil {
                error("", "missing 'ParameterVocabularies' (required; 'IntentPhrases' alone is not enough)")
            }
            var vocabularies: [AppVocabulary.ParameterVocabulary] = []
            for (path, entry) in dictionaries(top, "ParameterVocabularies", at: "", required: false) {
                unknownKeys(entry, at: path, known: ["ParameterNames", "ParameterVocabulary"])
                let names = strings(entry, "ParameterNames", at: path, required: true) ?? []
                var items: [AppVocabulary.Item] = []
                for (itemPath, item) in dictionaries(entry, "ParameterVocabulary", at: path, required: true) {
                    unknownKeys(item, at: itemPath, known: ["VocabularyItemIdentifier", "VocabularyItemSynonyms"])
                    let identifier = value(item, "VocabularyItemIdentifier", at: itemPath, as: String.self,
                                           expected: "a string", required: true)
                    if let identifier, identifier.trimmingCharacters(in: .whitespaces).isEmpty {
                        error("\(itemPath).VocabularyItemIdentifier", "is empty; expected a unique identifier")
                    }
                    var synonyms: [AppVocabulary.Synonym] = []
                    let synonymEntries = dictionaries(item, "VocabularyItemSynonyms", at: itemPath, required: true)
                    if item["VocabularyItemSynonyms"] is [Any] && synonymEntries.isEmpty {
                        error("\(itemPath).VocabularyItemSynonyms", "is empty; expected at least one synonym")
                    }
                    for (synonymPath, synonym) in synonymEntries {
                        unknownKeys(synonym, at: synonymPath, known: [
                            "VocabularyItemPhrase", "VocabularyItemPronunciation", "VocabularyItemExamples",
                        ])
                        guard let phrase = value(synonym, "VocabularyItemPhrase", at: synonymPath, as: String.self,
                                                 expected: "a string", required: true) else { continue }
                        if phrase.trimmingCharacters(in: .whitespaces).isEmpty {
                            error("\(synonymPath).VocabularyItemPhrase", "is empty; expected the term")
                            continue
                        }
                        if let problem = TextLimits.lengthProblem(with: phrase, noun: "phrase") {
                            error("\(synonymPath).VocabularyItemPhrase", "is refused: \(problem)")
                            continue
                        }
                        let pronunciation = value(synonym, "VocabularyItemPronunciation", at: synonymPath, as: String.self,
                                                  expected: "a string", required: false)
                        if let pronunciation, let problem = TextLimits.lengthProblem(with: pronunciation, noun: "hint") {
                            error("\(synonymPath).VocabularyItemPronunciation", "is refused: \(problem)")
                            continue
                        }
                        let examples = strings(synonym, "VocabularyItemExamples", at: synonymPath, required: false) ?? []
                        synonyms.append(AppVocabulary.Synonym(
                            phrase: phrase, pronunciation: pronunciation, examples: examples.map(\.text),
                            location: location(synonymPath), exampleLocations: examples.map { location($0.keyPath) }))
                    }
                    if let identifier, !identifier.isEmpty {
                        items.append(AppVocabulary.Item(identifier: identifier, synonyms: synonyms,
                                                        location: location(itemPath)))
                    }
                }
                vocabularies.append(AppVocabulary.ParameterVocabulary(
                    parameterNames: names.map(\.text), items: items, location: location(path),
                    parameterNameLocations: names.map { location($0.keyPath) }))
            }
            var phrases: [AppVocabulary.IntentPhrase] = []
            for (path, entry) in dictionaries(top, "IntentPhrases", at: "", required: false) {
                unknownKeys(entry, at: path, known: ["IntentName", "IntentExamples"])
                guard let name = value(entry, "IntentName", at: path, as: String.self, expected: "a string",
                                       required: true) else { continue }
                let examples = strings(entry, "IntentExamples", at: path, required: true) ?? []
                phrases.append(AppVocabulary.IntentPhrase(
                    intentName: name, examples: examples.map(\.text), location: location(path),
                    exampleLocations: examples.map { location($0.keyPath) }))
            }
            return AppVocabulary(parameterVocabularies: vocabularies, intentPhrases: phrases)
        }
    }
}
