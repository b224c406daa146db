import Foundation
import VocabCore

/// One line of `vocab eval --trace`: a case, what it expects, and every candidate the decision scored with its
/// features (and, when the case gave a recognizer's alternatives, what they said of it), probability and whether
/// it is an expected term: the input of `scripts/train/train_decision.py`.
enum DecisionTrace {
    struct Line: Encodable {
        let id: String
        let language: String
        let category: String
        let expect: String
        /// How many terms the case expects.
        let expectedTerms: Int
        /// How many terms the case's list holds.
        let listSize: Int
        let outcome: String
        let candidates: [ScoredCandidate]
    }

    struct ScoredCandidate: Encodable {
        let rank: Int
        let expected: Bool
        let probability: Double?
        let features: [Double]?
        /// What the recognizer's alternatives said of it, when the case gave several.
        let alternativeFeatures: [Double]?
    }

    /// The feature names, in the order of every line's `features` (the first line of a trace file).
    struct Header: Encodable {
        let features = CandidateFeatures.names
        let alternativeFeatures = AlternativeFeatures.names
    }

    static func header(encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(Header()), as: UTF8.self)
    }

    static func line(for testCase: EvaluationSet.Case, vocabulary: [String], result: Resolver.Result,
                     encoder: JSONEncoder) throws -> String {
        let expected = Set(testCase.expect.terms)
        let candidates = result.ranked.filter { $0.features != nil }.map {
            ScoredCandidate(rank: $0.rank, expected: expected.contains($0.term), probability: $0.probability,
                            features: $0.features?.values, alternativeFeatures: $0.alternativeFeatures)
        }
        let line = Line(id: testCase.id, language: testCase.language, category: testCase.category,
                        expect: testCase.expect.outcome, expectedTerms: testCase.expect.terms.count, listSize: vocabulary.count, outcome: result.resolution.name,
                        candidates: candidates)
        return String(decoding: try encoder.encode(line), as: UTF8.self)
    }
}
