import Foundation
import Testing
import VocabCore
import VocabICU
import VocabLocales
import VocabTestSupport

@Suite struct LocaleDirectoryTests {
    let tags = ICULanguageTags()

    func temporaryLocales(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-locales-\(UUID().uuidString)")
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("The shipped folder holds the six required locales, each with normalization data")
    func shippedLocales() throws {
        let directory = LocaleDirectory(url: RepositoryPaths.locales)
        let listing = try directory.listing(tags: tags)
        #expect(listing.locales.map(\.identifier) == ["de-DE", "en-US", "es-ES", "fr-FR", "it-IT", "pt-BR"])
        #expect(listing.ignored.isEmpty)
        for code in listing.locales {
            #expect(try directory.normalizationRules(for: code) != nil, "\(code) has no normalization.json")
        }
    }

    @Test("A folder not named by a canonical code is listed as ignored with the reason")
    func misnamedFolders() throws {
        let root = try temporaryLocales(["en-US/normalization.json": "{}", "fr_FR/x": "", "french/x": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let listing = try LocaleDirectory(url: root).listing(tags: tags)
        #expect(listing.locales.map(\.identifier) == ["en-US"])
        #expect(listing.ignored.map(\.name) == ["fr_FR", "french"])
        #expect(listing.ignored[0].reason == "not canonical; name the folder 'fr-FR'")
    }

    @Test("A wrong type in normalization.json names the file and key path")
    func wrongType() throws {
        let root = try temporaryLocales(["fr-FR/normalization.json": #"{"particles": ["de", "du", 3]}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = LocaleDirectory(url: root)
        #expect(throws: LocaleDataError.self) { try directory.normalizationRules(for: SiriLanguageCode(canonical: "fr-FR")) }
        do {
            _ = try directory.normalizationRules(for: SiriLanguageCode(canonical: "fr-FR"))
        } catch {
            #expect(error.description == "\(root.path)/fr-FR/normalization.json: particles[2]: expected a string")
        }
    }

    @Test("A spoken form of a word that is no suffix or title, or of more than one word, is refused naming its key",
          arguments: [
              (#"{"suffixes": ["jr"], "spokenForms": {"jr": "junior", "xx": "other"}}"#,
               "spokenForms.xx: 'xx' is not one of this locale's suffixes or honorifics"),
              (#"{"honorifics": ["dr"], "spokenForms": {"dr": "le docteur"}}"#,
               "spokenForms.dr: 'le docteur' is not one word of letters"),
              (#"{"suffixes": ["jr"], "spokenForms": {"jr": "2"}}"#, "spokenForms.jr: '2' is not one word of letters"),
          ])
    func spokenFormsChecked(json: String, message: String) throws {
        let root = try temporaryLocales(["fr-FR/normalization.json": json])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try LocaleDirectory(url: root).normalizationRules(for: SiriLanguageCode(canonical: "fr-FR"))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description == "\(root.path)/fr-FR/normalization.json: \(message)")
        }
    }

    @Test("Malformed JSON is refused with the file named")
    func malformedJSON() throws {
        let root = try temporaryLocales(["fr-FR/normalization.json": "{\"particles\": [\"de\",,]}"])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try LocaleDirectory(url: root).normalizationRules(for: SiriLanguageCode(canonical: "fr-FR"))
            Issue.record("malformed JSON was accepted")
        } catch {
            #expect(error.description.hasPrefix("\(root.path)/fr-FR/normalization.json: "))
        }
    }

    @Test("The folder is found above the executable, and --locales must name a folder")
    func locate() throws {
        let root = RepositoryPaths.root()
        let found = try LocaleDirectory.locate(
            explicit: nil, environment: [:], executablePath: root.appendingPathComponent(".build/debug/vocab").path,
            currentDirectory: "/")
        #expect(found.url.standardizedFileURL.path == RepositoryPaths.locales.standardizedFileURL.path)
        #expect(throws: LocaleDataError(path: "--locales", message: "'/no/such/folder' is not a folder")) {
            try LocaleDirectory.locate(explicit: "/no/such/folder", environment: [:], executablePath: nil,
                                       currentDirectory: "/")
        }
        #expect(throws: LocaleDataError.self) {
            try LocaleDirectory.locate(explicit: nil, environment: [:], executablePath: "/usr/bin/true",
                                       currentDirectory: "/")
        }
    }
}
