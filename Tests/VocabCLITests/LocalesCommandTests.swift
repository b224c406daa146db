import Foundation
import Testing
import VocabTestSupport

@Suite struct LocalesCommandTests {
    @Test("Without a code it lists the shipped locales, marking the default")
    func list() throws {
        let result = try VocabBinary.run(["locales"])
        #expect(result.status == 0)
        for code in ["de-DE", "en-US (default)", "es-ES", "fr-FR", "it-IT", "pt-BR"] {
            #expect(result.stdout.contains("  \(code)"), "missing \(code) in \(result.stdout)")
        }
    }

    @Test("The English pronouncing dictionary is reported; one named by the environment that cannot be read is an error")
    func pronouncingDictionary() throws {
        let listing = try VocabBinary.run(["locales", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any])
        let dictionary = try #require(object["pronouncingDictionary"] as? [String: Any])
        let found = try #require(dictionary["found"] as? Bool)
        #expect((dictionary["status"] as? String)?.isEmpty == false)
        // Without the default dictionary there is a warning saying what is lost, and the CLI notes it once.
        #expect(found == (dictionary["warning"] == nil), "\(dictionary)")
        #expect(listing.stderr.components(separatedBy: "note: the English pronouncing dictionary").count == (found ? 1 : 2))

        let missing = "/nonexistent/cmudict.dict"
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-dict-\(UUID().uuidString).txt")
        try "Bobo\n".write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let named = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", list.path, "bobo"],
                                        environment: ["VOCAB_PRONOUNCING_DICTIONARY": missing])
        #expect(named.status == 1)
        #expect(named.stderr.contains("\(missing): does not exist (named by $VOCAB_PRONOUNCING_DICTIONARY"), "\(named.stderr)")
        let none = try VocabBinary.run(["locales", "--json"], environment: ["VOCAB_PRONOUNCING_DICTIONARY": ""])
        #expect(none.status == 0)
        #expect(none.stdout.contains("VOCAB_PRONOUNCING_DICTIONARY is empty"))
        #expect(!none.stderr.contains("note:"))
    }

    @Test("fr-CA is served by fr-FR, and the reason is given")
    func canadianFrench() throws {
        let result = try VocabBinary.run(["locales", "fr-CA"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            input      fr-CA
            canonical  fr-CA
            used       fr-FR
            why        fr-CA is not available; fr-FR is the likely region for 'fr'
            chain      fr-CA (missing) → fr (missing) → fr-FR (available)

            """)
    }

    @Test("Odd spellings canonicalize; deprecated codes are replaced")
    func canonicalForms() throws {
        #expect(try VocabBinary.run(["locales", "fr_fr"]).stdout.contains("canonical  fr-FR\n"))
        #expect(try VocabBinary.run(["locales", "iw"]).stdout.contains("canonical  he\n"))
    }

    @Test("JSON shows the chain step by step")
    func json() throws {
        let result = try VocabBinary.run(["locales", "--json", "pt-PT"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let selection = try #require(object["selection"] as? [String: Any])
        #expect(selection["used"] as? String == "pt-BR")
        let chain = try #require(selection["chain"] as? [[String: Any]])
        #expect(chain.map { $0["locale"] as? String } == ["pt-PT", "pt", "pt-BR"])
    }

    @Test("A malformed code exits 64 quoting the value")
    func malformed() throws {
        let result = try VocabBinary.run(["locales", "xx_!!"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: 'xx_!!' is not a Siri language code; expected a form like 'fr-FR'\n"))
    }

    @Test("A misnamed locale folder is warned about on stderr")
    func misnamedFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("en-US"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("fr_FR"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try VocabBinary.run(["locales", "--locales", root.path])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: \(root.path)/fr_FR: not canonical; name the folder 'fr-FR'\n")
    }
}
