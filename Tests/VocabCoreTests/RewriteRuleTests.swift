import Foundation
import Testing
@testable import VocabCore

/// The rule lists of FONEM, Phonex and Fonético skip a rule when the text holds none of the letters, or runs of
/// letters, the rule needs (``RewriteRule/needs``). That check must never skip a text the regular expression would
/// change.
@Suite("Rewrite rules")
struct RewriteRuleTests {
    /// Every letter the encoders' texts can hold when their rules run, and the marks some rules write.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ12345§ÜÑʃ- ")

    static let lists: [(String, [RewriteRule])] = [
        ("FONEM", FONEM.orderedRules), ("Phonex", Phonex.rules), ("Fonético", Fonetico.rules),
    ]

    @Test("A text holding nothing a rule needs is one its expression leaves as it is", arguments: lists.map(\.0))
    func needsNeverSkipAMatch(list: String) throws {
        let rules = try #require(Self.lists.first { $0.0 == list }?.1)
        var generator = SplitMix(seed: 0x5EED)
        var checked = 0
        for (position, rule) in rules.enumerated() {
            guard let needs = rule.needs else { continue }
            // Letters alone: texts of the other letters. Runs of letters: half the letters from the runs, so that
            // near misses (a P and an H apart for "PH", "EA" without the U of "EAU") come up often.
            let runLetters = Array(Set(needs.flatMap { String(decoding: $0, as: UTF8.self) }))
            let lettersAlone = needs.allSatisfy { String(decoding: $0, as: UTF8.self).count == 1 }
            let others = Self.alphabet.filter { !runLetters.contains($0) }
            var texts = 0
            for _ in 0..<4_000 {
                let length = 1 + Int(generator.next() % 9)
                let text = String((0..<length).map { _ in
                    let pool = lettersAlone ? others : generator.next() % 2 == 0 ? runLetters : Self.alphabet
                    return pool[Int(generator.next() % UInt64(pool.count))]
                })
                guard !RewriteRule.holds(text, oneOf: needs) else { continue }
                texts += 1
                let rewritten = rule.applyingExpression(to: text)
                let shown = needs.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
                #expect(rewritten == text, "\(list) rule \(position + 1) (\(rule.expression.pattern)) changed '\(text)' to '\(rewritten)' holding none of \(shown)")
                if rewritten != text { return }
            }
            #expect(texts >= 500, "\(list) rule \(position + 1): only \(texts) texts without what it needs")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("A text holds a run of letters only when they are together, in order")
    func holdsRuns() {
        let runs = [Array("PH".utf8), Array("GÜ".utf8)]
        #expect(RewriteRule.holds("PHILIPPE", oneOf: runs))
        #expect(RewriteRule.holds("AGÜERO", oneOf: runs))
        #expect(!RewriteRule.holds("POH", oneOf: runs))
        #expect(!RewriteRule.holds("HP", oneOf: runs))
        #expect(!RewriteRule.holds("GU", oneOf: runs))
        #expect(!RewriteRule.holds("P", oneOf: runs))
        #expect(!RewriteRule.holds("", oneOf: runs))
    }

    @Test("A rule applies its expression when the text holds a letter it needs")
    func needsLetIn() {
        let rule = RewriteRule("PH", "F", needs: "H")
        #expect(rule.apply(to: "PHILIPPE") == "FILIPPE")
        #expect(rule.apply(to: "PIERRE") == "PIERRE")
        let run = RewriteRule("PH", "F", needsOneOf: ["PH"])
        #expect(run.apply(to: "PHILIPPE") == "FILIPPE")
        #expect(run.apply(to: "HOPPER") == "HOPPER")
    }

    /// A small deterministic generator (SplitMix64), so the texts are the same on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
