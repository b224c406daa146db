import Testing
import VocabCore
import VocabICU

@Suite struct ScriptAndCostTests {
    @Test("Only letters of another script send text through Any-Latin", arguments: [
        ("½ ¼", false), ("1⁄2 — «Zoé» ß ø", false), ("Matthieu Lefèvre", false), ("", false), ("e\u{301}", false),
        ("Дмитрий", true), ("Σοφία", true), ("李小龙", true), ("Zoé Дмитрий", true), ("ﷺ", true),
    ])
    func otherScript(text: String, expected: Bool) {
        #expect(ICUScripts.hasOtherScript(Array(text.utf16)) == expected)
    }

    @Test("Fractions repeated 4,000 times normalize (quadratic in ICU's Any-Latin before: 26 s at 16,000)")
    func repeatedFractions() throws {
        let text = String(repeating: "½ ¼ ", count: 4_000)
        let profile = LocaleProfile.bare(SiriLanguageCode(canonical: "en-US"))
        let normalized = try ICUTextNormalizer().normalize(text, in: profile)
        #expect(normalized.folded == Array(repeating: "1/2 1/4", count: 4_000).joined(separator: " "))
        #expect(normalized.latin == nil)
        #expect(normalized.tokens.count == 8_000)
    }
}
