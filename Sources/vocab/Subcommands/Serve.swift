import ArgumentParser
import Foundation
import Hummingbird
import Logging
import VocabCore
import VocabLocales
import VocabPostgres
import VocabService
import VocabStore

/// `vocab serve`: the HTTP service over the embedded SQLite store, or over PostgreSQL shared by several
/// instances.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the vocabulary API over HTTP (JSON under /v1, OpenAPI at /v1/openapi.json).",
        discussion: """
            Listens on 127.0.0.1:8080 by default, over the SQLite store of --store. The admin token (which \\
            mints per-user tokens) comes from $VOCAB_ADMIN_TOKEN or --admin-token-file; without either, one \\
            is generated into admin-token beside the store (mode 0600) and its path is logged. SIGTERM or \\
            SIGINT stops accepting, lets in-flight requests finish, and closes the store.
            With --database-url (or $VOCAB_DATABASE_URL), users live in PostgreSQL instead, and any number \
            of instances may serve them: each follows the others' writes (LISTEN/NOTIFY) and reads a set's \
            change stamp on every resolve. The admin token must then be given (every instance needs the same).
            Examples:
              VOCAB_ADMIN_TOKEN=change-me-to-a-long-secret vocab serve --port 8080
              VOCAB_ADMIN_TOKEN=... vocab serve --database-url postgres://vocab@db.internal/vocab --host 0.0.0.0
            """
    )

    @Option(name: .long, help: ArgumentHelp("The address to bind (default: $VOCAB_HOST, else 127.0.0.1).",
                                            valueName: "host"))
    var host: String?

    @Option(name: .long, help: ArgumentHelp("The port (default: $VOCAB_PORT, else 8080; 0 picks a free one).",
                                            valueName: "port"))
    var port: Int?

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .customLong("database-url"), help: ArgumentHelp(
        "A PostgreSQL database shared by several instances, instead of the SQLite store "
            + "(default: $VOCAB_DATABASE_URL), e.g. postgres://vocab:secret@db.internal:5432/vocab.",
        valueName: "url"))
    var databaseURL: String?

    @Option(name: .customLong("database-connections"), help: ArgumentHelp(
        "The most connections this instance opens to the PostgreSQL database (default 20).", valueName: "count"))
    var databaseConnections: Int = 20

    @Option(name: .customLong("database-timeout"), help: ArgumentHelp(
        "How long a request waits for a database connection before it is answered 503 (default 2 seconds).",
        valueName: "seconds"))
    var databaseTimeout: Double = 2

    @Option(name: .customLong("request-timeout"), help: ArgumentHelp(
        "How long a request's database work may take in all, connection wait included, before it is answered "
            + "503: its statements are stopped and its transaction rolled back (default 10 seconds, or "
            + "--database-timeout if longer).",
        valueName: "seconds"))
    var requestTimeout: Double?

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "How long a connection may stay open with no request under way, or with a request head that has not "
            + "fully arrived, before the server closes it (default 30 seconds).", valueName: "seconds"))
    var idleTimeout: Double = 30

    @Option(name: .customLong("read-timeout"), help: ArgumentHelp(
        "How long a request body may take to arrive after its head before it is answered 408 and its "
            + "connection closed; shorter than --idle-timeout (default 20 seconds).", valueName: "seconds"))
    var readTimeout: Double = 20

    @Option(name: .customLong("max-connections"), help: ArgumentHelp(
        "The most client connections open at once; one more is answered 503 and closed (default 1000).",
        valueName: "count"))
    var maxConnections: Int = 1_000

    @Option(name: .customLong("shutdown-timeout"), help: ArgumentHelp(
        "On SIGTERM or SIGINT, how long requests under way may take to finish before they are cancelled "
            + "(default 15 seconds); the process exits 0 at most 5 seconds after that.", valueName: "seconds"))
    var shutdownTimeout: Double = 15
    @OptionGroup var localesOptions: LocalesOptions

    @Option(name: .customLong("cache-size"), help: ArgumentHelp(
        "The most index memory kept over all users, e.g. 256MB, 1GB (default: $VOCAB_CACHE_SIZE, else 256MB).",
        valueName: "size"))
    var cacheSize: String?

    @Option(name: .customLong("max-body-size"), help: ArgumentHelp(
        "The largest request body accepted, e.g. 16MB (default).", valueName: "size"))
    var maxBodySize: String?

    @Option(name: .customLong("hints-tokenizer"), help: ArgumentHelp(
        "A recognizer's tokenizer.json, for exact token counts in hint prompts (default: estimated).", valueName: "file"))
    var hintsTokenizer: String?

    @Option(name: .customLong("admin-token-file"), help: ArgumentHelp(
        "A file holding the admin token (default: $VOCAB_ADMIN_TOKEN_FILE).", valueName: "path"))
    var adminTokenFile: String?

    @Option(name: .customLong("log-level"), help: ArgumentHelp(
        "trace, debug, info, notice, warning, error or critical (default: $VOCAB_LOG_LEVEL, else info); "
            + "debug logs every request.", valueName: "level"))
    var logLevel: String?

    @Option(name: .customLong("log-format"), help: ArgumentHelp("json (default) or text.", valueName: "format"))
    var logFormat: String = "json"

    @Flag(name: .customLong("no-index-files"), help: "Do not keep built indexes on disk beside the store.")
    var noIndexFiles = false

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    func validate() throws {
        _ = try serviceConfiguration()
        _ = try database()
        if databaseURL != nil, storeOptions.store != nil {
            throw ValidationError("--store and --database-url both name a store; give one")
        }
        guard databaseTimeout > 0, databaseTimeout <= 600 else {
            throw ValidationError("--database-timeout \(databaseTimeout) is out of range; expected more than 0 and at most 600 seconds")
        }
        for (name, value) in [("--request-timeout", requestTimeout ?? 10), ("--idle-timeout", idleTimeout),
                              ("--read-timeout", readTimeout), ("--shutdown-timeout", shutdownTimeout)] {
            guard value > 0, value <= 3_600 else {
                throw ValidationError("\(name) \(value) is out of range; expected more than 0 and at most 3600 seconds")
            }
        }
        guard readTimeout < idleTimeout else {
            throw ValidationError("--read-timeout \(readTimeout) is not shorter than --idle-timeout \(idleTimeout); "
                + "a stalled body would then be cut by the idle close, without its 408")
        }
        if let requestTimeout, requestTimeout < databaseTimeout {
            throw ValidationError("--request-timeout \(requestTimeout) is shorter than --database-timeout "
                + "\(databaseTimeout); the request bound includes the wait for a connection")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections \(maxConnections) is out of range; expected 1 to 100000")
        }
        // Every connection holds a descriptor, and refusing one takes a descriptor too: keep room for the
        // store, the database pool and the refusals, raising the soft limit toward the hard one if needed.
        var limit = rlimit()
        let needed = rlim_t(maxConnections + databaseConnections + 256)
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = min(needed, limit.rlim_max)
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) != 0 || raised.rlim_cur < needed {
                throw ValidationError("--max-connections \(maxConnections) needs about \(needed) file descriptors, "
                    + "but the process may open \(raised.rlim_cur) (ulimit -n); lower --max-connections or raise the limit")
            }
        }
        guard (1...1_000).contains(databaseConnections) else {
            throw ValidationError("--database-connections \(databaseConnections) is out of range; expected 1 to 1000")
        }
        _ = try level()
        guard ["json", "text"].contains(logFormat) else {
            throw ValidationError("--log-format '\(logFormat)' is not a format; expected json or text")
        }
    }

    private func level() throws -> Logger.Level {
        let given = logLevel ?? environment["VOCAB_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: given) else {
            throw ValidationError("\(logLevel != nil ? "--log-level" : "VOCAB_LOG_LEVEL") '\(given)' is not a level; "
                + "expected trace, debug, info, notice, warning, error or critical")
        }
        return level
    }

    /// The PostgreSQL database of `--database-url` or `$VOCAB_DATABASE_URL`, or `nil` for the SQLite store.
    private func database() throws -> DatabaseURL? {
        guard let given = databaseURL ?? environment["VOCAB_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        do { return try DatabaseURL(given) } catch {
            throw ValidationError("\(databaseURL != nil ? "--database-url" : "VOCAB_DATABASE_URL"): \(error)")
        }
    }

    private func serviceConfiguration() throws -> ServiceConfiguration {
        var configuration = try database() == nil ? ServiceConfiguration() : .sharedDatabase
        configuration.host = host ?? environment["VOCAB_HOST"] ?? configuration.host
        if configuration.host.isEmpty { throw ValidationError("--host is empty; expected an address such as 127.0.0.1") }
        if let port {
            configuration.port = port
        } else if let given = environment["VOCAB_PORT"] {
            guard let parsed = Int(given) else { throw ValidationError("VOCAB_PORT '\(given)' is not a port number") }
            configuration.port = parsed
        }
        guard (0...65_535).contains(configuration.port) else {
            throw ValidationError("port \(configuration.port) is out of range; expected 0 to 65535")
        }
        if let size = cacheSize ?? environment["VOCAB_CACHE_SIZE"] {
            configuration.cacheBytes = try ByteSize.parse(size, option: cacheSize != nil ? "--cache-size" : "VOCAB_CACHE_SIZE")
        }
        if let maxBodySize {
            configuration.maximumBodyBytes = try ByteSize.parse(maxBodySize, option: "--max-body-size")
        }
        configuration.keepsIndexesOnDisk = configuration.keepsIndexesOnDisk && !noIndexFiles
        configuration.requestTimeout = .seconds(requestTimeout ?? max(10, databaseTimeout))
        configuration.idleTimeout = .seconds(idleTimeout)
        configuration.readTimeout = .seconds(readTimeout)
        configuration.maximumConnections = maxConnections
        if let hintsTokenizer {
            do { configuration.hintsTokenizer = try BPETokenCounter(contentsOf: hintsTokenizer) } catch {
                throw ValidationError("--hints-tokenizer \(error)")
            }
        }
        return configuration
    }

    func run() async throws {
        let level = try level()
        let format = logFormat
        LoggingSystem.bootstrap { label in
            if format == "json" { return JSONLogHandler(label: label, level: level) }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "vocab.serve")
        let configuration = try serviceConfiguration()
        let directory = try localesOptions.directory()
        LocaleDirectory.reportWarnings { logger.warning("\($0)") }
        do { _ = try directory.phoneData() } catch { throw CommandFailure(description: "\(error)") }
        let locales: LanguageContexts
        do { locales = try LanguageContexts(directory: directory) } catch {
            throw CommandFailure(description: "\(error)")
        }
        if let database = try database() {
            try await runShared(on: database, configuration: configuration, locales: locales, logger: logger)
            return
        }
        let adminToken = try loadAdminToken(logger: logger)
        let store = try storeOptions.open()
        let claim: ServeLock
        do { claim = try ServeLock(storePath: store.path) } catch { throw CommandFailure(description: "\(error)") }
        let service = VocabularyService(store: store, storePath: store.path, locales: locales, adminToken: adminToken,
                                        configuration: configuration, logger: logger)
        logger.info("starting", metadata: [
            "store": "\(store.path)", "locales": "\(directory.url.path)",
            "cache_bytes": "\(configuration.cacheBytes)", "address": "\(configuration.host):\(configuration.port)",
        ])
        let application = ServiceApplication.application(for: service, logger: logger) {
            do {
                try store.close()
                logger.info("store closed", metadata: ["store": "\(store.path)"])
            } catch {
                logger.error("closing the store failed", metadata: ["error": "\(error)"])
            }
        }
        try await application.runUntilSignalled(gracePeriod: .seconds(shutdownTimeout))
        withExtendedLifetime(claim) {}
    }

    /// Serves over PostgreSQL: the pool and the change follower run beside the server; the schema is
    /// migrated before the first request, waiting up to 30 s for the database to answer.
    private func runShared(on database: DatabaseURL, configuration: ServiceConfiguration, locales: LanguageContexts,
                           logger: Logger) async throws {
        guard environment["VOCAB_ADMIN_TOKEN"] != nil || adminTokenFile != nil
            || environment["VOCAB_ADMIN_TOKEN_FILE"] != nil else {
            throw CommandFailure(description: "--database-url needs the admin token from $VOCAB_ADMIN_TOKEN, "
                + "--admin-token-file or $VOCAB_ADMIN_TOKEN_FILE (every instance must share it)")
        }
        let adminToken = try loadAdminToken(logger: logger)
        let store = PostgresVocabularyStore(url: database, maximumConnections: databaseConnections,
                                            connectTimeout: .milliseconds(Int(databaseTimeout * 1_000)),
                                            requestTimeout: configuration.requestTimeout, logger: Logger(label: "vocab.postgres"))
        let pool = Task { try await store.run() }
        defer { pool.cancel() }
        try await migrate(store, logger: logger)
        let service = VocabularyService(store: store, storePath: nil, locales: locales, adminToken: adminToken,
                                        configuration: configuration, logger: logger)
        logger.info("starting", metadata: [
            "database": "\(database)", "locales": "\(locales.directory.url.path)",
            "cache_bytes": "\(configuration.cacheBytes)", "address": "\(configuration.host):\(configuration.port)",
        ])
        let application = ServiceApplication.application(
            for: service, logger: logger, services: [ChangeFollower(feed: store, service: service)]) {
            logger.info("store closed", metadata: ["database": "\(database)"])
        }
        try await application.runUntilSignalled(gracePeriod: .seconds(shutdownTimeout))
    }

    private func migrate(_ store: PostgresVocabularyStore, logger: Logger) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            do {
                let applied = try await store.migrate()
                if !applied.isEmpty { logger.notice("migrated the database", metadata: ["applied": "\(applied)"]) }
                return
            } catch let error as VocabularyStoreError where ContinuousClock.now < deadline {
                logger.warning("the database does not answer yet; retrying", metadata: ["error": "\(error)"])
                try await Task.sleep(for: .seconds(1))
            } catch {
                throw CommandFailure(description: "\(error)")
            }
        }
    }

    /// The admin token: `$VOCAB_ADMIN_TOKEN`, else the file of `--admin-token-file` or
    /// `$VOCAB_ADMIN_TOKEN_FILE`, else `admin-token` beside the store (generated on first start).
    private func loadAdminToken(logger: Logger) throws -> AdminToken {
        if let secret = environment["VOCAB_ADMIN_TOKEN"] {
            return try wrap(secret, source: "VOCAB_ADMIN_TOKEN")
        }
        let explicit = adminTokenFile ?? environment["VOCAB_ADMIN_TOKEN_FILE"]
        let path = explicit ?? URL(fileURLWithPath: storeOptions.path).deletingLastPathComponent()
            .appendingPathComponent("admin-token").path
        if explicit == nil, !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: Data((AccessTokens.mint() + "\n").utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw CommandFailure(description: "\(path): cannot write the generated admin token")
            }
            logger.notice("generated an admin token", metadata: ["file": "\(path)"])
        }
        guard let text = String(data: try InputFile.read(path, what: "an admin token file"), encoding: .utf8) else {
            throw CommandFailure(description: "\(path): the admin token file is not UTF-8 text")
        }
        logger.info("admin token from a file", metadata: ["file": "\(path)"])
        return try wrap(text, source: path)
    }

    private func wrap(_ secret: String, source: String) throws -> AdminToken {
        do { return try AdminToken(secret, source: source) } catch {
            throw CommandFailure(description: "\(error)")
        }
    }
}

/// Sizes such as `256MB`, `1GB`, `64KiB` or a plain number of bytes.
enum ByteSize {
    static func parse(_ text: String, option: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int)] = [("GIB", 1 << 30), ("MIB", 1 << 20), ("KIB", 1 << 10), ("GB", 1 << 30),
                                      ("MB", 1 << 20), ("KB", 1 << 10), ("G", 1 << 30), ("M", 1 << 20),
                                      ("K", 1 << 10), ("B", 1)]
        var number = trimmed
        var scale = 1
        if let (suffix, factor) = units.first(where: { trimmed.hasSuffix($0.0) }) {
            number = String(trimmed.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            scale = factor
        }
        guard let value = Int(number), value > 0, value <= Int.max / scale else {
            throw ValidationError("\(option) '\(text)' is not a size; expected a positive size such as 256MB")
        }
        return value * scale
    }
}
