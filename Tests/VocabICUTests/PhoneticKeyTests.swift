import Foundation
import Testing
import VocabCore
import VocabICU
import VocabLocales
import VocabTestSupport

/// Phonetic keys as each language hears names, through the shipped locale data.
@Suite struct PhoneticKeyTests {
    static func phonetics(_ language: String) throws -> PhoneticProfile {
        let code = try ICULanguageTags().canonicalize(language)
        let context = try LanguageContext(request: LanguageRequest(code: code, source: .argument("test")),
                                          directory: LocaleDirectory(url: RepositoryPaths.locales))
        return context.preparer.phonetics
    }

    static func shareKey(_ a: String, _ b: String, in language: String) throws -> Bool {
        let phonetics = try phonetics(language)
        return !Set(phonetics.keys(for: a)).isDisjoint(with: phonetics.keys(for: b))
    }

    @Test("Chiara and Kiara share an Italian key, not a French one")
    func chiara() throws {
        #expect(try Self.shareKey("chiara", "kiara", in: "it-IT"))
        #expect(try !Self.shareKey("chiara", "kiara", in: "fr-FR"))
    }

    @Test("Pairs that sound alike in their language share a key there", arguments: [
        ("matthieu", "mathieu", "fr-FR"), ("souza", "sousa", "pt-BR"), ("thaís", "taís", "pt-BR"),
        ("karl", "carl", "de-DE"), ("reiner", "rainer", "de-DE"), ("vanesa", "banesa", "es-ES"),
        ("thiago", "tiago", "pt-BR"), ("todd", "tod", "en-US"), ("aimée", "aimé", "fr-FR"),
    ])
    func homophones(a: String, b: String, language: String) throws {
        #expect(try Self.shareKey(a, b, in: language), "\(a)/\(b) in \(language)")
    }

    @Test("Vanesa and Banesa do not sound alike in English")
    func englishBV() throws {
        #expect(try !Self.shareKey("vanesa", "banesa", in: "en-US"))
    }

    static let ruleRows = (try? Vectors.rows(inFolder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Vectors/phonetic-rules"))) ?? []

    @Test("The locale rule files give their hand-checked keys", arguments: ruleRows)
    func ruleVectors(_ row: VectorRow) throws {
        let language = String(row.file.split(separator: "/").last!.dropLast(".tsv".count))
        let directory = LocaleDirectory(url: RepositoryPaths.locales)
        let rules = try String(contentsOf: directory.fileURL(LocaleDirectory.phoneticRulesFileName,
                                                             in: SiriLanguageCode(canonical: language)), encoding: .utf8)
        let encoder = try TransformPhoneticEncoder(name: "\(language) test", rules: rules)
        #expect(encoder.keys(for: row[0]) == [row[1]], "\(row): '\(row[0])'")
    }

    @Test("A rule file's key keeps its letters and digits, a run of one kept once, in ASCII or not")
    func keyLettersCollapsed() throws {
        let encoder = try TransformPhoneticEncoder(name: "identity", rules: ":: NFC ;")
        #expect(encoder.keys(for: "Anna-Maria 1122") == ["anamaria12"])
        #expect(encoder.keys(for: "Ççedilla àà") == ["çedilaà"])
        #expect(encoder.keys(for: "Žužana") == ["žužana"])
        #expect(encoder.keys(for: "-- ''") == [])
    }

    @Test("The rule vectors are present")
    func ruleVectorsExist() { #expect(Self.ruleRows.count >= 40) }

    @Test("An unknown encoder in locale data is refused naming the key")
    func unknownEncoder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-enc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("en-US"), withIntermediateDirectories: true)
        try #"{"phoneticEncoders": ["soundex"]}"#.write(to: root.appendingPathComponent("en-US/normalization.json"),
                                                       atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try LanguageContext(request: LanguageRequest(code: .fallback, source: .defaultLanguage),
                                    directory: LocaleDirectory(url: root))
            Issue.record("an unknown encoder was accepted")
        } catch {
            #expect("\(error)" == "\(root.path)/en-US/normalization.json: phoneticEncoders[0]: unknown encoder 'soundex'; "
                + "expected one of double-metaphone, koelner-phonetik, fonem, phonex, fonetico")
        }
    }
}
