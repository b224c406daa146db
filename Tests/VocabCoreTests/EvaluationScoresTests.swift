import Foundation
import Testing
import VocabCore

@Suite struct EvaluationScoresTests {
    let set = try! JSONDecoder().decode(EvaluationSet.self, from: Data("""
        {"name": "t", "vocabularies": [{"id": "v", "language": "fr-FR", "strings": ["A", "B", "C"]}],
         "cases": [
          {"id": "1", "vocabulary": "v", "language": "fr-FR", "query": "a", "category": "near",
           "expect": {"outcome": "success", "terms": ["A"]}},
          {"id": "2", "vocabulary": "v", "language": "fr-FR", "query": "b", "category": "partial",
           "expect": {"outcome": "disambiguation", "terms": ["A", "B"]}},
          {"id": "3", "vocabulary": "v", "language": "en-US", "query": "z", "category": "absent",
           "expect": {"outcome": "unsupported", "terms": []}}
         ]}
        """.utf8))

    @Test("Scores follow score.py's definitions")
    func definitions() {
        let predictions = [
            "1": Prediction(id: "1", outcome: "success", terms: ["A"]),
            "2": Prediction(id: "2", outcome: "success", terms: ["B"]),
            "3": Prediction(id: "3", outcome: "success", terms: ["C"]),
        ]
        let scores = EvaluationScores(cases: set.cases, predictions: predictions)
        #expect(scores.overall.top1.count == 1 && scores.overall.top1.of == 1)
        #expect(scores.overall.recall10.count == 1 && scores.overall.recall10.of == 2)
        #expect(scores.overall.disambiguation.count == 0 && scores.overall.disambiguation.of == 1)
        // Case 2 accepted an expected term of a disambiguation: wrong outcome, but not a false accept.
        #expect(scores.overall.falseAccept.count == 1 && scores.overall.falseAccept.of == 3)
        #expect(scores.byLanguage["en-US"]?.falseAccept.count == 1)
        #expect(scores.byCategory["partial"]?.recall10.count == 0)
    }

    @Test("A missing prediction counts as wrong, never as a false accept")
    func missing() {
        let scores = EvaluationScores(cases: set.cases, predictions: [:])
        #expect(scores.overall.missing == 3)
        #expect(scores.overall.falseAccept.count == 0)
        #expect(scores.overall.top1.count == 0)
    }

    @Test("Confirmation and nothing-said map to the evaluation's outcomes")
    func predictionMapping() {
        #expect(Prediction(id: "x", resolution: .needsValue) == Prediction(id: "x", outcome: "unsupported", terms: []))
    }
}
