import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales
import VocabStore

/// `vocab compare`: the same queries through several languages side by side.
struct Compare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show queries through several languages side by side: locale, normal forms, keys, outcome, best terms.",
        discussion: """
            One table per query, one column per language. The vocabulary is a file (--vocabulary), a user's \
            stored set (--user, --type), or each locale's app vocabulary for a parameter (--parameter). Example:
              vocab compare --languages en-US,fr-FR,it-IT,pt-BR --vocabulary Examples/contacts.fr-FR.txt kiara
            """
    )

    @Option(name: .long, help: ArgumentHelp("Comma-separated Siri language codes, e.g. en-US,fr-FR,it-IT.",
                                            valueName: "codes"))
    var languages: String

    @Option(name: .long, help: ArgumentHelp("A user whose stored vocabulary to use.", valueName: "id"))
    var user: String?

    @Option(name: .long, help: ArgumentHelp("The string type of the user's vocabulary (default: contactName).",
                                            valueName: "type"))
    var type: String?

    @Option(name: .long, help: ArgumentHelp("A vocabulary file: one term per line, or JSON with 'strings'.",
                                            valueName: "file"))
    var vocabulary: String?

    @Option(name: .long, help: ArgumentHelp("Each locale's app vocabulary for this intent parameter.",
                                            valueName: "parameter"))
    var parameter: String?

    @OptionGroup var localesOptions: LocalesOptions

    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Argument(help: ArgumentHelp("The queries, as a recognizer would write them.", valueName: "query"))
    var queries: [String]

    func validate() throws {
        if [user != nil, vocabulary != nil, parameter != nil].filter({ $0 }).count != 1 {
            throw ValidationError("give one of --user (with --type), --vocabulary or --parameter")
        }
        if queries.isEmpty { throw ValidationError("Missing expected argument '<query> ...': give at least one query") }
        for query in queries { try TextArgument.validate(query, name: "<query>") }
        _ = try codes()
        if let user { try UserOptions.validateUser(user) }
        if let type { _ = try TypeArgument.parse(type) }
    }

    private func codes() throws -> [SiriLanguageCode] {
        let parts = languages.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else {
            throw ValidationError("--languages '\(languages)' is not a list of Siri language codes; "
                + "expected a form like 'en-US,fr-FR'")
        }
        return try parts.map { part in
            do { return try ICULanguageTags().canonicalize(part) } catch let error as LanguageCodeError {
                throw ValidationError(error.from("--languages").description)
            }
        }
    }

    func run() async throws {
        let directory = try localesOptions.directory()
        var terms: [String] = []
        if let vocabulary { terms = try VocabularySource.terms(fromFile: vocabulary) }
        if let user {
            let type = try TypeArgument.parse(type ?? VocabularyStringType.contactName.rawValue)
            terms = try await storeOptions.storedSet(of: try UserID(validating: user), type: type).terms
        }
        var columns: [(code: SiriLanguageCode, context: LanguageContext, resolve: (String) throws -> CompareCell.Outcome)] = []
        for code in try codes() {
            let context = try LanguageContext(request: LanguageRequest(code: code, source: .argument("--languages")),
                                              directory: directory)
            if let parameter {
                let items = try AppVocabularySource.items(for: parameter, locale: context.selection.used, in: directory)
                let resolver = try AppTermResolver(items: items, preparer: context.preparer)
                columns.append((code, context, { query in
                    let result = try resolver.resolve(query)
                    return CompareCell.Outcome(name: result.outcome, best: result.matches.map {
                        ("\($0.entry.identifier) (\($0.entry.phrase))", $0.candidate.score)
                    })
                }))
            } else {
                let resolver = Resolver(index: try IndexBuild.index(of: terms, preparer: context.preparer,
                                                                    source: vocabulary ?? "user '\(user ?? "")'"))
                columns.append((code, context, { query in
                    let result = try resolver.resolve(query)
                    let shown = result.resolution.candidates.isEmpty ? Array(result.ranked.prefix(1)) : result.resolution.candidates
                    return CompareCell.Outcome(name: result.resolution.name, best: shown.prefix(3).map { ($0.term, $0.score) })
                }))
            }
        }
        var tables: [CompareTable] = []
        for query in queries {
            var cells: [CompareCell] = []
            for column in columns {
                let normalized = try column.context.preparer.normalizer.normalize(query, in: column.context.preparer.profile)
                let keys = normalized.tokens.map { column.context.preparer.phonetics.keys(for: TermPreparer.soundInput(of: $0)) }
                cells.append(CompareCell(language: column.code.identifier, used: column.context.selection.used.identifier,
                                         isExact: column.context.selection.isExact, faithful: normalized.faithful,
                                         folded: normalized.folded, keys: keys, outcome: try column.resolve(query)))
            }
            tables.append(CompareTable(query: query, cells: cells))
        }
        if json {
            try JSONOutput.print(tables)
        } else {
            print(tables.map(\.text).joined(separator: "\n\n"))
        }
    }
}

/// One language's column for one query.
struct CompareCell: Encodable {
    struct Outcome: Encodable {
        let name: String
        let best: [(term: String, score: Double)]

        enum CodingKeys: String, CodingKey { case name, best }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            struct Entry: Encodable {
                let term: String
                let score: Double
            }
            try container.encode(best.map { Entry(term: $0.term, score: ($0.score * 1000).rounded() / 1000) },
                                 forKey: .best)
        }
    }

    let language: String
    let used: String
    let isExact: Bool
    let faithful: String
    let folded: String
    let keys: [[String]]
    let outcome: Outcome
}

/// One query's table: a row per aspect, a column per language.
struct CompareTable: Encodable {
    let query: String
    let cells: [CompareCell]

    var text: String {
        let maximumBest = cells.map(\.outcome.best.count).max() ?? 0
        var rows: [(String, [String])] = [
            ("locale", cells.map { $0.isExact ? $0.used : "\($0.used) (fallback)" }),
            ("faithful", cells.map(\.faithful)),
            ("folded", cells.map(\.folded)),
            ("keys", cells.map { $0.keys.map { $0.joined(separator: "/") }.joined(separator: " ") }),
            ("outcome", cells.map(\.outcome.name)),
        ]
        for index in 0..<maximumBest {
            rows.append((index == 0 ? "best" : "", cells.map { cell in
                index < cell.outcome.best.count
                    ? String(format: "%@ %.2f", cell.outcome.best[index].term, cell.outcome.best[index].score) : ""
            }))
        }
        let header = ("query '\(query)'", cells.map(\.language))
        let labelWidth = max(header.0.count, rows.map(\.0.count).max() ?? 0)
        let widths = cells.indices.map { column in
            ([header.1[column]] + rows.map { $0.1[column] }).map(\.count).max() ?? 0
        }
        func line(_ label: String, _ values: [String]) -> String {
            (label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  "
                + zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " │ "))
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = [line(header.0, header.1)]
        lines.append(String(repeating: "─", count: labelWidth + 2 + widths.reduce(0, +) + 3 * (widths.count - 1)))
        lines += rows.map { line($0.0, $0.1) }
        return lines.joined(separator: "\n")
    }
}
