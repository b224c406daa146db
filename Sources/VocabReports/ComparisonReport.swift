public import VocabCore
import Foundation

/// One query through several languages side by side: what `vocab compare --json` prints and the service's
/// compare answer carries (the console draws it).
public struct ComparisonReport: Encodable, Sendable {
    /// One offered term (or app vocabulary item) in one language.
    public struct Term: Encodable, Sendable {
        /// The term (for app vocabulary, the synonym's phrase).
        public let term: String
        /// The term's identifier (for app vocabulary, the item's), when it has one.
        public let identifier: String?
        public let score: Double
        /// The calibrated probability that this is the term meant, when the decision model scored it.
        public let probability: Double?
        /// For app vocabulary: `phrase` when the synonym's phrase matched, `pronunciation` when its hint did.
        public let via: String?
        /// For app vocabulary: the pronunciation hint that matched.
        public let pronunciation: String?
        /// How the term's words are read in the language its phones were matched in.
        public let words: [WordReading]
        /// Its phones against the query's, when the phone matcher scored it.
        public let phones: Resolver.PhoneExplanation?
        /// Whether the term is in the language's recognizer prompt (`vocab hints`, the default budget), when
        /// the locales have a hint model.
        public let inHints: Bool?
    }

    /// One language's column.
    public struct Cell: Encodable, Sendable {
        /// The Siri language code asked for.
        public let language: String
        public let locale: LocaleSelectionReport
        public let faithful: String
        public let folded: String
        /// Each query word's phonetic keys.
        public let keys: [[String]]
        /// The query's phones as this language's listener hears them (`|` between words); `nil` without
        /// phone data.
        public let heard: String?
        /// How each query word was read.
        public let words: [WordReading]
        public let outcome: String
        /// The probability of the first term offered, when the decision model scored it.
        public let probability: Double?
        /// The terms offered (or the best considered, when none is), best first, at most three.
        public let best: [Term]
        /// The decision's features for the first term, largest contributions first.
        public let features: [ResolveReport.FeatureReport]?
    }

    public let query: String
    public let cells: [Cell]

    /// The most terms a cell shows.
    public static let maximumTerms = 3

    public init(query: String, cells: [Cell]) {
        self.query = query
        self.cells = cells
    }
}

extension ComparisonReport.Cell {
    /// What every cell shows of the query: its normal forms, keys and phones.
    public struct QueryView: Sendable {
        let faithful: String
        let folded: String
        let keys: [[String]]
        let heard: String?
        let words: [WordReading]

        /// The query as one language reads it.
        public init(_ normalized: NormalizedText, preparer: TermPreparer) {
            faithful = normalized.faithful
            folded = normalized.folded
            keys = normalized.tokens.map { preparer.phonetics.keys(for: TermPreparer.soundInput(of: $0)) }
            if let pronouncer = preparer.phonetics.pronouncer {
                let spellings = normalized.tokens.map { $0.text.replacingApostrophes().lowercased() }
                heard = pronouncer.inventory.write(pronouncer.queryPhones(spellings).phones)
                words = pronouncer.readings(of: spellings)
            } else {
                heard = nil
                words = []
            }
        }
    }

    /// A cell for a resolution against a user's terms.
    ///
    /// - Parameters:
    ///   - language: The code asked for.
    ///   - resolver: The resolver that gave `result` (it explains the phones).
    ///   - hinted: The terms in the language's recognizer prompt, when known.
    public init(language: String, locale: LocaleSelectionReport, query: QueryView, result: Resolver.Result,
                resolver: Resolver, preparer: TermPreparer, hinted: Set<String>? = nil) {
        let shown = result.resolution.candidates.isEmpty ? Array(result.ranked.prefix(1)) : result.resolution.candidates
        let best = shown.prefix(ComparisonReport.maximumTerms).map { candidate in
            ComparisonReport.Term(candidate, phones: resolver.phoneExplanation(of: candidate, in: result), via: nil,
                                  pronunciation: nil, preparer: preparer, inHints: hinted.map { $0.contains(candidate.term) })
        }
        self.init(language: language, locale: locale, query: query, outcome: result.resolution.name,
                  first: shown.first, best: best, model: resolver.decisionModel)
    }

    /// A cell for a resolution against a locale's app vocabulary.
    public init(language: String, locale: LocaleSelectionReport, query: QueryView, result: AppTermResolver.Result,
                resolver: AppTermResolver, preparer: TermPreparer, hinted: Set<String>? = nil) {
        let best = result.matches.prefix(ComparisonReport.maximumTerms).map { match in
            ComparisonReport.Term(match.candidate, phones: resolver.phoneExplanation(of: match, in: result),
                                  via: match.entry.isPronunciation ? "pronunciation" : "phrase",
                                  pronunciation: match.entry.isPronunciation ? match.candidate.term : nil,
                                  preparer: preparer, shownAs: match.entry.phrase, identifier: match.entry.identifier,
                                  inHints: hinted.map { $0.contains(match.entry.phrase) })
        }
        self.init(language: language, locale: locale, query: query, outcome: result.outcome,
                  first: result.matches.first?.candidate, best: best, model: preparer.phonetics.decision)
    }

