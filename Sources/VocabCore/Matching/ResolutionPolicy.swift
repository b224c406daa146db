/// The word matcher's thresholds: which word candidates are plausible enough to be kept and shown, and the
/// outcome where a language has no ``DecisionModel`` (no phone data): words decide alone.
///
/// Accepting the wrong term is the worst error (it messages the wrong person), asking is cheaper: a
/// candidate is accepted alone only when it is strong, every word of the query found a good partner, and
/// no other candidate comes close. The defaults were calibrated on `../shared/eval/dev.json` (see
/// BENCHMARKS.md for the sweep); they are not tuned to any name. With a decision model, the model's
/// probabilities and operating points decide instead.
public struct ResolutionPolicy: Sendable, Hashable, Codable {
    /// The least score for a candidate to be considered at all.
    public var floor: Double
    /// The least similarity every required query word must reach for its candidate to be considered.
    public var weakestWordFloor: Double
    /// The least score to accept a lone candidate without confirmation.
    public var accept: Double
    /// The least similarity every required query word must reach for acceptance without confirmation.
    public var weakestWordForAccept: Double
    /// Candidates within this of the best are "near-equal": two or more of them ask the user to choose.
    public var margin: Double
    /// When asking, candidates within this of the best are offered.
    public var band: Double
    /// The most options offered.
    public var maximumOptions: Int
    /// The calibrated defaults.
    public static let standard = ResolutionPolicy(
        floor: 0.70, weakestWordFloor: 0.68, accept: 0.86, weakestWordForAccept: 0.75, margin: 0.04, band: 0.2,
        maximumOptions: 10)

    /// Creates a policy.
    public init(floor: Double, weakestWordFloor: Double, accept: Double, weakestWordForAccept: Double, margin: Double,
                band: Double, maximumOptions: Int) {
        self.floor = floor
        self.weakestWordFloor = weakestWordFloor
        self.accept = accept
        self.weakestWordForAccept = weakestWordForAccept
        self.margin = margin
        self.band = band
        self.maximumOptions = maximumOptions
    }

    /// Whether a candidate is good enough to be considered at all.
    public func isPlausible(_ summary: NameAlignment.Summary) -> Bool {
        summary.score >= floor && summary.weakestQueryWord >= weakestWordFloor
    }

    /// Whether a word candidate is good enough to be considered.
    func isPlausible(_ candidate: Candidate) -> Bool {
        isPlausible(NameAlignment.Summary(score: candidate.score, weakestQueryWord: candidate.alignment.weakestQueryWord,
                                          termCoverage: candidate.alignment.termCoverage))
    }

    /// Decides the outcome from word candidates sorted best first (score, then registration order).
    public func decide(_ ranked: [Candidate]) -> Resolution {
        let plausible = ranked.filter(isPlausible)
        guard let best = plausible.first else { return .unsupported }
        let near = plausible.filter { $0.score >= best.score - margin }
        let offered = plausible.filter { $0.score >= best.score - band }
        if near.count >= 2 {
            return .disambiguation(Array(offered.prefix(maximumOptions)), truncated: offered.count > maximumOptions)
        }
        if best.score >= accept && best.alignment.weakestQueryWord >= weakestWordForAccept {
            return .success(best)
        }
        return .confirmationRequired(best)
    }
}
