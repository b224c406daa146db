/// The scores of `../shared/eval/score.py`, computed the same way: top-1, recall@10, false accept and
/// disambiguation, overall, per language and per category.
public struct EvaluationScores: Sendable, Encodable {
    /// A numerator over a denominator.
    public struct Ratio: Sendable, Encodable, Hashable {
        public var count = 0
        public var of = 0
        /// The share, or `nil` when nothing was counted.
        public var value: Double? { of == 0 ? nil : Double(count) / Double(of) }
    }

    /// The four scores of one group of cases.
    public struct Group: Sendable, Encodable, Hashable {
        public var cases = 0
        public var missing = 0
        public var top1 = Ratio()
        public var recall10 = Ratio()
        public var falseAccept = Ratio()
        public var disambiguation = Ratio()

        private enum CodingKeys: String, CodingKey {
            case cases, missing, top1, recall10, falseAccept = "false_accept", disambiguation
        }
    }

    public private(set) var overall = Group()
    public private(set) var byLanguage: [String: Group] = [:]
    public private(set) var byCategory: [String: Group] = [:]

    private enum CodingKeys: String, CodingKey {
        case overall, byLanguage = "by_language", byCategory = "by_category"
    }

    /// Scores predictions against a set's cases.
    public init(cases: [EvaluationSet.Case], predictions: [String: Prediction]) {
        for testCase in cases {
            let prediction = predictions[testCase.id]
            let judged = Self.judge(testCase, prediction)
            overall.add(judged, missing: prediction == nil)
            byLanguage[testCase.language, default: Group()].add(judged, missing: prediction == nil)
            byCategory[testCase.category, default: Group()].add(judged, missing: prediction == nil)
        }
    }

    /// Per-metric contributions of one case: (numerator, denominator), as `score.py`'s `judge`.
    static func judge(_ testCase: EvaluationSet.Case, _ prediction: Prediction?) -> [WritableKeyPath<Group, Ratio>: (Int, Int)] {
        let want = testCase.expect.outcome
        let expected = testCase.expect.terms
        let got = prediction?.outcome
        let terms = prediction?.terms ?? []
        var out: [WritableKeyPath<Group, Ratio>: (Int, Int)] = [:]
        if want == "success" { out[\.top1] = (got == "success" && terms == expected ? 1 : 0, 1) }
        if want == "success" || want == "disambiguation" {
            let ok = got != nil && got != "unsupported" && expected.allSatisfy { terms.prefix(10).contains($0) }
            out[\.recall10] = (ok ? 1 : 0, 1)
        }
        if want == "disambiguation" {
            let ok = got == "disambiguation" && terms.count <= 10 && expected.allSatisfy(terms.contains)
            out[\.disambiguation] = (ok ? 1 : 0, 1)
        }
        let falseAccept = got == "success" && (want == "unsupported" || !expected.contains(terms.first ?? ""))
        out[\.falseAccept] = (falseAccept ? 1 : 0, 1)
        return out
    }
}

extension EvaluationScores.Group {
    mutating func add(_ judged: [WritableKeyPath<Self, EvaluationScores.Ratio>: (Int, Int)], missing: Bool) {
        cases += 1
        if missing { self.missing += 1 }
        for (path, (numerator, denominator)) in judged {
            self[keyPath: path].count += numerator
            self[keyPath: path].of += denominator
        }
    }
}
