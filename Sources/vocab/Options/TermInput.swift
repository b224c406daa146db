import Foundation
import VocabCore
import VocabLocales

/// Reads the terms `vocab set` stores, in one of three forms: plain lines, tab-separated speakable strings,
/// or JSON.
enum TermInput {
    /// The input forms.
    enum Format: String, CaseIterable {
        case lines, tsv, json

        /// The form a file's extension names (`.tsv`, `.json`), else plain lines.
        init(path: String?) {
            switch path.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
            case "tsv": self = .tsv
            case "json": self = .json
            default: self = .lines
            }
        }
    }

    /// The JSON form: an array of terms, or an object with a `terms` array (the body of the service's PUT).
    private struct Document: Decodable {
        let entries: [VocabularyTerm]

        private enum Key: String, CodingKey { case terms }

        init(from decoder: any Decoder) throws {
            // An object is read by its `terms` key; anything else as the list itself, so that errors name
            // their place (`[3].identifier`, `terms[3]`).
            if let object = try? decoder.container(keyedBy: Key.self) {
                entries = try object.decode([VocabularyTerm].self, forKey: .terms)
            } else {
                entries = try decoder.singleValueContainer().decode([VocabularyTerm].self)
            }
        }
    }

    /// Parses and checks the input.
    ///
    /// - Throws: ``CommandFailure`` for JSON that is not a list of terms, naming the place at fault.
    static func parse(_ bytes: [UInt8], source: String, format: Format, strict: Bool) throws -> VocabularyFile {
        switch format {
        case .lines: return VocabularyFile(bytes: bytes, source: source, strict: strict, format: .lines)
        case .tsv: return VocabularyFile(bytes: bytes, source: source, strict: strict, format: .tabSeparated)
        case .json:
            let document: Document
            do {
                document = try JSONDecoder().decode(Document.self, from: Data(bytes))
            } catch let error as DecodingError {
                if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                    throw CommandFailure(description: "\(source): not valid JSON (\(error.summary))")
                }
                throw CommandFailure(description: error.message(in: source))
            }
            return VocabularyFile(entries: document.entries, source: source, strict: strict)
        }
    }
}
