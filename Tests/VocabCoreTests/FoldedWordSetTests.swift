import Testing
import VocabTestSupport
import VocabCore

@Suite struct FoldedWordSetTests {
    @Test("Membership is exactly the words given, whatever the quick filters let through")
    func membershipMatchesSet() {
        var generator = SplitMix64(seed: 3)
        let letters = Array("abcdelnrsvz".utf8)
        func word() -> String {
            String(decoding: (0..<(1 + Int(generator.next() % 5))).map { _ in
                letters[Int(generator.next() % UInt64(letters.count))]
            }, as: UTF8.self)
        }
        let members = (0..<12).map { _ in word() }
        let set = FoldedWordSet(members + ["d'", "ø", ""])
        let reference = Set(members + ["d'", "ø", ""])
        #expect(set.count == reference.count)
        for _ in 0..<5_000 {
            let candidate = word()
            #expect(set.contains(candidate) == reference.contains(candidate), "'\(candidate)'")
        }
        for member in reference { #expect(set.contains(member), "'\(member)'") }
        #expect(!set.contains("van der"))
    }
}
