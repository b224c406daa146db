import Dispatch
import HTTPTypes
import Prometheus
import Foundation
import Synchronization
public import Logging
public import VocabCore
import VocabICU
import VocabLocales
import VocabReports
import VocabSpeech
import VocabStore

/// What the HTTP routes do, without HTTP: replace, read and remove users' sets, keep their language,
/// resolve queries through the shared index cache, and mint tokens. Every failure is a ``Problem``.
public final class VocabularyService: Sendable {
    /// The store every instance shares.
    public let store: any VocabularyStore & AccessTokenStore
    /// The locales folder.
    public let locales: LanguageContexts
    /// The bounds.
    public let configuration: ServiceConfiguration
    /// Built indexes.
    public let cache: IndexCache
    /// Counters and histograms.
    public let metrics: ServiceMetrics
    let adminToken: AdminToken
    private let persisted: PersistedIndexes?
    private let hotState: HotStateCache
    private let logger: Logger
    /// The voices of the speech endpoint (`nil` without espeak-ng: the endpoint answers 503).
    let speechSynthesizer: ESpeakSynthesizer?
    let speechRate = SpeechRate()
    /// The locales folder's lint answer, made on first request.
    let lintFindings = Mutex<LintAnswer?>(nil)
    /// The last write the store refused for want of disk space, until a write succeeds.
    private let storageFull = Mutex<(at: Date, error: String)?>(nil)
    /// Index builds run here, off Swift's cooperative threads (a 100,000-term build takes most of a second).
    private static let buildQueue = DispatchQueue(label: "vocab.index-build", attributes: .concurrent)

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - storePath: The SQLite file the store lives in, for keeping indexes beside it; `nil` for none.
    public init(store: any VocabularyStore & AccessTokenStore, storePath: String?, locales: LanguageContexts,
                adminToken: AdminToken, configuration: ServiceConfiguration, logger: Logger) {
        self.store = store
        self.locales = locales
        self.adminToken = adminToken
        self.configuration = configuration
        self.logger = logger
        cache = IndexCache(capacityBytes: configuration.cacheBytes)
        metrics = ServiceMetrics()
        persisted = configuration.keepsIndexesOnDisk ? storePath.map(PersistedIndexes.init(storePath:)) : nil
        hotState = HotStateCache(tokenLifetime: configuration.tokenLifetime,
                                 stampLifetime: configuration.stampLifetime)
        speechSynthesizer = ESpeakSynthesizer.find()
    }

    // MARK: Other instances' changes

    /// Applies what a shared store's change feed reports: a change drops what this instance remembers of
    /// the user (token owners, stamps) and the indexes the change made stale; an interruption stops trusting
    /// memory until the feed listens again (changes in between were missed).
    public func apply(_ event: VocabularyChangeEvent) {
        switch event {
        case .listening:
            hotState.isTrusted = true
            logger.info("following the store's changes")
        case .interrupted(let reason):
            hotState.isTrusted = false
            logger.warning("store change feed interrupted", metadata: ["reason": "\(reason)"])
        case .changed(let change):
            hotState.forget(change.user)
            if let type = change.type {
                cache.removeAll(for: change.user, type: type, olderThan: change.changeStamp)
            }
        }
    }

    // MARK: Sets

    /// Replaces a set after checking every term, naming the first bad one by its JSON path.
    func replace(_ terms: [VocabularyTerm], for user: UserID, type: VocabularyStringType) async throws -> ReplaceAnswer {
        guard terms.count <= configuration.maximumTermsPerRequest else {
            throw Problem(.contentTooLarge, "\(terms.count) terms is more than the limit of "
                + "\(configuration.maximumTermsPerRequest) a replace may carry", field: "terms")
        }
        for (index, term) in terms.enumerated() {
            if let (field, problem) = term.problem { throw Problem.invalid("terms[\(index)].\(field)", problem) }
        }
        let result = try await store.replace(terms, for: user, type: type, limits: configuration.limits, progress: nil)
        storageFull.withLock { $0 = nil }
        hotState.forget(user)
        cache.removeAll(for: user, type: type)
        logger.info("replaced a set", metadata: ["user": "\(user)", "type": "\(type)", "stored": "\(result.stored)",
                                                 "version": "\(result.version)"])
        return ReplaceAnswer(user: user, type: type, result: result)
    }

    func vocabulary(for user: UserID, type: VocabularyStringType) async throws -> SetAnswer {
        guard let set = try await store.vocabulary(for: user, type: type) else {
            throw Problem(.notFound, "the user has no \(type) vocabulary", field: "type")
        }
        return SetAnswer(set)
    }

    func vocabularies(for user: UserID) async throws -> SetsAnswer {
        SetsAnswer(user: user.rawValue, sets: try await store.vocabularies(for: user).map(SetAnswer.init))
    }

    func remove(_ type: VocabularyStringType, for user: UserID) async throws -> RemovalAnswer {
        let result = try await store.remove(type, for: user)
        hotState.forget(user)
        cache.removeAll(for: user, type: type)
        persisted?.remove(type, for: user)
        return RemovalAnswer(user: user, result: result)
    }

