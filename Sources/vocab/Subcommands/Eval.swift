import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales

#if canImport(Glibc)
import Glibc
#endif

/// `vocab eval`: resolves every case of an evaluation set and scores the outcomes.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve an evaluation set's cases and print the scores of ../shared/eval/score.py.",
        discussion: """
            Each case resolves in its own Siri language against its vocabulary. Example:
              vocab eval ../shared/eval/dev.json --predictions predictions.jsonl
            """
    )

    @Argument(help: ArgumentHelp("The evaluation set (JSON, see ../shared/eval/FORMAT.md).", valueName: "set"))
    var set: String

    @Option(name: .long, help: ArgumentHelp("Write one prediction per case to this JSON Lines file.", valueName: "file"))
    var predictions: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write each case's scored candidates with their features, probabilities and labels to this JSON Lines "
            + "file (the input of scripts/train/train_decision.py).", valueName: "file"))
    var trace: String?

    @Flag(name: .customLong("first-only"), help: ArgumentHelp(
        "Resolve each case's query alone, as if the set gave no alternatives (to show what they add)."))
    var firstOnly = false

    @Option(name: .customLong("repeat"), help: ArgumentHelp(
        "Time each case this many times and keep its fastest run (1…100; the latency lines only: on a shared "
            + "machine the fastest of several runs is the stable figure). A case's alternatives are then timed "
            + "against its query alone, turn about in the same runs.", valueName: "n"))
    var runs: Int = 1

    @Option(name: .long, help: ArgumentHelp(
        "Name the n slowest cases, with their time, how many times their query alone they took (when --repeat "
            + "timed a set with alternatives; 1.0× for a case without), and how many alternatives they have.",
        valueName: "n"))
    var slowest: Int?

    @OptionGroup var localesOptions: LocalesOptions

    @Option(name: .customLong("recognizer"), help: ArgumentHelp(
        "The recognizer that wrote the set's queries, whose profile decides: typed, pocketsphinx, "
            + "pocketsphinx-grammar, whisper, whisper-phones, whisper-prompted; shared for the decision trained on all of "
            + "them; auto "
            + "(the default) to guess it from how the set is written as a whole (capitals, punctuation, dictionary "
            + "words, names written as listed), the shared decision when the set is small or mixed.",
        valueName: "name"))
    var recognizer: String = RecognizerGuess.automaticName

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "Override a word-matcher threshold, e.g. floor=0.65 (floor, weakestWordFloor, accept, weakestWordForAccept, "
            + "margin, band; accept and the rest decide only where a language has no decision model).", valueName: "name=value"))
    var policy: [String] = []

    func validate() throws {
        _ = try resolutionPolicy()
        if recognizer != RecognizerGuess.automaticName && !RecognizerProfile.isValidName(recognizer) {
            throw ValidationError(RecognizerChoice.notAName(
                recognizer, alsoAccepted: [RecognizerGuess.automaticName, Resolver.sharedDecisionName]))
        }
        guard (1...100).contains(runs) else {
            throw ValidationError("--repeat \(runs) is out of range; expected a count of runs from 1 to 100")
        }
        if let slowest, slowest < 1 { throw ValidationError("--slowest '\(slowest)' must be at least 1") }
        if slowest != nil && json {
            throw ValidationError("--slowest adds to the text report; --json prints the scores alone, without times")
        }
    }

    /// The standard policy with `--policy` overrides applied.
    private func resolutionPolicy() throws -> ResolutionPolicy {
        var result = ResolutionPolicy.standard
        let fields: [String: WritableKeyPath<ResolutionPolicy, Double>] = [
            "floor": \.floor, "weakestWordFloor": \.weakestWordFloor, "accept": \.accept,
            "weakestWordForAccept": \.weakestWordForAccept, "margin": \.margin, "band": \.band,
        ]
        for item in policy {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let field = fields[parts[0]], let value = Double(parts[1]), (0...1).contains(value) else {
                throw ValidationError("--policy '\(item)' is not a threshold setting; expected name=value with a value "
                    + "in 0...1 and a name among \(fields.keys.sorted().joined(separator: ", "))")
            }
            result[keyPath: field] = value
        }
        return result
    }

    func run() throws {
        let policy = try resolutionPolicy()
        if let predictions { try checkPredictionsPath(predictions) }
        if let trace { try checkPredictionsPath(trace) }
        let evaluation = try load()
        let directory = try localesOptions.directory()
        let tags = ICULanguageTags()
        let normalizer = ICUTextNormalizer()
        let vocabularies = Dictionary(evaluation.vocabularies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var contexts: [String: LanguageContext] = [:]
        var indexes: [String: VocabularyIndex] = [:]
        var results: [String: Prediction] = [:]
        var lines: [String] = []
        var latencies: [Duration] = []
        var latenciesAlone: [Duration] = []
        var timedAlone = false  // whether any case's alternatives were timed against its query alone
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var traceLines: [String] = trace == nil ? [] : [try DecisionTrace.header(encoder: encoder)]
        var observations: [String: [CalibrationScores.Observation]] = [:]
        let clock = ContinuousClock()
        // Every list's index first: a guessed recognizer reads the whole set before any case is decided.
        for testCase in evaluation.cases {
            let vocabulary = vocabularies[testCase.vocabulary]!  // load() checked every case's vocabulary
            let key = Self.key(of: testCase)
            if indexes[key] == nil {
                let context: LanguageContext
                if let cached = contexts[testCase.language] {
                    context = cached
                } else {
                    let code: SiriLanguageCode
                    do { code = try tags.canonicalize(testCase.language) } catch {
                        throw CommandFailure(description: "\(set): case '\(testCase.id)': \(error.from("language"))")
                    }
                    context = try LanguageContext(request: LanguageRequest(code: code, source: .argument("the case")),
                                                  directory: directory, tags: tags, normalizer: normalizer)
                    contexts[testCase.language] = context
                }
                indexes[key] = try VocabularyIndex(terms: vocabulary.strings, preparer: context.preparer)
            }
        }
        let profiles = Set(contexts.values.first.map { Array($0.preparer.phonetics.recognizers.keys) } ?? [])
        var guess: RecognizerGuess?
        var chosen: String? = recognizer == Resolver.sharedDecisionName ? nil : recognizer
        if recognizer == RecognizerGuess.automaticName {
            let guessed = Self.guess(evaluation.cases, indexes: indexes, profiles: profiles, usingAlternatives: !firstOnly)
            guess = guessed
            chosen = guessed.recognizer
        }
        var resolvers: [String: Resolver] = [:]
        for (key, index) in indexes {
            do {
                resolvers[key] = try Resolver(index: index, policy: policy, recognizerNamed: chosen)
            } catch let error as VocabularyError {
                throw CommandFailure(description: "--recognizer: \(error.subject) \(error.problem)")
            }
        }
        for testCase in evaluation.cases {
            let vocabulary = vocabularies[testCase.vocabulary]!
            let key = Self.key(of: testCase)
            var result: Resolver.Result?
            let alternatives = firstOnly ? [] : testCase.alternatives ?? []
            let resolver = resolvers[key]!
            let noun = { (position: Int) in "\(set): case '\(testCase.id)': alternatives[\(position)]" }
            var fastest = try clock.measure {
                result = try resolver.resolve(testCase.query, alternatives: alternatives, noun: noun)
            }
            // With several runs, a case's alternatives are timed against its query alone in the same runs, turn
            // about, so that the machine's drift weighs on both alike (a case without alternatives is its query
            // alone).
            var fastestAlone: Duration?
            for _ in 1..<runs {
                if !alternatives.isEmpty {
                    let alone = try clock.measure { _ = try resolver.resolve(testCase.query, alternatives: []) }
                    fastestAlone = min(fastestAlone ?? alone, alone)
                }
                fastest = min(fastest, try clock.measure { _ = try resolver.resolve(testCase.query, alternatives: alternatives) })
            }
            latencies.append(fastest)
            latenciesAlone.append(fastestAlone ?? fastest)
            timedAlone = timedAlone || fastestAlone != nil
            let resolution = result!.resolution
            if trace != nil { traceLines.append(try DecisionTrace.line(for: testCase, vocabulary: vocabulary.strings, result: result!, encoder: encoder)) }
            if let top = result!.ranked.first, let probability = top.probability {
                observations[testCase.language, default: []].append(CalibrationScores.Observation(
                    probability: probability, isRight: testCase.expect.terms.contains(top.term),
                    expectsOne: testCase.expect.outcome == "success"))
            }
            let prediction = Prediction(id: testCase.id, resolution: resolution)
            results[testCase.id] = prediction
            lines.append(String(decoding: try encoder.encode(prediction), as: UTF8.self))
        }
        if let predictions { try writePredictions(lines, to: predictions) }
        if let trace { try writePredictions(traceLines, to: trace) }
        let scores = EvaluationScores(cases: evaluation.cases, predictions: results)
        let calibration = calibrationScores(observations, cases: evaluation.cases)
        if json {
            try JSONOutput.print(EvaluationJSON(scores: scores, calibration: calibration.isEmpty ? nil : calibration,
                                                recognizer: chosen ?? Resolver.sharedDecisionName,
                                                guess: guess?.reason))
        } else {
            print(EvaluationReport.text(scores, set: evaluation.name ?? set, cases: evaluation.cases.count,
                                        recognizer: chosen, guess: guess?.reason, profiles: profiles.sorted(),
                                        latencies: latencies, runs: runs,
                                        latenciesAlone: timedAlone ? latenciesAlone : []))
            if let slowest {
                print("")
                print(EvaluationReport.slowest(slowest, cases: evaluation.cases, latencies: latencies,
                                               latenciesAlone: timedAlone ? latenciesAlone : [], usingAlternatives: !firstOnly))
            }
            if !calibration.isEmpty { print(""); print(CalibrationReport.text(calibration)) }
        }
    }

    /// A case's list in its language: the key of its index and resolver.
    private static func key(of testCase: EvaluationSet.Case) -> String {
        testCase.language + "\u{1F}" + testCase.vocabulary
    }

    /// The recognizer that wrote the set, guessed from how its queries are written against their lists.
    ///
    /// - Parameter usingAlternatives: Whether the cases' alternatives are resolved (an alternative of phones is
    ///   PocketSphinx's phone loop).
    static func guess(_ cases: [EvaluationSet.Case], indexes: [String: VocabularyIndex], profiles: Set<String>,
                      usingAlternatives: Bool) -> RecognizerGuess {
        let queries = cases.map { testCase in
            RecognizerGuess.Query(list: key(of: testCase), text: testCase.query,
                                  hasPhoneAlternative: usingAlternatives && (testCase.alternatives ?? []).contains { $0.phones != nil })
        }
        return RecognizerGuess.guess(queries, indexes: indexes, profiles: profiles)
    }

    /// The calibration overall (key `all`) and per language, when the decision model scored anything.
    private func calibrationScores(_ observations: [String: [CalibrationScores.Observation]],
                                   cases: [EvaluationSet.Case]) -> [String: CalibrationScores] {
        guard !observations.isEmpty else { return [:] }
        var result: [String: CalibrationScores] = [:]
        let byLanguage = Dictionary(grouping: cases, by: \.language)
        for (language, group) in byLanguage {
            result[language] = CalibrationScores(observations[language] ?? [], cases: group.count,
                                                 singleTermCases: group.filter { $0.expect.outcome == "success" }.count)
        }
        result["all"] = CalibrationScores(observations.values.flatMap { $0 }, cases: cases.count,
                                          singleTermCases: cases.filter { $0.expect.outcome == "success" }.count)
        return result
    }

    /// `vocab eval --json`: the scores (as before, at the top level), the calibration, the recognizer whose
    /// profile decided (`shared`: the shared decision) and, when it was guessed, why.
    private struct EvaluationJSON: Encodable {
        let scores: EvaluationScores
        let calibration: [String: CalibrationScores]?
        let recognizer: String
        let guess: String?

        func encode(to encoder: any Encoder) throws {
            try scores.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(calibration, forKey: .calibration)
            try container.encode(recognizer, forKey: .recognizer)
            try container.encodeIfPresent(guess, forKey: .recognizerGuess)
        }

        enum Key: String, CodingKey { case calibration, recognizer, recognizerGuess }
    }

    /// Reads and checks the set as `score.py` does (see ``EvaluationSet/init(validating:source:)``).
    private func load() throws -> EvaluationSet {
        let data = try InputFile.read(set, what: "an evaluation set")
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw CommandFailure(description: "\(set): not valid JSON (\(error.localizedDescription))")
        }
        do {
            return try EvaluationSet(validating: object, source: set)
        } catch {
            throw CommandFailure(description: error.description)
        }
    }

    /// Refuses a predictions path that holds anything but a regular file: the predictions are written through
    /// a temporary file renamed into place, which would replace a device, a folder or a symbolic link.
    private func checkPredictionsPath(_ path: String) throws {
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            let kind = switch status.st_mode & S_IFMT {
            case S_IFLNK: "a symbolic link"
            case S_IFDIR: "a folder"
            case S_IFCHR, S_IFBLK: "a device"
            default: "not a regular file"
            }
            throw CommandFailure(description: "--predictions '\(path)' is \(kind); expected a regular file to write")
        }
    }

    /// Writes the predictions through a temporary file renamed into place.
    private func writePredictions(_ lines: [String], to path: String) throws {
        try checkPredictionsPath(path)
        do {
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CommandFailure(description: "\(path): cannot write the predictions (\(error.localizedDescription))")
        }
    }
}

