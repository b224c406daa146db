import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales

/// `vocab phone-costs`: the phone alignment costs a listener's language hears with.
struct PhoneCostsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phone-costs",
        abstract: "Show the phone costs a language hears with: the feature table, or what was learned of its recognizers.",
        discussion: """
            Lists, for each spoken phone, the phones a recognizer writes for it most cheaply, and what dropping it
            costs. --tsv prints every cost (kind, heard, said, cost) for scripts. Examples:
              vocab phone-costs --language es-ES --phone d
              vocab phone-costs --language de-DE --phone-loop --phone a
              vocab phone-costs --base --tsv > costs.tsv
            """
    )

    @OptionGroup var languageOptions: LanguageOptions

    @Flag(name: .long, help: "The feature table of shared/phone-costs.txt, without the language's learned confusions.")
    var base = false

    @Flag(name: .long, help: "The costs a phone recognizer's phones are aligned with (phone-loop-confusions.txt: how PocketSphinx's US English phone loop hears the language's names).")
    var phoneLoop = false

    @Flag(name: .long, help: "Print every cost, tab-separated: sub HEARD SAID COST, indel PHONE - WEIGHT, add PHONE - COST, drop PHONE - COST.")
    var tsv = false

    @Option(name: .long, help: ArgumentHelp("Show only this spoken phone (an inventory symbol).", valueName: "phone"))
    var phone: String?

    func run() throws {
        let directory = try languageOptions.directory()
        guard let data = try directory.phoneData() else {
            throw CommandFailure(description: "\(directory.url.path): no phone data (shared/phones.tsv is missing)")
        }
        let (selection, profile) = try directory.profile(for: try languageOptions.request(), tags: ICULanguageTags(),
                                                         normalizer: ICUTextNormalizer())
        let language = profile.language.language
        if base && phoneLoop {
            throw CommandFailure(description: "--base and --phone-loop name two tables; give one")
        }
        let learned = phoneLoop ? data.phoneLoopCosts : data.learnedCosts
        let costs = base ? data.costs : (learned[language] ?? data.costs)
        let inventory = costs.inventory
        let phones = (1..<inventory.count).map { Phone(code: UInt8($0)) }
        var said = phones
        if let symbol = phone {
            guard let found = inventory.phone(symbol) else {
                throw CommandFailure(description: "--phone '\(symbol)' is not in the inventory (shared/phones.tsv)")
            }
            said = [found]
        }
        if tsv {
            print("kind\theard\tsaid\tcost")
            for b in said {
                for a in phones where a != b {
                    print("sub\t\(inventory.write([a]))\t\(inventory.write([b]))\t\(format(costs.substitution(a, b)))")
                }
            }
            for p in said { print("indel\t\(inventory.write([p]))\t-\t\(format(costs.indel(p)))") }
            for p in said { print("add\t\(inventory.write([p]))\t-\t\(format(costs.addition(p)))") }
            for p in said { print("drop\t\(inventory.write([p]))\t-\t\(format(costs.drop(p)))") }
            return
        }
        print("locale: \(selection.explanation)")
        print("costs: " + (base ? "feature table (shared/phone-costs.txt)"
            : costs.learnedFrom.map { "learned (\($0)) over the feature table" }
                ?? "feature table (no learned \(phoneLoop ? "phone-loop " : "")confusions for \(language))"))
        print("")
        for b in said {
            let cheapest = phones.filter { $0 != b }.sorted { costs.substitution($0, b) < costs.substitution($1, b) }.prefix(5)
            let heard = cheapest.map { "\(inventory.write([$0])) \(format(costs.substitution($0, b)))" }.joined(separator: ", ")
            let symbol = inventory.write([b]).padding(toLength: 4, withPad: " ", startingAt: 0)
            print("  \(symbol) heard as: \(heard); dropped \(format(costs.drop(b))), added \(format(costs.addition(b)))")
        }
    }

    private func format(_ value: Float) -> String { String(format: "%.3f", value) }
}
