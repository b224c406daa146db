import ArgumentParser
import Foundation
import VocabCore
import VocabStore

/// `--store`, shared by every command that reads or writes user vocabulary.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The vocabulary database (default: $VOCAB_STORE, else $XDG_DATA_HOME/vocab/vocabulary.sqlite).",
        valueName: "path"))
    var store: String?

    func validate() throws {
        if let store, store.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--store '\(store)' is empty; expected the path of a database file")
        }
    }

    /// The database path in use.
    var path: String { StoreLocation.path(explicit: store, environment: ProcessInfo.processInfo.environment) }

    /// Opens the database, creating it on first use.
    func open() throws -> SQLiteVocabularyStore { try SQLiteVocabularyStore(path: path) }

    /// Opens the database read-only if it exists; reading commands never create or change one.
    func openIfExists() throws -> SQLiteVocabularyStore? { try SQLiteVocabularyStore.openIfExists(path: path) }

    /// Opens the database for writing only if it exists: removals never create a store.
    func openForWritingIfExists() throws -> SQLiteVocabularyStore? {
        try SQLiteVocabularyStore.exists(at: path) ? open() : nil
    }

    /// The store, which must exist: a missing one is an error naming the path, never an empty answer.
    func existingStore() throws -> SQLiteVocabularyStore {
        guard let store = try openIfExists() else {
            throw CommandFailure(description: "no vocabulary store at '\(path)'; 'vocab set' creates one "
                + "(or give --store, $VOCAB_STORE)")
        }
        return store
    }

    /// A user's stored set of one type, or an error saying what is missing: the store, or the user's set.
    /// A mistyped user or store must not look like "no match".
    func storedSet(of user: UserID, type: VocabularyStringType, in given: SQLiteVocabularyStore? = nil) async throws
        -> StoredVocabulary {
        try await Self.storedSet(of: user, type: type, in: try given ?? existingStore(), location: path)
    }

    /// A user's stored set of one type in `store`, or an error naming the user, the type, the store's
    /// `location` and what the user does have.
    static func storedSet(of user: UserID, type: VocabularyStringType, in store: any VocabularyStore,
                          location: String) async throws -> StoredVocabulary {
        guard let set = try await store.vocabulary(for: user, type: type) else {
            let others = try await store.vocabularies(for: user).map(\.type.rawValue)
            let held = others.isEmpty ? "has no vocabulary" : "has only \(others.joined(separator: ", "))"
            throw CommandFailure(description: "user '\(user)' has no \(type) vocabulary in '\(location)' (the user \(held))")
        }
        return set
    }
}

/// `--user`, validated as a user id.
struct UserOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The user whose vocabulary this is.", valueName: "id"))
    var user: String

    func validate() throws { try Self.validateUser(user) }

    /// Checks a `--user` value, throwing a usage error that names the option.
    static func validateUser(_ user: String) throws {
        do { _ = try UserID(validating: user) } catch { throw ValidationError(error.from("--user").description) }
    }

    /// The validated id (``validate()`` has run).
    var id: UserID { (try? UserID(validating: user)) ?? "invalid" }
}

/// Parses `--type`, for commands where it is optional or required.
enum TypeArgument {
    static func parse(_ name: String) throws -> VocabularyStringType {
        do { return try VocabularyStringType(parsing: name) } catch { throw ValidationError(error.from("--type").description) }
    }
}

/// A data error: printed as `Error: <message>` on stderr, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}

/// `--user`, an optional `--type`, `--store` and `--json`: what commands over a user's stored sets take.
struct UserVocabularyOptions: ParsableArguments {
    @OptionGroup var userOptions: UserOptions

    @Option(name: .long, help: ArgumentHelp("Only this string type, e.g. contactName.", valueName: "type"))
    var type: String?

    @OptionGroup var storeOptions: UserStoreOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if let type { _ = try TypeArgument.parse(type) }
    }

    /// The validated `--type`, if given.
    var stringType: VocabularyStringType? { type.flatMap(VocabularyStringType.init(rawValue:)) }
}