/// The text report of `vocab eval`, laid out like `score.py`'s.
enum EvaluationReport {
    /// The report.
    ///
    /// - Parameters:
    ///   - recognizer: The profile that decided (`nil`: the shared decision).
    ///   - guess: Why the recognizer was guessed so, when it was (`--recognizer auto`).
    ///   - profiles: The profiles the locale data has, named when the shared decision decided, so that a reader
    ///     who knows which recognizer wrote the set can ask for its own.
    static func text(_ scores: EvaluationScores, set: String, cases: Int, recognizer: String? = nil,
                     guess: String? = nil, profiles: [String] = [], latencies: [Duration], runs: Int = 1,
                     latenciesAlone: [Duration] = []) -> String {
        let decided = recognizer.map { ", decided by the profile of the recognizer '\($0)'" }
            ?? (profiles.isEmpty ? "" : ", decided by the shared model (trained on every recognizer's output)")
        var lines = ["set: \(set) (\(cases) cases)\(decided)"]
        if let guess { lines.append("recognizer guessed from the set's writing: " + guess) }
        if recognizer == nil && !profiles.isEmpty {
            lines.append("one recognizer's own decision: --recognizer " + profiles.joined(separator: " | "))
        }
        lines += ["false accept: lower is better; the others: higher is better", ""]
        lines += table("overall", ["all": scores.overall], order: ["all"])
        lines.append("")
        lines += table("by language", scores.byLanguage, order: scores.byLanguage.keys.sorted())
        lines.append("")
        let categories = scores.byCategory.keys.sorted { ($0 == "absent" ? 1 : 0, $0) < ($1 == "absent" ? 1 : 0, $1) }
        lines += table("by category", scores.byCategory, order: categories)
        let timed = percentiles(latencies)
        if !timed.isEmpty {
            let runsNote = runs > 1 ? ", the fastest of \(runs) runs of each case" : ""
            lines.append("")
            lines.append(String(format: "latency per query: p50 %.0f µs, p90 %.0f µs, p99 %.0f µs", timed[0], timed[1], timed[2])
                + " (index build excluded\(runsNote))")
        }
        let alone = percentiles(latenciesAlone)
        if !alone.isEmpty, !timed.isEmpty {
            lines.append(String(format: "the query alone, timed in the same runs: p50 %.0f µs, p90 %.0f µs, p99 %.0f µs; "
                + "with the alternatives %.1f×, %.1f×, %.1f× of it", alone[0], alone[1], alone[2],
                timed[0] / alone[0], timed[1] / alone[1], timed[2] / alone[2]))
        }
        return lines.joined(separator: "\n")
    }

