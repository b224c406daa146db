import Foundation
import GRDB
import Testing
import VocabCore
import VocabStore
import VocabTestSupport

/// What the store does with paths that hold something else, and with two creators at once.
@Suite struct StoreFileTests {
    let alice: UserID = "alice"

    /// A fresh folder with one file in it.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let folder = TemporaryPaths.url("vocab-file")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Every file in the file's folder with its bytes, to show nothing was changed or added.
    func snapshot(_ path: String) throws -> [String: Data] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }

    @Test("Another application's SQLite database is refused, named by its tables, and left untouched")
    func foreignDatabase() async throws {
        let path = try file("other.sqlite", [])
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE people (name TEXT); CREATE TABLE pets (name TEXT)") }
        try queue.close()
        let before = try snapshot(path)
        for open in [{ _ = try SQLiteVocabularyStore(path: path) }, { _ = try SQLiteVocabularyStore.openIfExists(path: path) }] {
            #expect {
                try open()
            } throws: { error in
                "\(error)" == "store '\(path)': is an SQLite database that is not a vocab store (its tables: 'people', "
                    + "'pets'); expected a vocab store, or a new path"
            }
        }
        #expect(try snapshot(path) == before)
    }

    @Test("A database marked by another application's id is refused")
    func foreignApplicationID() async throws {
        let path = try file("app.sqlite", [])
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "PRAGMA application_id = 42; CREATE TABLE vocabulary_set (x)") }
        try queue.close()
        #expect { try SQLiteVocabularyStore(path: path) } throws: { error in
            "\(error)".hasSuffix("is the SQLite database of another application (application_id 0x2a); expected a vocab store")
        }
    }

    @Test("A file that is no database is refused, quoting how it starts, and left untouched")
    func notADatabase() throws {
        let path = try file("notes.txt", Array("Dear diary, today\n".utf8))
        let before = try snapshot(path)
        #expect { try SQLiteVocabularyStore(path: path) } throws: { error in
            "\(error)" == "store '\(path)': is not an SQLite database (it starts with 'Dear diary, toda'); expected a "
                + "vocab store, or a new path"
        }
        #expect(try snapshot(path) == before)
    }

    @Test("An empty path and a folder are refused; an empty file becomes a store")
    func emptyPathFolderAndEmptyFile() async throws {
        #expect(throws: VocabularyStoreError.self) { try SQLiteVocabularyStore(path: "") }
        let empty = try file("empty.sqlite", [])
        #expect(try SQLiteVocabularyStore.openIfExists(path: empty) == nil)
        let folder = URL(fileURLWithPath: empty).deletingLastPathComponent().path
        #expect(throws: VocabularyStoreError.self) { try SQLiteVocabularyStore(path: folder) }
        let store = try SQLiteVocabularyStore(path: empty)
        _ = try await store.replace(["Bobo"], for: alice, type: .contactName)
        #expect(try await SQLiteVocabularyStore.openIfExists(path: empty)?.vocabulary(for: alice, type: .contactName)?.terms
            == ["Bobo"])
    }

    @Test("A store opened for reading cannot write, and reads what the writer committed")
    func readOnlyOpen() async throws {
        let path = TemporaryStore.path()
        _ = try await SQLiteVocabularyStore(path: path).replace(["Bobo", "Zoé"], for: alice, type: .contactName)
        let reader = try #require(try SQLiteVocabularyStore.openIfExists(path: path))
        #expect(try await reader.vocabulary(for: alice, type: .contactName)?.terms == ["Bobo", "Zoé"])
        await #expect(throws: VocabularyStoreError.self) { try await reader.replace(["x"], for: alice, type: .contactName) }
    }

    @Test("Two stores created at the same path at once both open, 100 rounds; the last replace wins whole")
    func concurrentCreation() async throws {
        for round in 0..<100 {
            let path = TemporaryStore.path()
            let sets = [["Alpha \(round)", "Beta"], ["Gamma \(round)", "Delta", "Epsilon"]]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for terms in sets {
                    group.addTask {
                        let store = try SQLiteVocabularyStore(path: path)
                        _ = try await store.replace(terms, for: "alice", type: .contactName)
                    }
                }
                try await group.waitForAll()
            }
            let stored = try await SQLiteVocabularyStore(path: path).vocabulary(for: alice, type: .contactName)?.terms
            #expect(stored == sets[0] || stored == sets[1], "round \(round): \(stored ?? [])")
        }
    }

    @Test("User ids are one user whatever their Unicode normalization")
    func userIDsAreNFC() async throws {
        let store = try SQLiteVocabularyStore(path: TemporaryStore.path())
        let decomposed = try UserID(validating: "jose\u{301}")
        let precomposed = try UserID(validating: "jos\u{E9}")
        #expect(decomposed == precomposed)
        _ = try await store.replace(["Bobo"], for: decomposed, type: .contactName)
        #expect(try await store.vocabulary(for: precomposed, type: .contactName)?.terms == ["Bobo"])
    }
}
