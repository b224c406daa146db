import Testing
import VocabCore
import VocabTestSupport

@Suite struct LanguageRequestTests {
    let tags = DictionaryLanguageTags()

    @Test("--language wins over the environment and the stored setting")
    func argumentFirst() throws {
        let request = try LanguageRequest.choose(argument: "fr_fr", environment: "de-DE",
                                                 userSetting: ("pt-BR", "u1"), tags: tags)
        #expect(request.code.identifier == "fr-FR")
        #expect(request.source == .argument("--language"))
    }

    @Test("VOCAB_LANGUAGE wins over the stored setting")
    func environmentSecond() throws {
        let request = try LanguageRequest.choose(argument: nil, environment: "de-de", userSetting: ("pt-BR", "u1"),
                                                 tags: tags)
        #expect(request.code.identifier == "de-DE")
        #expect(request.source == .environment("VOCAB_LANGUAGE"))
    }

    @Test("An empty VOCAB_LANGUAGE counts as unset")
    func emptyEnvironment() throws {
        let request = try LanguageRequest.choose(argument: nil, environment: "", userSetting: ("pt-BR", "u1"), tags: tags)
        #expect(request.source == .userSetting(user: "u1"))
        #expect(request.code.identifier == "pt-BR")
    }

    @Test("Nothing set means en-US by default")
    func defaultLanguage() throws {
        let request = try LanguageRequest.choose(argument: nil, environment: nil, tags: tags)
        #expect(request.code == .fallback)
        #expect(request.source == .defaultLanguage)
    }

    @Test("A malformed value is refused, quoted, with its origin", arguments: [
        ("xx_!!", nil, "--language 'xx_!!' is not a Siri language code; expected a form like 'fr-FR'"),
        (nil, "fr--FR", "VOCAB_LANGUAGE 'fr--FR' is not a Siri language code; expected a form like 'fr-FR'"),
    ] as [(String?, String?, String)])
    func malformed(argument: String?, environment: String?, message: String) {
        #expect(throws: LanguageCodeError.self) {
            try LanguageRequest.choose(argument: argument, environment: environment, tags: tags)
        }
        do {
            _ = try LanguageRequest.choose(argument: argument, environment: environment, tags: tags)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("Siri language codes split into language, script and region")
    func subtags() {
        let code = SiriLanguageCode(canonical: "zh-Hant-TW")
        #expect(code.language == "zh")
        #expect(code.script == "Hant")
        #expect(code.region == "TW")
        #expect(code.languageAndRegion.identifier == "zh-TW")
        #expect(SiriLanguageCode(canonical: "es-419").region == "419")
        #expect(SiriLanguageCode(canonical: "fr-FR").icuLocaleName == "fr_FR")
    }
}
