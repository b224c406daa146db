import ArgumentParser
import VocabCore
import VocabStore

/// `vocab clear`: removes one type's set, or all of a user's vocabulary (reset, sign-out).
struct Clear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove a user's vocabulary of one type, or all of it without --type.",
        discussion: "The removal takes effect before the command returns: nothing resolves against it afterwards.")

    @OptionGroup var options: UserVocabularyOptions

    func run() async throws {
        var removed = RemovalResult(types: [], terms: 0)
        if let store = try options.storeOptions.openIfExists() {
            if let type = options.stringType {
                removed = try await store.remove(type, for: options.userOptions.id)
            } else {
                removed = try await store.removeAll(for: options.userOptions.id)
            }
        }
        if options.json {
            try JSONOutput.print(Report(user: options.userOptions.user, removedTypes: removed.types.map(\.rawValue),
                                        removedTerms: removed.terms))
            return
        }
        if removed.types.isEmpty {
            print("user '\(options.userOptions.user)' had no \(options.type.map { "\($0) " } ?? "")vocabulary to remove")
        } else {
            let types = removed.types.map(\.rawValue).joined(separator: ", ")
            print("removed \(removed.terms) \(removed.terms == 1 ? "term" : "terms") (\(types)) "
                + "of user '\(options.userOptions.user)'")
        }
    }

    private struct Report: Encodable {
        let user: String
        let removedTypes: [String]
        let removedTerms: Int
    }
}
