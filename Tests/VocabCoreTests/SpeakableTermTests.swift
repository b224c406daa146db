import Foundation
import Testing
import VocabTestSupport
@testable import VocabCore

/// Speakable strings (SiriKit's INSpeakableString): identifier, phrase and pronunciation hint.
@Suite struct SpeakableTermTests {
    static let siobhan = VocabularyTerm(phrase: "Siobhan Kelly", identifier: "c-17", pronunciationHint: "shuh vaughn kelly")

    @Test("JSON reads plain strings and speakable objects, and writes them back the same way")
    func jsonRoundTrip() throws {
        let json = #"["Anna Berg", {"phrase": "Siobhan Kelly", "identifier": "c-17", "pronunciationHint": "shuh vaughn kelly"}]"#
        let terms = try JSONDecoder().decode([VocabularyTerm].self, from: Data(json.utf8))
        #expect(terms == [VocabularyTerm("Anna Berg"), Self.siobhan])
        let again = try JSONDecoder().decode([VocabularyTerm].self, from: JSONEncoder().encode(terms))
        #expect(again == terms)
        #expect(String(decoding: try JSONEncoder().encode(VocabularyTerm("Anna")), as: UTF8.self) == #""Anna""#)
    }

    @Test("An unknown key, a missing phrase or a number is refused at its place")
    func jsonRefusals() {
        for (json, expected) in [
            (#"[{"phrase": "A", "pronounciationHint": "x"}]"#, "unknown key 'pronounciationHint'"),
            (#"[{"identifier": "c-1"}]"#, "phrase"),
            ("[3]", "expected a string or an object"),
        ] {
            #expect {
                try JSONDecoder().decode([VocabularyTerm].self, from: Data(json.utf8))
            } throws: { error in
                guard let error = error as? DecodingError else { return false }
                return "\(error)".contains(expected)
            }
        }
    }

    @Test("Each field is checked: blank identifier, control characters, an over-long hint")
    func fieldRules() {
        #expect(Self.siobhan.problem == nil)
        #expect(VocabularyTerm(phrase: "A", identifier: " ").problem?.field == "identifier")
        #expect(VocabularyTerm(phrase: "A", identifier: "c\u{7}").problem?.field == "identifier")
        #expect(VocabularyTerm(phrase: "A", identifier: String(repeating: "x", count: 1_025)).problem?.field == "identifier")
        #expect(VocabularyTerm(phrase: "A", identifier: "c", pronunciationHint: String(repeating: "ab ", count: 400))
            .problem?.field == "pronunciationHint")
        #expect(VocabularyTerm(phrase: " ", identifier: "c").problem?.field == "phrase")
        // An empty hint is no hint.
        #expect(VocabularyTerm(phrase: "A", identifier: "c", pronunciationHint: "").pronunciationHint == nil)
    }

    @Test("Two contacts may share a name but not an identifier; plain strings repeat by phrase")
    func repeats() throws {
        let plan = try ReplacePlan(entries: [
            VocabularyTerm(phrase: "John Smith", identifier: "c-1"), VocabularyTerm(phrase: "John Smith", identifier: "c-2"),
            VocabularyTerm(phrase: "Johnny", identifier: "c-1"), VocabularyTerm("John Smith"), VocabularyTerm("John Smith"),
        ], limits: .standard, otherTypes: 0)
        #expect(plan.entries.map(\.identifier) == ["c-1", "c-2", nil])
        #expect(plan.repeats == 2)
    }

    @Test("A refused entry names its position and field")
    func planNamesField() {
        #expect(throws: VocabularyError(subject: "term 2 identifier:", problem: "is empty; expected the app's id")) {
            try ReplacePlan(entries: [Self.siobhan, VocabularyTerm(phrase: "B", identifier: "")], limits: .standard,
                            otherTypes: 0)
        }
    }

    @Test("Tab-separated lines: phrase, identifier, hint; extra fields refused with their line")
    func tabSeparatedFile() {
        let text = "Siobhan Kelly\tc-17\tshuh vaughn kelly\nAnna Berg\n\tc-3\nA\tb\tc\td\nBea\t\tbay uh\n"
        let file = VocabularyFile(bytes: Array(text.utf8), source: "c.tsv", format: .tabSeparated)
        #expect(file.entries == [Self.siobhan, VocabularyTerm("Anna Berg"),
                                 VocabularyTerm(phrase: "Bea", identifier: nil, pronunciationHint: "bay uh")])
        #expect(file.errors.map(\.location) == ["c.tsv:3", "c.tsv:4"])
        #expect(file.errors[1].message.contains("4 tab-separated fields"))
    }

    @Test("A hint is a second reading, and answers carry the identifier")
    func hintMatchesAndIdentifierAnswers() throws {
        let index = try VocabularyIndex(entries: [Self.siobhan, VocabularyTerm("Anna Berg")], preparer: .simple())
        let byHint = try Resolver(index: index).resolve("shuh vaughn kelly")
        guard case .success(let candidate) = byHint.resolution else {
            Issue.record("expected success, got \(byHint.resolution.name)")
            return
        }
        #expect(candidate.identifier == "c-17")
        #expect(candidate.reading == "pronunciation")
        let plain = try Resolver(index: index).resolve("anna berg")
        #expect(plain.resolution.candidates.map(\.identifier) == [nil])
    }

    @Test("Identifiers survive the index archive")
    func archiveKeepsIdentifiers() throws {
        let key = IndexArchive.Key(user: "u", type: "contactName", changeStamp: 3, language: "fr-FR", dataFingerprint: "f")
        let index = try VocabularyIndex(entries: [VocabularyTerm("Anna Berg"), Self.siobhan], preparer: .simple())
        let loaded = try index.archived(for: key).withUnsafeBytes {
            try VocabularyIndex(archive: $0, key: key, preparer: .simple())
        }
        #expect(loaded.identifier(of: 0) == nil)
        #expect(loaded.identifier(of: 1) == "c-17")
        #expect(loaded.terms == index.terms)
    }
}
