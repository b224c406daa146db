public import VocabCore

/// An in-memory ``LanguageTagService`` for core tests: canonical forms and likely subtags from tables.
public struct DictionaryLanguageTags: LanguageTagService {
    /// Lowercased input → canonical tag.
    public var canonical: [String: String]
    /// Language → likely full tag.
    public var likely: [String: String]

    public init(
        canonical: [String: String] = ["fr-fr": "fr-FR", "fr-ca": "fr-CA", "fr": "fr", "iw": "he", "en-us": "en-US",
                                       "pt-pt": "pt-PT", "pt-br": "pt-BR", "es-mx": "es-MX", "de-de": "de-DE"],
        likely: [String: String] = ["fr": "fr-Latn-FR", "pt": "pt-Latn-BR", "es": "es-Latn-ES", "en": "en-Latn-US",
                                    "he": "he-Hebr-IL", "de": "de-Latn-DE", "sr": "sr-Cyrl-RS"]
    ) {
        self.canonical = canonical
        self.likely = likely
    }

    public func canonicalize(_ input: String) throws(LanguageCodeError) -> SiriLanguageCode {
        let prepared = try Self.preparedTag(input)
        guard let tag = canonical[prepared.lowercased()] else { throw LanguageCodeError(value: input) }
        return SiriLanguageCode(canonical: tag)
    }

    public func likelySubtags(of code: SiriLanguageCode) -> SiriLanguageCode {
        likely[code.identifier].map(SiriLanguageCode.init(canonical:)) ?? code
    }
}
