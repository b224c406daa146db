import Foundation
import VocabCore

/// The text form of `vocab resolve`.
enum ResolveText {
    static func render(_ result: Resolver.Result, query: String, selection: LocaleSelection, vocabularySize: Int,
                       explain: Bool, model: DecisionModel? = nil, alternativesModel: DecisionModel? = nil,
                       recognizer: String? = nil,
                       phones: ((Candidate) -> Resolver.PhoneExplanation?)? = nil) -> String {
        var lines = ["locale: \(selection.explanation)",
                     "query:  '\(query)' → \(result.queryTokens.map(\.text).joined(separator: " "))"]
        if let recognizer { lines.append("recognizer: \(recognizer) (the decision trained on its output)") }
        if !result.hypotheses.isEmpty {
            lines.append("hypotheses: " + result.hypotheses.enumerated().map { number, hypothesis in
                String(format: "%d. '%@' %.2f", number + 1, hypothesis.text, hypothesis.weight)
            }.joined(separator: ", "))
        }
        let resolution = result.resolution
        switch resolution {
        case .success(let candidate): lines.append("outcome: success — \(named(candidate))")
        case .confirmationRequired(let candidate):
            lines.append("outcome: confirmationRequired — did you mean \(named(candidate))?")
        case .disambiguation(let candidates, let truncated):
            lines.append("outcome: disambiguation — \(candidates.count) options\(truncated ? " (more were close; showing the 10 best)" : "")")
        case .needsValue: lines.append("outcome: needsValue — nothing was said")
        case .unsupported: lines.append("outcome: unsupported — no term of \(vocabularySize) matches well enough")
        }
        let shown = explain ? Array(result.ranked.prefix(10)) : resolution.candidates
        let width = shown.map { named($0).count }.max() ?? 0
        for (number, candidate) in shown.enumerated() {
            let term = named(candidate).padding(toLength: width, withPad: " ", startingAt: 0)
            let probability = candidate.probability.map { String(format: "  p %.3f", $0) } ?? ""
            lines.append(String(format: "  %2d. %@  %.3f", number + 1, term, candidate.score) + probability)
            if explain {
                let queryTokens = result.queryTokens(of: candidate)
                let links = candidate.alignment.links.map { link in
                    let q = link.query.map { queryTokens[$0].text }.joined(separator: "+")
                    let t = link.term.map { candidate.termTokens[$0].text }.joined(separator: "+")
                    return String(format: "%@~%@ %@ %.2f", q, t, link.reason.rawValue, link.similarity)
                }.joined(separator: ", ")
                let heardIn = candidate.hypothesis > 0 ? " (in hypothesis \(candidate.hypothesis + 1))" : ""
                lines.append("      \(candidate.reading)\(heardIn): \(links.isEmpty ? "no word aligned" : links); "
                    + String(format: "term words covered %.0f%%", candidate.alignment.termCoverage * 100))
                if let heard = phones?(candidate) {
                    let weakest = heard.weakestWord.map { String(format: ", weakest word %.2f", $0) } ?? ""
                    let unsaid = heard.unsaid.map { "; without " + $0.joined(separator: " ") } ?? ""
                    lines.append(String(format: "      phones (%@%@) %.2f%@: %@", heard.language, unsaid,
                                        heard.similarity, weakest, heard.steps))
                }
                if let model, let features = candidate.features {
                    lines.append("      decision: " + weighed(features.values, by: model))
                }
                if let alternativesModel, let values = candidate.alternativeFeatures {
                    lines.append("      alternatives: " + weighed(values, by: alternativesModel))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A model's bias and the features that moved the log-odds most, strongest first: `bias -4.93; phoneScore
    /// 0.95 → +1.51, ...`.
    private static func weighed(_ values: [Double], by model: DecisionModel) -> String {
        let moved = zip(model.featureNames, zip(values, model.contributions(values: values)))
            .filter { abs($0.1.1) >= 0.005 }
            .sorted { abs($0.1.1) > abs($1.1.1) }
            .map { String(format: "%@ %.2f → %+.2f", $0.0, $0.1.0, $0.1.1) }
        return String(format: "bias %+.2f; ", model.bias) + moved.joined(separator: ", ")
    }

    /// A candidate's phrase, with the identifier of a speakable term: `Siobhan Kelly [c-17]`.
    private static func named(_ candidate: Candidate) -> String {
        candidate.identifier.map { "\(candidate.term) [\($0)]" } ?? candidate.term
    }
}
