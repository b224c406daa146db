import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import VocabCore
import VocabLocales
import VocabService
import VocabStore

/// The service on a real socket over a SQLite file: writers replacing sets while readers resolve.
@Suite struct LiveServerTests {
    @Test("Two writers and two readers at once on a real socket: no errors, readers see a whole set")
    func concurrentWritersAndReaders() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-live-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("vocabulary.sqlite").path
        let store = try SQLiteVocabularyStore(path: path)
        let harness = try ServiceHarness(store: store)
        let application = Application(router: ServiceApplication.router(for: harness.service),
                                      configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { raw in
            let client = ServiceHarness.Client(client: raw)
            let alice = try await client.mint("alice")
            let bob = try await client.mint("bob")
            // Two versions of alice's set: every name of one version shares its marker word.
            let versionA = (0..<300).map { "Alpha\($0) Marker" }
            let versionB = (0..<300).map { "Beta\($0) Other" }
            try await client.put(versionA, user: "alice", token: alice)
            try await withThrowingTaskGroup(of: [String].self) { group in
                for writer in 0..<2 {
                    group.addTask {
                        var problems: [String] = []
                        for round in 0..<10 {
                            let terms = (round + writer) % 2 == 0 ? versionB : versionA
                            let answer = try await client.put(terms, user: writer == 0 ? "alice" : "bob",
                                                              token: writer == 0 ? alice : bob)
                            if answer.status != .ok { problems.append("PUT \(answer.status) \(answer.text)") }
                        }
                        return problems
                    }
                }
                for _ in 0..<2 {
                    group.addTask {
                        var problems: [String] = []
                        for _ in 0..<25 {
                            let answer = try await client.resolve("alpha7 marker", user: "alice", token: alice)
                            guard answer.status == .ok, let outcome = answer.json?["outcome"] as? String else {
                                problems.append("resolve \(answer.status) \(answer.text)")
                                continue
                            }
                            // Version A answers Alpha7 Marker; version B holds nothing like it. Never a mix.
                            let terms = (answer.json?["candidates"] as? [[String: Any]])?.compactMap { $0["term"] as? String }
                            if outcome == "success" && terms != ["Alpha7 Marker"] { problems.append("mixed: \(terms ?? [])") }
                        }
                        return problems
                    }
                }
                var problems: [String] = []
                for try await found in group { problems += found }
                #expect(problems.isEmpty, "\(problems.prefix(5))")
            }
            let bobSet = try await client.send(.get, "/v1/users/bob/vocabulary/contactName", token: bob)
            #expect(bobSet.json?["count"] as? Int == 300)
        }
        try store.close()
        try? FileManager.default.removeItem(at: folder)
    }
}
