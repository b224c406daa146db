import Foundation
import HTTPTypes
import Synchronization
import VocabCore
import VocabLocales
import VocabReports
import VocabSpeech

// What the console (`/console`) asks of the service beside resolving: one phrase through several languages,
// each locale's voice saying a text, and the locales' lint findings.

extension VocabularyService {
    /// The most languages one comparison may span.
    static let maximumComparedLanguages = 10

    /// One phrase through several languages against a user's stored set, pasted terms, or each locale's app
    /// vocabulary for a parameter.
    ///
    /// - Throws: ``Problem`` 422 naming the field at fault (an empty phrase, a language that is not a code,
    ///   not exactly one vocabulary, a bad term); 404 for a language with no locale of its own, a set the user
    ///   does not have, or a parameter a locale lacks.
    func compare(_ body: CompareBody, for user: UserID) async throws -> ComparisonReport {
        try Self.checkQuery(body.query)
        guard body.query.contains(where: { !$0.isWhitespace }) else {
            throw Problem.invalid("query", "is empty; type the phrase to compare")
        }
        guard (1...Self.maximumComparedLanguages).contains(body.languages.count) else {
            throw Problem.invalid("languages", "has \(body.languages.count) codes; give 1 to "
                + "\(Self.maximumComparedLanguages) Siri language codes, e.g. [\"en-US\", \"fr-FR\"]")
        }
        let sources = [body.type != nil, body.terms != nil, body.parameter != nil].filter { $0 }.count
        guard sources == 1 else {
            throw Problem.invalid("type", "give exactly one of type (a stored set), terms (a list) or parameter "
                + "(each locale's app vocabulary); found \(sources)")
        }
        if let terms = body.terms {
            guard !terms.isEmpty, terms.count <= configuration.maximumTermsPerRequest else {
                throw Problem.invalid("terms", "has \(terms.count) terms; give 1 to \(configuration.maximumTermsPerRequest)")
            }
            for (index, term) in terms.enumerated() {
                if let (field, problem) = term.problem { throw Problem.invalid("terms[\(index)].\(field)", problem) }
            }
        }
        var contexts: [(code: String, selection: LocaleSelection, context: LanguageContext)] = []
        for (position, given) in body.languages.enumerated() {
            let field = "languages[\(position)]"
            let code = try locales.canonical(given, field: field)
            let (selection, context) = try locales.context(for: LanguageRequest(code: code, source: .argument("the request's \(field)")))
            guard selection.used.language == code.language else {
                throw Problem(.notFound, "vocab has no locale for the language of '\(given)'; it has "
                    + locales.available.map(\.identifier).joined(separator: ", "), field: field)
            }
            contexts.append((code.identifier, selection, context))
        }
        // Pasted terms are cached under the user with a stamp made from them, worked out once for every language.
        let pastedStamp = body.terms.map(Self.stamp(ofPasted:))
        var cells: [ComparisonReport.Cell] = []
        for (code, selection, context) in contexts {
            let preparer = context.preparer
            let planner = try? locales.directory.recognizerHints(for: preparer)
            let view: ComparisonReport.Cell.QueryView
            do { view = .init(try preparer.normalizer.normalize(body.query, in: preparer.profile), preparer: preparer) } catch {
                throw Problem.invalid("query", "\(error)")
            }
            do {
                if let parameter = body.parameter {
                    let resolver = try locales.appResolver(parameter: parameter, locale: selection.used, preparer: preparer)
                    cells.append(.init(language: code, locale: LocaleSelectionReport(selection), query: view,
                                       result: try resolver.resolve(body.query), resolver: resolver, preparer: preparer,
                                       hinted: planner?.prompted(resolver.hintTerms)))
                } else {
                    let index = try await comparedIndex(body, pastedStamp: pastedStamp, user: user, context: context)
                    let resolver = Resolver(index: index)
                    cells.append(.init(language: code, locale: LocaleSelectionReport(selection), query: view,
                                       result: try resolver.resolve(body.query), resolver: resolver, preparer: preparer,
                                       hinted: planner?.prompted(index.hintTerms)))
                }
            } catch let error as VocabularyError {
                throw Problem.invalid("query", error.problem)
            }
        }
        return ComparisonReport(query: body.query, cells: cells)
    }

    /// The index a comparison resolves against in one language: the user's stored set (cached as resolving
    /// caches it), or pasted terms (cached under the user with `pastedStamp`, so pasting the same list again, or
    /// comparing another phrase, does not rebuild).
    private func comparedIndex(_ body: CompareBody, pastedStamp: Int64?, user: UserID,
                               context: LanguageContext) async throws -> VocabularyIndex {
        if let terms = body.terms, let pastedStamp {
            let key = IndexCache.Key(user: user, type: .contactName, changeStamp: pastedStamp,
                                     language: context.preparer.profile.language.identifier,
                                     dataFingerprint: context.dataFingerprint)
            let (index, _) = try await cache.index(for: key) {
                try await Self.build(StoredVocabulary(user: user, type: .contactName, entries: terms, version: 0,
                                                      updatedAt: Date()), preparer: context.preparer)
            }
            return index
        }
        let type = try Self.type(body.type ?? VocabularyStringType.contactName.rawValue, field: "type")
        let (stamp, _) = try await storedState(of: user, type: type)
        return try await index(of: user, type: type, stamp: stamp, context: context)
    }

