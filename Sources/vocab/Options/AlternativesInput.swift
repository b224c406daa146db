import ArgumentParser
import Foundation
import VocabCore

/// A recognizer's other hypotheses given to `vocab resolve`: `--alternative TEXT[=CONFIDENCE]` (repeatable) or
/// `--alternatives FILE` (JSON: `[{"text": ..., "confidence": ..., "score": ...}]`, `-` for standard input).
struct AlternativesInput: ParsableArguments {
    @Option(name: .customLong("alternative"), help: ArgumentHelp(
        "Another hypothesis of the recognizer, best first after the query; '=0.2' at the end gives its confidence "
            + "(0…1; without it, unknown). Repeatable, at most 10.", valueName: "text[=confidence]"))
    var alternative: [String] = []

    @Option(name: .customLong("alternatives"), help: ArgumentHelp(
        "The recognizer's hypotheses as JSON, best first: [{\"text\": ..., \"confidence\": ..., \"score\": ...}] "
            + "(confidence and score optional; '-' reads standard input).", valueName: "file"))
    var alternativesFile: String?

    func validate() throws {
        if !alternative.isEmpty && alternativesFile != nil {
            throw ValidationError("give --alternative or --alternatives, not both")
        }
        for (position, given) in alternative.enumerated() { _ = try Self.parse(given, position: position) }
    }

    /// `TEXT=0.25` → the text with confidence 0.25; a text whose last `=` is not followed by a number is all text.
    static func parse(_ given: String, position: Int) throws -> Hypothesis {
        let subject = "--alternative '\(given)'"
        if let equals = given.lastIndex(of: "="), let confidence = Double(given[given.index(after: equals)...]) {
            guard confidence.isFinite, (0...1).contains(confidence) else {
                throw ValidationError("\(subject): confidence \(given[given.index(after: equals)...]) is not within 0…1")
            }
            return Hypothesis(text: String(given[..<equals]), confidence: confidence)
        }
        return Hypothesis(text: given)
    }

    /// The alternatives given, read and checked (their limits are checked against the query by the resolver).
    func hypotheses() throws -> [Hypothesis] {
        if let alternativesFile { return try Self.read(alternativesFile) }
        return try alternative.enumerated().map { try Self.parse($1, position: $0) }
    }

    /// The name of an alternative in errors.
    func name(of position: Int) -> String {
        alternativesFile.map { "\($0): alternatives[\(position)]" } ?? "--alternative '\(alternative[position])'"
    }

    private static func read(_ path: String) throws -> [Hypothesis] {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = try InputFile.read(path, what: "an alternatives file")
        }
        guard let document = try? JSONSerialization.jsonObject(with: data), let list = document as? [Any] else {
            throw CommandFailure(description: "\(path): expected a JSON list of alternatives, [{\"text\": ...}, ...]")
        }
        return try list.enumerated().map { position, item in
            let at = "\(path): alternatives[\(position)]"
            do throws(Hypothesis.JSONProblem) {
                return try Hypothesis(json: item, allowingOtherKeys: false)
            } catch {
                switch error {
                case .notAnObject: throw CommandFailure(description: "\(at): must be an object")
                case .unknownKey(let key):
                    throw CommandFailure(description: "\(at): unknown key '\(key)'; expected text or phones, confidence, score")
                case .textNotAString: throw CommandFailure(description: "\(at): key 'text' (or 'phones') must be a string")
                case .phonesNotAString: throw CommandFailure(description: "\(at): key 'phones' must be a string")
                case .textAndPhones: throw CommandFailure(description: "\(at): give 'text' or 'phones', not both")
                case .notANumber(let key): throw CommandFailure(description: "\(at): key '\(key)' must be a number")
                }
            }
        }
    }
}
