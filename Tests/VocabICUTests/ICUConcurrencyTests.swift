import Testing
import VocabCore
import VocabICU

@Suite struct ICUConcurrencyTests {
    @Test("One normalizer gives the same forms from many tasks at once")
    func concurrentNormalization() async throws {
        let normalizer = ICUTextNormalizer()
        let profile = LocaleProfile.bare(SiriLanguageCode(canonical: "fr-FR"))
        let names = ["Matthieu Lefèvre", "Дмитрий Иванов", "李小龙", "R2D2", "Σοφία", "Jean-Luc O'Connor"]
        let expected = try names.map { try normalizer.normalize($0, in: profile) }
        try await withThrowingTaskGroup(of: [NormalizedText].self) { group in
            for _ in 0..<8 {
                group.addTask { try (0..<25).flatMap { _ in try names.map { try normalizer.normalize($0, in: profile) } } }
            }
            for try await results in group {
                for (index, result) in results.enumerated() {
                    #expect(result == expected[index % names.count])
                }
            }
        }
    }

    @Test("An unknown transform ID is refused with ICU's reason")
    func unknownTransform() {
        #expect(throws: ICUError.self) { try ICUTransliterator(id: "Any-Klingon") }
        do {
            _ = try ICUTransliterator(id: "Any-Klingon")
        } catch {
            #expect(error.description == "ICU transliterator 'Any-Klingon' failed to open: U_INVALID_ID")
        }
    }

    @Test("Custom rules compile, and a syntax error names its place")
    func customRules() throws {
        let rules = try ICUTransliterator(name: "it-phonetic-test", rules: "ch > k ; ")
        #expect(try rules.transliterate("chiara") == "kiara")
        #expect(throws: ICUError.self) { try ICUTransliterator(name: "broken", rules: "ch > ; [ > x ;") }
    }

    @Test("NFC composes what NFKC case folding leaves alone")
    func nfc() throws {
        #expect(try ICUCaseMapping.nfc("e\u{301}") == "\u{E9}")
    }
}
