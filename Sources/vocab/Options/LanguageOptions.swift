import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales

/// `--locales`, shared by every command that reads locale data.
struct LocalesOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The locales folder (default: $VOCAB_LOCALES, else the package's Locales/).", valueName: "dir"))
    var locales: String?

    /// The locales folder in use.
    func directory() throws -> LocaleDirectory {
        try LocaleDirectory.locate(
            explicit: locales, environment: ProcessInfo.processInfo.environment,
            executablePath: Self.executablePath, currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// The running binary, through `/proc/self/exe` where it exists (a relative `argv[0]` is not enough).
    static var executablePath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first
    }
}

/// `--language` and `--locales`, shared by every command that works in a language.
struct LanguageOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The Siri language code to work in, e.g. fr-FR (default: $VOCAB_LANGUAGE, else en-US).",
        valueName: "code"))
    var language: String?

    @OptionGroup var localesOptions: LocalesOptions

    func validate() throws {
        if let language {
            do { _ = try ICULanguageTags().canonicalize(language) }
            catch { throw ValidationError(error.from("--language").description) }
        }
    }

    /// The language requested, by precedence: `--language`, `$VOCAB_LANGUAGE`, the user's stored setting,
    /// the default.
    ///
    /// - Parameter userSetting: The user's stored code and id, when a user is named.
    func request(userSetting: (code: String, user: String)? = nil) throws -> LanguageRequest {
        try LanguageRequest.choose(
            argument: language, environment: ProcessInfo.processInfo.environment["VOCAB_LANGUAGE"],
            userSetting: userSetting, tags: ICULanguageTags())
    }

    /// The locales folder in use.
    func directory() throws -> LocaleDirectory { try localesOptions.directory() }
}
