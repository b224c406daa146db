public import VocabCore

extension LocaleDirectory {
    /// Selects the locale for a request and builds its normalization profile.
    ///
    /// - Parameters:
    ///   - request: The language requested and its origin.
    ///   - tags: Canonicalizes folder names and supplies likely subtags.
    ///   - normalizer: Folds the locale's name words.
    /// - Returns: The selection (which folder, and why) and the profile.
    /// - Throws: ``LocaleDataError`` for an unreadable folder or invalid locale data.
    public func profile(
        for request: LanguageRequest,
        tags: some LanguageTagService,
        normalizer: some TextNormalizer
    ) throws -> (selection: LocaleSelection, profile: LocaleProfile) {
        let available = Set(try listing(tags: tags).locales)
        let selection = LocaleSelection.select(request, available: available, tags: tags)
        guard let rules = try normalizationRules(for: selection.used) else {
            return (selection, LocaleProfile(language: request.code, dataLocale: selection.used,
                                             rules: NormalizationRules(), fold: { $0 }))
        }
        let profile = try LocaleProfile(language: request.code, dataLocale: selection.used, rules: rules) {
            try normalizer.fold($0, in: request.code)
        }
        return (selection, profile)
    }
}
