import Foundation
import Testing
@testable import VocabReports

/// How `vocab compare` lays a table out for a terminal: side by side, wrapped, or one block per column, and
/// never a character lost.
@Suite struct SideBySideTableTests {
    static let table = SideBySideTable(title: "query 'kiara'", headings: ["en-US", "fr-FR"], rows: [
        ("locale", ["en-US", "fr-FR"]),
        ("read by", ["kiara ← en rules: k→k@88 i→i@77 ar→ɑr@67 a→ɑ@70", "kiara ← fr rules: k→k@95 i→j@120 a→a@108"]),
        ("best", ["Chiara Rossi 0.87\nMatthieu Lefèvre 0.20", "Chiara Rossi 0.68"]),
    ])

    @Test("Without a width, or when it fits, rows are side by side on one line each (a value's own lines kept)")
    func sideBySide() {
        let text = Self.table.render(width: nil)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let column = "kiara ← en rules: k→k@88 i→i@77 ar→ɑr@67 a→ɑ@70".count  // the widest value
        #expect(lines[0] == "query 'kiara'  en-US" + String(repeating: " ", count: column - 5) + " │ fr-FR")
        #expect(lines.count == 6)  // heading, rule, locale, read by, best ×2
        #expect(lines[5].hasPrefix("               ") && lines[5].contains("Matthieu Lefèvre 0.20"))
        #expect(Self.table.render(width: 500) == text)
    }

    @Test("A narrower terminal wraps cells at spaces within their columns")
    func wraps() {
        let text = Self.table.render(width: 80)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(text)")
        #expect(lines.allSatisfy { !$0.contains("──") || !$0.contains("│") })
        #expect(lines.first?.components(separatedBy: " │ ").count == 2)
        #expect(Self.words(text) == Self.words(Self.table.render(width: nil)))
    }

    @Test("Too narrow for two columns of 18, the table turns into one block per column")
    func blocks() {
        let text = Self.table.render(width: 40)
        #expect(text.contains("query 'kiara' ── en-US"))
        #expect(text.contains("query 'kiara' ── fr-FR"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(text)")
        #expect(Self.words(text).subtracting(["──", "en-US", "fr-FR"])
            == Self.words(Self.table.render(width: nil)).subtracting(["│", "en-US", "fr-FR"]))
    }

    @Test("A word longer than its column is broken, not cut")
    func longWords() {
        #expect(SideBySideTable.wrap("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(SideBySideTable.wrap("a\n\nb", width: 4) == ["a", "", "b"])
    }

    @Test("Columns that need less than an equal share keep their width; the rest share what is left")
    func fitting() {
        #expect(SideBySideTable.fit([10, 50, 50], into: 70) == [10, 30, 30])
        #expect(SideBySideTable.fit([10, 50, 50], into: 40) == nil)
        #expect(SideBySideTable.fit([10, 20], into: 100) == [10, 20])
    }

    static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { $0.isWhitespace || $0 == "─" }).map(String.init).filter { $0 != "│" })
    }
}
