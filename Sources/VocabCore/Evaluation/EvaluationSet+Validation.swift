import Foundation

/// Why an evaluation set was refused: the file, the vocabulary or case (by position or id) and the key.
public struct EvaluationSetError: Error, Sendable, CustomStringConvertible {
    /// The whole message, e.g. `dev.json: case 'fr-FR/0003': duplicate case id`.
    public let description: String

    public init(_ description: String) { self.description = description }
}

extension EvaluationSet {
    /// Reads an evaluation set from parsed JSON, refusing exactly what `../shared/eval/score.py` refuses, with
    /// its messages (so a set `vocab eval` scores is one the reference scorer scores too), and also any string
    /// or query over ``TextLimits``.
    ///
    /// The rules, in `score.py`'s order: the document is an object whose `vocabularies` and `cases` are lists;
    /// each vocabulary an object with a non-empty string `id` (unique) and `strings`, a list of strings; each
    /// case an object with non-empty strings `id` (unique), `vocabulary` (a known id), `language`, `query` and
    /// `category`, and an object `expect` whose `outcome` is `success`, `disambiguation` or `unsupported` with
    /// 1, 2–10 or 0 `terms`, each in the case's vocabulary; at least one case.
    ///
    /// - Parameters:
    ///   - object: What `JSONSerialization` read.
    ///   - source: How messages name the file.
    /// - Throws: ``EvaluationSetError`` naming the file, the vocabulary or case, and the key at fault.
    public init(validating object: Any, source: String) throws(EvaluationSetError) {
        func fail(_ message: String) -> EvaluationSetError { EvaluationSetError("\(source): \(message)") }
        guard let document = object as? [String: Any] else {
            throw fail("the set must be a JSON object, found \(Self.typeName(object))")
        }
        for key in ["vocabularies", "cases"] where !(document[key] is [Any]) {
            throw fail("key '\(key)' must be a list")
        }
        var vocabularies: [Vocabulary] = []
        var strings: [String: Set<String>] = [:]
        for (number, element) in (document["vocabularies"] as? [Any] ?? []).enumerated() {
            let place = "vocabularies[\(number)]"
            guard let entry = element as? [String: Any] else { throw fail("\(place): must be an object") }
            guard let id = entry["id"] as? String, !id.isEmpty else {
                throw fail("\(place): key 'id' must be a non-empty string")
            }
            guard let terms = Self.strings(entry["strings"]) else {
                throw fail("\(place) (\(id)): key 'strings' must be a list of strings")
            }
            if strings[id] != nil { throw fail("\(place): duplicate vocabulary id '\(id)'") }
            for (index, term) in terms.enumerated() {
                if let problem = VocabularyFile.problem(with: term) {
                    throw fail("\(place) (\(id)): strings[\(index)]: \(problem)")
                }
            }
            strings[id] = Set(terms)
            vocabularies.append(Vocabulary(id: id, language: entry["language"] as? String, type: entry["type"] as? String,
                                           strings: terms))
        }
        var cases: [Case] = []
        var seen = Set<String>()
        for (number, element) in (document["cases"] as? [Any] ?? []).enumerated() {
            guard let entry = element as? [String: Any] else { throw fail("cases[\(number)]: must be an object") }
            var fields: [String: String] = [:]
            for key in ["id", "vocabulary", "language", "query", "category"] {
                guard let value = entry[key] as? String, !value.isEmpty else {
                    throw fail("cases[\(number)]: key '\(key)' must be a non-empty string")
                }
                fields[key] = value
            }
            let id = fields["id"]!
            let place = "case '\(id)'"
            if !seen.insert(id).inserted { throw fail("\(place): duplicate case id") }
            guard let vocabulary = strings[fields["vocabulary"]!] else {
                throw fail("\(place): unknown vocabulary '\(fields["vocabulary"]!)'")
            }
            if let problem = TextLimits.lengthProblem(with: fields["query"]!, noun: "query") {
                throw fail("\(place): key 'query': \(problem)")
            }
            guard let expect = entry["expect"] as? [String: Any] else {
                throw fail("\(place): key 'expect' must be an object")
            }
            let outcomes = ["disambiguation", "success", "unsupported"]
            guard let outcome = expect["outcome"] as? String, outcomes.contains(outcome) else {
                throw fail("\(place): expect.outcome must be one of \(Self.pythonList(outcomes)), found "
                    + Self.pythonRepr(expect["outcome"]))
            }
            guard let terms = Self.strings(expect["terms"]) else {
                throw fail("\(place): expect.terms must be a list of strings")
            }
            let wanted = ["success": 1...1, "disambiguation": 2...10, "unsupported": 0...0][outcome]!
            guard wanted.contains(terms.count) else {
                throw fail("\(place): expect.outcome '\(outcome)' needs \(wanted.lowerBound)..\(wanted.upperBound) "
                    + "terms, found \(terms.count)")
            }
            if let missing = terms.first(where: { !vocabulary.contains($0) }) {
                throw fail("\(place): expected term \(Self.pythonRepr(missing)) is not in vocabulary "
                    + "'\(fields["vocabulary"]!)'")
            }
            var alternatives: [Hypothesis]?
            if let given = entry["alternatives"] {
                guard let list = given as? [Any] else { throw fail("\(place): key 'alternatives' must be a list") }
                alternatives = []
                for (position, item) in list.enumerated() {
                    let at = "\(place): alternatives[\(position)]"
                    let hypothesis: Hypothesis
                    do throws(Hypothesis.JSONProblem) {
                        hypothesis = try Hypothesis(json: item, allowingOtherKeys: true)
                    } catch {
                        switch error {
                        case .notAnObject: throw fail("\(at) must be an object")
                        case .textNotAString, .unknownKey:  // other keys are allowed here: only `text` can be at fault
                            throw fail("\(at): key 'text' must be a non-empty string")
                        case .phonesNotAString: throw fail("\(at): key 'phones' must be a string")
                        case .textAndPhones: throw fail("\(at): give 'text' or 'phones', not both")
                        case .notANumber(let key): throw fail("\(at): key '\(key)' must be a number")
                        }
                    }
                    guard !hypothesis.text.isEmpty || hypothesis.phones != nil else {
                        throw fail("\(at): key 'text' must be a non-empty string")
                    }
                    alternatives!.append(hypothesis)
                }
                do {
                    _ = try Hypothesis.checked(query: fields["query"]!, alternatives: alternatives!,
                                               noun: { "alternatives[\($0)]" })
                } catch {
                    throw fail("\(place): \(error.subject) \(error.problem)")
                }
            }
            cases.append(Case(id: id, vocabulary: fields["vocabulary"]!, language: fields["language"]!,
                              query: fields["query"]!, category: fields["category"]!,
                              expect: Expectation(outcome: outcome, terms: terms), alternatives: alternatives))
        }
        if cases.isEmpty { throw fail("the set has no cases") }
        self.init(name: document["name"] as? String, vocabularies: vocabularies, cases: cases)
    }

    /// A list of strings, or `nil` when the value is anything else.
    private static func strings(_ value: Any?) -> [String]? {
        guard let list = value as? [Any] else { return nil }
        let strings = list.compactMap { $0 as? String }
        return strings.count == list.count ? strings : nil
    }

    /// Python's name for a JSON value's type, as `score.py` prints it.
    static func typeName(_ value: Any) -> String {
        switch value {
        case is [String: Any]: "dict"
        case is [Any]: "list"
        case is String: "str"
        case is NSNull: "null"
        case let number as NSNumber: number.doubleValue == number.doubleValue.rounded() ? "int" : "float"
        default: "\(type(of: value))"
        }
    }

    /// Python's `repr` of a string (or `None`), as `score.py` prints values: single quotes unless the text
    /// holds one.
    static func pythonRepr(_ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "None" }
        guard let text = value as? String else { return "\(value)" }
        return text.contains("'") && !text.contains("\"") ? "\"\(text)\"" : "'\(text.replacingOccurrences(of: "'", with: "\\'"))'"
    }

    private static func pythonList(_ values: [String]) -> String {
        "[" + values.map { "'\($0)'" }.joined(separator: ", ") + "]"
    }
}
