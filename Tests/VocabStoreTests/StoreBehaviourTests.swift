import Foundation
import Testing
import VocabCore
import PostgresNIO
import VocabPostgres
import VocabStore
import VocabTestSupport

/// The backends every behaviour test (the store contract) runs against.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case memory, sqliteFile, postgres

    var testDescription: String { rawValue }

    /// The backends this run can test: PostgreSQL only with a server (see ``PostgresTestServer``).
    static var available: [Backend] {
        allCases.filter { $0 != .postgres || PostgresTestServer.isAvailable }
    }

    func make() async throws -> any VocabularyStore & AccessTokenStore {
        switch self {
        case .memory: MemoryVocabularyStore()
        case .sqliteFile: try SQLiteVocabularyStore(path: TemporaryStore.path())
        case .postgres: try await TemporaryStore.postgres()
        }
    }
}

enum TemporaryStore {
    /// A PostgreSQL store in a fresh schema of the test server, migrated, its pool running.
    static func postgres(beforeCommittingReplace: (@Sendable (PostgresConnection) async throws -> Void)? = nil)
        async throws -> PostgresVocabularyStore {
        let url = try await PostgresTestServer.urlInFreshSchema()
        // Generous connection waits: the whole test suite shares two cores with the database.
        let store = PostgresVocabularyStore(url: try DatabaseURL(url), maximumConnections: 2, connectTimeout: .seconds(20),
                                            beforeCommittingReplace: beforeCommittingReplace)
        Task { try await store.run() }
        try await store.migrate()
        return store
    }

    /// A fresh database path in a fresh folder (the store creates both).
    static func path() -> String {
        TemporaryPaths.url("vocab-store").appendingPathComponent("vocabulary.sqlite").path
    }
}

@Suite struct StoreBehaviourTests {
    let alice: UserID = "alice"

    @Test("A set keeps its order and drops repeats, first place winning", arguments: Backend.available)
    func orderAndRepeats(backend: Backend) async throws {
        let store = try await backend.make()
        let result = try await store.replace(["Bobo", "Matthieu Lefèvre", "Bobo", "Matthieu Lefe\u{300}vre", "Zoé"],
                                             for: alice, type: .contactName)
        #expect(result.stored == 3)
        #expect(result.repeats == 2)
        #expect(result.previousCount == nil)
        let stored = try #require(try await store.vocabulary(for: alice, type: .contactName))
        #expect(stored.terms == ["Bobo", "Matthieu Lefèvre", "Zoé"])
    }

    @Test("Replace replaces the whole set", arguments: Backend.available)
    func replaceIsWhole(backend: Backend) async throws {
        let store = try await backend.make()
        try await store.replace(["a", "b", "c"], for: alice, type: .contactName)
        let result = try await store.replace(["d"], for: alice, type: .contactName)
        #expect(result.previousCount == 3)
        #expect(try await store.vocabulary(for: alice, type: .contactName)?.terms == ["d"])
    }

    @Test("A set over capacity keeps its first terms and reports the rest", arguments: Backend.available)
    func capacity(backend: Backend) async throws {
        let store = try await backend.make()
        let names = (1...12).map { "name \($0)" }
        let result = try await store.replace(names, for: alice, type: .contactName,
                                             limits: try VocabularyLimits(perType: 4, perUser: 100))
        #expect(result.stored == 4)
        #expect(result.dropped.count == 8)
        #expect(result.dropped.first == ["name 5", "name 6", "name 7", "name 8", "name 9"])
        #expect(result.dropped.reason?.description == "over the capacity of 4 terms per type")
        #expect(try await store.vocabulary(for: alice, type: .contactName)?.terms == Array(names.prefix(4)))
    }

