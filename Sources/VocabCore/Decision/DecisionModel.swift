import Foundation

/// The calibrated decision: a conditional logit (McFadden 1974) over the candidates of one query and the
/// option that none of them was meant. Each candidate's utility is ``bias`` plus the weighted sum of its
/// ``CandidateFeatures``; "none" has utility 0; the probability that a candidate is the term the speaker meant is
/// its share of the softmax. Candidates compete for the probability: a name heard perfectly leaves little to a
/// runner-up, and two contacts named Guido share what one would get. The weights and the operating points are
/// data (`Locales/shared/decision-model.txt`, written by `scripts/train/train_decision.py`).
///
/// The outcome (see ``decide(_:)``): the most probable candidate is answered when its probability reaches
/// ``accept``; short of that, every candidate reaching ``offer`` is offered (two or more: a choice, at most
/// ``maximumOptions``; one: a confirmation); none: unsupported. ``accept`` is chosen on generated present and
/// absent cases to hold false accepts down: messaging the wrong person is worse than asking.
public struct DecisionModel: Sendable, Hashable {
    /// The intercept.
    public let bias: Double
    /// One weight per feature, in the order of ``featureNames``.
    public let weights: [Double]
    /// The features weighed: ``CandidateFeatures/names`` for the decision, ``AlternativeFeatures/names`` for
    /// the model that weighs a recognizer's alternatives.
    public let featureNames: [String]
    /// The least probability to answer without asking.
    public let accept: Double
    /// The least probability to answer in a language, by bare language code ("fr"), where the language has a
    /// point of its own (``accepting(inLanguage:)``): recognizers err more in some languages than in others, and
    /// a near match by chance is likelier there (BENCHMARKS.md, the twenty-ninth session's section).
    public let acceptByLanguage: [String: Double]
    /// The least probability to be offered (in a choice or a confirmation).
    public let offer: Double
    /// The most options offered.
    public let maximumOptions: Int
    /// Where the model was read from.
    public let source: String

    /// Creates a model.
    public init(bias: Double, weights: [Double], accept: Double, offer: Double, maximumOptions: Int = 10,
                source: String = "in code", featureNames: [String] = CandidateFeatures.names,
                acceptByLanguage: [String: Double] = [:]) {
        precondition(weights.count == featureNames.count, "one weight per feature")
        self.featureNames = featureNames
        self.bias = bias
        self.weights = weights
        self.accept = accept
        self.acceptByLanguage = acceptByLanguage
        self.offer = offer
        self.maximumOptions = maximumOptions
        self.source = source
    }

    /// Parses a model file: `bias VALUE`, `weight NAME VALUE` for every feature, `accept P`, `offer P`,
    /// `options N`, and for any language with an accept point of its own `accept-in LANGUAGE P` (a bare code,
    /// `accept-in fr 0.85`); `#` comments.
    ///
    /// - Throws: ``PhoneDataError`` naming the line at fault: an unknown entry or feature, a value that is not
    ///   a finite number, a probability outside 0…1, a feature or setting given twice or missing, a language that
    ///   is not a bare code, an accept point below the offer point.
    public init(parsing text: String, source: String, featureNames: [String] = CandidateFeatures.names) throws(PhoneDataError) {
        var bias: Double?
        var weights: [String: Double] = [:]
        var settings: [String: Double] = [:]
        var acceptByLanguage: [String: (value: Double, line: Int)] = [:]
        for (number, line) in DataLines(text) {
            func fail(_ message: String) -> PhoneDataError { PhoneDataError(source: source, line: number, message: message) }
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            func value(_ field: String) throws(PhoneDataError) -> Double {
                guard let value = Double(field), value.isFinite else { throw fail("'\(field)' is not a number") }
                return value
            }
            switch fields.first {
            case "bias":
                guard fields.count == 2 else { throw fail("expected 'bias VALUE'") }
                guard bias == nil else { throw fail("'bias' is given twice") }
                bias = try value(fields[1])
            case "weight":
                guard fields.count == 3 else { throw fail("expected 'weight FEATURE VALUE'") }
                guard featureNames.contains(fields[1]) else {
                    throw fail("unknown feature '\(fields[1])'; expected one of \(featureNames.joined(separator: ", "))")
                }
                guard weights[fields[1]] == nil else { throw fail("'\(fields[1])' is given twice") }
                weights[fields[1]] = try value(fields[2])
            case "accept-in":
                guard fields.count == 3 else { throw fail("expected 'accept-in LANGUAGE P'") }
                let language = fields[1]
                guard RecognizerProfile.isBareLanguageCode(language) else {
                    throw fail("'\(language)' is not a bare language code (two or three lowercase letters, such as 'fr')")
                }
                guard acceptByLanguage[language] == nil else { throw fail("'accept-in \(language)' is given twice") }
                let point = try value(fields[2])
                guard point >= 0, point <= 1 else { throw fail("'accept-in \(language)' must be a probability (0…1)") }
                acceptByLanguage[language] = (point, number)
            case let name? where ["accept", "offer", "options"].contains(name):
                guard fields.count == 2 else { throw fail("expected '\(name) VALUE'") }
                guard settings[name] == nil else { throw fail("'\(name)' is given twice") }
                let number = try value(fields[1])
                if name == "options" {
                    guard number >= 1, number <= 10, number == number.rounded() else { throw fail("'options' must be 1…10") }
                } else {
                    guard number >= 0, number <= 1 else { throw fail("'\(name)' must be a probability (0…1)") }
                }
                settings[name] = number
            case let name?:
                throw fail("unknown entry '\(name)'; expected bias, weight, accept, accept-in, offer or options")
            case nil:
                continue
            }
        }
        guard let bias else { throw PhoneDataError(source: source, line: nil, message: "'bias' is not given") }
        if let missing = featureNames.first(where: { weights[$0] == nil }) {
            throw PhoneDataError(source: source, line: nil, message: "no weight for feature '\(missing)'")
        }
        for name in ["accept", "offer"] where settings[name] == nil {
            throw PhoneDataError(source: source, line: nil, message: "'\(name)' is not given")
        }
        guard settings["offer"]! <= settings["accept"]! else {
            throw PhoneDataError(source: source, line: nil, message: "'offer' must not exceed 'accept'")
        }
        if let (language, below) = acceptByLanguage.sorted(by: { $0.key < $1.key }).first(where: { $0.value.value < settings["offer"]! }) {
            throw PhoneDataError(source: source, line: below.line, message: "'offer' must not exceed 'accept-in \(language)'")
        }
        self.init(bias: bias, weights: featureNames.map { weights[$0]! }, accept: settings["accept"]!,
                  offer: settings["offer"]!, maximumOptions: Int(settings["options"] ?? 10), source: source,
                  featureNames: featureNames, acceptByLanguage: acceptByLanguage.mapValues(\.value))
    }