    private init(language: String, locale: LocaleSelectionReport, query: QueryView, outcome: String, first: Candidate?,
                 best: [ComparisonReport.Term], model: DecisionModel?) {
        self.language = language
        self.locale = locale
        faithful = query.faithful
        folded = query.folded
        keys = query.keys
        heard = query.heard
        words = query.words
        self.outcome = outcome
        probability = first?.probability.map { ($0 * 1000).rounded() / 1000 }
        self.best = best
        if let model, let values = first?.features?.values {
            features = ResolveReport.FeatureReport.all(values, by: model)
                .filter { $0.contribution != 0 }
                .sorted { abs($0.contribution) > abs($1.contribution) }
        } else {
            features = nil
        }
    }
}

extension ComparisonReport.Term {
    init(_ candidate: Candidate, phones: Resolver.PhoneExplanation?, via: String?, pronunciation: String?,
         preparer: TermPreparer, shownAs: String? = nil, identifier: String? = nil, inHints: Bool? = nil) {
        self.inHints = inHints
        term = shownAs ?? candidate.term
        self.identifier = identifier ?? candidate.identifier
        score = (candidate.score * 1000).rounded() / 1000
        probability = candidate.probability.map { ($0 * 1000).rounded() / 1000 }
        self.via = via
        self.pronunciation = pronunciation
        self.phones = phones
        if let pronouncer = preparer.phonetics.pronouncer {
            // The term's own spelling, accents kept, as the index read it (its match tokens are folded).
            let tokens = (try? preparer.normalizer.normalize(candidate.term, in: preparer.profile))?.tokens.map(\.text)
                ?? candidate.termTokens.map(\.text)
            let spellings = tokens.map { $0.replacingApostrophes().lowercased() }
            words = pronouncer.readings(of: spellings, in: phones?.language ?? pronouncer.language)
        } else {
            words = []
        }
    }
}

extension ComparisonReport {
    /// The comparison as a table: a row per aspect, a column per language.
    public var table: SideBySideTable {
        var rows: [(label: String, values: [String])] = [
            ("locale", cells.map { $0.locale.used == $0.locale.requested ? $0.locale.used : "\($0.locale.used) (fallback)" }),
            ("faithful", cells.map(\.faithful)),
            ("folded", cells.map(\.folded)),
            ("keys", cells.map { $0.keys.map { $0.joined(separator: "/") }.joined(separator: " ") }),
        ]
        if cells.contains(where: { $0.heard != nil }) {
            rows.append(("heard", cells.map { $0.heard.map { "/\($0)/" } ?? "" }))
            rows.append(("read by", cells.map { $0.words.map(\.summary).joined(separator: "\n") }))
        }
        rows.append(("outcome", cells.map { cell in cell.outcome + (cell.probability.map { String(format: " p=%.2f", $0) } ?? "") }))
        rows.append(("best", cells.map { cell in
            cell.best.map { term in
                term.term + (term.via != nil ? term.identifier.map { " (\($0))" } ?? "" : "") + String(format: " %.2f", term.score) + (term.probability.map { String(format: " p=%.2f", $0) } ?? "")
            }.joined(separator: "\n")
        }))
        if cells.contains(where: { $0.best.first?.inHints != nil }) {
            rows.append(("in hints", cells.map { cell in
                cell.best.first?.inHints.map { $0 ? "yes: in the recognizer prompt" : "no: not in the recognizer prompt" } ?? ""
            }))
        }
        if cells.contains(where: { $0.best.first?.via != nil }) {
            rows.append(("matched", cells.map { cell in
                guard let first = cell.best.first, let via = first.via else { return "" }
                return via == "pronunciation" ? "pronunciation hint \"\(first.pronunciation ?? "")\"" : "phrase"
            }))
        }
        if cells.contains(where: { $0.best.first?.phones != nil }) {
            rows.append(("its phones", cells.map { cell in
                cell.best.first?.phones.map { "/\($0.term)/ (\($0.language))" } ?? ""
            }))
            rows.append(("aligned", cells.map { $0.best.first?.phones?.steps ?? "" }))
            rows.append(("its words", cells.map { ($0.best.first?.words ?? []).map(\.summary).joined(separator: "\n") }))
        }
        if cells.contains(where: { $0.features != nil }) {
            rows.append(("why", cells.map { cell in
                (cell.features ?? []).prefix(3).map { String(format: "%@ %+.2f", $0.name, $0.contribution) }
                    .joined(separator: "\n")
            }))
        }
        return SideBySideTable(title: "query '\(query)'", headings: cells.map(\.language), rows: rows)
    }
}

extension WordReading {
    /// One line: the word, then the dictionary entry or each rule as `letters→phones@line`.
    public var summary: String {
        if let entry { return "\(word) ← dictionary: \(entry)" }
        let steps = (rules ?? []).map { step in
            "\(step.letters)→\(step.phones.isEmpty ? "∅" : step.phones.replacingOccurrences(of: " ", with: ""))"
                + (step.line.map { "@\($0)" } ?? "?")
        }
        return "\(word) ← \(language) rules: " + steps.joined(separator: " ")
    }
}
