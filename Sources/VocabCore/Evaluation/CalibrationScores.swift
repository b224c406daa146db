/// How well the decision's probabilities match what happens: for each case, the most probable candidate's
/// probability against whether it was a term the case expects, binned by probability, with the Brier score,
/// and the trade-off between answering and false accepts at several operating points.
public struct CalibrationScores: Sendable, Encodable {
    /// One case's most probable candidate.
    public struct Observation: Sendable {
        public let probability: Double
        /// Whether the candidate is among the case's expected terms.
        public let isRight: Bool
        /// Whether the case expects one term (`success`), so that answering it right counts as top-1.
        public let expectsOne: Bool

        public init(probability: Double, isRight: Bool, expectsOne: Bool) {
            self.probability = probability
            self.isRight = isRight
            self.expectsOne = expectsOne
        }
    }

    /// One probability bin.
    public struct Bin: Sendable, Encodable {
        public let from: Double
        public let to: Double
        public let count: Int
        public let meanPredicted: Double?
        public let observed: Double?
    }

    /// Answering at one operating point.
    public struct TradeOff: Sendable, Encodable {
        public let accept: Double
        /// Share of single-term cases answered with the right term.
        public let top1: Double?
        /// Share of all cases answered with a wrong term.
        public let falseAccept: Double?
    }

    public let cases: Int
    public let bins: [Bin]
    /// Mean squared difference between the probability and the outcome (0 is perfect, 0.25 is a coin).
    public let brier: Double?
    public let tradeOffs: [TradeOff]

    /// The operating points the trade-off is shown at.
    public static let operatingPoints = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95]

    /// Computes the scores of observations (cases with no candidate count as answered by nothing).
    ///
    /// - Parameters:
    ///   - observations: The most probable candidate of each case that had one.
    ///   - cases: All cases, with and without a candidate.
    ///   - singleTermCases: Cases expecting one term.
    public init(_ observations: [Observation], cases: Int, singleTermCases: Int) {
        self.cases = cases
        var bins: [Bin] = []
        for step in 0..<10 {
            let from = Double(step) / 10, to = Double(step + 1) / 10
            let inside = observations.filter { $0.probability >= from && ($0.probability < to || (step == 9 && $0.probability <= 1)) }
            let mean = inside.isEmpty ? nil : inside.reduce(0) { $0 + $1.probability } / Double(inside.count)
            let observed = inside.isEmpty ? nil : Double(inside.filter(\.isRight).count) / Double(inside.count)
            bins.append(Bin(from: from, to: to, count: inside.count, meanPredicted: mean, observed: observed))
        }
        self.bins = bins
        brier = observations.isEmpty ? nil
            : observations.reduce(0) { $0 + ($1.probability - ($1.isRight ? 1 : 0)) * ($1.probability - ($1.isRight ? 1 : 0)) }
                / Double(observations.count)
        tradeOffs = Self.operatingPoints.map { accept in
            let answered = observations.filter { $0.probability >= accept }
            let right = answered.filter { $0.isRight && $0.expectsOne }.count
            let wrong = answered.filter { !$0.isRight }.count
            return TradeOff(accept: accept, top1: singleTermCases > 0 ? Double(right) / Double(singleTermCases) : nil,
                            falseAccept: cases > 0 ? Double(wrong) / Double(cases) : nil)
        }
    }
}
