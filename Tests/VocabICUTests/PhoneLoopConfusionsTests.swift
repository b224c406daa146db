import Foundation
import Testing
import VocabCore
import VocabLocales
import VocabTestSupport

/// How PocketSphinx's US English phone loop hears names said in the other languages (`Locales/<locale>/
/// phone-loop-confusions.txt`, `learn_confusions.py --phone-loop`): a hypothesis of phones is aligned with these
/// costs, the words' hypotheses with the recognizers' confusions, as before.
@Suite("Phone-loop confusions")
struct PhoneLoopConfusionsTests {
    static let directory = LocaleDirectory(url: RepositoryPaths.locales)

    @Test("The five languages the phone loop is not trained on have its costs; English hears its phones as it hears words")
    func shippedCostsLoad() throws {
        let data = try #require(try Self.directory.phoneData())
        for language in ["fr", "de", "it", "es", "pt"] {
            let heard = try #require(data.phoneLoopCosts[language], "no phone-loop-confusions.txt for \(language)")
            #expect(heard.learnedFrom?.hasSuffix("phone-loop-confusions.txt") == true)
            #expect(data.pronouncer(for: language).heardPhoneCosts != nil)
        }
        #expect(data.phoneLoopCosts["en"] == nil)
        #expect(data.pronouncer(for: "en").heardPhoneCosts == nil)
    }

    /// A held-out German clip (`Vectors/whisper-phones/cosmin-mecklenburg.json`): the English loop heard
    /// "K AO S UW IY N EH K AH M W V" for Cosmin Mecklenburg; its vowels are English ones a German name never has
    /// (ɔ for o, ə for a), which the learned costs take as the loop's way of hearing them.
    @Test("The phone loop's phones of a German name sound more like it under the costs learned of the loop")
    func learnedCostsHearTheName() throws {
        let data = try #require(try Self.directory.phoneData())
        let german = data.pronouncer(for: "de")
        let heardCosts = try #require(german.heardPhoneCosts)
        let arpabet = try #require(data.arpabet)
        let heard = "K AO S UW IY N EH K AH M W V".split(separator: " ").flatMap { arpabet[String($0)]! }
        let name = german.phones(of: "cosmin", in: "de") + german.phones(of: "mecklenburg", in: "de")
        let filler = [Bool](repeating: false, count: heard.count)
        let asWords = PhoneAligner(costs: german.costs).similarity(query: heard, filler: filler, term: name[...])
        let asPhoneLoop = PhoneAligner(costs: heardCosts).similarity(query: heard, filler: filler, term: name[...])
        #expect(asPhoneLoop > asWords + 0.05, "\(asWords) → \(asPhoneLoop)")
    }

    /// `--explain` shows a hypothesis of phones aligned as it was scored: each substitution at the phone loop's cost.
    @Test("A candidate heard in the phones is explained with the costs learned of the phone loop")
    func explainedWithTheLoopsCosts() throws {
        let data = try #require(try Self.directory.phoneData())
        let heardCosts = try #require(data.pronouncer(for: "de").heardPhoneCosts)
        let index = try RecognizerProfileTests.index(["Cosmin Mecklenburg", "Hannelore Vogt", "Jürgen Albers"],
                                                     language: "de-DE")
        let resolver = try Resolver(index: index, recognizerNamed: "whisper-phones")
        let result = try resolver.resolve("Guten Tag.", alternatives: [Hypothesis(phones: "K AO S UW IY N EH K AH M W V")])
        let cosmin = try #require(result.ranked.first { $0.term == "Cosmin Mecklenburg" })
        #expect(result.hypotheses[cosmin.hypothesis].isPhones)
        let explained = try #require(resolver.phoneExplanation(of: cosmin, in: result))
        let inventory = heardCosts.inventory
        let pairs = explained.alignment.filter { $0.query != nil && $0.term != nil && $0.query != $0.term }
        #expect(!pairs.isEmpty)
        for pair in pairs {
            let heard = try #require(inventory.phone(pair.query!)), said = try #require(inventory.phone(pair.term!))
            #expect(pair.cost == (Double(heardCosts.substitution(heard, said)) * 100).rounded() / 100,
                    "\(pair.query!)>\(pair.term!) cost \(pair.cost)")
        }
    }

    @Test("A damaged phone-loop confusions file is refused naming the file and line")
    func damagedFileIsRefused() throws {
        try RepositoryPaths.withLocalesCopy { folder in
            let file = folder.appendingPathComponent("de-DE/phone-loop-confusions.txt")
            try "sub a ɑ 0.1\nsub a q 0.2\n".write(to: file, atomically: true, encoding: .utf8)
            do {
                _ = try LocaleDirectory(url: folder).phoneData()
                Issue.record("a damaged phone-loop confusions file was accepted")
            } catch let error as LocaleDataError {
                #expect(error.description.contains("de-DE/phone-loop-confusions.txt: line 2: unknown phone 'q'"), "\(error)")
            }
        }
    }
}
