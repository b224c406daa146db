import Testing
@testable import VocabCore
import VocabTestSupport

/// How the decision turns probabilities into an outcome, checked against the plain way of doing it: rank every
/// candidate (most probable first, then by rank, the first given among equals), answer the best at the accept
/// point, offer those at the offer point.
@Suite("Decision outcome")
struct DecisionOutcomeTests {
    /// The outcome as the plain way gives it.
    static func reference(_ candidates: [Candidate], accept: Double, offer: Double, options: Int) -> Resolution {
        let ranked = candidates.enumerated().sorted { a, b in
            let (p, q) = (a.element.probability ?? 0, b.element.probability ?? 0)
            if p != q { return p > q }
            return a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
        }.map(\.element)
        guard let best = ranked.first, let top = best.probability else { return .unsupported }
        if top >= accept { return .success(best) }
        let offered = ranked.filter { ($0.probability ?? 0) >= offer }
        switch offered.count {
        case 0: return .unsupported
        case 1: return .confirmationRequired(offered[0])
        default: return .disambiguation(Array(offered.prefix(options)), truncated: offered.count > options)
        }
    }

    static func candidate(rank: Int, probability: Double?, name: String) -> Candidate {
        var candidate = Candidate(term: name, rank: rank, score: 0.5,
                                  alignment: NameAlignment(links: [], score: 0, weakestQueryWord: 0, termCoverage: 0),
                                  reading: "folded", termTokens: [])
        candidate.probability = probability
        return candidate
    }

    @Test("Any candidates in any order, ties and missing probabilities included, decide as ranking them all would")
    func matchesFullRanking() {
        var generator = SplitMix64(seed: 20261126)
        // Few distinct values, so that ties of probability and of rank are common.
        let probabilities: [Double?] = [nil, 0, 0.005, 0.01, 0.2, 0.2, 0.5, 0.74, 0.75, 0.9]
        var outcomes = Set<String>()
        for round in 0..<400 {
            let count = Int(generator.next() % 16)
            let candidates = (0..<count).map { position in
                Self.candidate(rank: Int(generator.next() % 8),
                               probability: probabilities[Int(generator.next() % UInt64(probabilities.count))],
                               name: "term \(round).\(position)")
            }
            let options = 1 + Int(generator.next() % 4)
            let model = DecisionModel(bias: 0, weights: Array(repeating: 0, count: CandidateFeatures.names.count),
                                      accept: 0.75, offer: 0.01, maximumOptions: options)
            let decided = model.decide(candidates)
            #expect(decided == Self.reference(candidates, accept: 0.75, offer: 0.01, options: options),
                    "\(candidates.map { ($0.rank, $0.probability as Any) })")
            outcomes.insert(decided.name)
        }
        #expect(outcomes == ["success", "confirmationRequired", "disambiguation", "unsupported"])
    }
}
