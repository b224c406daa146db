import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import VocabTestSupport

/// Text appended by one thread and read by others.
final class LogBuffer: Sendable {
    private let text = Mutex("")
    func append(_ data: Data) -> String { text.withLock { $0 += String(decoding: data, as: UTF8.self); return $0 } }
    var current: String { text.withLock { $0 } }
}

/// `vocab serve` as a process: start-up, configuration errors, and graceful shutdown on SIGTERM.
final class RunningServer: Sendable {
    let process: Process
    let port: Int
    private let log: LogBuffer

    /// Starts the server on a free port and waits until it listens.
    init(arguments: [String], environment: [String: String]) throws {
        let process = VocabBinary.makeServeProcess(["serve", "--port", "0", "--log-format", "text"] + arguments,
                                                   environment: environment)
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let log = LogBuffer()
        var port: Int?
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            let text = log.append(chunk)
            if let range = text.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(text[range].split(separator: ":").last!)
            }
        }
        guard let port else {
            process.terminate()
            throw ServerError("the server did not start: \(log.current)")
        }
        self.process = process
        self.port = port
        self.log = log
        Thread.detachNewThread { [log] in
            while true {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                _ = log.append(chunk)
            }
        }
    }

    var logText: String { log.current }

    /// Sends a request; returns the status and body.
    /// Sends a request (one connection, `Connection: close`, off the cooperative threads); returns the status
    /// and body, or fails saying what it waited for when no answer comes within 60 s. Not URLSession: on Linux
    /// a request of its could outlive both its timeout and its task's cancellation, hanging a test.
    func send(_ method: String, _ path: String, token: String? = nil, body: Data? = nil) async throws -> (Int, Data) {
        let port = port
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let fields = headers
        let answer = try await OffThread.run {
            try RawConnection.exchange(port: port, method: method, path: path, headers: fields, body: body)
        }
        return (answer.status, answer.body)
    }

    /// Sends a signal and waits for the process to end; returns its exit status. A process still running
    /// 40 s later is killed (and the status says so), so that a shutdown that hangs fails a test instead of
    /// hanging the suite.
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(40)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension VocabBinary {
    static func makeServeProcess(_ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["VOCAB_LANGUAGE", "VOCAB_LOCALES", "VOCAB_STORE", "VOCAB_ADMIN_TOKEN", "VOCAB_PORT", "VOCAB_HOST"] {
            env.removeValue(forKey: key)
        }
        env.merge(environment) { $1 }
        process.environment = env
        return process
    }
}

@Suite(.serialized) struct ServeCommandTests {
    static let admin = "serve-test-admin-token-0123456789"

    @Test("SIGTERM lets an in-flight replace finish, then closes the store with its log checkpointed")
    func gracefulShutdown() async throws {
        let work = Workspace()
        let server = try await OffThread.run { try RunningServer(arguments: ["--store", work.store], environment: ["VOCAB_ADMIN_TOKEN": Self.admin]) }
        let (mintStatus, minted) = try await server.send("POST", "/v1/admin/users/alice/tokens", token: Self.admin)
        #expect(mintStatus == 201)
        let token = try #require((try JSONSerialization.jsonObject(with: minted) as? [String: Any])?["token"] as? String)
        let terms = (0..<60_000).map { "Given\($0) Family\($0 % 977)" }
        let body = try JSONSerialization.data(withJSONObject: ["terms": terms])
        let replace = Task {
            let answer = try await server.send("PUT", "/v1/users/alice/vocabulary/contactName", token: token, body: body)
            return (answer.0, Date())
        }
        // Wait until the replace is being handled (its body arrived), then ask the server to stop.
        try await Task.sleep(for: .milliseconds(300))
        let signalled = Date()
        let status = server.stop(SIGTERM)
        let (replaceStatus, answeredAt) = try await replace.value
        #expect(replaceStatus == 200, "\(server.logText)")
        #expect(status == 0, "\(server.logText)")
        let log = server.logText
        #expect(log.contains("store closed"))
        // The replace answered after the signal was sent: it was in flight, and was allowed to finish.
        #expect(answeredAt > signalled)
        let replacedAt = log.range(of: "replaced a set")?.lowerBound
        let closedAt = log.range(of: "store closed")?.lowerBound
        #expect(replacedAt != nil && closedAt != nil && replacedAt! < closedAt!)
        // Closed cleanly: the write-ahead log was folded into the database.
        let wal = (try? FileManager.default.attributesOfItem(atPath: work.store + "-wal"))?[.size] as? Int ?? 0
        #expect(wal == 0)
        #expect(try work.listedTerms()?.count == 60_000)
    }

