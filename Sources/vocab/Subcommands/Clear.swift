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
        if let opened = try await options.storeOptions.open(for: .writeIfExists) {
            defer { opened.close() }
            // The kept indexes hold the terms too: they go with the set (sign-out means everything).
            let indexes = opened.sqlitePath.map(PersistedIndexes.init(storePath:))
            if let type = options.stringType {
                removed = try await opened.store.remove(type, for: options.userOptions.id)
                indexes?.remove(type, for: options.userOptions.id)
            } else {
                removed = try await opened.store.removeAll(for: options.userOptions.id)
                indexes?.removeAll(for: options.userOptions.id)
            }
        }
        if options.json {
            try JSONOutput.print(Report(user: options.userOptions.user, removedTypes: removed.types.map(\.rawValue),
                                        removedTerms: removed.terms, removedLanguage: removed.language))
            return
        }
        let user = options.userOptions.user
        let language = removed.language.map { "the language setting '\($0)'" }
        if removed.types.isEmpty {
            let what = "\(options.type.map { "\($0) " } ?? "")vocabulary"
            if let language {
                print("removed \(language) of user '\(user)' (no \(what))")
            } else {
                print("user '\(user)' had no \(what) to remove")
            }
        } else {
            let types = removed.types.map(\.rawValue).joined(separator: ", ")
            print("removed \(removed.terms) \(removed.terms == 1 ? "term" : "terms") (\(types))"
                + (language.map { " and \($0)" } ?? "") + " of user '\(user)'")
        }
    }

    private struct Report: Encodable {
        let user: String
        let removedTypes: [String]
        let removedTerms: Int
        let removedLanguage: String?
    }
}