    /// The `count` slowest cases, slowest first: time, its ratio to the query alone when that was timed, the
    /// case's id and query, and how many alternatives were resolved with it (`usingAlternatives`).
    static func slowest(_ count: Int, cases: [EvaluationSet.Case], latencies: [Duration],
                        latenciesAlone: [Duration] = [], usingAlternatives: Bool = true) -> String {
        let order = latencies.indices.sorted { latencies[$0] != latencies[$1] ? latencies[$0] > latencies[$1] : $0 < $1 }
        var lines = ["slowest cases:"]
        for position in order.prefix(count) {
            let time = BenchRun.microseconds(latencies[position])
            let ratio = latenciesAlone.isEmpty ? ""
                : String(format: "  %4.1f× alone", time / max(BenchRun.microseconds(latenciesAlone[position]), 0.001))
            let testCase = cases[position]
            let alternatives = usingAlternatives ? testCase.alternatives.map { "  (\($0.count) alternatives)" } ?? "" : ""
            lines.append(String(format: "  %8.1f µs", time) + ratio + "  \(testCase.id)  '\(testCase.query)'" + alternatives)
        }
        return lines.joined(separator: "\n")
    }

    /// The 50th, 90th and 99th percentiles of durations in µs (none when there are none).
    static func percentiles(_ durations: [Duration]) -> [Double] {
        let micros = durations.map(BenchRun.microseconds).sorted()
        guard !micros.isEmpty else { return [] }
        return [0.5, 0.9, 0.99].map { micros[min(micros.count - 1, Int($0 * Double(micros.count)))] }
    }

