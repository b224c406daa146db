import Foundation
import Testing
@testable import VocabCore
import VocabLocales
import VocabICU
import VocabTestSupport

/// A recognizer's hypotheses that differ only in the punctuation around them ("Dustin.", "Dustin!") are read
/// once: ``Resolver/resolve(_:alternatives:keepingAll:)`` reuses the reading of the first with the same words
/// part. That is only right if the normalizer reads both alike, which these cases check.
@Suite("Hypotheses' words parts")
struct HypothesisReadingTests {
    @Test("The words part drops the punctuation and spaces around a text, and keeps what is inside", arguments: [
        ("Dustin.", "Dustin"), ("Dustin...", "Dustin"), ("  Dustin!  ", "Dustin"), ("¿Ana López?", "Ana López"),
        ("¡Olá, João!", "Olá, João"), ("A.J. Smith.", "A.J. Smith"), ("St. Clair", "St. Clair"),
        ("Renée…", "Renée"), ("O'Brien", "O'Brien"), ("Jean-Luc.", "Jean-Luc"), (" . ! ", ""), ("", ""),
    ])
    func wordsPart(text: String, expected: String) {
        #expect(Hypothesis.wordsPart(of: text) == expected)
    }

    /// Texts a recognizer writes, with the punctuation it puts around them, in each language.
    static let written: [(language: String, texts: [String])] = [
        ("en-US", ["Dustin.", "Dustin!", "Dustin...", "A.J. Smith.", "O'Brien?", "Mr. Smith.", "Call 3 Doors Down.", "St. Clair!"]),
        ("fr-FR", ["Jean-Luc Mélenchon.", "Appelle Renée…", "L'Écuyer !", "Ça va?"]),
        ("es-ES", ["¿Ana López?", "¡Llama a Íñigo!", "Nuño Peña.", "José María, "]),
        ("de-DE", ["Jürgen Groß.", "Ruf Müller an!", "Dr. Weiß."]),
        ("it-IT", ["Niccolò D'Angelo.", "Chiama Lucà?", "Pier Paolo…"]),
        ("pt-BR", ["¡Olá, João!", "Conceição Araújo.", "Vovô?", "Zé."]),
    ]

    static func preparer(_ language: String) throws -> TermPreparer {
        let code = try VocabICUTestLanguages.code(language)
        let directory = LocaleDirectory(url: RepositoryPaths.locales)
        return try LanguageContext(request: LanguageRequest(code: code, source: .argument("test")), directory: directory).preparer
    }

    @Test("A text and its words part read the same in every language")
    func handWrittenTextsReadAlike() throws {
        for (language, texts) in Self.written {
            let preparer = try Self.preparer(language)
            for text in texts {
                let whole = try preparer.readings(of: text).first
                let part = try preparer.readings(of: String(Hypothesis.wordsPart(of: text))).first
                #expect(whole == part, "\(language) \"\(text)\"")
                #expect(whole?.words.isEmpty == false, "\(language) \"\(text)\" has words")
            }
        }
    }

    @Test("Every hypothesis of the N-best development sets reads as its words part",
          .enabled(if: RepositoryPaths.shared != nil, "../shared is missing: the N-best sets' hypotheses are not checked"))
    func developmentHypothesesReadAlike() throws {
        var preparers: [String: TermPreparer] = [:]
        var checked = 0
        for name in ["whisper-dev-nbest.json", "whisper-dev-biased-nbest.json"] {
            let url = RepositoryPaths.shared!.appendingPathComponent("eval/\(name)")
            let set = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            let cases = try #require(set?["cases"] as? [[String: Any]], "\(name) has cases")
            for item in cases {
                let language = try #require(item["language"] as? String)
                let alternatives = (item["alternatives"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                if preparers[language] == nil { preparers[language] = try Self.preparer(language) }
                for text in alternatives where Hypothesis.wordsPart(of: text) != text {
                    let whole = try preparers[language]!.readings(of: text).first
                    let part = try preparers[language]!.readings(of: String(Hypothesis.wordsPart(of: text))).first
                    #expect(whole == part, "\(name) \(item["id"] ?? "?"): \"\(text)\"")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000, "checked \(checked) hypotheses with punctuation around them")
    }
}
