import Foundation
import Testing
import VocabCore
import VocabStore

private struct InjectedFailure: Error {}

@Suite struct SQLiteStoreTests {
    let alice: UserID = "alice"

    @Test("A failure midway through a replace leaves the previous set exactly as it was")
    func failureMidway() async throws {
        let path = TemporaryStore.path()
        let store = try SQLiteVocabularyStore(path: path)
        try await store.replace(["old 1", "old 2", "old 3"], for: alice, type: .contactName)
        let stamp = try await store.changeStamp(for: alice, type: .contactName)

        let failing = try SQLiteVocabularyStore(path: path) { rank in
            if rank == 500 { throw InjectedFailure() }
        }
        await #expect(throws: InjectedFailure.self) {
            try await failing.replace((0..<1_000).map { "new \($0)" }, for: alice, type: .contactName)
        }
        let after = try #require(try await store.vocabulary(for: alice, type: .contactName))
        #expect(after.terms == ["old 1", "old 2", "old 3"])
        #expect(after.version == stamp)
    }

    @Test("Sets and settings persist across reopening")
    func persistence() async throws {
        let path = TemporaryStore.path()
        do {
            let store = try SQLiteVocabularyStore(path: path)
            try await store.replace(["Bobo", "Zoé"], for: alice, type: .contactName)
            try await store.setLanguage(SiriLanguageCode(canonical: "it-IT"), for: alice)
        }
        let reopened = try SQLiteVocabularyStore(path: path)
        #expect(try await reopened.vocabulary(for: alice, type: .contactName)?.terms == ["Bobo", "Zoé"])
        #expect(try await reopened.language(for: alice) == "it-IT")
    }

    @Test("A reader concurrent with a replacing writer sees the old set or the new one, never a mix")
    func readersNeverSeeAMix() async throws {
        let store = try SQLiteVocabularyStore(path: TemporaryStore.path())
        let setA = (0..<2_000).map { "a\($0)" }
        let setB = (0..<1_500).map { "b\($0)" }
        try await store.replace(setA, for: alice, type: .contactName)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                for round in 0..<12 {
                    try await store.replace(round.isMultiple(of: 2) ? setB : setA, for: self.alice, type: .contactName)
                }
                return 0
            }
            group.addTask {
                var reads = 0
                for _ in 0..<60 {
                    let seen = try #require(try await store.vocabulary(for: self.alice, type: .contactName))
                    #expect(seen.terms == setA || seen.terms == setB, "a read mixed two sets: \(seen.terms.count) terms")
                    reads += 1
                }
                return reads
            }
            for try await _ in group {}
        }
    }

    @Test("Opening for reading never creates a database")
    func openIfExists() throws {
        let path = TemporaryStore.path()
        #expect(try SQLiteVocabularyStore.openIfExists(path: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("A database that cannot be created is refused with its path")
    func unopenable() {
        #expect(throws: VocabularyStoreError.self) { try SQLiteVocabularyStore(path: "/proc/vocab/vocabulary.sqlite") }
        do {
            _ = try SQLiteVocabularyStore(path: "/proc/vocab/vocabulary.sqlite")
        } catch {
            #expect("\(error)".hasPrefix("store '/proc/vocab/vocabulary.sqlite': "))
        }
    }

    @Test("The default location follows VOCAB_STORE, then XDG_DATA_HOME, then HOME")
    func location() {
        #expect(StoreLocation.path(explicit: "/x.sqlite", environment: ["VOCAB_STORE": "/y"]) == "/x.sqlite")
        #expect(StoreLocation.path(explicit: nil, environment: ["VOCAB_STORE": "/y"]) == "/y")
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
            == "/data/vocab/vocabulary.sqlite")
        #expect(StoreLocation.path(explicit: nil, environment: ["HOME": "/home/u"])
            == "/home/u/.local/share/vocab/vocabulary.sqlite")
        // A relative XDG_DATA_HOME is invalid per the XDG spec and ignored.
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"])
            == "/home/u/.local/share/vocab/vocabulary.sqlite")
    }
}
