import Foundation
import Testing
import VocabCore
import VocabLocales
import VocabICU
import VocabTestSupport

/// How a query is written against its list, as the recognizer guess reads it.
@Suite("Writing inspector")
struct WritingInspectorTests {
    static let contacts = ["Preston Gillman", "Herman Sanders", "Lessie Hodges", "Tavion Parham"]

    @Test("English words of the dictionary or the list are known, apostrophes and all; respellings are not")
    func englishWords() throws {
        let index = try RecognizerProfileTests.index(Self.contacts, language: "en-US")
        let inspector = WritingInspector(index: index)
        try #require(inspector.hasDictionary, "the English pronouncing dictionary (Debian's pocketsphinx-en-us) is needed")
        // PocketSphinx's words: all in its dictionary, "don't" with its apostrophe.
        #expect(!inspector.look(of: "preston don't know").hasUnknownWord)
        #expect(!inspector.look(of: "let's see how edges").hasUnknownWord)
        // A listed name the dictionary lacks ("tavion") is the list's word.
        #expect(!inspector.look(of: "tavion parham").hasUnknownWord)
        // A respelling is neither.
        #expect(inspector.look(of: "prestin gilmen").hasUnknownWord)
    }

    @Test("A query written word for word as a listed name, in any case or accent, is written as listed")
    func writtenAsListed() throws {
        let index = try RecognizerProfileTests.index(["Héloïse Becker", "Zuzu du Boulot"], language: "fr-FR")
        let inspector = WritingInspector(index: index)
        #expect(inspector.look(of: "Héloïse Becker.").isWrittenAsListed)
        #expect(inspector.look(of: "heloise becker").isWrittenAsListed)
        #expect(!inspector.look(of: "Héloïse Becquer").isWrittenAsListed)
        #expect(!inspector.look(of: "Héloïse").isWrittenAsListed)
        // Outside English no word is checked against the English dictionary.
        let look = inspector.look(of: "Lébi Boulot", hasPhoneAlternative: true)
        #expect(!look.isEnglish && !look.hasUnknownWord && look.hasCapital && look.hasPhoneAlternative)
    }

    @Test("The guess names the recognizer that wrote each development set",
          .enabled(if: RepositoryPaths.shared != nil, "../shared is missing: the guess is not checked on the development sets"),
          arguments: [("dev.json", "typed"), ("asr-dev.json", "pocketsphinx"), ("whisper-dev.json", "whisper"),
                      ("whisper-dev-biased.json", "whisper-prompted"), ("whisper-dev-nbest.json", "whisper"),
                      ("whisper-dev-biased-nbest.json", "whisper-prompted")])
    func developmentSets(name: String, writer: String) throws {
        let url = RepositoryPaths.shared!.appendingPathComponent("eval/\(name)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        let set = try EvaluationSet(validating: object, source: name)
        let strings = Dictionary(set.vocabularies.map { ($0.id, $0.strings) }, uniquingKeysWith: { first, _ in first })
        var indexes: [String: VocabularyIndex] = [:]
        for testCase in set.cases where indexes[testCase.vocabulary] == nil {
            indexes[testCase.vocabulary] = try RecognizerProfileTests.index(strings[testCase.vocabulary]!, language: testCase.language)
        }
        let profiles = Set(try #require(try RecognizerProfileTests.directory.phoneData()).recognizers.keys)
        let queries = set.cases.map { RecognizerGuess.Query(list: $0.vocabulary, text: $0.query) }
        let guess = RecognizerGuess.guess(queries, indexes: indexes, profiles: profiles)
        #expect(guess.recognizer == writer, "\(name): \(guess.reason)")
    }
}
