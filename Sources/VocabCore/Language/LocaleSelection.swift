/// Which locale folder serves a requested language, and why.
///
/// Built by ``LocaleSelection/select(_:available:tags:)``. Every tool reports it, so that a localizer always
/// sees when `fr-CA` was served by `fr-FR`, or an unknown language by the default `en-US`.
public struct LocaleSelection: Sendable, Hashable {
    /// One candidate the fallback chain tried.
    public struct Step: Sendable, Hashable {
        /// The locale tried.
        public let code: SiriLanguageCode
        /// Whether `Locales/` holds it.
        public let isAvailable: Bool
        /// Why this candidate is in the chain ("requested", "likely region for 'fr'", ...).
        public let rule: String
    }

    /// The request as chosen by precedence.
    public let request: LanguageRequest
    /// The locale whose data applies.
    public let used: SiriLanguageCode
    /// The candidates tried, in order, ending with the one used.
    public let chain: [Step]

    /// Whether the requested locale itself is used.
    public var isExact: Bool { used == request.code }

    /// One sentence saying which locale is used and why, e.g.
    /// `fr-FR (requested fr-CA from --language; fr-CA is not available, fr-FR is the likely region for 'fr')`.
    public var explanation: String {
        let requested = "requested \(request.code) \(request.source)"
        guard let last = chain.last else { return "\(used) (\(requested))" }
        if isExact { return "\(used) (\(requested))" }
        return "\(used) (\(requested); \(request.code) is not available, \(used) is the \(last.rule))"
    }

    /// Computes the fallback chain of a request against the locales a folder holds.
    ///
    /// The chain tries, in order: the code itself; its language and region without script; the bare
    /// language; the language's likely region from CLDR (`fr` → `fr-FR`, `pt` → `pt-BR`); any other
    /// available locale of the same language (sorted); and finally the default `en-US`. CLDR parent
    /// locales are not plain truncation (es-MX → es-419), so the likely-subtags step, not string
    /// truncation, picks the region.
    ///
    /// - Parameters:
    ///   - request: The language requested and its origin.
    ///   - available: The locales present (folder names, canonical).
    ///   - tags: Supplies likely subtags.
    /// - Returns: The selection; `used` is `en-US` when nothing closer exists, even if `en-US` itself is
    ///   missing (the caller reports that as a data error when it needs the data).
    public static func select(
        _ request: LanguageRequest,
        available: Set<SiriLanguageCode>,
        tags: some LanguageTagService
    ) -> LocaleSelection {
        let code = request.code
        var candidates: [(SiriLanguageCode, String)] = [(code, "requested locale")]
        if code.script != nil, code.region != nil {
            candidates.append((code.languageAndRegion, "same language and region"))
        }
        if code.identifier != code.language {
            candidates.append((SiriLanguageCode(canonical: code.language), "bare language"))
        }
        let likely = tags.likelySubtags(of: SiriLanguageCode(canonical: code.language))
        candidates.append((likely.languageAndRegion, "likely region for '\(code.language)'"))
        for other in available.sorted() where other.language == code.language {
            candidates.append((other, "available locale of '\(code.language)'"))
        }
        candidates.append((.fallback, "default language"))

        var chain: [Step] = []
        var seen: Set<SiriLanguageCode> = []
        for (candidate, rule) in candidates where seen.insert(candidate).inserted {
            let isAvailable = available.contains(candidate)
            chain.append(Step(code: candidate, isAvailable: isAvailable, rule: rule))
            if isAvailable { return LocaleSelection(request: request, used: candidate, chain: chain) }
        }
        return LocaleSelection(request: request, used: .fallback, chain: chain)
    }
}
