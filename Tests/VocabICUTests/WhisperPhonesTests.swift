import Foundation
import Testing
import VocabCore
import VocabTestSupport

/// Whisper's text with PocketSphinx's phone loop run on the same audio (`whisper-phones`): the phones are one more
/// hypothesis, weighed by a model trained with them (English's by a model of its own). The cases are held-out
/// recordings' (`Vectors/whisper-phones/`): Whisper's five best for "Priya Ledonne" are all words that miss the name
/// ("Pre-year-old."), the phone loop heard "R IY Y AH L EH D AA N"; for "Cosmin Mecklenburg", said in German, Whisper
/// wrote "Klassmien, make it work.", and the US English phone loop heard "K AO S UW IY N EH K AH M W V".
@Suite("Whisper's text with a phone loop's phones")
struct WhisperPhonesTests {
    struct Case: Decodable {
        /// One hypothesis as the case's file writes it (the form of a set's `alternatives`).
        struct Heard: Decodable {
            let text: String?
            let phones: String?
            let confidence: Double?
            let score: Double?

            var hypothesis: Hypothesis {
                phones.map { Hypothesis(phones: $0) } ?? Hypothesis(text: text ?? "", confidence: confidence, score: score)
            }
        }

        let language: String
        let said: String
        let heard: [Heard]
        let strings: [String]
        var hypotheses: [Hypothesis] { heard.map(\.hypothesis) }
    }

    static func load(_ name: String) -> Case {
        try! JSONDecoder().decode(Case.self, from: Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("Vectors/whisper-phones/\(name).json")))
    }

    static let priyaLedonne = load("priya-ledonne")
    static let cosminMecklenburg = load("cosmin-mecklenburg")

    /// Each case's list (300 and 1,000 contacts), indexed once for every resolution below.
    static let indexes = [priyaLedonne.said: try! RecognizerProfileTests.index(priyaLedonne.strings, language: priyaLedonne.language),
                          cosminMecklenburg.said: try! RecognizerProfileTests.index(cosminMecklenburg.strings,
                                                                                     language: cosminMecklenburg.language)]

    static func resolve(_ hypotheses: [Hypothesis], recognizer: String, of spoken: Case = priyaLedonne) throws -> Resolver.Result {
        try Resolver(index: Self.indexes[spoken.said]!, recognizerNamed: recognizer)
            .resolve(hypotheses[0].text, alternatives: hypotheses)
    }

    static func answer(_ result: Resolver.Result) -> String? {
        if case .success(let answered) = result.resolution { return answered.term }
        return nil
    }

    @Test("The phones of the name said make an answer of what Whisper's words alone leave to a choice or a question",
          arguments: [("priya-ledonne", "/R IY Y AH L EH D AA N/"), ("cosmin-mecklenburg", "/K AO S UW IY N EH K AH M W V/")])
    func phonesAnswer(name: String, phones: String) throws {
        let spoken = name == "priya-ledonne" ? Self.priyaLedonne : Self.cosminMecklenburg
        let words = spoken.hypotheses.filter { $0.phones == nil }
        #expect(words.count == 5 && spoken.hypotheses.count == 6)
        let withoutPhones = try Self.resolve(words, recognizer: "whisper-phones", of: spoken)
        #expect(Self.answer(withoutPhones) == nil, "\(withoutPhones.resolution)")
        #expect(withoutPhones.ranked.first?.term == spoken.said)
        let withPhones = try Self.resolve(spoken.hypotheses, recognizer: "whisper-phones", of: spoken)
        #expect(Self.answer(withPhones) == spoken.said, "\(withPhones.resolution)")
        #expect(withPhones.hypotheses.last?.text == phones)
    }

    @Test("The profile decides each hypothesis as the whisper profile does, and weighs them with its own model")
    func sameDecisionOwnWeighing() throws {
        let query = [Self.priyaLedonne.hypotheses[0]]
        let alone = try Self.resolve(query, recognizer: "whisper-phones")
        let whisper = try Self.resolve(query, recognizer: "whisper")
        #expect(alone.ranked.map(\.term) == whisper.ranked.map(\.term))
        #expect(alone.ranked.map(\.probability) == whisper.ranked.map(\.probability))
        let weighed = try Self.resolve(Self.priyaLedonne.hypotheses, recognizer: "whisper-phones")
        let byWhisper = try Self.resolve(Self.priyaLedonne.hypotheses, recognizer: "whisper")
        #expect(weighed.ranked.first?.probability != byWhisper.ranked.first?.probability)
    }
}
