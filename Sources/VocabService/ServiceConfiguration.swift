public import VocabCore

/// How one `vocab serve` instance runs: where it listens, what it serves, and its bounds.
public struct ServiceConfiguration: Sendable {
    /// The address to bind (default loopback: exposing the service is a deliberate choice).
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port: Int = 8080
    /// The most bytes of index the cache holds over all users (least recently used indexes go first).
    public var cacheBytes: Int = 256 << 20
    /// The largest request body accepted; larger ones are answered 413.
    public var maximumBodyBytes: Int = 16 << 20
    /// The most terms one replace may carry; more are answered 413 (the per-type capacity then still
    /// applies to what is accepted).
    public var maximumTermsPerRequest: Int = VocabularyLimits.standard.perType
    /// The capacity (priority bound) of stored sets.
    public var limits: VocabularyLimits = .standard
    /// Whether built indexes are also kept on disk beside the store (``VocabStore/PersistedIndexes``), so
    /// that a restarted instance loads instead of rebuilding.
    public var keepsIndexesOnDisk: Bool = true
    /// How long a token's owner is trusted from memory. Revocations through this instance, and those a
    /// change feed announces, are seen at once regardless; others within this time.
    public var tokenLifetime: Duration = .seconds(1)
    /// How long a set's change stamp and the user's language are trusted from memory; zero reads them on
    /// every resolve. Writes through this instance are seen at once regardless; writes by another process
    /// within this time (or when a change feed announces them, if sooner). ``sharedDatabase`` sets zero, so
    /// that a write through one instance is seen by every instance's next resolve.
    public var stampLifetime: Duration = .seconds(1)

    /// How long a connection may stay open without a request under way: idle between requests, or a
    /// request whose head has not fully arrived. Then the server closes it.
    public var idleTimeout: Duration = .seconds(30)
    /// How long a request's body may take to arrive after its head; then it is answered `408` and its
    /// connection closed. Shorter than ``idleTimeout``, which would otherwise close a stalled body first.
    public var readTimeout: Duration = .seconds(20)
    /// The most connections open at once; a connection beyond is answered `503` and closed.
    public var maximumConnections: Int = 1_000
    /// How long a request's database work may take in all (PostgreSQL); then it is answered `503`.
    public var requestTimeout: Duration = .seconds(10)

    /// The settings for several instances over one database: stamps read on every resolve.
    public static var sharedDatabase: ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.stampLifetime = .zero
        configuration.keepsIndexesOnDisk = false
        return configuration
    }

    /// Counts a hint prompt's tokens (`vocab serve --hints-tokenizer`); `nil` estimates them
    /// (``EstimatedTokenCounter``).
    public var hintsTokenizer: (any PromptTokenCounter)?

    /// The defaults.
    public init() {}
}