    @Test("Bad settings are refused before the server starts", arguments: [
        (["--port", "70000"], [:], 64, "port 70000 is out of range"),
        (["--cache-size", "lots"], [:], 64, "--cache-size 'lots' is not a size"),
        (["--log-level", "loud"], [:], 64, "--log-level 'loud' is not a level"),
        ([], ["VOCAB_ADMIN_TOKEN": "short"], 1, "VOCAB_ADMIN_TOKEN: the admin token must be at least 16 characters"),
        (["--admin-token-file", "/nonexistent/admin"], [:], 1, "/nonexistent/admin: no such file"),
        (["--admin-token-file", "/tmp"], [:], 1, "/tmp: is a folder, not an admin token file"),
    ] as [([String], [String: String], Int32, String)])
    func badSettings(arguments: [String], environment: [String: String], status: Int32, message: String) throws {
        let work = Workspace()
        var env = environment
        env["VOCAB_STORE"] = work.store
        let process = VocabBinary.makeServeProcess(["serve", "--port", "0"] + arguments, environment: env)
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == status, "\(text)")
        #expect(text.contains(message), "\(text)")
    }

    @Test("A second vocab serve on the same SQLite store is refused, naming the store and the first process")
    func secondInstanceRefused() async throws {
        let work = Workspace()
        let environment = ["VOCAB_ADMIN_TOKEN": Self.admin]
        let first = try await OffThread.run { try RunningServer(arguments: ["--store", work.store], environment: environment) }
        let second = try await OffThread.run {
            try VocabBinary.run(["serve", "--port", "0", "--store", work.store], environment: environment)
        }
        let text = second.stderr
        #expect(second.status != 0, "\(text)")
        #expect(text.contains("another vocab serve (process \(first.process.processIdentifier)) is serving this store"), "\(text)")
        #expect(text.contains(work.store))
        #expect(try await first.send("GET", "/healthz").0 == 200)
        #expect(first.stop() == 0)
        // Once the first has stopped, the store can be served again.
        let again = try await OffThread.run { try RunningServer(arguments: ["--store", work.store], environment: environment) }
        #expect(again.stop() == 0)
    }

    @Test("A full disk answers 507 naming the cause, /readyz reports it, and the stored set is kept",
          .enabled(if: getuid() == 0, "mounts a 3 MB tmpfs, which needs root (CI runs as root)"))
    func fullDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mount = Subprocess.run(["/usr/bin/env", "mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", folder])
        try #require(mount.status == 0, "mount failed: \(mount.output)")
        defer {
            _ = Subprocess.run(["/usr/bin/env", "umount", folder])
            try? FileManager.default.removeItem(atPath: folder)
        }
        let store = folder + "/vocabulary.sqlite"
        let server = try await OffThread.run {
            try RunningServer(arguments: ["--store", store, "--no-index-files"], environment: ["VOCAB_ADMIN_TOKEN": Self.admin])
        }
        let (_, minted) = try await server.send("POST", "/v1/admin/users/alice/tokens", token: Self.admin)
        let token = try #require((try JSONSerialization.jsonObject(with: minted) as? [String: Any])?["token"] as? String)
        #expect(try await server.send("PUT", "/v1/users/alice/vocabulary/contactName", token: token,
                                      body: Data(#"{"terms": ["Bobo"]}"#.utf8)).0 == 200)
        #expect(try await server.send("GET", "/readyz").0 == 200)

        let terms = (0..<60_000).map { "Given\($0) Family\($0 % 977) Longer Name To Fill" }
        let (status, body) = try await server.send("PUT", "/v1/users/alice/vocabulary/contactName", token: token,
                                                   body: try JSONSerialization.data(withJSONObject: ["terms": terms]))
        let text = String(decoding: body, as: UTF8.self)
        #expect(status == 507, "\(text)")
        #expect(text.contains("disk is full"), "\(text)")
        let (ready, readyBody) = try await server.send("GET", "/readyz")
        #expect(ready == 503)
        #expect(String(decoding: readyBody, as: UTF8.self).contains("disk is full"))
        let (_, kept) = try await server.send("GET", "/v1/users/alice/vocabulary/contactName", token: token)
        #expect((try JSONSerialization.jsonObject(with: kept) as? [String: Any])?["terms"] as? [String] == ["Bobo"])
        // A write that fits clears the report.
        #expect(try await server.send("PUT", "/v1/users/alice/vocabulary/contactName", token: token,
                                      body: Data(#"{"terms": ["Zoé"]}"#.utf8)).0 == 200)
        #expect(try await server.send("GET", "/readyz").0 == 200)
        #expect(server.stop() == 0)
    }

    @Test("Without an admin token one is generated beside the store (mode 0600) and reused")
    func generatedAdminToken() async throws {
        let work = Workspace()
        let server = try await OffThread.run { try RunningServer(arguments: ["--store", work.store], environment: [:]) }
        let file = work.folder.appendingPathComponent("admin-token").path
        let secret = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let mode = (try FileManager.default.attributesOfItem(atPath: file))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await server.send("POST", "/v1/admin/users/alice/tokens", token: secret).0 == 201)
        #expect(!server.logText.contains(secret))
        #expect(server.stop() == 0)
    }
}
