import Foundation
import Testing
import VocabCore
import VocabICU
import VocabTestSupport

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
        let alphabet = Array("aabcdeiklmnorstu AB09_-'.,:;/() éàøłßÿǆ")
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

@Suite struct NormalizerFastPathTests {
    static let names: [String] = {
        var names = ["Martirio Bauzà", "Juan Manuel Hervás", "Zoë O’Brien-Ærø", "Łukasz Żółć", "Ævar Þór", "Jürgen Weiß-Müller",
                     "François d'Estaing", "Niccolò dell'Arca", "Çağla Öztürk", "Ðorđe", "Ŀluís", "Marie-Æ ‐ Ö"]
        if let shared = RepositoryPaths.shared,
           let data = FileManager.default.contents(atPath: shared.appendingPathComponent("bench/vocab-1000.json").path),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let strings = object["strings"] as? [String] {
            names += strings
        }
        return names
    }()

    @Test("The fast paths give exactly the forms of ICU's whole-text path", arguments: ["en-US", "fr-FR", "de-DE"])
    func sameForms(language: String) throws {
        let fast = ICUTextNormalizer(asciiFastPath: true)
        let reference = ICUTextNormalizer(asciiFastPath: false)
        let profile = LocaleProfile.bare(SiriLanguageCode(canonical: language))
        for name in Self.names {
            let a = try fast.normalize(name, in: profile)
            let b = try reference.normalize(name, in: profile)
            #expect(a == b, "'\(name)' in \(language): folded '\(a.folded)' vs '\(b.folded)'")
        }
    }
}
