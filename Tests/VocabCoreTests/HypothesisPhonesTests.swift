import Foundation
import Testing
import VocabCore

/// A hypothesis may be phones a phone recognizer heard (ARPAbet) rather than words: how it is read from JSON, which
/// symbols it names, and what is refused.
@Suite("Hypotheses of phones")
struct HypothesisPhonesTests {
    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test("Stress digits, silence and PocketSphinx's fillers are left out; symbols are upper-cased", arguments: [
        ("G R EY1 S L IH0 N", ["G", "R", "EY", "S", "L", "IH", "N"]),
        ("SIL g r ey s SIL", ["G", "R", "EY", "S"]),
        ("+NSN+ M AA +SPN+ R K", ["M", "AA", "R", "K"]),
        ("  HH\tAH2  L OW  ", ["HH", "AH", "L", "OW"]),
        ("SIL +BREATH+ sp", []),
    ])
    func phoneSymbols(phones: String, symbols: [String]) {
        #expect(Hypothesis.phoneSymbols(of: phones) == symbols)
    }

    @Test("JSON gives text or phones, with a confidence and score either way")
    func readsPhonesFromJSON() throws {
        let phones = try Hypothesis(json: try Self.json(#"{"phones": "R AA Z OW L IH N D", "confidence": 0.4}"#),
                                    allowingOtherKeys: false)
        #expect(phones.phones == "R AA Z OW L IH N D")
        #expect(phones.text.isEmpty)
        #expect(phones.confidence == 0.4)
        let text = try Hypothesis(json: try Self.json(#"{"text": "Rosalind", "score": -0.5}"#), allowingOtherKeys: false)
        #expect(text.phones == nil)
        #expect(text == Hypothesis(text: "Rosalind", score: -0.5))
    }

    @Test("JSON with both text and phones, phones not a string, or neither is refused", arguments: [
        (#"{"text": "Rosalind", "phones": "R AA Z"}"#, Hypothesis.JSONProblem.textAndPhones),
        (#"{"phones": ["R", "AA"]}"#, .phonesNotAString),
        (#"{"confidence": 0.5}"#, .textNotAString),
        (#"{"phones": "R AA", "score": "high"}"#, .notANumber(key: "score")),
    ])
    func refusesBadJSON(json: String, problem: Hypothesis.JSONProblem) throws {
        #expect(throws: problem) { try Hypothesis(json: try Self.json(json), allowingOtherKeys: false) }
    }

    @Test("Phones without a phone, with characters ARPAbet has not, or over the limits are refused naming the alternative",
          arguments: [
        ("SIL +NSN+", "has no phones (only silence or fillers)"),
        ("R AA Z, OW", "has phones with the character U+2C; expected ARPAbet symbols separated by spaces"),
        ("ʁ a z", "has phones with the character U+281; expected ARPAbet symbols separated by spaces"),
        (String(repeating: "AA ", count: 2_000), "is refused: "),
    ])
    func refusesBadPhones(phones: String, problem: String) {
        do {
            _ = try Hypothesis.checked(query: "rosalind", alternatives: [Hypothesis(text: "rosalin"), Hypothesis(phones: phones)])
            Issue.record("accepted \(phones.prefix(20))")
        } catch {
            #expect(error.subject == "alternative 2")
            #expect(error.problem.hasPrefix(problem), "\(error.problem)")
        }
    }

    @Test("Phones are never the query's twin: an alternative of phones stays a hypothesis of its own")
    func phonesAreNotMergedWithTheQuery() throws {
        let checked = try Hypothesis.checked(query: "R AA", alternatives: [Hypothesis(phones: "R AA", confidence: 0.5)])
        #expect(checked.count == 2)
        #expect(checked[1].phones == "R AA")
    }
}
