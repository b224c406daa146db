import Foundation
import Testing
import VocabTestSupport

@Suite struct NormalizeCommandTests {
    @Test("Turkish capitals lowercase the Turkish way, and fold to ASCII")
    func turkish() throws {
        let result = try VocabBinary.run(["normalize", "--language", "tr-TR", "DİYARBAKIR Işık"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  faithful  diyarbakır ışık\n"))
        #expect(result.stdout.contains("  folded    diyarbakir isik\n"))
        #expect(result.stdout.hasPrefix(
            "locale: en-US (requested tr-TR from --language; tr-TR is not available, en-US is the default language)\n"))
    }

    @Test("Cyrillic gets a Latin form")
    func cyrillic() throws {
        let result = try VocabBinary.run(["normalize", "--language", "de-DE", "Дмитрий Иванов"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  latin     dmitrij ivanov\n"))
    }

    @Test("Digits are also spelled out in the language")
    func spellout() throws {
        let result = try VocabBinary.run(["normalize", "--language", "fr-FR", "R2D2"])
        #expect(result.stdout.contains("  spelled   r deux d deux\n"))
    }

    @Test("JSON output carries the locale selection and every form")
    func json() throws {
        let result = try VocabBinary.run(["normalize", "--language", "fr-CA", "--json", "Jean-Luc", "Bobo"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let locale = try #require(object["locale"] as? [String: Any])
        #expect(locale["used"] as? String == "fr-FR")
        #expect(locale["requested"] as? String == "fr-CA")
        #expect(locale["source"] as? String == "argument")
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let tokens = try #require(results[0]["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["text"] as? String } == ["jean", "luc"])
        #expect(tokens[1]["isJoinedToPrevious"] as? Bool == true)
    }

    @Test("VOCAB_LANGUAGE applies when --language is absent")
    func environmentLanguage() throws {
        let result = try VocabBinary.run(["normalize", "R2D2"], environment: ["VOCAB_LANGUAGE": "it_IT"])
        #expect(result.stdout.hasPrefix("locale: it-IT (requested it-IT from $VOCAB_LANGUAGE)\n"))
        #expect(result.stdout.contains("r due d due"))
    }

    @Test("The package's Locales/ is found from another working directory")
    func findsLocalesFromElsewhere() throws {
        let result = try VocabBinary.run(["normalize", "--language", "fr-FR", "x"],
                                         currentDirectory: URL(fileURLWithPath: "/"))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("locale: fr-FR (requested fr-FR from --language)\n"))
    }

    @Test("Bad input exits nonzero with a message naming the culprit", arguments: [
        (["normalize", "--language", "fr_!!", "x"], [:], 64,
         "Error: --language 'fr_!!' is not a Siri language code; expected a form like 'fr-FR'"),
        (["normalize", "x"], ["VOCAB_LANGUAGE": "bad!"], 1,
         "Error: VOCAB_LANGUAGE 'bad!' is not a Siri language code; expected a form like 'fr-FR'"),
        (["normalize", "--locales", "/no/such/dir", "x"], [:], 1, "Error: --locales: '/no/such/dir' is not a folder"),
        (["normalize"], [:], 64, "Error: Missing expected argument '<text> ...'"),
    ] as [([String], [String: String], Int32, String)])
    func badInput(arguments: [String], environment: [String: String], status: Int32, message: String) throws {
        let result = try VocabBinary.run(arguments, environment: environment)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