    /// A stamp for pasted terms, made from their phrases, identifiers and hints: negative, since a stored set's
    /// stamps are positive, so the two never share a cache key.
    static func stamp(ofPasted terms: [VocabularyTerm]) -> Int64 {
        var hash = FNV1a()
        for term in terms {
            hash.combine(Array(term.phrase.utf8))
            hash.combine(0)
            hash.combine(Array((term.identifier ?? "").utf8))
            hash.combine(1)
            hash.combine(Array((term.pronunciationHint ?? "").utf8))
            hash.combine(2)
        }
        return -Int64(bitPattern: hash.value & (UInt64(Int64.max) >> 1)) - 1
    }

    // MARK: Speech

    /// The longest text the speech endpoint says, in characters.
    static let maximumSpokenCharacters = 100

    /// A locale's voice saying a text, as WAV, for a caller within its rate.
    ///
    /// - Throws: ``Problem`` 422 naming `language` or `text`; 404 for a language espeak-ng has no voice for; 429
    ///   over the caller's rate; 503 without
    ///   espeak-ng (with how to install it) or when it fails.
    func speech(_ text: String?, language: String?, caller: String) async throws -> [UInt8] {
        guard let language, !language.isEmpty else { throw Problem.invalid("language", "is missing; e.g. ?language=fr-FR") }
        guard let text, text.contains(where: { !$0.isWhitespace }) else {
            throw Problem.invalid("text", "is missing or empty; give the text to say")
        }
        guard text.count <= Self.maximumSpokenCharacters else {
            throw Problem.invalid("text", "has \(text.count) characters; the limit is \(Self.maximumSpokenCharacters)")
        }
        if let control = TextLimits.firstControlCharacter(in: text) {
            throw Problem.invalid("text", "has the control character U+\(String(control.value, radix: 16, uppercase: true))")
        }
        let code = try locales.canonical(language, field: "language")
        guard let synthesizer = speechSynthesizer else {
            throw Problem(.serviceUnavailable, "speech is not available on this server: \(ESpeakSynthesizer.installAdvice)")
        }
        guard let voice = synthesizer.voice(for: code) else {
            throw Problem(.notFound, "espeak-ng has no voice for \(code.identifier)", field: "language")
        }
        if let wait = speechRate.take(caller) {
            throw Problem(.tooManyRequests, "more than \(SpeechRate.perMinute) speech requests a minute; "
                + "try again in \(wait) s", headers: [(.retryAfter, "\(wait)")])
        }
        return try await withCheckedThrowingContinuation { continuation in
            Self.speechQueue.async {
                continuation.resume(with: Result {
                    do { return try synthesizer.wav(text, voice: voice, timeout: .seconds(5)) } catch {
                        throw Problem(.serviceUnavailable, "speech failed: \(error)")
                    }
                })
            }
        }
    }

    /// Speech runs here, off Swift's cooperative threads (it waits on a process).
    private static let speechQueue = DispatchQueue(label: "vocab.speech", attributes: .concurrent)

    // MARK: Lint

    /// The locales folder's lint findings (read once: locale data changes take effect at the next start).
    func lintAnswer() -> LintAnswer {
        lintFindings.withLock { cached in
            if let cached { return cached }
            var lint = LocaleLint()
            do { try lint.lintFolder(locales.directory) } catch {
                return LintAnswer(files: 0, errors: 1, warnings: 0, findings: [
                    .init(path: ".", line: nil, keyPath: "", severity: "error", message: "\(error)"),
                ])
            }
            let findings = lint.sorted(relativeTo: locales.directory.url.standardizedFileURL.path)
            let answer = LintAnswer(files: lint.filesRead, errors: findings.count { $0.severity == .error },
                                    warnings: findings.count { $0.severity != .error },
                                    findings: findings.map(LintAnswer.Finding.init))
            cached = answer
            return answer
        }
    }
}

/// Speech requests a minute per caller (a token's digest), counted over a sliding minute; the table of
/// callers is bounded (emptied when full, which only forgives).
final class SpeechRate: Sendable {
    static let perMinute = 30
    static let maximumCallers = 10_000
    private let recent = Mutex<[String: [ContinuousClock.Instant]]>([:])

    /// Counts a request; `nil` when within the rate, else the seconds to wait.
    func take(_ caller: String, now: ContinuousClock.Instant = .now) -> Int? {
        recent.withLock { table in
            if table.count >= Self.maximumCallers && table[caller] == nil { table.removeAll(keepingCapacity: true) }
            var times = (table[caller] ?? []).filter { now - $0 < .seconds(60) }
            if times.count >= Self.perMinute {
                table[caller] = times
                let wait = .seconds(60) - (now - times[0])
                return max(1, Int(wait.components.seconds) + 1)
            }
            times.append(now)
            table[caller] = times
            return nil
        }
    }
}
