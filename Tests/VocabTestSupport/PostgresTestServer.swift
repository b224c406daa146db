import Foundation

/// A PostgreSQL server for tests: the one `VOCAB_TEST_DATABASE_URL` names (`.ci/run` starts one), else a
/// throwaway cluster this process starts with `scripts/postgres-cluster.sh` (Debian's `postgresql` package)
/// and stops when it exits.
///
/// Outside CI, tests over PostgreSQL skip with a printed reason when no server can be had; under `CI=true`
/// they never skip (a missing server fails them).
public enum PostgresTestServer {
    /// The shared server's URL, or why there is none.
    public static let shared: Result<String, Unavailable> = {
        if let url = ProcessInfo.processInfo.environment["VOCAB_TEST_DATABASE_URL"], !url.isEmpty {
            return .success(url)
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vocab-test-postgres-\(getuid())-\(getpid())").path
        do throws(Unavailable) {
            let url = try Cluster.start(in: folder, port: freePort())
            atexit { PostgresTestServer.stopAtExit() }
            startedFolder = folder
            return .success(url)
        } catch {
            return .failure(error)
        }
    }()

    /// Why no server could be had.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Whether tests over PostgreSQL run; prints the reason once when they skip.
    public static var isAvailable: Bool {
        switch shared {
        case .success: return true
        case .failure(let reason):
            if ProcessInfo.processInfo.environment["CI"] == "true" { return true }  // fail loudly instead
            reportSkip(reason)
            return false
        }
    }

    /// Whether this is the second pass of `scripts/test.sh`, which runs the fault and multi-process tests
    /// alone (`VOCAB_TEST_FAULTS=1`).
    public static var runsFaultTests: Bool {
        ProcessInfo.processInfo.environment["VOCAB_TEST_FAULTS"] == "1" && isAvailable
    }

    /// The shared server's URL; throws the reason in CI when there is none.
    public static func url() throws -> String { try shared.get() }

    nonisolated(unsafe) private static var startedFolder: String?
    nonisolated(unsafe) private static var skipReported = false

    private static func reportSkip(_ reason: Unavailable) {
        guard !skipReported else { return }
        skipReported = true
        print("◇ SKIPPING the PostgreSQL store tests: \(reason) (set VOCAB_TEST_DATABASE_URL or install postgresql)")
    }

    private static func stopAtExit() {
        if let folder = startedFolder { try? Cluster.stop(in: folder, removing: true) }
    }

    /// A cluster of its own (for tests that stop and start the server).
    public struct Cluster: Sendable {
        public let folder: String
        public let url: String

        /// Creates and starts a cluster in a new temporary folder on a free port.
        public static func make() async throws -> Cluster {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("vocab-test-postgres-\(UUID().uuidString.prefix(8))").path
            return try await Subprocess.offThread {
                Cluster(folder: folder, url: try start(in: folder, port: freePort()))
            }
        }

        /// Stops the server (fast shutdown: open connections are cut).
        public func stop() async throws { try await Subprocess.offThread { try Self.stop(in: folder, removing: false) } }
        /// Starts it again on the same port.
        public func start() async throws { _ = try await Subprocess.offThread { try Self.start(in: folder, port: 0) } }
        /// Stops it and removes its files.
        public func destroy() { try? Self.stop(in: folder, removing: true) }

        static func start(in folder: String, port: Int) throws(Unavailable) -> String {
            let (status, output) = run(["start", folder, String(port)])
            guard status == 0, let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgres")
            else {
                throw Unavailable(description: "scripts/postgres-cluster.sh start failed (exit \(status)): "
                    + output.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return url
        }

        static func stop(in folder: String, removing: Bool) throws(Unavailable) {
            let (status, output) = run(["stop", folder])
            if removing { try? FileManager.default.removeItem(atPath: folder) }
            guard status == 0 else { throw Unavailable(description: "stop failed: \(output)") }
        }

        private static func run(_ arguments: [String]) -> (Int32, String) {
            let script = RepositoryPaths.root().appendingPathComponent("scripts/postgres-cluster.sh").path
            return Subprocess.run([script] + arguments)
        }
    }

    /// A loopback port nothing listens on now (the kernel's choice for a socket bound to port 0).
    static func freePort() -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : 54_339
    }
}

extension PostgresTestServer {
    /// The shared server's URL with a new, empty schema as the search path, so that tests running at once
    /// never see each other's users (`psql` creates the schema).
    public static func urlInFreshSchema() async throws -> String {
        let base = try url()
        let schema = "test_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
        let (status, output) = await Subprocess.runOffThread(["/usr/bin/env", "psql", base, "-qc", "CREATE SCHEMA \(schema)"])
        guard status == 0 else {
            throw Unavailable(description: "psql could not create schema \(schema) on \(base): \(output)")
        }
        let separator = base.contains("?") ? "&" : "?"
        return "\(base)\(separator)options=-c%20search_path%3D\(schema)"
    }
}

extension PostgresTestServer {
    /// Kills one server process (a client connection) of the shared server, as an operator or a crash would.
    public static func terminateBackend(_ pid: Int32) async throws {
        _ = await Subprocess.runOffThread(["/usr/bin/env", "psql", try url(), "-qtAc", "SELECT pg_terminate_backend(\(pid))"])
    }
}

/// Runs a program to its end with `posix_spawn` and `waitpid`, its output (both streams) gathered in a file.
///
/// Not Foundation's `Process`: on Linux its `waitUntilExit()` did not return here when called while a
/// `static let` was being initialized (the child stayed a zombie), and a pipe would be held open by the
/// server the cluster script leaves running. File descriptors other than the three standard ones are
/// closed in the child, and only there: marking this process's descriptors close-on-exec instead (as this
/// helper once did) reached the socket Foundation's `Process` hands a child it is starting on another
/// thread to learn of its end; that child started without it, Foundation took the server for ended and
/// blocked its one watcher thread in `waitpid` on it, and every other test's `waitUntilExit()` hung (CI,
/// 2026-11-27).
public enum Subprocess {
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does
    /// not import: the child closes every descriptor from the one given up, after the other actions.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Has the child close every descriptor above the standard three: with closefrom when glibc has it, else
    /// each descriptor open now, one close action each (a descriptor closed meanwhile by another thread is no
    /// error: glibc ignores a failed close of one in range).
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let fd = Int32(name), fd > 2 else { continue }
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }

    /// Runs on a thread of its own, never blocking Swift's cooperative threads (two on a two-core machine:
    /// tests that wait on programs there can starve each other).
    public static func runOffThread(_ arguments: [String]) async -> (status: Int32, output: String) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: run(arguments)) }
        }
    }

    /// Runs blocking work on a thread of its own.
    static func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    public static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-subprocess-\(UUID()).out").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process reaches the child, nor the server it may leave running: an inherited
        // socket or pipe would stay open in that server and keep another test waiting for its end.
        closeInheritedDescriptors(&actions)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { return (127, "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), text)
    }
}

/// Blocking work (starting or stopping a process and waiting for it) run on a thread of its own, so that
/// tests never hold Swift's cooperative threads while they wait: with two cores there are two, and a test
/// blocked on a server that itself waits for another test's transaction would stall the whole run.
public enum OffThread {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await Subprocess.offThread(work)
    }
}