    /// Sign-out: every set and the language of the user (the user's tokens stay; revoke them apart).
    func removeAll(for user: UserID) async throws -> RemovalAnswer {
        let result = try await store.removeAll(for: user)
        hotState.forget(user)
        cache.removeAll(for: user)
        persisted?.removeAll(for: user)
        return RemovalAnswer(user: user, result: result)
    }

    // MARK: Language

    func language(of user: UserID) async throws -> LanguageAnswer {
        let stored = try await store.language(for: user)
        let request = try locales.request(given: nil, field: "code", stored: stored, user: user)
        let (selection, _) = try locales.context(for: request)
        return LanguageAnswer(user: user.rawValue, stored: stored, inForce: request.code.identifier,
                              locale: LocaleSelectionReport(selection))
    }

    func setLanguage(_ code: String?, of user: UserID) async throws -> LanguageAnswer {
        let canonical = try code.map { try locales.canonical($0, field: "code") }
        try await store.setLanguage(canonical, for: user)
        hotState.forget(user)
        cache.removeAll(for: user)
        return try await language(of: user)
    }

    // MARK: Resolving

    /// Resolves a query against a user's set, in the body's language, else the user's, else the default.
    func resolve(_ body: ResolveBody, for user: UserID) async throws -> ResolveReport {
        let type = try Self.type(body.type ?? VocabularyStringType.contactName.rawValue, field: "type")
        try Self.checkQuery(body.query)
        let alternatives = (body.alternatives ?? []).map(\.hypothesis)
        do {
            _ = try Hypothesis.checked(query: body.query, alternatives: alternatives, noun: { "alternatives[\($0)]" })
        } catch {
            throw Problem.invalid(error.subject == "the alternatives" ? "alternatives" : error.subject,
                                  "\(error.subject) \(error.problem)")
        }
        let started = ContinuousClock.now
        let (stamp, stored) = try await storedState(of: user, type: type)
        let request = try locales.request(given: body.language, field: "language", stored: stored, user: user)
        let (selection, context) = try locales.context(for: request)
        let index = try await index(of: user, type: type, stamp: stamp, context: context)
        var result: Resolver.Result
        let resolver: Resolver
        do { resolver = try Resolver(index: index, recognizerNamed: body.recognizer) } catch let error as VocabularyError {
            throw Problem.invalid("recognizer", "\(error.subject) \(error.problem)")
        }
        do {
            try resolver.checkPhones(of: alternatives, noun: { "alternatives[\($0)]" })
        } catch {
            throw Problem.invalid(error.subject, "\(error.subject) \(error.problem)")
        }
        do {
            result = try resolver.resolve(body.query, alternatives: alternatives, noun: { "alternatives[\($0)]" })
        } catch let error as VocabularyError {
            // The alternatives were checked above: what is left is the query's.
            throw Problem.invalid("query", error.problem)
        }
        if body.explain ?? false { result = resolver.explainingWords(result) }
        metrics.resolveDuration.record(ContinuousClock.now - started)
        return ResolveReport(locale: LocaleSelectionReport(selection), query: body.query, result: result,
                             explain: body.explain ?? false, model: resolver.decisionModel,
                             alternativesModel: resolver.alternativesModel, recognizerName: resolver.recognizer?.name) {
            resolver.phoneExplanation(of: $0, in: result)
        }
    }

    /// A set's change stamp and its user's stored language, trusted from memory for ``ServiceConfiguration/stampLifetime``.
    ///
    /// - Throws: ``Problem`` 404 naming `type` when the user has no such set.
    func storedState(of user: UserID, type: VocabularyStringType) async throws -> (stamp: Int64, language: String?) {
        let (stamp, language) = try await hotState.resolutionState(for: .init(user: user, type: type)) {
            try await store.resolutionState(for: user, type: type)
        }
        guard let stamp else { throw Problem(.notFound, "the user has no \(type) vocabulary", field: "type") }
        return (stamp, language)
    }

    /// The index of a set at a stamp: from the cache, else loaded from disk, else built (once).
    func index(of user: UserID, type: VocabularyStringType, stamp: Int64, context: LanguageContext)
        async throws -> VocabularyIndex {
        let key = IndexCache.Key(user: user, type: type, changeStamp: stamp,
                                 language: context.preparer.profile.language.identifier,
                                 dataFingerprint: context.dataFingerprint)
        let (index, outcome) = try await cache.index(for: key) { [store, persisted, metrics, logger] in
            let started = ContinuousClock.now
            let archiveKey = IndexArchive.Key(user: user.rawValue, type: type.rawValue, changeStamp: stamp,
                                              language: key.language, dataFingerprint: key.dataFingerprint)
            if case .loaded(let index)? = persisted?.load(archiveKey, preparer: context.preparer) {
                metrics.buildDuration.record(ContinuousClock.now - started)
                return index
            }
            guard let set = try await store.vocabulary(for: user, type: type) else {
                throw Problem(.notFound, "the user has no \(type) vocabulary", field: "type")
            }
            let index = try await Self.build(set, preparer: context.preparer)
            metrics.buildDuration.record(ContinuousClock.now - started)
            logger.debug("built an index", metadata: ["user": "\(user)", "type": "\(type)", "terms": "\(index.count)"])
            if let persisted, set.version == stamp {
                Self.buildQueue.async { try? persisted.save(index, for: archiveKey) }
            }
            return index
        }
        if outcome == .hit { metrics.cacheHits.increment() } else { metrics.cacheMisses.increment() }
        return index
    }

