import Foundation
import Testing
import VocabReports
import VocabTestSupport
@testable import VocabCore

@Suite struct JSONTextTests {
    @Test("A resolution written by JSONText is the document JSONEncoder writes", arguments: [false, true])
    func sameAsJSONEncoder(explain: Bool) throws {
        let index = try VocabularyIndex(entries: [
            VocabularyTerm("Bobo le Grand"), VocabularyTerm("Bobo \"Jr.\"\\ \u{1}"),
            VocabularyTerm(phrase: "Siobhan Kelly", identifier: "c-17", pronunciationHint: "shuh vaughn kelly"),
        ], preparer: .simple())
        let selection = LocaleSelection(
            request: LanguageRequest(code: .fallback, source: .defaultLanguage), used: .fallback,
            chain: [LocaleSelection.Step(code: .fallback, isAvailable: true, rule: "requested locale")])
        for query in ["bobo", "shuh vaughn kelly", "nobody", ""] {
            let report = ResolveReport(locale: LocaleSelectionReport(selection), query: query,
                                       result: try Resolver(index: index).resolve(query), explain: explain)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let expected = try JSONSerialization.jsonObject(with: encoder.encode(report)) as? NSDictionary
            let written = try JSONSerialization.jsonObject(with: Data(report.jsonBytes())) as? NSDictionary
            #expect(written == expected, "\(String(decoding: report.jsonBytes(), as: UTF8.self))")
        }
    }
}
