import Foundation

/// What the decision knows of one candidate: both matchers' figures, how it stands against the others, and
/// what the query and the list are like. Every value is a plain number; the model weighs them
/// (``DecisionModel``), and `--explain` shows each with its contribution.
public struct CandidateFeatures: Sendable, Hashable {
    /// The values, in the order of ``names``.
    public var values: [Double]

    /// The features' names, in order (the model file names its weights by these).
    public static let names = [
        "wordScore",          // the word matcher's score (0 when only the phones found the term)
        "wordWeakest",        // the weakest query word's similarity in the word alignment
        "wordCoverage",       // the share of the term's words the query's words covered
        "phoneSimilarity",    // the best phone variant's similarity under the listener's costs
        "phoneScore",         // the same, lowered for a partial or reordered variant
        "phoneWeakest",       // the worst-heard term word's similarity in that variant
        "phoneQueryWeakest",  // the worst-matched query word's similarity in that variant (fillers left out)
        "phoneCoverage",      // the share of the term's words the phone variant covers
        "bothAgree",          // the smaller of the word score and the phone score
        "gap",                // own combined score minus the best other candidate's (-0.5…0.5)
        "wordGap",            // own word score minus the best other candidate's word score (-0.5…0.5)
        "phoneGap",           // own phone score minus the best other candidate's phone score (-0.5…0.5)
        "nearCount",          // ln(1 + other candidates within 0.05 of this one's combined score)
        "sharedWords",        // ln(1 + other terms of the list holding one of this term's words)
        "listSize",           // log10 of the list's size
        "fillerShare",        // the share of the query's phones that are filler words
        "queryLength",        // the query's phones / 10, at most 3 (training's range: longer is not more telling)
        "lengthRatio",        // ln(query phones / term phones), within ±1
        "exactWords",         // 1 when every query word met a term word with the same spelling or key
        "wholeAndAlone",      // 1 when, besides, every term word was said and no other word candidate is within 0.1
        "wordStrength",       // word score × weakest word × coverage: how convincingly the words name the term
        "evidence",           // the larger of the word strength and phone score × weakest term word
        "exactAndAlone",      // 1 when every query word met a term word as written and no other word candidate is within 0.1
        "contradicted",       // 1 when a query word is, as written, a word of another term of the list but not of this one
        "phoneSpread",        // the best-heard term word's phone similarity minus the worst's (a namesake: one exact, one not)
        "chance",             // log10 of the list's size × (1 − evidence): how easily a match this loose happens by chance
        "language.en", "language.fr", "language.de", "language.it", "language.es", "language.pt",
    ]

    /// Creates features from values in the order of ``names``.
    public init(values: [Double]) {
        precondition(values.count == Self.names.count, "one value per feature name")
        self.values = values
    }

    /// The inputs of one candidate's features.
    public struct Inputs: Sendable {
        public var wordScore = 0.0
        public var wordWeakest = 0.0
        public var wordCoverage = 0.0
        public var phoneSimilarity = 0.0
        public var phoneScore = 0.0
        public var phoneWeakest = 0.0
        public var phoneQueryWeakest = 0.0
        public var phoneCoverage = 0.0
        /// The best-heard term word's phone similarity minus the worst-heard's.
        public var phoneSpread = 0.0
        /// Own combined score minus the best other candidate's.
        public var gap = 0.0
        /// Own word score minus the best other candidate's word score.
        public var wordGap = 0.0
        /// Own phone score minus the best other candidate's phone score.
        public var phoneGap = 0.0
        public var nearCount = 0
        public var sharedWords = 0
        public var listSize = 1
        public var fillerShare = 0.0
        public var queryPhones = 0
        public var termPhones = 0
        public var exactWords = false
        public var wholeAndAlone = false
        /// Every query word met a term word as written, and no other word candidate is near.
        public var exactAndAlone = false
        /// A query word is, as written, a word of another term of the list but not of this one.
        public var contradicted = false
        /// The listener's bare language code.
        public var language = ""

        public init() {}
    }

    /// Computes the features of one candidate.
    public init(_ inputs: Inputs) {
        let lengthRatio = inputs.queryPhones > 0 && inputs.termPhones > 0
            ? log(Double(inputs.queryPhones) / Double(inputs.termPhones)) : 0
        var values = [
            inputs.wordScore, inputs.wordWeakest, inputs.wordCoverage,
            inputs.phoneSimilarity, inputs.phoneScore, inputs.phoneWeakest, inputs.phoneQueryWeakest, inputs.phoneCoverage,
            min(inputs.wordScore, inputs.phoneScore),
            min(0.5, max(-0.5, inputs.gap)),
            min(0.5, max(-0.5, inputs.wordGap)),
            min(0.5, max(-0.5, inputs.phoneGap)),
            log(1 + Double(inputs.nearCount)),
            log(1 + Double(inputs.sharedWords)),
            log10(Double(max(1, inputs.listSize))),
            inputs.fillerShare,
            min(3, Double(inputs.queryPhones) / 10),
            max(-1, min(1, lengthRatio)),
            inputs.exactWords ? 1 : 0,
            inputs.wholeAndAlone ? 1 : 0,
        ]
        let wordStrength = inputs.wordScore * inputs.wordWeakest * inputs.wordCoverage
        values.append(wordStrength)
        let evidence = max(wordStrength, inputs.phoneScore * inputs.phoneWeakest)
        values.append(evidence)
        values.append(inputs.exactAndAlone ? 1 : 0)
        values.append(inputs.contradicted ? 1 : 0)
        values.append(inputs.phoneSpread)
        values.append(log10(Double(max(1, inputs.listSize))) * (1 - min(1, evidence)))
        for language in ["en", "fr", "de", "it", "es", "pt"] { values.append(inputs.language == language ? 1 : 0) }
        self.init(values: values)
    }

    /// The value of a named feature.
    public subscript(name: String) -> Double? {
        Self.names.firstIndex(of: name).map { values[$0] }
    }
}

