internal import CICUShim
public import VocabCore

/// Language tags through ICU's CLDR data: strict BCP 47 parsing, alias canonicalization, likely subtags.
public struct ICULanguageTags: LanguageTagService {
    /// Creates the service (stateless).
    public init() {}

    /// Canonicalizes `fr_FR` or `fr-fr` to `fr-FR` and `iw` to `he`; rejects what ICU cannot consume whole.
    public func canonicalize(_ input: String) throws(LanguageCodeError) -> SiriLanguageCode {
        let prepared = try Self.preparedTag(input)
        var buffer = [CChar](repeating: 0, count: 160)
        var status: Int32 = 0
        let length = vocab_icu_canonical_language_tag(prepared, &buffer, Int32(buffer.count), &status)
        guard length > 0, status == 0 else { throw LanguageCodeError(value: input) }
        let tag = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // ICU accepts a private-use-only tag ("x-abc") and the undetermined "und"; neither selects a language.
        guard !tag.hasPrefix("x-"), tag != "und", !tag.hasPrefix("und-") else { throw LanguageCodeError(value: input) }
        return SiriLanguageCode(canonical: tag)
    }

    /// Adds likely subtags from CLDR: `fr` → `fr-Latn-FR`, `pt` → `pt-Latn-BR`.
    public func likelySubtags(of code: SiriLanguageCode) -> SiriLanguageCode {
        var buffer = [CChar](repeating: 0, count: 160)
        var status: Int32 = 0
        let length = vocab_icu_likely_language_tag(code.identifier, &buffer, Int32(buffer.count), &status)
        guard length > 0, status == 0 else { return code }
        return SiriLanguageCode(
            canonical: String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
