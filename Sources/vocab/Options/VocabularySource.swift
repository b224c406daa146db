import Foundation
import VocabCore

/// Reads a vocabulary given on the command line: one term per line, or a JSON document with a
/// `strings` array (the format of `../shared/bench/vocab-*.json`).
enum VocabularySource {
    static func terms(fromFile path: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { throw CommandFailure(description: "\(path): no such file") }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CommandFailure(description: "\(path): cannot read the file (\(error.localizedDescription))")
        }
        if data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) == UInt8(ascii: "{") {
            let object: Any
            do { object = try JSONSerialization.jsonObject(with: data) } catch {
                throw CommandFailure(description: "\(path): not valid JSON (\(error.localizedDescription))")
            }
            guard let strings = (object as? [String: Any])?["strings"] as? [String] else {
                throw CommandFailure(description: "\(path): expected a JSON object with a 'strings' array of strings")
            }
            return strings
        }
        let file = VocabularyFile(bytes: Array(data), source: path)
        if let first = file.errors.first {
            throw CommandFailure(description: "\(first)" + (file.errors.count > 1 ? " (and \(file.errors.count - 1) more)" : ""))
        }
        return file.texts
    }
}
