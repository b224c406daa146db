import ArgumentParser
import Foundation
import VocabCore
import VocabReports
import VocabICU
import VocabLocales
import VocabStore

/// `vocab language`: the per-user Siri language code setting.
struct Language: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Store or show a user's Siri language code.",
        discussion: """
            Precedence when a command runs for a user: --language, then $VOCAB_LANGUAGE, then the stored \
            setting, then en-US.
            """,
        subcommands: [SetLanguage.self, ShowLanguage.self, ClearLanguage.self]
    )

    struct SetLanguage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Store a user's Siri language code, e.g. fr-FR.")

        @Argument(help: ArgumentHelp("The Siri language code.", valueName: "code"))
        var code: String

        @OptionGroup var userOptions: UserOptions
        @OptionGroup var storeOptions: UserStoreOptions

        func validate() throws {
            do { _ = try ICULanguageTags().canonicalize(code) } catch { throw ValidationError(error.description) }
        }

        func run() async throws {
            let canonical = try ICULanguageTags().canonicalize(code)
            guard let opened = try await storeOptions.open(for: .create) else { return }
            defer { opened.close() }
            try await opened.store.setLanguage(canonical, for: userOptions.id)
            let note = canonical.identifier == code ? "" : " (canonical form of '\(code)')"
            print("user '\(userOptions.user)' speaks \(canonical)\(note)")
        }
    }

    struct ShowLanguage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a user's stored Siri language code and the one in force.")

        @OptionGroup var userOptions: UserOptions
        @OptionGroup var storeOptions: UserStoreOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Flag(name: .long, help: "Print JSON instead of text.")
        var json = false

        func run() async throws {
            let opened = try await storeOptions.open(for: .readIfExists)
            defer { opened?.close() }
            let stored = try await opened?.store.language(for: userOptions.id)
            let request = try languageOptions.request(userSetting: stored.map { ($0, userOptions.user) })
            let (selection, _) = try languageOptions.directory()
                .profile(for: request, tags: ICULanguageTags(), normalizer: ICUTextNormalizer())
            if json {
                try JSONOutput.print(Report(user: userOptions.user, stored: stored,
                                            locale: LocaleSelectionReport(selection)))
                return
            }
            print("stored     \(stored ?? "(none)")")
            print("in force   \(request.code) (\(request.source))")
            print("locale     \(selection.explanation)")
        }

        private struct Report: Encodable {
            let user: String
            let stored: String?
            let locale: LocaleSelectionReport
        }
    }

    struct ClearLanguage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove a user's stored Siri language code.")

        @OptionGroup var userOptions: UserOptions
        @OptionGroup var storeOptions: UserStoreOptions

        func run() async throws {
            let opened = try await storeOptions.open(for: .writeIfExists)
            defer { opened?.close() }
            try await opened?.store.setLanguage(nil, for: userOptions.id)
            print("user '\(userOptions.user)' has no stored language")
        }
    }
}
