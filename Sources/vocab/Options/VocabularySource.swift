import Foundation
import VocabCore

/// Reads a vocabulary given on the command line: one term per line, or a JSON document with a
/// `strings` array (the format of `../shared/bench/vocab-*.json`).
///
/// The same rules as a stored set apply: every term is checked (``VocabularyFile/problem(with:)``), and a
/// file may hold at most ``maximumTerms`` terms (the per-type bound of a stored set) in at most
/// ``maximumFileBytes`` bytes, so that a stray multi-gigabyte file is refused before it is read.
enum VocabularySource {
    /// The most terms a vocabulary file may hold: as many as one stored set.
    static let maximumTerms = VocabularyLimits.standard.perType
    /// The largest vocabulary file read: `maximumTerms` terms of 1,024 UTF-16 code units need up to three
    /// bytes a unit, rounded up.
    static let maximumFileBytes = 320 << 20

    static func terms(fromFile path: String) throws -> [String] {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumFileBytes {
            throw CommandFailure(description: "\(path): \(size) bytes is more than a vocabulary file may hold "
                + "(\(maximumFileBytes) bytes: \(maximumTerms) terms of at most \(TextLimits.maximumTermLength) "
                + "characters)")
        }
        let data = try InputFile.read(path, what: "a vocabulary file")
        return try isJSON(data) ? jsonTerms(data, path: path) : textTerms(data, path: path)
    }

    private static func isJSON(_ data: Data) -> Bool {
        data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) == UInt8(ascii: "{")
    }

    private static func jsonTerms(_ data: Data, path: String) throws -> [String] {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw CommandFailure(description: "\(path): not valid JSON (\(error.localizedDescription))")
        }
        guard let strings = (object as? [String: Any])?["strings"] as? [String] else {
            throw CommandFailure(description: "\(path): expected a JSON object with a 'strings' array of strings")
        }
        if strings.count > maximumTerms {
            throw CommandFailure(description: "\(path): \(strings.count) terms is more than the limit of \(maximumTerms) "
                + "terms a vocabulary may hold")
        }
        for (index, term) in strings.enumerated() {
            if let problem = VocabularyFile.problem(with: term) {
                throw CommandFailure(description: "\(path): strings[\(index)]: \(problem)")
            }
        }
        return strings
    }

    private static func textTerms(_ data: Data, path: String) throws -> [String] {
        // Lines are counted before they are checked: a million-line file is refused at once, not after
        // seconds of checking every line.
        let lines = data.reduce(into: 0) { count, byte in if byte == 0x0A { count += 1 } }
            + (data.last == 0x0A || data.isEmpty ? 0 : 1)
        if lines > maximumTerms {
            throw CommandFailure(description: "\(path): \(lines) lines is more than the limit of \(maximumTerms) "
                + "terms a vocabulary may hold")
        }
        let file = VocabularyFile(bytes: Array(data), source: path)
        if let first = file.errors.first {
            throw CommandFailure(description: "\(first)" + (file.errors.count > 1 ? " (and \(file.errors.count - 1) more)" : ""))
        }
        return file.texts
    }
}
