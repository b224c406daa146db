public import VocabCore
public import VocabICU

/// Everything needed to work in one language: which locale serves it and why, its normalization
/// profile and its phonetics, assembled from a locales folder.
public struct LanguageContext: Sendable {
    /// Which locale folder serves the request, and why.
    public let selection: LocaleSelection
    /// Normalization, matching and phonetics for the language.
    public let preparer: TermPreparer
    /// A fingerprint of everything besides the code that decides how terms are prepared: the ICU version,
    /// the requested language (ICU follows it), and the bytes of the locale's data files. A persisted index
    /// built under another fingerprint is stale.
    public let dataFingerprint: String

    /// Assembles the context of a request.
    ///
    /// - Throws: ``LocaleDataError`` for invalid locale data.
    public init(request: LanguageRequest, directory: LocaleDirectory, tags: some LanguageTagService = ICULanguageTags(),
                normalizer: some TextNormalizer = ICUTextNormalizer()) throws {
        let (selection, profile) = try directory.profile(for: request, tags: tags, normalizer: normalizer)
        self.selection = selection
        preparer = TermPreparer(normalizer: normalizer, profile: profile,
                                phonetics: try directory.phoneticProfile(for: profile, normalizer: normalizer))
        dataFingerprint = directory.fingerprint(of: profile.dataLocale, requested: request.code)
    }
}
