import HTTPTypes
import Synchronization
public import VocabCore
import VocabICU
public import VocabLocales

/// The locales folder as the service sees it: the locales it holds (read at start), and one
/// ``LanguageContext`` per language code, built on first use and shared.
///
/// Locale data is read once: a change to `Locales/` takes effect at the next start.
public final class LanguageContexts: Sendable {
    /// The folder.
    public let directory: LocaleDirectory
    /// The locales present at start.
    public let available: [SiriLanguageCode]
    private let tags = ICULanguageTags()
    private let contexts = Mutex<[SiriLanguageCode: LanguageContext]>([:])
    private let appResolvers = Mutex<[String: AppTermResolver]>([:])
    /// Selections already made, by request (the source names a user for stored settings, so this table is
    /// bounded by emptying it when full).
    private let selections = Mutex<[LanguageRequest: LocaleSelection]>([:])
    static let maximumSelections = 10_000

    /// Distinct codes kept at most (any well-formed code is accepted, so the table is bounded).
    static let maximumContexts = 256

    /// Reads the folder's listing.
    ///
    /// - Throws: ``LocaleDataError`` when the folder cannot be read.
    public init(directory: LocaleDirectory) throws {
        self.directory = directory
        available = try directory.listing(tags: tags).locales
    }

    /// The language in force for a request: `given` (a request field), else the user's stored code, else
    /// the default.
    ///
    /// - Throws: ``Problem`` 422 naming `field` when `given` is not a language code; 500 when the stored code
    ///   is not (it was checked when stored).
    func request(given: String?, field: String, stored: String?, user: UserID?) throws -> LanguageRequest {
        if let given {
            return LanguageRequest(code: try canonical(given, field: field), source: .argument("the request's \(field)"))
        }
        do {
            return try LanguageRequest.choose(argument: nil, environment: nil,
                                              userSetting: stored.map { ($0, user?.rawValue ?? "") }, tags: tags)
        } catch {
            throw Problem(.internalServerError, "the stored language of this user is not valid: \(error)")
        }
    }

    /// Canonicalizes a code given in a request.
    ///
    /// - Throws: ``Problem`` 422 naming `field`.
    func canonical(_ code: String, field: String) throws -> SiriLanguageCode {
        guard LanguageCodeShape.matches(code) else {
            throw Problem.invalid(field, LanguageCodeError(value: code).description
                + " (expected a language of 2-3 letters, then optionally a 4-letter script, a 2-letter or "
                + "3-digit region and a variant, e.g. fr-FR, zh-Hant-TW, es-419)")
        }
        do { return try tags.canonicalize(code) } catch {
            throw Problem.invalid(field, LanguageCodeError(value: code).description)
        }
    }

    /// The context of a request: the locale selection (which names the request's source) and the shared
    /// preparer of its language.
    ///
    /// - Throws: ``Problem`` 500 when the locale's data is invalid (`vocab lint` says where).
    func context(for request: LanguageRequest) throws -> (selection: LocaleSelection, context: LanguageContext) {
        let selection: LocaleSelection
        if let known = selections.withLock({ $0[request] }) {
            selection = known
        } else {
            selection = LocaleSelection.select(request, available: Set(available), tags: tags)
            selections.withLock { table in
                if table.count >= Self.maximumSelections { table.removeAll(keepingCapacity: true) }
                table[request] = selection
            }
        }
        if let shared = contexts.withLock({ $0[request.code] }) { return (selection, shared) }
        let built: LanguageContext
        do { built = try LanguageContext(request: request, directory: directory, tags: tags) } catch {
            throw Problem(.internalServerError, "the locale data of \(selection.used) is not valid: \(error)")
        }
        contexts.withLock { table in
            if table.count < Self.maximumContexts { table[request.code] = built }
        }
        return (selection, built)
    }

    /// The resolver of a locale's app vocabulary for one parameter, built once.
    ///
    /// - Throws: ``Problem`` 404 when the locale ships no such vocabulary, 500 when its file is invalid.
    func appResolver(parameter: String, locale: SiriLanguageCode, preparer: TermPreparer) throws -> AppTermResolver {
        let key = "\(locale.identifier)\u{0}\(parameter)"
        if let shared = appResolvers.withLock({ $0[key] }) { return shared }
        let items: [AppVocabulary.Item]
        do {
            items = try directory.appVocabularyItems(for: parameter, locale: locale)
        } catch .noFile {
            throw Problem(.notFound, "\(locale) ships no app vocabulary", field: "locale")
        } catch .invalid(let finding) {
            throw Problem(.internalServerError, "the app vocabulary of \(locale) is not valid: \(finding)")
        } catch .noParameter(_, _, let known) {
            throw Problem(.notFound, "\(locale) has no app vocabulary for parameter '\(parameter)'; it covers "
                + (known.isEmpty ? "no parameter" : known.map { "'\($0)'" }.joined(separator: ", ")), field: "parameter")
        }
        let resolver: AppTermResolver
        do { resolver = try AppTermResolver(items: items, preparer: preparer) } catch {
            throw Problem(.internalServerError, "cannot index the app vocabulary of \(locale): \(error)")
        }
        appResolvers.withLock { table in
            if table.count < Self.maximumContexts { table[key] = resolver }
        }
        return resolver
    }
}
