import Foundation
import GRDB
import Testing
import VocabCore
@testable import VocabStore

@Suite struct SpeakableStoreTests {
    let alice: UserID = "alice"
    let entries = [
        VocabularyTerm(phrase: "Siobhan Kelly", identifier: "c-17", pronunciationHint: "shuh vaughn kelly"),
        VocabularyTerm("Anna Berg"),
        VocabularyTerm(phrase: "John Smith", identifier: "c-1"),
        VocabularyTerm(phrase: "John Smith", identifier: "c-2"),
    ]

    @Test("Speakable strings keep identifier, hint and order in every store", arguments: Backend.available)
    func roundTrip(kind: Backend) async throws {
        let store = try await kind.make()
        let result = try await store.replace(entries, for: alice, type: .contactName)
        #expect(result.stored == 4)
        let stored = try #require(try await store.vocabulary(for: alice, type: .contactName))
        #expect(stored.entries == entries)
        #expect(stored.terms == ["Siobhan Kelly", "Anna Berg", "John Smith", "John Smith"])
        let holdsSpeakables = stored.entries.contains { $0.isSpeakable }
        #expect(holdsSpeakables)
    }

    @Test("A store made before speakable terms reads read-only as plain strings, and migrates when written")
    func olderStoreKeepsWorking() async throws {
        let path = TemporaryStore.path()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        do {
            let pool = try DatabasePool(path: path)
            try StoreSchema.migrator.migrate(pool, upTo: "v2 application id")
            try await pool.write { db in
                try db.execute(sql: """
                    INSERT INTO vocabulary_set (user, type, version, term_count, updated_at)
                    VALUES ('alice', 'contactName', 1, 2, '2026-11-01 10:00:00.000');
                    INSERT INTO vocabulary_term (user, type, rank, term) VALUES ('alice', 'contactName', 0, 'Bobo');
                    INSERT INTO vocabulary_term (user, type, rank, term) VALUES ('alice', 'contactName', 1, 'Zoé');
                    UPDATE change_counter SET last_version = 1;
                    """)
            }
        }
        let reading = try #require(try SQLiteVocabularyStore.openIfExists(path: path))
        #expect(try await reading.vocabulary(for: alice, type: .contactName)?.entries
            == [VocabularyTerm("Bobo"), VocabularyTerm("Zoé")])
        let writing = try SQLiteVocabularyStore(path: path)
        #expect(try await writing.vocabulary(for: alice, type: .contactName)?.terms == ["Bobo", "Zoé"])
        try await writing.replace(entries, for: alice, type: .contactName)
        #expect(try await writing.vocabulary(for: alice, type: .contactName)?.entries == entries)
    }
}

@Suite struct AccessTokenStoreTests {
    static func record(_ digest: Character, user: UserID) -> AccessTokenRecord {
        AccessTokenRecord(digest: String(repeating: digest, count: 64), user: user, createdAt: Date())
    }

    @Test("Tokens are found by digest, listed per user, revoked by id or all at once", arguments: Backend.available)
    func tokens(kind: Backend) async throws {
        let store = try await kind.make()
        try await store.saveToken(Self.record("a", user: "alice"))
        try await store.saveToken(Self.record("b", user: "alice"))
        try await store.saveToken(Self.record("c", user: "bob"))
        #expect(try await store.token(withDigest: String(repeating: "a", count: 64))?.user == "alice")
        #expect(try await store.token(withDigest: String(repeating: "d", count: 64)) == nil)
        #expect(try await store.tokens(of: "alice").map(\.id).sorted() == ["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
        #expect(try await store.revokeTokens(of: "alice", id: "cccccccccccc") == 0)  // bob's id: not alice's
        #expect(try await store.revokeTokens(of: "alice", id: "aaaaaaaaaaaa") == 1)
        #expect(try await store.revokeTokens(of: "alice", id: nil) == 1)
        #expect(try await store.tokens(of: "alice").isEmpty)
        #expect(try await store.tokens(of: "bob").count == 1)
    }
}
