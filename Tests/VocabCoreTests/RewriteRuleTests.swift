import Foundation
import Testing
@testable import VocabCore

/// The rule lists of FONEM, Phonex and Fonético skip a rule when the text lacks every letter the rule needs
/// (``RewriteRule/needs``). That check must never skip a text the regular expression would change.
@Suite("Rewrite rules")
struct RewriteRuleTests {
    /// Every letter the encoders' texts can hold when their rules run, and the marks some rules write.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ12345§ÜÑʃ-")

    static let lists: [(String, [RewriteRule])] = [
        ("FONEM", FONEM.orderedRules), ("Phonex", Phonex.rules), ("Fonético", Fonetico.rules),
    ]

    @Test("A text without any letter a rule needs is one its expression leaves as it is", arguments: lists.map(\.0))
    func needsNeverSkipAMatch(list: String) throws {
        let rules = try #require(Self.lists.first { $0.0 == list }?.1)
        var generator = SplitMix(seed: 0x5EED)
        var checked = 0
        for (position, rule) in rules.enumerated() {
            guard let needs = rule.needs else { continue }
            let letters = Self.alphabet.filter { character in !character.unicodeScalars.contains(where: needs.contains) }
            for _ in 0..<2_000 {
                let length = 1 + Int(generator.next() % 9)
                let text = String((0..<length).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
                let rewritten = rule.applyingExpression(to: text)
                #expect(rewritten == text, "\(list) rule \(position + 1) (\(rule.expression.pattern)) changed '\(text)' to '\(rewritten)' without any of '\(String(String.UnicodeScalarView(needs)))'")
                if rewritten != text { return }
            }
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("A rule applies its expression when the text holds a letter it needs")
    func needsLetIn() {
        let rule = RewriteRule("PH", "F", needs: "H")
        #expect(rule.apply(to: "PHILIPPE") == "FILIPPE")
        #expect(rule.apply(to: "PIERRE") == "PIERRE")
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
