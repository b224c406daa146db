import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales
import VocabStore

/// `vocab resolve`: which of a user's terms a spoken phrase meant.
struct Resolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve what a recognizer wrote against a vocabulary: success, disambiguation, confirmation, or not.",
        discussion: """
            The vocabulary is a user's stored set (--user and --type) or a file (--vocabulary: one term per \
            line, or JSON with a 'strings' array). Example:
              vocab resolve --language fr-FR --vocabulary Examples/contacts.fr-FR.txt "matieu lefevre"
            """
    )

    @OptionGroup var languageOptions: LanguageOptions

    @Option(name: .long, help: ArgumentHelp("A user whose stored vocabulary (and language) to use.", valueName: "id"))
    var user: String?

    @Option(name: .long, help: ArgumentHelp("The string type of the user's vocabulary (default: contactName).",
                                            valueName: "type"))
    var type: String?

    @Option(name: .long, help: ArgumentHelp("A vocabulary file instead of a stored set.", valueName: "file"))
    var vocabulary: String?

    @Option(name: .long, help: ArgumentHelp(
        "Resolve against the locale's app vocabulary for this intent parameter, e.g. INStartWorkoutIntent.workoutName.",
        valueName: "parameter"))
    var parameter: String?

    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: .long, help: "Show why each candidate matched: readings, aligned words, similarities.")
    var explain = false

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Argument(help: ArgumentHelp("What the recognizer wrote.", valueName: "query"))
    var query: [String] = []

    func validate() throws {
        if [user != nil, vocabulary != nil, parameter != nil].filter({ $0 }).count != 1 {
            throw ValidationError("give one of --user (with --type), --vocabulary or --parameter")
        }
        if let user { try UserOptions.validateUser(user) }
        if let type { _ = try TypeArgument.parse(type) }
        if vocabulary != nil && type != nil { throw ValidationError("--type applies to --user, not to --vocabulary") }
        try TextArgument.validate(query.joined(separator: " "), name: "<query>")
    }

    func run() async throws {
        if let parameter { return try resolveAppTerm(parameter) }
        var terms: [String]
        var version: Int64?
        var stored: (code: String, user: String)?
        if let vocabulary {
            terms = try VocabularySource.terms(fromFile: vocabulary)
        } else {
            let id = try UserID(validating: user ?? "")
            let type = try TypeArgument.parse(type ?? VocabularyStringType.contactName.rawValue)
            let store = try storeOptions.openIfExists()
            let set = try await store?.vocabulary(for: id, type: type)
            terms = set?.terms ?? []
            version = set?.version
            if let code = try await store?.language(for: id) { stored = (code, id.rawValue) }
        }
        let context = try LanguageContext(request: try languageOptions.request(userSetting: stored),
                                          directory: try languageOptions.directory())
        let index = try VocabularyIndex(terms: terms, preparer: context.preparer, version: version)
        let text = query.joined(separator: " ")
        let result = try Resolver(index: index).resolve(text)
        if json {
            try JSONOutput.print(ResolveReport(locale: LocaleSelectionReport(context.selection), query: text,
                                               result: result, explain: explain))
        } else {
            print(ResolveText.render(result, query: text, selection: context.selection, vocabularySize: terms.count,
                                     explain: explain))
        }
    }

    /// Resolves against the app vocabulary of the locale the language falls back to.
    private func resolveAppTerm(_ parameter: String) throws {
        let directory = try languageOptions.directory()
        let context = try LanguageContext(request: try languageOptions.request(), directory: directory)
        let items = try AppVocabularySource.items(for: parameter, locale: context.selection.used, in: directory)
        let text = query.joined(separator: " ")
        let result = try AppTermResolver(items: items, preparer: context.preparer).resolve(text)
        if json {
            try JSONOutput.print(AppTermReport(locale: LocaleSelectionReport(context.selection), parameter: parameter,
                                               query: text, result: result))
            return
        }
        print("locale: \(context.selection.explanation)")
        print("query:  '\(text)' → \(result.queryTokens.map(\.text).joined(separator: " "))")
        print("outcome: \(result.outcome)\(result.truncated ? " (more were close; showing the 10 best)" : "")")
        for (number, match) in result.matches.enumerated() {
            let via = match.entry.isPronunciation ? "pronunciation" : "phrase"
            print(String(format: "  %2d. %@  %@  %.3f  (by its %@)", number + 1, match.entry.identifier,
                         match.entry.phrase, match.candidate.score, via))
        }
    }
}
