import Foundation
import VocabCore

/// One line of `vocab eval --trace`: a case, what it expects, and the candidates the words and the phones
/// found with their raw figures, so that a sweep can replay the decision under other thresholds.
enum CalibrationTrace {
    struct Line: Encodable {
        let id: String
        let category: String
        let expect: String
        /// The expected terms' ranks (positions in the vocabulary).
        let ranks: [Int]
        let words: [WordCandidate]
        let phones: [PhoneCandidate]
        /// How similar the words' winner sounded, when it was checked.
        let winnerSimilarity: Double?
    }

    struct WordCandidate: Encodable {
        let rank: Int
        let score: Double
        let weakest: Double
        let coverage: Double
    }

    struct PhoneCandidate: Encodable {
        let rank: Int
        let similarity: Double
        let coverage: Double
        let reordered: Bool
        let language: String
        let weakestWord: Double?
    }

    static func line(for testCase: EvaluationSet.Case, vocabulary: [String], result: Resolver.Result,
                     encoder: JSONEncoder) throws -> String {
        let words = result.wordCandidates.prefix(12).map {
            WordCandidate(rank: $0.rank, score: $0.score, weakest: $0.alignment.weakestQueryWord,
                          coverage: $0.alignment.termCoverage)
        }
        let phones = result.phoneMatches.prefix(12).map { match in
            PhoneCandidate(rank: match.term, similarity: match.similarity, coverage: match.coverage,
                           reordered: match.words.count > 1 && match.words != match.words.sorted(), language: match.language,
                           weakestWord: match.weakestWord)
        }
        let line = Line(id: testCase.id, category: testCase.category, expect: testCase.expect.outcome,
                        ranks: testCase.expect.terms.compactMap { vocabulary.firstIndex(of: $0) }, words: Array(words), phones: Array(phones),
                        winnerSimilarity: result.winnerSimilarity)
        return String(decoding: try encoder.encode(line), as: UTF8.self)
    }
}
