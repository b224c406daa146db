import Testing
import VocabCore
import VocabTestSupport

@Suite struct LocaleSelectionTests {
    let tags = DictionaryLanguageTags()
    let shipped: Set<SiriLanguageCode> = Set(["en-US", "fr-FR", "pt-BR", "it-IT", "de-DE", "es-ES"]
        .map(SiriLanguageCode.init(canonical:)))

    func select(_ code: String, from available: Set<SiriLanguageCode>? = nil) -> LocaleSelection {
        LocaleSelection.select(LanguageRequest(code: SiriLanguageCode(canonical: code), source: .argument("--language")),
                               available: available ?? shipped, tags: tags)
    }

    @Test("A shipped locale is used as requested")
    func exact() {
        let selection = select("fr-FR")
        #expect(selection.used.identifier == "fr-FR")
        #expect(selection.isExact)
        #expect(selection.chain.count == 1)
        #expect(selection.explanation == "fr-FR (requested fr-FR from --language)")
    }

    @Test("fr-CA falls back to fr-FR, the likely region of French, and says so")
    func canadianFrench() {
        let selection = select("fr-CA")
        #expect(selection.used.identifier == "fr-FR")
        #expect(selection.chain.map(\.code.identifier) == ["fr-CA", "fr", "fr-FR"])
        #expect(selection.chain.map(\.isAvailable) == [false, false, true])
        #expect(selection.explanation
            == "fr-FR (requested fr-CA from --language; fr-CA is not available, fr-FR is the likely region for 'fr')")
    }

    @Test("pt-PT falls back to pt-BR, not by truncation but by likely subtags")
    func europeanPortuguese() {
        #expect(select("pt-PT").used.identifier == "pt-BR")
    }

    @Test("A language with no folder falls back to the default en-US")
    func unknownLanguage() {
        let selection = select("he")
        #expect(selection.used == .fallback)
        #expect(selection.chain.last?.rule == "default language")
        #expect(selection.explanation.hasSuffix("en-US is the default language)"))
    }

    @Test("When the likely region is missing, another locale of the language serves")
    func otherRegionOfSameLanguage() {
        let available: Set<SiriLanguageCode> = [.fallback, SiriLanguageCode(canonical: "fr-BE")]
        let selection = select("fr-CA", from: available)
        #expect(selection.used.identifier == "fr-BE")
        #expect(selection.chain.map(\.code.identifier) == ["fr-CA", "fr", "fr-FR", "fr-BE"])
    }

    @Test("A bare language folder is preferred to a regional guess")
    func bareLanguageFolder() {
        let available: Set<SiriLanguageCode> = [.fallback, SiriLanguageCode(canonical: "fr"),
                                                SiriLanguageCode(canonical: "fr-FR")]
        #expect(select("fr-CA", from: available).used.identifier == "fr")
    }

    @Test("A script and region tag tries language-region before the bare language")
    func scriptAndRegion() {
        let available: Set<SiriLanguageCode> = [.fallback, SiriLanguageCode(canonical: "sr-RS")]
        let selection = select("sr-Cyrl-RS", from: available)
        #expect(selection.used.identifier == "sr-RS")
        #expect(selection.chain.map(\.code.identifier) == ["sr-Cyrl-RS", "sr-RS"])
    }

    @Test("The default is reported even when en-US itself is missing")
    func missingDefault() {
        let selection = select("xx", from: [])
        #expect(selection.used == .fallback)
        #expect(selection.chain.allSatisfy { !$0.isAvailable })
    }
}
