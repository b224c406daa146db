import Foundation

/// What a recognizer's alternatives say of one candidate: how probable each hypothesis, resolved alone, made it,
/// and how much they agree. A second model (`Locales/shared/alternatives-model.txt`, the same form as the
/// decision's) weighs these into the probability that the candidate is the term meant.
public enum AlternativeFeatures {
    /// The features' names, in order.
    public static let names = [
        "first",         // the candidate's probability under the first hypothesis (the query) alone
        "mixture",       // its probability averaged over the hypotheses, each by its weight
        "best",          // its highest probability under any hypothesis the recognizer weighs at least a quarter of its best
        "bestLogit",     // the log-odds of that, within ±8
        "support",       // the weight of the hypotheses that make it their most probable candidate at p ≥ 0.5
        "against",       // the weight of the hypotheses whose most probable candidate, at p ≥ 0.5, is another term
        "named",         // the weight of the hypotheses that write this term's whole name, word for word
        "otherNamed",    // the weight of the hypotheses that write another term's whole name, word for word
        "agreeing",      // the share of the hypotheses giving it p ≥ 0.1
        "firstMissing",  // 1 when the first hypothesis did not weigh it at all
        "hypotheses",    // ln of the number of distinct hypotheses
    ]

    /// The least share of the heaviest hypothesis's weight that a hypothesis needs to count toward `best`.
    public static let bestWeightShare = 0.25

    /// One hypothesis resolved alone: its weight, and the probability of each term it weighed (by rank).
    public struct Heard: Sendable {
        /// The hypothesis's weight (see ``Hypothesis/weights(of:)``).
        public let weight: Double
        /// The ranks of the terms it weighed, each once, and their probabilities at the same positions. (Two
        /// arrays searched from the start, not a dictionary: a hypothesis weighs at most a dozen or so terms,
        /// and a dictionary for each hypothesis cost about 4,400 instructions to make by callgrind.)
        let ranks: [Int]
        let rankProbabilities: [Double]
        /// The most probable term and its probability.
        public let top: (rank: Int, probability: Double)?
        /// The term whose whole name the hypothesis writes, word for word, when it writes one.
        public let named: Int?

        /// Creates what one hypothesis says.
        public init(weight: Double, probabilities: [Int: Double], named: Int? = nil) {
            let ranked = probabilities.sorted { $0.key < $1.key }
            self.init(weight: weight, ranks: ranked.map(\.key), probabilities: ranked.map(\.value), named: named)
        }

        /// What one hypothesis says, from the terms it weighed in any order (a term weighed twice keeps its
        /// higher probability).
        init(weight: Double, ranks: [Int], probabilities: [Double], named: Int?) {
            precondition(ranks.count == probabilities.count, "AlternativeFeatures.Heard: one probability per rank")
            var kept: [Int] = []
            var keptProbabilities: [Double] = []
            kept.reserveCapacity(ranks.count)
            keptProbabilities.reserveCapacity(ranks.count)
            // The most probable, the lowest rank among equals (as when the terms were a dictionary).
            var top: (rank: Int, probability: Double)?
            for (rank, probability) in zip(ranks, probabilities) {
                if let known = kept.firstIndex(of: rank) {
                    keptProbabilities[known] = max(keptProbabilities[known], probability)
                } else {
                    kept.append(rank)
                    keptProbabilities.append(probability)
                }
            }
            for (rank, probability) in zip(kept, keptProbabilities) {
                if let best = top, best.probability > probability || (best.probability == probability && best.rank < rank) {
                    continue
                }
                top = (rank, probability)
            }
            self.weight = weight
            self.ranks = kept
            self.rankProbabilities = keptProbabilities
            self.top = top
            self.named = named
        }

        /// Each weighed term's probability, by rank.
        public var probabilities: [Int: Double] {
            Dictionary(uniqueKeysWithValues: zip(ranks, rankProbabilities))
        }

        /// The probability it gave the term at `rank`, or `nil` when it did not weigh that term.
        public func probability(of rank: Int) -> Double? {
            ranks.firstIndex(of: rank).map { rankProbabilities[$0] }
        }
    }

    /// The features of the term at `rank`, given every hypothesis (the first is the query).
    public static func values(of rank: Int, in heard: [Heard]) -> [Double] {
        // One pass over the hypotheses, no arrays between (a resolution weighs every candidate of every
        // hypothesis this way); the sums run in the hypotheses' order, as the features were trained.
        // A hypothesis the recognizer itself doubts (under a quarter of the weight of its best; Whisper's five
        // are rarely so far apart) does not make a candidate "best heard" on its own.
        var heaviest = 0.0
        for hypothesis in heard { heaviest = max(heaviest, hypothesis.weight) }
        var best = 0.0
        var mixture = 0.0
        var agreeing = 0
        var support = 0.0
        var against = 0.0
        var named = 0.0
        var otherNamed = 0.0
        for hypothesis in heard {
            let probability = hypothesis.probability(of: rank) ?? 0
            if hypothesis.weight >= heaviest * Self.bestWeightShare { best = max(best, probability) }
            mixture += hypothesis.weight * probability
            if probability >= 0.1 { agreeing += 1 }
            if let term = hypothesis.named {
                if term == rank { named += hypothesis.weight } else { otherNamed += hypothesis.weight }
            }
            guard let top = hypothesis.top, top.probability >= 0.5 else { continue }
            if top.rank == rank { support += hypothesis.weight } else { against += hypothesis.weight }
        }
        let clipped = min(max(best, 1e-6), 1 - 1e-6)
        let first = heard.first?.probability(of: rank)
        return [
            first ?? 0,
            mixture,
            best,
            min(8, max(-8, log(clipped / (1 - clipped)))),
            support,
            against,
            named,
            otherNamed,
            Double(agreeing) / Double(max(1, heard.count)),
            first == nil ? 1 : 0,
            log(Double(max(1, heard.count))),
        ]
    }
}
