import Foundation
import HTTPTypes
import Hummingbird
public import Prometheus
import Synchronization

/// The service's Prometheus metrics, in a registry of its own (no process-wide metrics bootstrap, so that
/// several applications — tests — each count their own).
///
/// - `vocab_http_requests_total{route,method,status}`
/// - `vocab_http_connections_refused_total{reason}`: connections the server answered and closed itself
/// - `vocab_resolve_duration_seconds` (histogram): resolving a query, index look-up included
/// - `vocab_index_build_duration_seconds` (histogram): building (or loading) an index on a cache miss
/// - `vocab_index_cache_hits_total`, `vocab_index_cache_misses_total`, `vocab_index_cache_evictions_total`
/// - `vocab_index_cache_bytes`, `vocab_index_cache_entries`, `vocab_index_cache_capacity_bytes` (gauges)
public final class ServiceMetrics: Sendable {
    /// The registry rendered at `/metrics`.
    public let registry = PrometheusCollectorRegistry()
    let resolveDuration: DurationHistogram
    let buildDuration: DurationHistogram
    let cacheHits: Counter
    let cacheMisses: Counter
    private let cacheEvictions: Counter
    private let cacheBytes: Gauge
    private let cacheEntries: Gauge
    private let cacheCapacity: Gauge
    private let reportedEvictions = Mutex(0)

    /// Creates the metrics.
    public init() {
        let latencyBuckets: [Duration] = [.microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
                                          .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
                                          .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                                          .seconds(1), .seconds(2.5)]
        resolveDuration = registry.makeDurationHistogram(
            descriptor: Self.metric("vocab_resolve_duration_seconds",
                                    help: "Time to resolve a query against a user's set, index look-up included"),
            buckets: latencyBuckets)
        buildDuration = registry.makeDurationHistogram(
            descriptor: Self.metric("vocab_index_build_duration_seconds",
                                    help: "Time to build or load an index on a cache miss"),
            buckets: latencyBuckets)
        cacheHits = registry.makeCounter(
            descriptor: Self.metric("vocab_index_cache_hits_total", help: "Index cache hits"))
        cacheMisses = registry.makeCounter(
            descriptor: Self.metric("vocab_index_cache_misses_total", help: "Index cache misses"))
        cacheEvictions = registry.makeCounter(
            descriptor: Self.metric("vocab_index_cache_evictions_total",
                                    help: "Indexes evicted to stay within the bound"))
        cacheBytes = registry.makeGauge(
            descriptor: Self.metric("vocab_index_cache_bytes", help: "Bytes of index held"))
        cacheEntries = registry.makeGauge(
            descriptor: Self.metric("vocab_index_cache_entries", help: "Indexes held"))
        cacheCapacity = registry.makeGauge(
            descriptor: Self.metric("vocab_index_cache_capacity_bytes", help: "The cache bound"))
    }

    /// The descriptor of a metric named in full (`vocab_<name>_<unit>`): the namespace, the name and the
    /// unit that Prometheus's descriptor joins back into the same name.
    static func metric(_ fullName: String, help: String) -> MetricNameDescriptor {
        let parts = fullName.split(separator: "_")
        return MetricNameDescriptor(namespace: String(parts[0]),
                                    metricName: parts.dropFirst().dropLast().joined(separator: "_"),
                                    unitName: String(parts[parts.count - 1]), helpText: help)
    }

    /// Counts one answered request.
    func countRequest(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status) {
        registry.makeCounter(
            descriptor: Self.metric("vocab_http_requests_total",
                                    help: "HTTP requests answered, by route, method and status"),
            labels: [("route", route), ("method", method.rawValue), ("status", String(status.code))]).increment()
    }

    /// Counts one connection the server answered below the router (`connection_limit`, `read_timeout`,
    /// `malformed_request`).
    func countRefusal(_ reason: String) {
        registry.makeCounter(
            descriptor: Self.metric("vocab_http_connections_refused_total",
                                    help: "Connections answered and closed by the server itself, by reason"),
            labels: [("reason", reason)]).increment()
    }

    /// The exposition text, with the cache's gauges brought up to date first.
    func render(cache: IndexCache) -> [UInt8] {
        let statistics = cache.statistics
        cacheBytes.set(Double(statistics.bytes))
        cacheEntries.set(Double(statistics.entries))
        cacheCapacity.set(Double(cache.capacityBytes))
        let newEvictions = reportedEvictions.withLock { reported in
            defer { reported = statistics.evictions }
            return statistics.evictions - reported
        }
        if newEvictions > 0 { cacheEvictions.increment(by: Int64(newEvictions)) }
        return registry.emitToBuffer()
    }
}

/// Counts every answer by route (the matched route pattern, `unmatched` for none), method and status,
/// errors included.
struct RequestCountingMiddleware: RouterMiddleware {
    typealias Context = VocabRequestContext
    let metrics: ServiceMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        do {
            let response = try await next(request, context)
            metrics.countRequest(route: context.endpointPath ?? "unmatched", method: request.method,
                                 status: response.status)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            metrics.countRequest(route: context.endpointPath ?? "unmatched", method: request.method, status: status)
            throw error
        }
    }
}
