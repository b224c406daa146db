import ArgumentParser
import VocabCore
import VocabStore

/// `vocab clear`: removes one type's set, or all of a user's vocabulary (reset, sign-out).
struct Clear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove a user's vocabulary of one type, or all of it without --type.",
        discussion: "The removal takes effect before the command returns: nothing resolves against it afterwards.")

    @OptionGroup var userOptions: UserOptions

    @Option(name: .long, help: ArgumentHelp("Only this string type, e.g. contactName.", valueName: "type"))
    var type: String?

    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if let type { _ = try TypeArgument.parse(type) }
    }

    func run() async throws {
        var removed = RemovalResult(types: [], terms: 0)
        if let store = try storeOptions.openIfExists() {
            if let type {
                removed = try await store.remove(try TypeArgument.parse(type), for: userOptions.id)
            } else {
                removed = try await store.removeAll(for: userOptions.id)
            }
        }
        if json {
            try JSONOutput.print(Report(user: userOptions.user, removedTypes: removed.types.map(\.rawValue),
                                        removedTerms: removed.terms))
            return
        }
        if removed.types.isEmpty {
            print("user '\(userOptions.user)' had no \(type.map { "\($0) " } ?? "")vocabulary to remove")
        } else {
            let types = removed.types.map(\.rawValue).joined(separator: ", ")
            print("removed \(removed.terms) \(removed.terms == 1 ? "term" : "terms") (\(types)) "
                + "of user '\(userOptions.user)'")
        }
    }

    private struct Report: Encodable {
        let user: String
        let removedTypes: [String]
        let removedTerms: Int
    }
}
