/// The thresholds that turn scored candidates into an outcome.
///
/// Accepting the wrong term is the worst error (it messages the wrong person), asking is cheaper: a
/// candidate is accepted alone only when it is strong, every word of the query found a good partner, and
/// no other candidate comes close. The defaults were calibrated on `../shared/eval/dev.json` (see
/// BENCHMARKS.md for the sweep); they are not tuned to any name.
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
    /// The least score for a candidate whose score came from its phones to be considered (the phones can
    /// hear a name the words missed, so a doubtful one is offered rather than dropped).
    public var phoneFloor: Double = 0.60
    /// The least score to accept a candidate whose score came from its phones without confirmation.
    public var phoneAccept: Double = 0.70
    /// How far the next candidate must be below a candidate accepted by its phones.
    public var phoneGap: Double = 0.14
    /// The least similarity every word of a candidate accepted by its phones must reach (a known surname
    /// with another first name sounds close overall, but its first word does not: the user confirms).
    public var phoneWord: Double = 0.70
    /// A candidate accepted by its words (short of a near-exact score) whose phones are less similar than
    /// this is only offered for confirmation ("org" is one letter from "Jorge", but does not sound like it;
    /// see ``Resolver``).
    public var phoneVeto: Double = 0.60

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

    /// Whether a candidate is good enough to be considered: by its words, or for one scored by its phones,
    /// by ``phoneFloor``.
    func isPlausible(_ candidate: Candidate) -> Bool {
        if candidate.isScoredByPhones { return candidate.score >= phoneFloor }
        return isPlausible(NameAlignment.Summary(score: candidate.score, weakestQueryWord: candidate.alignment.weakestQueryWord,
                                                 termCoverage: candidate.alignment.termCoverage))
    }

    /// Decides the outcome from candidates sorted best first (score, then registration order).
    ///
    /// A best candidate scored by its phones is accepted only at ``phoneAccept`` with every other candidate
    /// ``phoneGap`` below; short of that, the user chooses among the plausible ones within ``band`` (or
    /// confirms the one).
    public func decide(_ ranked: [Candidate]) -> Resolution {
        let plausible = ranked.filter(isPlausible)
        guard let best = plausible.first else { return .unsupported }
        let near = plausible.filter { $0.score >= best.score - margin }
        let offered = plausible.filter { $0.score >= best.score - band }
        if near.count >= 2 {
            return .disambiguation(Array(offered.prefix(maximumOptions)), truncated: offered.count > maximumOptions)
        }
        if best.isScoredByPhones {
            let runnerUp = ranked.first { $0.rank != best.rank }?.score ?? 0
            if best.score >= phoneAccept && best.score - runnerUp >= phoneGap
                && (best.phones?.weakestWord ?? 0) >= phoneWord {
                return .success(best)
            }
            if offered.count >= 2 {
                return .disambiguation(Array(offered.prefix(maximumOptions)), truncated: offered.count > maximumOptions)
            }
            return .confirmationRequired(best)
        }
        if best.score >= accept && best.alignment.weakestQueryWord >= weakestWordForAccept {
            return .success(best)
        }
        return .confirmationRequired(best)
    }
}
