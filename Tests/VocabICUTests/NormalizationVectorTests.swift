import Foundation
import Testing
import VocabCore
import VocabICU
import VocabLocales
import VocabTestSupport

/// Normalization vectors: `Vectors/normalization/<language>.tsv`, each row `input, form, expected`.
@Suite struct NormalizationVectorTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Vectors/normalization")
    static let rows = (try? Vectors.rows(inFolder: folder)) ?? []

    let normalizer = ICUTextNormalizer()
    let tags = ICULanguageTags()
    let directory = LocaleDirectory(url: RepositoryPaths.locales)

    @Test("The vector files are present and not empty")
    func vectorsExist() {
        #expect(Self.rows.count >= 70, "read \(Self.rows.count) rows from \(Self.folder.path)")
    }

    @Test("Every vector holds", arguments: rows)
    func vector(_ row: VectorRow) throws {
        let language = String(row.file.split(separator: "/").last!.dropLast(".tsv".count))
        let request = LanguageRequest(code: try tags.canonicalize(language), source: .argument("test"))
        let profile = try directory.profile(for: request, tags: tags, normalizer: normalizer).profile
        let result = try normalizer.normalize(row[0], in: profile)
        let actual = Self.form(row[1], of: result)
        #expect(actual == row[2], "\(row): \(row[1]) of '\(row[0])'")
    }

    static func form(_ name: String, of result: NormalizedText) -> String {
        switch name {
        case "faithful": result.faithful
        case "folded": result.folded
        case "alternate": result.alternateFolded ?? "∅"
        case "latin": result.latin ?? "∅"
        case "spelled": result.spelledOut ?? "∅"
        case "tokens": result.tokens.map(\.text).joined(separator: " | ")
        case "folded-tokens": result.tokens.map(\.folded).joined(separator: " ")
        case "roles": result.tokens.map(\.role.rawValue).joined(separator: " ")
        case "parts": result.tokens.map { $0.parts.isEmpty ? "-" : $0.parts.joined(separator: "+") }.joined(separator: " ")
        case "joined": result.tokens.map { $0.isJoinedToPrevious ? "1" : "0" }.joined(separator: " ")
        default: "unknown form '\(name)'"
        }
    }
}
