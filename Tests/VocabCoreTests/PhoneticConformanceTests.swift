import Foundation
import Testing
import VocabCore
import VocabTestSupport

/// The published reference vectors in `../shared/vectors/`, read verbatim. CI always has `../shared`;
/// where it is missing these tests are skipped, and say so.
enum SharedVectors {
    static let folder = RepositoryPaths.shared?.appendingPathComponent("vectors")
    static var available: Bool { folder.map { FileManager.default.fileExists(atPath: $0.path) } ?? false }

    static func rows(_ name: String) -> [VectorRow] {
        guard let folder else { return [] }
        return (try? Vectors.rows(of: folder.appendingPathComponent(name), label: "shared/vectors/\(name)")) ?? []
    }

    /// Decodes the Java `\uXXXX` escapes some rows keep from their source.
    static func unescaped(_ text: String) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first {
            if first == "\\", scalars.count >= 6, scalars.dropFirst().first == "u",
               let value = UInt32(String(String.UnicodeScalarView(scalars.dropFirst(2).prefix(4))), radix: 16),
               let scalar = Unicode.Scalar(value) {
                result.unicodeScalars.append(scalar)
                scalars = scalars.dropFirst(6)
            } else {
                result.unicodeScalars.append(first)
                scalars = scalars.dropFirst()
            }
        }
        return result
    }
}

@Suite(.enabled(if: SharedVectors.available, "../shared/vectors is missing: published phonetic vectors not checked"))
struct PhoneticConformanceTests {
    @Test("Double Metaphone matches Apache Commons Codec's table (primary and alternate, length 4)",
          arguments: SharedVectors.rows("double-metaphone.tsv"))
    func doubleMetaphone(_ row: VectorRow) {
        let (primary, alternate) = DoubleMetaphone(maximumLength: 4).encode(row[0])
        #expect(primary == row[1], "\(row): primary of '\(row[0])'")
        #expect(alternate == row[2], "\(row): alternate of '\(row[0])'")
    }

    @Test("Kölner Phonetik matches Apache Commons Codec's table", arguments: SharedVectors.rows("cologne-phonetic.tsv"))
    func cologne(_ row: VectorRow) {
        // Some rows of the source list the code first; the word is the column that is not all digits.
        let swapped = !row[0].isEmpty && row[0].allSatisfy(\.isNumber) && !row[1].allSatisfy(\.isNumber)
        let word = SharedVectors.unescaped(swapped ? row[1] : row[0])
        let code = swapped ? row[0] : row[1]
        #expect(ColognePhonetic().encode(word) == code, "\(row): '\(word)'")
    }

    @Test("FONEM matches talisman's table", arguments: SharedVectors.rows("fonem.fr.tsv"))
    func fonem(_ row: VectorRow) {
        #expect(FONEM().encode(row[0]) == row[1], "\(row): '\(row[0])'")
    }

    @Test("Phonex matches talisman's table", arguments: SharedVectors.rows("phonex.fr.tsv"))
    func phonex(_ row: VectorRow) {
        #expect(Phonex().encode(row[0]) == row[1], "\(row): '\(row[0])'")
    }

    @Test("Fonético matches talisman's table", arguments: SharedVectors.rows("fonetico.es.tsv"))
    func fonetico(_ row: VectorRow) {
        #expect(Fonetico().encode(row[0]) == row[1], "\(row): '\(row[0])'")
    }

    @Test("Every vector file is read in full")
    func counts() {
        #expect(SharedVectors.rows("double-metaphone.tsv").count == 1_221)
        #expect(SharedVectors.rows("cologne-phonetic.tsv").count == 88)
        #expect(SharedVectors.rows("fonem.fr.tsv").count == 126)
        #expect(SharedVectors.rows("phonex.fr.tsv").count == 14)
        #expect(SharedVectors.rows("fonetico.es.tsv").count == 35)
    }
}
