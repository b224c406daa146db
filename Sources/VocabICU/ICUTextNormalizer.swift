public import VocabCore

/// The ICU implementation of ``VocabCore/TextNormalizer``.
///
/// The pipeline, for a text and a language:
/// 1. **faithful**: lowercase with the language's rules (Turkish `İ`/`I`, Lithuanian), then NFKC case fold;
///    white space collapsed.
/// 2. **latin**: `[^[:ASCII:][:Latin:]] Any-Latin` on the faithful form, kept when it changed something
///    (Cyrillic, Greek, Arabic, Hebrew, Han, Hangul, Kana…).
/// 3. **folded**: ``foldingTransformID`` (any script to Latin, marks removed, `Latin-ASCII` for `ø`, `ł`, `đ`,
///    `œ`, `æ`); only non-ASCII text reaches ICU.
/// 4. **alternate folded**: the locale's `alternateFolding` transform (de-DE: `de-ASCII`, `ü` → `ue`), then
///    the same folding, kept when it differs.
/// 5. **tokens**: ICU word breaks on the faithful form, each word folded, then ``VocabCore/NameTokenizer``.
/// 6. **spelled out**: digit runs in the language's words (ICU rule-based spellout).
///
/// Transliterators, breakers and spellers are opened once per process and shared; the type is `Sendable`.
public struct ICUTextNormalizer: TextNormalizer {
    /// Transliterates what is neither ASCII nor Latin to Latin, leaving the rest untouched.
    public static let latinTransformID = "[^[:ASCII:][:Latin:]] Any-Latin"
    /// Folds any text to ASCII Latin: other scripts transliterated, marks removed, Latin letters folded.
    /// Mark removal follows transliteration, so the breve of Cyrillic `й` is not lost before it is read.
    public static let foldingTransformID = "[:^ASCII:] Any-Latin; NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII"

    /// Creates a normalizer.
    public init() {}

    public func normalize(_ text: String, in profile: LocaleProfile) throws -> NormalizedText {
        let language = profile.language
        let faithfulUnits = try faithfulForm(Array(text.utf16), language: language)
        let faithful = String(decoding: faithfulUnits, as: UTF16.self)
        let isASCII = faithfulUnits.allSatisfy { $0 < 0x80 }

        var latin: String?
        if !isASCII {
            let latinized = try ICUTransliterator.shared(Self.latinTransformID).transliterate(faithful)
            if latinized != faithful { latin = latinized }
        }
        let folded = try fold(faithful: faithful, isASCII: isASCII)
        var alternateFolded: String?
        if let alternate = profile.rules.alternateFolding, !isASCII {
            let rewritten = try ICUTransliterator.shared(alternate).transliterate(faithful)
            let refolded = try fold(faithful: rewritten, isASCII: rewritten.utf16.allSatisfy { $0 < 0x80 })
            if refolded != folded { alternateFolded = refolded }
        }

        let breaker = try ICUWordBreaker.shared(locale: language.icuLocaleName)
        let segments = try breaker.words(in: faithfulUnits).map { range throws in
            let word = String(decoding: faithfulUnits[range], as: UTF16.self)
            let isWordASCII = faithfulUnits[range].allSatisfy { $0 < 0x80 }
            let isLatinScript = try isWordASCII || latin == nil
                || ICUTransliterator.shared(Self.latinTransformID).transliterate(word) == word
            return NameTokenizer.Segment(range: range, folded: try fold(faithful: word, isASCII: isWordASCII),
                                         isLatinScript: isLatinScript)
        }
        let tokens = NameTokenizer.tokens(faithful: faithful, segments: segments, original: text, profile: profile)

        let spelledOut = try DigitSpelling.spellOut(faithful) { value in
            try ICUNumberSpeller.shared(locale: language.icuLocaleName).spell(value)
        }
        return NormalizedText(original: text, faithful: faithful, folded: folded, alternateFolded: alternateFolded,
                              latin: latin, tokens: tokens, spelledOut: spelledOut)
    }

    public func fold(_ word: String, in code: SiriLanguageCode) throws -> String {
        let faithful = String(decoding: try faithfulForm(Array(word.utf16), language: code), as: UTF16.self)
        return try fold(faithful: faithful, isASCII: faithful.utf16.allSatisfy { $0 < 0x80 })
    }

    /// Locale lowercasing and NFKC case folding, white space collapsed. ASCII text outside Turkish and Azeri
    /// (where `I` lowercases to `ı`) takes a fast path with the same result.
    private func faithfulForm(_ units: [UInt16], language: SiriLanguageCode) throws(ICUError) -> [UInt16] {
        let dotlessI = language.language == "tr" || language.language == "az"
        if !dotlessI, units.allSatisfy({ $0 < 0x80 && $0 >= 0x20 }) {
            return collapsingWhitespace(units.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 })
        }
        return collapsingWhitespace(try ICUCaseMapping.lowercaseAndFold(units, locale: language.icuLocaleName))
    }

    private func fold(faithful: String, isASCII: Bool) throws(ICUError) -> String {
        if isASCII { return faithful }
        return try ICUTransliterator.shared(Self.foldingTransformID).transliterate(faithful).collapsingWhitespace()
    }

    /// Collapses runs of white space (and control characters) into one space, trimming both ends.
    private func collapsingWhitespace(_ units: [UInt16]) -> [UInt16] {
        var result: [UInt16] = []
        result.reserveCapacity(units.count)
        var pendingSpace = false
        for unit in units {
            if unit <= 0x20 || unit == 0x7F || unit == 0xA0 || unit == 0x3000 || (0x2000...0x200A).contains(unit)
                || unit == 0x2028 || unit == 0x2029 || unit == 0x85 || unit == 0x1680 || unit == 0x202F || unit == 0x205F {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(0x20)
                pendingSpace = false
            }
            result.append(unit)
        }
        return result
    }
}