    static func build(_ set: StoredVocabulary, preparer: TermPreparer) async throws -> VocabularyIndex {
        try await withCheckedThrowingContinuation { continuation in
            buildQueue.async {
                continuation.resume(with: Result {
                    try VocabularyIndex(entries: set.entries, preparer: preparer, version: set.version)
                })
            }
        }
    }

    /// Resolves a query against a locale's app vocabulary for one intent parameter.
    func resolveAppTerm(_ query: String, parameter: String, locale given: String) throws -> AppTermReport {
        try Self.checkQuery(query)
        let code = try locales.canonical(given, field: "locale")
        let request = LanguageRequest(code: code, source: .argument("the request path"))
        let (selection, context) = try locales.context(for: request)
        let resolver = try locales.appResolver(parameter: parameter, locale: selection.used, preparer: context.preparer)
        let result: AppTermResolver.Result
        do { result = try resolver.resolve(query) } catch let error as VocabularyError {
            throw Problem.invalid("query", error.problem)
        }
        return AppTermReport(locale: LocaleSelectionReport(selection), parameter: parameter, query: query, result: result)
    }

    func localesAnswer() -> LocalesAnswer {
        LocalesAnswer(locales: locales.available.map { code in
            LocalesAnswer.Locale(locale: code.identifier, isDefault: code == .fallback,
                                 hasAppVocabulary: FileManager.default.fileExists(
                                     atPath: locales.directory.fileURL(AppVocabularyFile.fileName, in: code).path))
        })
    }

    // MARK: Tokens

    func mintToken(for user: UserID) async throws -> TokenAnswer {
        let token = AccessTokens.mint()
        let record = AccessTokenRecord(digest: AccessTokens.digest(of: token), user: user, createdAt: Date())
        try await store.saveToken(record)
        logger.info("minted a token", metadata: ["user": "\(user)", "token.id": "\(record.id)"])
        return TokenAnswer(user: user.rawValue, id: record.id, token: token, createdAt: record.createdAt)
    }

    func tokens(of user: UserID) async throws -> TokenListAnswer {
        TokenListAnswer(user: user.rawValue, tokens: try await store.tokens(of: user).map {
            TokenListAnswer.Token(id: $0.id, createdAt: $0.createdAt)
        })
    }

    func revokeTokens(of user: UserID, id: String?) async throws -> RevocationAnswer {
        let count = try await store.revokeTokens(of: user, id: id)
        hotState.forget(user)
        logger.info("revoked tokens", metadata: ["user": "\(user)", "count": "\(count)"])
        return RevocationAnswer(user: user.rawValue, revoked: count)
    }

    /// The user a bearer token reaches, or `nil` for an unknown or revoked one.
    func user(ofToken token: String) async throws -> UserID? {
        guard token.hasPrefix(AccessTokens.prefix), token.utf8.count < 256 else { return nil }
        let digest = AccessTokens.digest(of: token)
        return try await hotState.user(ofDigest: digest) { try await store.token(withDigest: digest)?.user }
    }

    /// Notes that the store refused a write for want of disk space (reported by `/readyz`).
    func noteStorageFull(_ error: VocabularyStoreError) {
        storageFull.withLock { $0 = (Date(), error.description) }
        logger.error("the store's disk is full", metadata: ["error": "\(error)"])
    }

    /// Whether the store answers and has room for writes (for `/readyz`).
    func checkStore() async -> String? {
        if let full = storageFull.withLock({ $0 }) {
            return "the store's disk is full: a write was refused at \(full.at.formatted(.iso8601)) (\(full.error)); "
                + "free space, then a successful write clears this"
        }
        do {
            _ = try await store.changeStamp(for: "readiness-probe", type: .contactName)
            return nil
        } catch {
            return "the store does not answer: \(error)"
        }
    }

    /// A query is what a recognizer wrote: printable text within ``TextLimits`` (empty is allowed: it
    /// answers needsValue).
    static func checkQuery(_ query: String) throws {
        if let problem = TextLimits.lengthProblem(with: query, noun: "query") { throw Problem.invalid("query", problem) }
        if let control = TextLimits.firstControlCharacter(in: query) {
            throw Problem.invalid("query", "has the control character U+\(String(control.value, radix: 16, uppercase: true)); "
                + "expected printable text")
        }
    }

    // MARK: Parsing path values

    static func type(_ name: String, field: String) throws -> VocabularyStringType {
        do { return try VocabularyStringType(parsing: name) } catch {
            throw Problem.invalid(field, error.description)
        }
    }
}
