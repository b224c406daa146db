import ArgumentParser
import Foundation
import VocabCore
import VocabLocales
import VocabStore

/// `vocab hints`: what a recognizer needs to hear a vocabulary, within its budget.
struct Hints: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn an ordered vocabulary into recognizer hints: a Whisper prompt, a phrase list, or a lexicon.",
        discussion: """
            From a user's stored set (--user, --type), a file (--vocabulary) or a locale's app vocabulary \
            (--parameter), in the language in force, within a budget: the terms the recognizer would likely \
            mishear go first, in the user's order, then the others while room is left. With --heard (what the \
            recognizer wrote on a first pass), the hints of a second pass: the terms that sound like it go first, \
            within half the budget. --explain says why each term is in or out. Formats:
              prompt    a text prompt for Whisper-style recognizers (budget: tokens; default 223, Whisper's; exact \
            with --tokenizer, a tokenizer.json, else estimated)
              phrases   phrases with boosts 5-20 for cloud phrase hints or a Vosk grammar (budget: phrases, default 500)
              lexicon   ARPAbet pronunciations for words the pronouncing dictionary lacks, for PocketSphinx \
            (budget: entries, default 1000); --grammar and --keywords write a JSGF grammar and a keyword list
            Examples:
              vocab hints --language fr-FR --vocabulary Examples/contacts.fr-FR.txt --format prompt --explain
              vocab hints --user alice --heard "Adel Springer," --tokenizer tokenizer.json
            """
    )

    @OptionGroup var languageOptions: LanguageOptions

    @OptionGroup var choice: VocabularyChoice

    @OptionGroup var storeOptions: UserStoreOptions

    @Option(name: .long, help: ArgumentHelp("prompt, phrases or lexicon (default: prompt).", valueName: "format"))
    var format: String = "prompt"

    @Option(name: .long, help: ArgumentHelp("Tokens (prompt), phrases or lexicon entries at most.", valueName: "n"))
    var budget: Int?

    @Option(name: .long, help: ArgumentHelp("The recognizer's tokenizer.json, for exact prompt token counts.", valueName: "file"))
    var tokenizer: String?

    @Option(name: .long, help: ArgumentHelp("With --format lexicon: write a JSGF grammar of the terms here.", valueName: "file"))
    var grammar: String?

    @Option(name: .long, help: ArgumentHelp("With --format lexicon: write a PocketSphinx keyword list here.", valueName: "file"))
    var keywords: String?

    @Option(name: .long, help: ArgumentHelp(
        "What a recognizer wrote on a first pass (repeat for its alternatives, best first): the terms that sound like "
            + "it go in first, within half the budget, then the user's order (a second pass's hints).", valueName: "text"))
    var heard: [String] = []

    @Flag(name: .long, help: "Say why each term is in or out, and each word's risk.")
    var explain = false

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        let parsed = try Self.format(format)
        if let budget {
            guard (1...RecognizerHints.Format.maximumBudget).contains(budget) else {
                throw ValidationError("--budget \(budget) is out of range; give 1 to \(RecognizerHints.Format.maximumBudget) "
                    + "(\(parsed.budgetUnit))")
            }
        }
        if parsed != .lexicon && (grammar != nil || keywords != nil) {
            throw ValidationError("--grammar and --keywords apply to --format lexicon")
        }
        if tokenizer != nil && parsed != .prompt { throw ValidationError("--tokenizer applies to --format prompt") }
        do { try Resolver.checkHeard(heard, noun: { "--heard \($0 + 1)" }) } catch {
            throw ValidationError(error.description)
        }
    }

    static func format(_ name: String) throws -> RecognizerHints.Format {
        guard let format = RecognizerHints.Format(rawValue: name) else {
            throw ValidationError("--format '\(name)' is not a hint format; expected prompt, phrases or lexicon")
        }
        return format
    }

    func run() async throws {
        let format = try Self.format(format)
        let directory = try languageOptions.directory()
        let counter: any PromptTokenCounter
        if let tokenizer {
            do { counter = try BPETokenCounter(contentsOf: tokenizer) } catch let error as LocaleDataError {
                throw CommandFailure(description: "--tokenizer \(error)")
            }
        } else {
            counter = EstimatedTokenCounter()
        }
        var terms: [RecognizerHints.Term] = []
        var stored: (code: String, user: String)?
        var keptIndex: VocabularyIndex?
        var keptContext: LanguageContext?
        if choice.user != nil && !heard.isEmpty {
            // A second pass searches the set: from the index kept beside the store, as `resolve --user` does.
            let (index, context) = try await StoredIndex.load(user: choice.user, type: choice.type, store: storeOptions,
                                                              language: languageOptions, directory: directory)
            (keptIndex, keptContext) = (index, context)
            terms = Array(index.hintTerms)
        } else if let vocabulary = choice.vocabulary {
            terms = try VocabularySource.terms(fromFile: vocabulary).map { RecognizerHints.Term(text: $0) }
        } else if let user = choice.user {
            let id = try UserID(validating: user)
            let type = try TypeArgument.parse(choice.type ?? VocabularyStringType.contactName.rawValue)
            guard let opened = try await storeOptions.open(for: .readExisting) else {
                throw CommandFailure(description: "no vocabulary store")
            }
            defer { opened.close() }
            let set = try await storeOptions.storedSet(of: id, type: type, in: opened)
            terms = set.entries.map { RecognizerHints.Term(text: $0.phrase, pronunciation: $0.pronunciationHint) }
            stored = try await opened.store.language(for: id).map { (code: $0, user: id.rawValue) }
        }
        let context = try keptContext ?? LanguageContext(request: try languageOptions.request(userSetting: stored),
                                                          directory: directory)
        if let parameter = choice.parameter {
            let items = try AppVocabularySource.items(for: parameter, locale: context.selection.used, in: directory)
            terms = RecognizerHints.Term.terms(of: items)
        }
        guard let planner = try directory.recognizerHints(for: context.preparer) else {
            throw CommandFailure(description: "the locales folder \(directory.url.path) has no phone data or no "
                + "shared/\(LocaleDirectory.hintModelFileName); hints need both")
        }
        let near = try nearTerms(of: terms, index: keptIndex, preparer: context.preparer)
        let plan = planner.plan(terms, near: near, format: format, budget: budget ?? format.defaultBudget,
                                counter: counter, explain: explain)
        try write(plan.grammar, to: grammar, option: "--grammar")
        try write(plan.keywords, to: keywords, option: "--keywords")
        if json {
            try JSONOutput.print(plan)
        } else {
            print(Self.text(of: plan, explain: explain))
        }
        StandardError.print("\(plan.included) of \(plan.considered) term\(plan.considered == 1 ? "" : "s") considered "
            + "(\(terms.count) in all) in \(plan.language); \(plan.used) of \(plan.budget) "
            + (format == .prompt ? "tokens (\(plan.tokenizer ?? ""))" : format == .phrases ? "phrases" : "entries"))
    }

    /// The terms that sound like what `--heard` gives, nearest first (none without it), searched as widely as
    /// either matcher searches in the stored set's kept index, else in an index of the terms built here.
    private func nearTerms(of terms: [RecognizerHints.Term], index kept: VocabularyIndex?,
                           preparer: TermPreparer) throws -> [RecognizerHints.NearTerm] {
        guard !heard.isEmpty, !terms.isEmpty else { return [] }
        let index = try kept ?? IndexBuild.index(
            of: terms.map { VocabularyTerm(phrase: $0.text, identifier: nil, pronunciationHint: $0.pronunciation) },
            preparer: preparer, source: "the vocabulary")
        return try Resolver(index: index).nearestTerms(to: heard, limit: RecognizerHints.nearLimit)
    }

    private func write(_ text: String?, to path: String?, option: String) throws {
        guard let text, let path else { return }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CommandFailure(description: "\(option) '\(path)': cannot write: \(error.localizedDescription)")
        }
    }

    static func text(of plan: RecognizerHints.Plan, explain: Bool) -> String {
        var lines: [String] = []
        if let prompt = plan.prompt { lines.append(prompt) }
        for phrase in plan.phrases ?? [] { lines.append(String(format: "%5.2f  %@", phrase.boost, phrase.phrase)) }
        for entry in plan.lexicon ?? [] { lines.append("\(entry.word) \(entry.phones.joined(separator: " "))") }
        if explain {
            lines.append("")
            for choice in plan.choices ?? [] {
                let mark = choice.included ? "in " : "out"
                lines.append("\(mark) \(String(format: "%4d", choice.rank + 1)). \(choice.term) — \(choice.reason)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
