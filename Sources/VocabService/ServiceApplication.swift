public import Hummingbird
import HummingbirdCore
public import Logging
public import ServiceLifecycle
import NIOCore
import UnixSignals
import VocabCore

/// Builds the Hummingbird application of `vocab serve`: the routes, the middleware, and the services that
/// run beside the server.
public enum ServiceApplication {
    /// The router with every route, for the application and for in-process tests.
    public static func router(for service: VocabularyService) -> Router<VocabRequestContext> {
        let router = Router(context: VocabRequestContext.self)
        // Outermost first: count what the client finally gets, after errors became problem documents.
        router.middlewares.add(RequestCountingMiddleware(metrics: service.metrics))
        router.middlewares.add(ProblemMiddleware(service: service))
        router.middlewares.add(EmptySegmentMiddleware())
        OperationsRoutes(service: service).register(on: router)
        AdminRoutes(service: service).register(on: router)
        UserRoutes(service: service).register(on: router)
        LocaleRoutes(service: service).register(on: router)
        ConsoleRoutes(service: service).register(on: router)
        return router
    }

    /// The application: the server on the configured address, and `onShutdown` run once the server has
    /// stopped and its in-flight requests have finished (SIGTERM or SIGINT under `runService()`).
    ///
    /// - Parameters:
    ///   - services: What runs beside the server, started in order before it and stopped in reverse after
    ///     it (a database's connection pool, then the change follower that uses it).
    ///   - onShutdown: Closes the store; runs after the server, since services stop in reverse order.
    public static func application(
        for service: VocabularyService, logger: Logger, services: [any Service] = [],
        onShutdown: @escaping @Sendable () async -> Void = {}
    ) -> some ApplicationProtocol {
        let settings = service.configuration
        let limits = HTTPConnectionLimits(maximumConnections: settings.maximumConnections,
                                          readTimeout: TimeAmount(settings.readTimeout))
        let metrics = service.metrics
        let refusalLogger = logger
        return Application(
            router: router(for: service),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(responder: responder, limits: limits,
                                    idleTimeout: settings.idleTimeout) { refusal in
                    metrics.countRefusal(refusal.reason)
                    refusalLogger.notice("connection answered by the server", metadata: [
                        "reason": "\(refusal.reason)", "status": "\(refusal.status)",
                        "open_connections": "\(limits.count)",
                    ])
                }
            },
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "vocab"),
            services: services + [ShutdownHook(action: onShutdown, logger: logger)],
            logger: logger)
    }
}

extension ApplicationProtocol {
    /// Runs the application until SIGTERM or SIGINT, then shuts down gracefully: in-flight requests get up to
    /// `gracePeriod` to finish, after which the remaining work is cancelled, and the process stops at most
    /// `cancellationPeriod` later even if something ignores cancellation.
    public func runUntilSignalled(gracePeriod: Duration = .seconds(30), cancellationPeriod: Duration = .seconds(5))
        async throws {
        var configuration = ServiceGroupConfiguration(services: [self], gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger)
        configuration.maximumGracefulShutdownDuration = gracePeriod
        configuration.maximumCancellationDuration = cancellationPeriod
        try await ServiceGroup(configuration: configuration).run()
    }
}

/// Waits for graceful shutdown, then runs its action (closing the store).
struct ShutdownHook: Service {
    let action: @Sendable () async -> Void
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        await action()
        logger.info("stopped")
    }
}
