import Testing
import VocabCore
import VocabICU

@Suite struct ASCIIWordBreakerTests {
    /// A small deterministic generator.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("ASCII text tokenizes as ICU tokenizes it (random strings over names' characters)")
    func agreesWithICU() throws {
        let fast = ICUTextNormalizer(asciiFastPath: true)
        let reference = ICUTextNormalizer(asciiFastPath: false)
        let profile = LocaleProfile.bare(SiriLanguageCode(canonical: "en-US"))
        let alphabet = Array("aabcdeiklmnorstu AB09_-'.,:;/() ")
        var generator = Generator(state: 20261121)
        for _ in 0..<3_000 {
            let length = 1 + generator.next(14)
            let text = String((0..<length).map { _ in alphabet[generator.next(alphabet.count)] })
            let a = try fast.normalize(text, in: profile).tokens
            let b = try reference.normalize(text, in: profile).tokens
            #expect(a == b, "'\(text)': fast \(a.map(\.text)) vs ICU \(b.map(\.text))")
        }
    }

    @Test("Names keep their apostrophes, periods and hyphen joins", arguments: [
        ("o'connor-smith jr.", ["o'connor", "smith", "jr"]), ("j.r.r. tolkien", ["j.r.r", "tolkien"]),
        ("r2d2", ["r2d2"]), ("1,000 3.5", ["1,000", "3.5"]), ("a::b", ["a", "b"]),
    ])
    func examples(text: String, words: [String]) {
        let bytes = Array(text.utf8)
        #expect(ASCIIWordBreakerProbe.words(text) == words, "\(bytes)")
    }
}

/// Exposes the fast path's words through the normalizer (the breaker itself is internal).
enum ASCIIWordBreakerProbe {
    static func words(_ text: String) -> [String] {
        let profile = LocaleProfile.bare(SiriLanguageCode(canonical: "en-US"))
        return (try? ICUTextNormalizer().normalize(text, in: profile).tokens.map(\.text)) ?? []
    }
}
