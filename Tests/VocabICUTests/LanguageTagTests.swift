import Foundation
import Testing
import VocabCore
import VocabICU
import VocabTestSupport

@Suite struct LanguageTagTests {
    static let rows = (try? Vectors.rows(of: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Vectors/language-codes/canonical.tsv"))) ?? []

    let tags = ICULanguageTags()

    @Test("The vectors are present")
    func vectorsExist() { #expect(Self.rows.count >= 20) }

    @Test("Codes canonicalize, or are refused with the value quoted", arguments: rows)
    func canonical(_ row: VectorRow) {
        if row[1] == "error" {
            #expect(throws: LanguageCodeError(value: row[0]), "\(row)") { try tags.canonicalize(row[0]) }
        } else {
            #expect((try? tags.canonicalize(row[0]).identifier) == row[1], "\(row)")
        }
    }

    @Test("Likely subtags come from CLDR", arguments: [
        ("fr", "fr-Latn-FR"), ("pt", "pt-Latn-BR"), ("es", "es-Latn-ES"), ("de", "de-Latn-DE"), ("sr", "sr-Cyrl-RS"),
    ])
    func likely(language: String, expected: String) {
        #expect(tags.likelySubtags(of: SiriLanguageCode(canonical: language)).identifier == expected)
    }

    @Test("The refusal message quotes the value and shows the expected form")
    func message() {
        #expect(LanguageCodeError(value: "xx_!!").description
            == "'xx_!!' is not a Siri language code; expected a form like 'fr-FR'")
    }
}
