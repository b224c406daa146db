import ArgumentParser
import Foundation
import VocabCore
import VocabReports
import VocabICU
import VocabLocales

/// `vocab locales`: lists the locale folders, or shows how a code is canonicalized and which folder serves it.
struct Locales: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the available locales, or show a code's canonical form and fallback chain.",
        discussion: "Example: vocab locales fr-CA"
    )

    @OptionGroup var localesOptions: LocalesOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Argument(help: ArgumentHelp("A Siri language code to look up, e.g. fr-CA.", valueName: "code"))
    var code: String?

    func validate() throws {
        if let code {
            do { _ = try ICULanguageTags().canonicalize(code) }
            catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        let tags = ICULanguageTags()
        let directory = try localesOptions.directory()
        let listing = try directory.listing(tags: tags)
        for ignored in listing.ignored {
            StandardError.print("warning: \(directory.url.path)/\(ignored.name): \(ignored.reason)")
        }
        guard let code else { return try list(listing, in: directory) }
        let canonical = try tags.canonicalize(code)
        let selection = LocaleSelection.select(
            LanguageRequest(code: canonical, source: .argument("the argument")),
            available: Set(listing.locales), tags: tags)
        if json {
            try JSONOutput.print(LookupReport(input: code, canonical: canonical.identifier,
                                              selection: LocaleSelectionReport(selection)))
            return
        }
        print("input      \(code)")
        print("canonical  \(canonical)")
        print("used       \(selection.used)")
        if selection.isExact {
            print("why        \(canonical) is available")
        } else {
            print("why        \(canonical) is not available; \(selection.used) is the \(selection.chain.last!.rule)")
        }
        print("chain      \(selection.chainLine)")
    }

    private func list(_ listing: LocaleDirectory.Listing, in directory: LocaleDirectory) throws {
        let entries = listing.locales.map { code in
            let files = (try? FileManager.default.contentsOfDirectory(
                atPath: directory.url.appendingPathComponent(code.identifier).path).sorted()) ?? []
            return ListEntry(locale: code.identifier, isDefault: code == .fallback, files: files)
        }
        let phones = try directory.phoneData()
        if json {
            try JSONOutput.print(ListReport(
                folder: directory.url.path, locales: entries,
                pronouncingDictionary: phones.map { DictionaryReport(status: $0.dictionaryStatus, found: $0.dictionary != nil,
                                                                     warning: $0.dictionaryWarning) }))
            return
        }
        print("locales in \(directory.url.path):")
        for entry in entries {
            let label = entry.locale + (entry.isDefault ? " (default)" : "")
            print("  " + label.padding(toLength: 16, withPad: " ", startingAt: 0) + entry.files.joined(separator: ", "))
        }
        if let phones { print("English pronouncing dictionary: \(phones.dictionaryStatus)") }
    }

    private struct ListEntry: Encodable {
        let locale: String
        let isDefault: Bool
        let files: [String]
    }

    private struct ListReport: Encodable {
        let folder: String
        let locales: [ListEntry]
        /// The English pronouncing dictionary the phone matcher reads (absent without phone data).
        let pronouncingDictionary: DictionaryReport?
    }

    private struct DictionaryReport: Encodable {
        /// Where it was read from and how many words, or why there is none.
        let status: String
        let found: Bool
        /// What is lost when the default dictionary is missing.
        let warning: String?
    }

    private struct LookupReport: Encodable {
        let input: String
        let canonical: String
        let selection: LocaleSelectionReport
    }
}
