import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import VocabTestSupport

/// Several `vocab serve` processes over one PostgreSQL database (`--database-url`): coherence across
/// instances, and what clients see while the database restarts.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: PostgresTestServer.runsFaultTests,
                              "runs alone in the second pass of scripts/test.sh (VOCAB_TEST_FAULTS=1), with a PostgreSQL server"))
struct SharedDatabaseServeTests {
    static let admin = "shared-serve-admin-token-0123456789"

    @Test("A write through one instance is seen by the other's very next request: sets, removals, revocations")
    func twoInstancesStayCoherent() async throws {
        let url = try await PostgresTestServer.urlInFreshSchema()
        let environment = ["VOCAB_ADMIN_TOKEN": Self.admin]
        // Generous connection waits: the whole test suite shares two cores with the database.
        let arguments = ["--database-url", url, "--database-timeout", "20"]
        let first = try await OffThread.run { try RunningServer(arguments: arguments, environment: environment) }
        let second = try await OffThread.run { try RunningServer(arguments: arguments, environment: environment) }
        defer { _ = first.stop(); _ = second.stop() }

        let (minted, body) = try await first.send("POST", "/v1/admin/users/alice/tokens", token: Self.admin)
        #expect(minted == 201)
        let token = try #require(try Self.object(body)["token"] as? String)

        // Each round replaces the set through one instance and resolves its new name through the other at once.
        for round in 0..<15 {
            let (writer, reader) = round.isMultiple(of: 2) ? (first, second) : (second, first)
            let name = "Round\(Self.spelled(round)) Person"
            let (status, _) = try await writer.send("PUT", "/v1/users/alice/vocabulary/contactName", token: token,
                                                    body: try JSONSerialization.data(withJSONObject: ["terms": [name, "Bobo"]]))
            #expect(status == 200)
            let (resolved, answer) = try await reader.send("POST", "/v1/users/alice/resolve", token: token,
                                                           body: try JSONSerialization.data(withJSONObject: ["query": name]))
            #expect(resolved == 200)
            let outcome = try Self.object(answer)
            #expect(outcome["outcome"] as? String == "success", "round \(round): \(outcome)")
            #expect((outcome["candidates"] as? [[String: Any]])?.first?["term"] as? String == name, "round \(round): \(outcome)")
        }

        // A removal through one: the other answers 404 at once.
        #expect(try await first.send("DELETE", "/v1/users/alice/vocabulary/contactName", token: token).0 == 200)
        let (afterRemoval, _) = try await second.send("POST", "/v1/users/alice/resolve", token: token,
                                                      body: Data(#"{"query": "Bobo"}"#.utf8))
        #expect(afterRemoval == 404)

        // A revocation through one: the other refuses the token as soon as the notification arrives.
        #expect(try await second.send("GET", "/v1/users/alice/vocabulary", token: token).0 == 200)
        #expect(try await first.send("DELETE", "/v1/admin/users/alice/tokens", token: Self.admin).0 == 200)
        var refusedAfter: Duration?
        let started = ContinuousClock.now
        while refusedAfter == nil, ContinuousClock.now - started < .seconds(2) {
            if try await second.send("GET", "/v1/users/alice/vocabulary", token: token).0 == 401 {
                refusedAfter = ContinuousClock.now - started
            }
        }
        #expect(refusedAfter != nil && refusedAfter! < .milliseconds(500), "\(String(describing: refusedAfter))")
        #expect(second.logText.contains("following the store's changes"))
    }

    @Test("While the database restarts, requests get 503 problem documents; then the service recovers by itself")
    func databaseRestart() async throws {
        let cluster = try await PostgresTestServer.Cluster.make()
        defer { cluster.destroy() }
        let server = try await OffThread.run { try RunningServer(arguments: ["--database-url", cluster.url, "--database-timeout", "1"],
                                       environment: ["VOCAB_ADMIN_TOKEN": Self.admin]) }
        defer { _ = server.stop() }
        let (_, minted) = try await server.send("POST", "/v1/admin/users/alice/tokens", token: Self.admin)
        let token = try #require(try Self.object(minted)["token"] as? String)
        let put = try await server.send("PUT", "/v1/users/alice/vocabulary/contactName", token: token,
                                        body: Data(#"{"terms": ["Bobo", "Matthieu Lefèvre"]}"#.utf8))
        #expect(put.0 == 200)

        let statuses = Mutex<[Int: Int]>([:])
        let problems = Mutex<[String]>([])
        let load = Task {
            while !Task.isCancelled {
                let (status, body) = try await server.send("POST", "/v1/users/alice/resolve", token: token,
                                                           body: Data(#"{"query": "bobo"}"#.utf8))
                statuses.withLock { $0[status, default: 0] += 1 }
                if status == 503 { problems.withLock { $0.append(String(decoding: body, as: UTF8.self)) } }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        try await Task.sleep(for: .milliseconds(500))
        try await cluster.stop()
        // Longer than a request waits for a connection (1 s), so some requests must give up.
        try await Task.sleep(for: .seconds(4))
        try await cluster.start()
        // Recovered: a resolve succeeds again within a few seconds, without restarting the service.
        var recovered = false
        for _ in 0..<100 where !recovered {
            recovered = try await server.send("POST", "/v1/users/alice/resolve", token: token,
                                              body: Data(#"{"query": "bobo"}"#.utf8)).0 == 200
            if !recovered { try await Task.sleep(for: .milliseconds(100)) }
        }
        load.cancel()
        _ = await load.result
        #expect(recovered, "\(server.logText.suffix(2_000))")
        let seen = statuses.withLock { $0 }
        #expect(Set(seen.keys).isSubset(of: [200, 503]), "\(seen)")
        #expect(seen[503, default: 0] > 0, "\(seen)")
        let problem = try #require(problems.withLock { $0.first })
        #expect(problem.contains("\"status\":503") || problem.contains("\"status\": 503"))
        #expect(problem.contains("the vocabulary store is unavailable"))
        #expect(server.logText.contains("store failure"))
    }

    @Test("Large writes in flight when PostgreSQL restarts are each answered within the bound, whole or not at all")
    func restartUnderLargeWrites() async throws {
        let cluster = try await PostgresTestServer.Cluster.make()
        defer { cluster.destroy() }
        let server = try await OffThread.run {
            try RunningServer(arguments: ["--database-url", cluster.url, "--database-timeout", "1", "--request-timeout", "5"],
                              environment: ["VOCAB_ADMIN_TOKEN": Self.admin])
        }
        defer { _ = server.stop() }
        let users = ["ann", "ben", "cy"]
        var tokens: [String: String] = [:]
        for user in users {
            let (_, minted) = try await server.send("POST", "/v1/admin/users/\(user)/tokens", token: Self.admin)
            tokens[user] = try #require(try Self.object(minted)["token"] as? String)
            #expect(try await server.send("PUT", "/v1/users/\(user)/vocabulary/contactName", token: tokens[user],
                                          body: Data(#"{"terms": ["Bobo"]}"#.utf8)).0 == 200)
        }
        let terms = (0..<30_000).map { "Given\($0) Family\($0 % 977)" }
        let body = try JSONSerialization.data(withJSONObject: ["terms": terms])
        for round in 0..<3 {
            let writes = users.map { user in
                Task { [tokens] in
                    let started = ContinuousClock.now
                    let (status, _) = try await server.send("PUT", "/v1/users/\(user)/vocabulary/contactName",
                                                            token: tokens[user], body: body)
                    return (status, ContinuousClock.now - started)
                }
            }
            try await Task.sleep(for: .milliseconds(150 + 100 * round))
            try await cluster.stop()
            try await cluster.start()
            for write in writes {
                let (status, took) = try await write.value
                #expect([200, 503].contains(status), "round \(round): \(status)")
                // The bound: 5 s of database work, after the body is read and the terms are checked.
                #expect(took < .seconds(12), "round \(round): answered after \(took)")
            }
        }
        // Each set is whole: the new one or the old one, never a part.
        for user in users {
            var count: Int?
            for _ in 0..<50 where count == nil {
                let (status, listed) = try await server.send("GET", "/v1/users/\(user)/vocabulary/contactName",
                                                             token: tokens[user])
                if status == 200 { count = (try Self.object(listed)["terms"] as? [Any])?.count }
                if count == nil { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(count == 1 || count == 30_000, "\(user): \(String(describing: count))")
        }
        #expect(!server.logText.contains("Fatal error"))
    }

    @Test("A request stuck in the database is answered 503 at --request-timeout; SIGTERM with one stuck exits 0")
    func stuckRequestsBoundedAndShutdownClean() async throws {
        let url = try await PostgresTestServer.urlInFreshSchema()
        let server = try await OffThread.run {
            try RunningServer(arguments: ["--database-url", url, "--database-timeout", "1", "--request-timeout", "2",
                                          "--shutdown-timeout", "2"],
                              environment: ["VOCAB_ADMIN_TOKEN": Self.admin])
        }
        let user = "stuck-\(UUID().uuidString.prefix(8).lowercased())"
        let (_, minted) = try await server.send("POST", "/v1/admin/users/\(user)/tokens", token: Self.admin)
        let token = try #require(try Self.object(minted)["token"] as? String)
        // Another session holds the user's write lock, as a long transaction of another instance would.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["psql", url, "-qc",
                            "SELECT pg_advisory_xact_lock(hashtextextended('\(user)', 0)), pg_sleep(20)"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { holder.terminate() }
        try await Task.sleep(for: .milliseconds(500))

        let started = ContinuousClock.now
        let (status, answer) = try await server.send("PUT", "/v1/users/\(user)/vocabulary/contactName", token: token,
                                                     body: Data(#"{"terms": ["Bobo"]}"#.utf8))
        let took = ContinuousClock.now - started
        #expect(status == 503, "\(String(decoding: answer, as: UTF8.self))")
        #expect(String(decoding: answer, as: UTF8.self).contains("the vocabulary store is unavailable"))
        #expect(took >= .seconds(2) && took < .seconds(4), "answered after \(took)")

        // SIGTERM while another write waits on the lock: it is cancelled within the grace period, exit 0.
        let stuck = Task {
            try? await server.send("PUT", "/v1/users/\(user)/vocabulary/contactName", token: token,
                                   body: Data(#"{"terms": ["Zoé"]}"#.utf8))
        }
        try await Task.sleep(for: .milliseconds(500))
        let signalled = ContinuousClock.now
        let exit = server.stop(SIGTERM)
        let stopped = ContinuousClock.now - signalled
        _ = await stuck.value
        #expect(exit == 0, "\(server.logText.suffix(2_000))")
        #expect(stopped < .seconds(8), "stopped after \(stopped)")
        #expect(!server.logText.contains("Fatal error"), "\(server.logText.suffix(2_000))")
        #expect(!server.logText.contains("unexpected failure"), "\(server.logText.suffix(2_000))")
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A number as letters, so that every round's name is a different word (digits would be spelled out).
    static func spelled(_ number: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return String(letters[number % 26]) + String(letters[(number * 7 + 3) % 26]) + "ton"
    }
}
