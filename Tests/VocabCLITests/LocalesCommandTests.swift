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
