import ArgumentParser
import Foundation
import VocabCore
import VocabReports
import VocabICU
import VocabLocales
import VocabStore

/// `vocab normalize`: shows every form the matcher derives from a text in a language.
struct Normalize: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the normalized forms of texts: faithful, folded, Latin, tokens, spelled out.",
        discussion: """
            Example: vocab normalize --language tr-TR "DİYARBAKIR Işık"
            """
    )

    @OptionGroup var languageOptions: LanguageOptions

    @Option(name: .long, help: ArgumentHelp(
        "A user whose stored language applies when neither --language nor $VOCAB_LANGUAGE is set.", valueName: "id"))
    var user: String?

    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Argument(help: ArgumentHelp("The texts to normalize.", valueName: "text"))
    var texts: [String]

    func validate() throws {
        if let user { try UserOptions.validateUser(user) }
        if texts.isEmpty { throw ValidationError("Missing expected argument '<text> ...': give at least one text") }
        for text in texts { try TextArgument.validate(text, name: "<text>") }
    }

    func run() async throws {
        let normalizer = ICUTextNormalizer()
        var stored: (code: String, user: String)?
        if let user, let code = try await storeOptions.openIfExists()?.language(for: try UserID(validating: user)) {
            stored = (code, user)
        }
        let (selection, profile) = try languageOptions.directory()
            .profile(for: try languageOptions.request(userSetting: stored), tags: ICULanguageTags(), normalizer: normalizer)
        let results = try texts.map { try normalizer.normalize($0, in: profile) }
        let pronouncer = try languageOptions.directory().phoneData()?.pronouncer(for: profile.language.language)
        let readings = results.map { result in pronouncer.map { PhoneReadingReport(result, pronouncer: $0) } }
        if json {
            try JSONOutput.print(Report(locale: LocaleSelectionReport(selection), results: results, phones: readings))
            return
        }
        print("locale: \(selection.explanation)")
        for result in results {
            print("")
            print(result.original)
            print(field("faithful", result.faithful))
            print(field("folded", result.folded))
            if let alternate = result.alternateFolded { print(field("alternate", alternate)) }
            if let latin = result.latin { print(field("latin", latin)) }
            print(field("tokens", result.tokens.map(describe).joined(separator: " | ")))
            if let spelled = result.spelledOut { print(field("spelled", spelled)) }
            if let phones = readings[results.firstIndex(of: result)!] {
                print(field("heard", "/\(phones.query)/ (\(phones.listener), as a query)"))
                for reading in phones.term { print(field("said", "/\(reading.phones)/ (\(reading.language), as a term)")) }
            }
        }
    }

    private struct Report: Encodable {
        let locale: LocaleSelectionReport
        let results: [NormalizedText]
        /// Per text, its phones (absent when the locales folder has no phone data).
        let phones: [PhoneReadingReport?]
    }

    private func field(_ name: String, _ value: String) -> String {
        "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) + value
    }

    /// `o'connor [o+connor]`, `luc [joined]`, `dr [honorific]`.
    private func describe(_ token: NameToken) -> String {
        var notes: [String] = []
        if token.role != .name { notes.append(token.role.rawValue) }
        if token.isJoinedToPrevious { notes.append("joined") }
        if !token.parts.isEmpty { notes.append(token.parts.joined(separator: "+")) }
        if token.folded != token.text, token.parts.isEmpty { notes.append(token.folded) }
        return notes.isEmpty ? token.text : "\(token.text) [\(notes.joined(separator: ", "))]"
    }
}
