import ArgumentParser
import Foundation
import VocabCore
import VocabReports
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
            A recognizer's other hypotheses are weighed with the query (--alternative, --alternatives):
              vocab resolve --language en-US --vocabulary Examples/contacts.en-US.txt "Rosalind care." \
                --alternative "Rosalind Kerrigan.=0.2" --alternative "Rosalind Karen=0.16"
            """
    )

    @OptionGroup var languageOptions: LanguageOptions

    @OptionGroup var choice: VocabularyChoice

    @OptionGroup var storeOptions: UserStoreOptions

    @OptionGroup var alternativesInput: AlternativesInput

    @OptionGroup var recognizerChoice: RecognizerChoice

    @Flag(name: .long, help: "Show why each candidate matched: readings, aligned words, similarities.")
    var explain = false

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Argument(help: ArgumentHelp("What the recognizer wrote.", valueName: "query"))
    var query: [String] = []

    func validate() throws {
        try TextArgument.validate(query.joined(separator: " "), name: "<query>")
        if choice.parameter != nil && (!alternativesInput.alternative.isEmpty || alternativesInput.alternativesFile != nil) {
            throw ValidationError("--alternative and --alternatives apply to --user or --vocabulary, not to --parameter")
        }
        try recognizerChoice.checkApplies(withParameter: choice.parameter)
    }

    func run() async throws {
        if let parameter = choice.parameter { return try resolveAppTerm(parameter) }
        let text = query.joined(separator: " ")
        let alternatives = try alternativesInput.hypotheses()
        do {
            _ = try Hypothesis.checked(query: text, alternatives: alternatives, noun: alternativesInput.name(of:))
        } catch {
            throw CommandFailure(description: "\(error.subject): \(error.problem)")
        }
        let directory = try languageOptions.directory()
        let index: VocabularyIndex
        let context: LanguageContext
        if let vocabulary = choice.vocabulary {
            let terms = try VocabularySource.terms(fromFile: vocabulary)
            context = try LanguageContext(request: try languageOptions.request(), directory: directory)
            index = try IndexBuild.index(of: terms, preparer: context.preparer, source: vocabulary)
        } else {
            (index, context) = try await StoredIndex.load(user: choice.user, type: choice.type, store: storeOptions,
                                                          language: languageOptions, directory: directory)
        }
        let resolver = try recognizerChoice.resolver(for: index)
        let resolved: Resolver.Result
        do {
            resolved = try resolver.resolve(text, alternatives: alternatives, noun: alternativesInput.name(of:))
        } catch let error as VocabularyError where error.subject != "the query" {
            throw CommandFailure(description: "\(error.subject): \(error.problem)")
        }
        let result = explain ? resolver.explainingWords(resolved) : resolved
        let phones = { (candidate: Candidate) in resolver.phoneExplanation(of: candidate, in: result) }
        if json {
            try JSONOutput.print(ResolveReport(locale: LocaleSelectionReport(context.selection), query: text,
                                               result: result, explain: explain,
                                               model: resolver.decisionModel,
                                               alternativesModel: resolver.alternativesModel,
                                               recognizerName: resolver.recognizer?.name, phones: phones))
        } else {
            print(ResolveText.render(result, query: text, selection: context.selection, vocabularySize: index.count,
                                     explain: explain, model: resolver.decisionModel,
                                     alternativesModel: resolver.alternativesModel,
                                     recognizer: resolver.recognizer?.name, phones: phones))
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
