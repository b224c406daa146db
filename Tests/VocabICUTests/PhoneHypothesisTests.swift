import Foundation
import Testing
import VocabCore
import VocabLocales
import VocabICU
import VocabTestSupport

/// PocketSphinx held to a list's grammar can only write a listed name, so a stranger is always someone on the
/// list; its phone loop (`allphone`) over the same audio says what was really heard. The `pocketsphinx-grammar`
/// profile weighs the two. The phones below are what PocketSphinx's phone loop wrote for espeak-ng's MBROLA voice
/// us1 saying "Rosalind Kerrigan" and "Douglas Petersen" (scripts/train/make_grammar_corpus.py's PhoneLoop,
/// 2026-11-27).
@Suite("PocketSphinx's grammar checked by its phones")
struct PhoneHypothesisTests {
    static let contacts = try! String(contentsOf: RepositoryPaths.root().appendingPathComponent("Examples/contacts.en-US.txt"),
                                      encoding: .utf8).split(separator: "\n").map(String.init)
    static let rosalindKerrigan = Hypothesis(phones: "SIL R AA Z OW L EH NG K EH G N SIL")
    static let douglasPetersen = Hypothesis(phones: "AH B AA Z G IY B ER S AH N")

    static func resolver() throws -> Resolver {
        try Resolver(index: try RecognizerProfileTests.index(contacts, language: "en-US"), recognizerNamed: "pocketsphinx-grammar")
    }

    static func answer(_ result: Resolver.Result) -> String? {
        if case .success(let answered) = result.resolution { return answered.term }
        return nil
    }

    @Test("A name the grammar wrote and the phones bear out is answered")
    func phonesBearTheNameOut() throws {
        let result = try Self.resolver().resolve("rosalind kerrigan", alternatives: [Self.rosalindKerrigan])
        #expect(Self.answer(result) == "Rosalind Kerrigan")
        #expect(result.hypotheses.map(\.text) == ["rosalind kerrigan", "/R AA Z OW L EH NG K EH G N/"])
        #expect(result.hypotheses.last?.queryTokens.isEmpty == true)
    }

    @Test("A stranger the grammar made a listed name of, whose phones are another's, is not answered")
    func strangerIsNotAnswered() throws {
        let resolver = try Self.resolver()
        // Alone, the grammar's name is a name of the list written word for word: answered.
        #expect(Self.answer(try resolver.resolve("rosalind kemper")) == "Rosalind Kemper")
        let result = try resolver.resolve("rosalind kemper", alternatives: [Self.douglasPetersen])
        #expect(Self.answer(result) == nil, "\(result.resolution)")
    }

    @Test("Phones that say another listed name than the grammar wrote make that name the answer")
    func phonesCorrectTheGrammar() throws {
        let result = try Self.resolver().resolve("rosalind kemper", alternatives: [Self.rosalindKerrigan])
        #expect(Self.answer(result) == "Rosalind Kerrigan", "\(result.resolution)")
    }

    @Test("A symbol ARPAbet has not is refused naming the alternative as the caller names it")
    func unknownSymbolIsRefused() throws {
        do {
            _ = try Self.resolver().resolve("rosalind", alternatives: [Hypothesis(text: "rosalyn"), Hypothesis(phones: "R AA Q")],
                                            noun: { "alternatives[\($0)]" })
            Issue.record("a phone that is not ARPAbet was accepted")
        } catch let error as VocabularyError {
            #expect(error.subject == "alternatives[1]")
            #expect(error.problem.hasPrefix("has the phone 'Q', not ARPAbet; expected one of AA AE AH AO AW AY B CH D DH"),
                    "\(error.problem)")
        }
    }

    @Test("The phones can be checked before resolving: known symbols and texts pass, an unknown one names its alternative")
    func phonesCheckedBeforeResolving() throws {
        let resolver = try Self.resolver()
        // A text is not phones, whatever it spells.
        try resolver.checkPhones(of: [Hypothesis(text: "Q X"), Self.rosalindKerrigan, Self.douglasPetersen])
        do {
            try resolver.checkPhones(of: [Self.rosalindKerrigan, Hypothesis(phones: "R AA X"), Hypothesis(phones: "Q")])
            Issue.record("a phone that is not ARPAbet passed")
        } catch {
            #expect(error.subject == "alternative 2")
            #expect(error.problem.hasPrefix("has the phone 'X', not ARPAbet"), "\(error.problem)")
        }
    }

    @Test("Every ARPAbet symbol of the mapping is read, and the phones are the mapping's")
    func everySymbolIsRead() throws {
        let data = try #require(try RecognizerProfileTests.directory.phoneData())
        let mapping = try #require(data.arpabet)
        #expect(mapping.count == 39, "\(mapping.keys.sorted())")  // the CMU Pronouncing Dictionary's phone set
        let symbols = mapping.keys.sorted().joined(separator: " ")
        let result = try Self.resolver().resolve("rosalind", alternatives: [Hypothesis(phones: symbols)])
        #expect(result.hypotheses.count == 2)
        let heard = try #require(result.hypotheses.last?.phoneQuery)
        #expect(heard.phones == mapping.keys.sorted().flatMap { mapping[$0]! })
    }
}
