import ArgumentParser
import Foundation
import VocabCore
import VocabStore

/// `vocab list`: prints a user's ordered sets.
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a user's vocabulary: each type's ordered set, most important first.")

    @OptionGroup var options: UserVocabularyOptions

    func run() async throws {
        // A mistyped store path is an error; a user with nothing in an existing store is an empty answer.
        guard let opened = try await options.storeOptions.open(for: .readExisting) else { return }
        defer { opened.close() }
        let store = opened.store
        let sets: [StoredVocabulary]
        if let type = options.stringType {
            sets = try await store.vocabulary(for: options.userOptions.id, type: type).map { [$0] } ?? []
        } else {
            sets = try await store.vocabularies(for: options.userOptions.id)
        }
        if options.json {
            try JSONOutput.print(Report(user: options.userOptions.user, sets: sets.map(Report.Set.init)))
            return
        }
        if sets.isEmpty {
            print("user '\(options.userOptions.user)' has no \(options.type.map { "\($0) " } ?? "")vocabulary")
            return
        }
        for set in sets {
            let count = set.terms.count
            print("\(set.type): \(count) \(count == 1 ? "term" : "terms"), version \(set.version), "
                + "updated \(set.updatedAt.formatted(.iso8601))")
            let width = String(count).count
            for (index, entry) in set.entries.enumerated() {
                let number = String(index + 1)
                let identifier = entry.identifier.map { "  [\($0)]" } ?? ""
                let hint = entry.pronunciationHint.map { "  (said \"\($0)\")" } ?? ""
                print("  " + String(repeating: " ", count: width - number.count) + number + ". " + entry.phrase
                    + identifier + hint)
            }
        }
    }

    private struct Report: Encodable {
        struct Set: Encodable {
            let type: String
            let version: Int64
            let updatedAt: String
            let count: Int
            /// Plain terms as strings, speakable ones as objects (phrase, identifier, pronunciationHint).
            let terms: [VocabularyTerm]
            init(_ stored: StoredVocabulary) {
                type = stored.type.rawValue
                version = stored.version
                updatedAt = stored.updatedAt.formatted(.iso8601)
                count = stored.terms.count
                terms = stored.entries
            }
        }
        let user: String
        let sets: [Set]
    }
}