    private static func table(_ title: String, _ groups: [String: EvaluationScores.Group], order: [String]) -> [String] {
        func cell(_ ratio: EvaluationScores.Ratio) -> String {
            guard let value = ratio.value else { return String(repeating: " ", count: 18) }
            let text = String(format: "%5.1f%% %4d/%-4d", 100 * value, ratio.count, ratio.of)
            return String(repeating: " ", count: max(0, 18 - text.count)) + text
        }
        var lines = [title, "  " + "".padding(toLength: 18, withPad: " ", startingAt: 0) + "cases".leftPadded(6) + "  "
            + ["top-1", "recall@10", "false accept", "disambig."].map { $0.leftPadded(18) }.joined()]
        for key in order {
            guard let group = groups[key] else { continue }
            lines.append("  " + key.padding(toLength: 18, withPad: " ", startingAt: 0) + String(group.cases).leftPadded(6)
                + "  " + [group.top1, group.recall10, group.falseAccept, group.disambiguation].map(cell).joined())
        }
        return lines
    }
}

/// The calibration section of `vocab eval`'s text report.
enum CalibrationReport {
    static func text(_ calibration: [String: CalibrationScores]) -> String {
        let keys = ["all"] + calibration.keys.filter { $0 != "all" }.sorted()
        func percent(_ value: Double?) -> String { value.map { String(format: "%5.1f%%", 100 * $0) } ?? "     -" }
        var lines = ["calibration (the most probable candidate of each case: predicted probability against how often it "
            + "was right; Brier score, lower is better)"]
        lines.append("  " + "".padding(toLength: 8, withPad: " ", startingAt: 0)
            + (0..<10).map { String(format: "%.1f-%.1f", Double($0) / 10, Double($0 + 1) / 10).leftPadded(15) }.joined()
            + "Brier".leftPadded(8))
        for key in keys {
            guard let scores = calibration[key] else { continue }
            let cells = scores.bins.map { bin -> String in
                guard let observed = bin.observed else { return "-".leftPadded(15) }
                return String(format: "%.0f%% of %d", 100 * observed, bin.count).leftPadded(15)
            }
            lines.append("  " + key.padding(toLength: 8, withPad: " ", startingAt: 0) + cells.joined()
                + (scores.brier.map { String(format: "%.3f", $0) } ?? "-").leftPadded(8))
        }
        lines.append("")
        lines.append("trade-off (answering when the most probable candidate reaches the operating point: top-1 / false accept)")
        lines.append("  " + "".padding(toLength: 8, withPad: " ", startingAt: 0)
            + CalibrationScores.operatingPoints.map { String(format: "p ≥ %.2f", $0).leftPadded(16) }.joined())
        for key in keys {
            guard let scores = calibration[key] else { continue }
            lines.append("  " + key.padding(toLength: 8, withPad: " ", startingAt: 0)
                + scores.tradeOffs.map { "\(percent($0.top1)) / \(percent($0.falseAccept))".leftPadded(16) }.joined())
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
