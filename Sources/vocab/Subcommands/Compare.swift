import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales
import VocabReports
import VocabSpeech
import VocabStore

/// `vocab compare`: the same queries through several languages side by side.
struct Compare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show queries through several languages side by side: normal forms, keys, phones, outcome, best terms.",
        discussion: """
            One table per query, one column per language: the locale used, the normal forms and phonetic keys, \
            the phones each language hears and the rule or dictionary line behind each word, the outcome with its \
            probability, the best terms, the best term's phones aligned with the query's, and the decision's \
            largest contributions. The vocabulary is a file (--vocabulary), a user's stored set (--user, --type), \
            or each locale's app vocabulary for a parameter (--parameter). Tables wrap to the terminal's width \
            ($COLUMNS), and turn into one block per language when it is too narrow. Example:
              vocab compare --languages en-US,fr-FR,it-IT --vocabulary Examples/contacts.fr-FR.txt kiara
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

    @OptionGroup var recognizerChoice: RecognizerChoice

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        "Write each language's voice saying the query and the best term as WAV files into this folder (needs espeak-ng).",
        valueName: "folder"))
    var speak: String?

    @Argument(help: ArgumentHelp("The queries, as a recognizer would write them.", valueName: "query"))
    var queries: [String]

    func validate() throws {
        if [user != nil, vocabulary != nil, parameter != nil].filter({ $0 }).count != 1 {
            throw ValidationError("give one of --user (with --type), --vocabulary or --parameter")
        }
        if queries.isEmpty { throw ValidationError("Missing expected argument '<query> ...': give at least one query") }
        try recognizerChoice.checkApplies(withParameter: parameter)
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
        let speaker = try speak.map { folder in try Speaker(folder: folder) }
        var columns: [(code: SiriLanguageCode, context: LanguageContext, cell: (String) throws -> ComparisonReport.Cell)] = []
        for code in try codes() {
            let context = try LanguageContext(request: LanguageRequest(code: code, source: .argument("--languages")),
                                              directory: directory)
            let locale = LocaleSelectionReport(context.selection)
            let preparer = context.preparer
            func view(_ query: String) throws -> ComparisonReport.Cell.QueryView {
                .init(try preparer.normalizer.normalize(query, in: preparer.profile), preparer: preparer)
            }
            let planner = try directory.recognizerHints(for: preparer)
            if let parameter {
                let items = try AppVocabularySource.items(for: parameter, locale: context.selection.used, in: directory)
                let resolver = try AppTermResolver(items: items, preparer: preparer)
                let hinted = planner?.prompted(resolver.hintTerms)
                columns.append((code, context, { query in
                    ComparisonReport.Cell(language: code.identifier, locale: locale, query: try view(query),
                                          result: try resolver.resolve(query), resolver: resolver, preparer: preparer,
                                          hinted: hinted)
                }))
            } else {
                let resolver = try recognizerChoice.resolver(for: try IndexBuild.index(
                    of: terms, preparer: preparer, source: vocabulary ?? "user '\(user ?? "")'"))
                let hinted = planner?.prompted(terms.map { RecognizerHints.Term(text: $0) })
                columns.append((code, context, { query in
                    ComparisonReport.Cell(language: code.identifier, locale: locale, query: try view(query),
                                          result: try resolver.resolve(query), resolver: resolver, preparer: preparer,
                                          hinted: hinted)
                }))
            }
        }
        var reports: [ComparisonReport] = []
        for query in queries {
            reports.append(ComparisonReport(query: query, cells: try columns.map { try $0.cell(query) }))
        }
        if json {
            try JSONOutput.print(reports)
        } else {
            let width = TerminalWidth.current()
            print(reports.map { $0.table.render(width: width) }.joined(separator: "\n\n"))
        }
        if let speaker {
            for (number, report) in reports.enumerated() {
                for (column, cell) in zip(columns, report.cells) {
                    try speaker.say(report.query, best: cell.best.first?.term, language: column.code, queryNumber: number + 1)
                }
            }
            StandardError.print("wrote \(speaker.written) WAV file\(speaker.written == 1 ? "" : "s") to \(speaker.folder)")
        }
    }
}

/// Writes each language's voice saying the query and the best term (`compare --speak`).
final class Speaker {
    let folder: String
    let synthesizer: ESpeakSynthesizer
    private(set) var written = 0

    /// Finds espeak-ng and makes the folder.
    ///
    /// - Throws: ``CommandFailure`` with install advice when espeak-ng is missing, or naming `--speak` when the
    ///   folder cannot be made.
    init(folder: String) throws {
        guard let synthesizer = ESpeakSynthesizer.find() else {
            throw CommandFailure(description: "--speak: \(ESpeakSynthesizer.installAdvice)")
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw CommandFailure(description: "--speak '\(folder)': cannot make the folder: \(error.localizedDescription)")
        }
        self.folder = folder
        self.synthesizer = synthesizer
    }

    /// `<n>-<language>-query.wav` and `<n>-<language>-best.wav`.
    func say(_ query: String, best: String?, language: SiriLanguageCode, queryNumber: Int) throws {
        guard let voice = synthesizer.voice(for: language) else {
            StandardError.print("--speak: espeak-ng has no voice for \(language); skipped")
            return
        }
        for (kind, text) in [("query", query), ("best", best)] {
            guard let text, !text.isEmpty else { continue }
            let path = "\(folder)/\(queryNumber)-\(language.identifier)-\(kind).wav"
            do {
                let bytes = try synthesizer.wav(text, voice: voice)
                try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
                written += 1
            } catch {
                throw CommandFailure(description: "--speak: cannot write \(path): \(error)")
            }
        }
    }
}