    /// The model as it decides in a language (a bare code, "fr"): its accept point there, when the language has
    /// one of its own (``acceptByLanguage``), else the same model.
    public func accepting(inLanguage language: String?) -> DecisionModel {
        guard let language, let point = acceptByLanguage[language], point != accept else { return self }
        return DecisionModel(bias: bias, weights: weights, accept: point, offer: offer, maximumOptions: maximumOptions,
                             source: source, featureNames: featureNames, acceptByLanguage: acceptByLanguage)
    }

    /// A candidate's utility: the bias plus its weighted features (the log-odds of it against "none").
    public func utility(_ features: CandidateFeatures) -> Double { utility(values: features.values) }

    /// The utility of feature values in the order of ``featureNames``.
    public func utility(values: [Double]) -> Double {
        var sum = bias
        for position in weights.indices { sum += weights[position] * values[position] }
        return sum
    }

    /// The probability that each candidate is the term meant, given all the candidates of the query (the rest
    /// is the probability that none is).
    public func probabilities(_ candidates: [CandidateFeatures]) -> [Double] {
        probabilities(values: candidates.map(\.values))
    }

    /// ``probabilities(_:)`` of feature values in the order of ``featureNames``.
    public func probabilities(values candidates: [[Double]]) -> [Double] {
        let utilities = candidates.map { utility(values: $0) }
        let top = max(0, utilities.max() ?? 0)
        let shares = utilities.map { exp($0 - top) }
        let total = exp(-top) + shares.reduce(0, +)
        return shares.map { $0 / total }
    }

    /// Each feature's contribution to the utility (weight × value), in the order of ``CandidateFeatures/names``.
    public func contributions(_ features: CandidateFeatures) -> [Double] { contributions(values: features.values) }

    /// Each value's contribution to the utility, in the order of ``featureNames``.
    public func contributions(values: [Double]) -> [Double] {
        zip(weights, values).map { $0 * $1 }
    }

    /// Turns candidates into an outcome by their probabilities (see the type's description).
    ///
    /// - Parameter candidates: Candidates with a ``Candidate/probability``, any order.
    /// - Complexity: One pass for the most probable; only the candidates offered are sorted (a handful of the
    ///   dozen scored; sorting them all, large as candidates are, cost about 17,000 instructions a query).
    public func decide(_ candidates: [Candidate]) -> Resolution {
        // Most probable first (no probability counts as 0), then by rank; among equals, the first given.
        func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
            (a.probability ?? 0) != (b.probability ?? 0) ? (a.probability ?? 0) > (b.probability ?? 0) : a.rank < b.rank
        }
        guard var bestPosition = candidates.indices.first else { return .unsupported }
        for position in candidates.indices.dropFirst() where precedes(candidates[position], candidates[bestPosition]) {
            bestPosition = position
        }
        let best = candidates[bestPosition]
        guard let top = best.probability else { return .unsupported }
        if top >= accept { return .success(best) }
        let offered = candidates.filter { ($0.probability ?? 0) >= offer }.sorted(by: precedes)
        switch offered.count {
        case 0: return .unsupported
        case 1: return .confirmationRequired(offered[0])
        default:
            return .disambiguation(Array(offered.prefix(maximumOptions)), truncated: offered.count > maximumOptions)
        }
    }
}
