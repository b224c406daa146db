import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
public import VocabCore

extension PostgresVocabularyStore {
    /// Listens on ``notificationChannel`` over a connection of its own (outside the pool, which would
    /// recycle it), reporting ``VocabularyChangeEvent/listening`` once `LISTEN` holds, every announced change,
    /// and ``VocabularyChangeEvent/interrupted(reason:)`` when the connection is lost; then reconnects, waiting
    /// 0.1 s, doubling up to 5 s, until the task is cancelled.
    public func followChanges(_ handle: @escaping @Sendable (VocabularyChangeEvent) -> Void) async {
        var pause = Duration.milliseconds(100)
        var connectionID = 0
        while !Task.isCancelled {
            connectionID += 1
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.any(),
                    configuration: try listenerConfiguration(), id: connectionID, logger: logger).get()
                do {
                    try await listen(on: connection, handle: handle, resetPause: { pause = .milliseconds(100) })
                } catch {
                    try? await connection.close().get()
                    throw error
                }
                try? await connection.close().get()
                if Task.isCancelled { return }
                handle(.interrupted(reason: "the notification stream ended"))
            } catch {
                if Task.isCancelled { return }
                let reason = (error as? PSQLError).map(Self.reason) ?? "\(error)"
                logger.warning("change notifications interrupted; reading the store on every request until they resume",
                               metadata: ["database": "\(url)", "reason": "\(reason)"])
                handle(.interrupted(reason: reason))
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }

    /// Listens until the stream ends or fails; cancellation closes the connection, which ends it.
    private func listen(on connection: PostgresConnection, handle: @Sendable (VocabularyChangeEvent) -> Void,
                        resetPause: () -> Void) async throws {
        try await withTaskCancellationHandler {
            try await connection.listen(on: Self.notificationChannel) { notifications in
                resetPause()
                handle(.listening)
                for try await notification in notifications {
                    if let change = VocabularyChange(payload: notification.payload) { handle(.changed(change)) }
                }
            }
        } onCancel: {
            let _: EventLoopFuture<Void> = connection.close()
        }
    }

    /// The pool's connection settings, for one connection of its own (TLS as the URL asks).
    private func listenerConfiguration() throws -> PostgresConnection.Configuration {
        let pool = url.configuration
        var configuration: PostgresConnection.Configuration
        if let socket = pool.unixSocketPath {
            configuration = .init(unixSocketPath: socket, username: pool.username, password: pool.password,
                                  database: pool.database)
        } else {
            let tls: PostgresConnection.Configuration.TLS = switch url.tlsMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            configuration = .init(host: pool.host ?? "localhost", port: pool.port ?? 5432, username: pool.username,
                                  password: pool.password, database: pool.database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }
}