    @Test("The user total counts the other types' terms", arguments: Backend.available)
    func userCapacity(backend: Backend) async throws {
        let store = try await backend.make()
        let limits = try VocabularyLimits(perType: 10, perUser: 12)
        try await store.replace((1...8).map { "album \($0)" }, for: alice, type: .photoAlbumName, limits: limits)
        let result = try await store.replace((1...10).map { "c\($0)" }, for: alice, type: .contactName, limits: limits)
        #expect(result.stored == 4)
        #expect(result.dropped.count == 6)
        #expect(result.dropped.reason?.description == "over the capacity of 12 terms per user (8 held in other types)")
        // Replacing a type frees its own old terms: they do not count against the new set.
        let again = try await store.replace((1...4).map { "c\($0)" }, for: alice, type: .contactName, limits: limits)
        #expect(again.dropped.isEmpty)
    }

    @Test("A term that breaks a rule refuses the whole replace and keeps the old set", arguments: Backend.available)
    func ruleBreakKeepsOldSet(backend: Backend) async throws {
        let store = try await backend.make()
        try await store.replace(["old 1", "old 2"], for: alice, type: .contactName)
        for bad in ["", "   ", "Bo\u{7}bo", String(repeating: "x", count: 1_025)] {
            await #expect(throws: VocabularyError.self) {
                try await store.replace(["new", bad], for: alice, type: .contactName)
            }
        }
        #expect(try await store.vocabulary(for: alice, type: .contactName)?.terms == ["old 1", "old 2"])
    }

    @Test("Remove all erases every type and the language of one user, and no one else's", arguments: Backend.available)
    func removeAll(backend: Backend) async throws {
        let store = try await backend.make()
        try await store.replace(["a", "b"], for: alice, type: .contactName)
        try await store.replace(["c"], for: alice, type: .photoTag)
        try await store.replace(["d"], for: "bob", type: .contactName)
        try await store.setLanguage(SiriLanguageCode(canonical: "fr-FR"), for: alice)
        try await store.setLanguage(SiriLanguageCode(canonical: "de-DE"), for: "bob")
        let removed = try await store.removeAll(for: alice)
        #expect(removed.types == [.contactName, .photoTag])
        #expect(removed.terms == 3)
        #expect(removed.language == "fr-FR")
        #expect(try await store.language(for: alice) == nil)
        #expect(try await store.language(for: "bob") == "de-DE")
        #expect(try await store.vocabularies(for: alice).isEmpty)
        #expect(try await store.vocabulary(for: alice, type: .contactName) == nil)
        #expect(try await store.vocabulary(for: "bob", type: .contactName)?.terms == ["d"])
    }

    @Test("One type can be cleared alone", arguments: Backend.available)
    func removeOneType(backend: Backend) async throws {
        let store = try await backend.make()
        try await store.replace(["a"], for: alice, type: .contactName)
        try await store.replace(["b"], for: alice, type: .photoTag)
        #expect(try await store.remove(.contactName, for: alice) == RemovalResult(types: [.contactName], terms: 1))
        #expect(try await store.remove(.contactName, for: alice) == RemovalResult(types: [], terms: 0))
        #expect(try await store.vocabularies(for: alice).map(\.type) == [.photoTag])
    }

    @Test("Every replace gets a new change stamp, never reused after a removal", arguments: Backend.available)
    func changeStamps(backend: Backend) async throws {
        let store = try await backend.make()
        let first = try await store.replace(["a"], for: alice, type: .contactName).version
        let second = try await store.replace(["a"], for: alice, type: .contactName).version
        #expect(second > first)
        #expect(try await store.changeStamp(for: alice, type: .contactName) == second)
        try await store.removeAll(for: alice)
        #expect(try await store.changeStamp(for: alice, type: .contactName) == nil)
        let third = try await store.replace(["a"], for: alice, type: .contactName).version
        #expect(third > second)
    }

    @Test("The Siri language setting is stored per user", arguments: Backend.available)
    func language(backend: Backend) async throws {
        let store = try await backend.make()
        #expect(try await store.language(for: alice) == nil)
        try await store.setLanguage(SiriLanguageCode(canonical: "fr-FR"), for: alice)
        #expect(try await store.language(for: alice) == "fr-FR")
        #expect(try await store.language(for: "bob") == nil)
        try await store.setLanguage(nil, for: alice)
        #expect(try await store.language(for: alice) == nil)
    }
}
