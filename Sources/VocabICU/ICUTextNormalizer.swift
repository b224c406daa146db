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
    /// The same folding for text with no other script than Latin. `Any-Latin` costs registry look-ups in ICU
    /// even on Latin text (callgrind: caseless hash compares), so Latin text skips it.
    public static let latinFoldingTransformID = "[:^ASCII:] NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII"
    /// English-language romanizations (BGN/PCGN Russian, UNGEGN Greek), for the ``VocabCore/NormalizedText/romanized``
    /// form; what they leave in another script goes through `Any-Latin`.
    public static let romanizationTransformID = "[^[:ASCII:][:Latin:]] Russian-Latin/BGN; Greek-Latin/UNGEGN"

    /// Whether plain ASCII text skips ICU's word breaker (same words, see ``ASCIIWordBreaker``).
    public let usesASCIIFastPath: Bool
    /// Whether Latin text's folded form is assembled from its words' (cached) folded forms.
    public let usesWordFolding: Bool

    /// Folded forms of words already seen: names repeat words ("María" in thousands of names), and folding
    /// one through ICU's transliterator costs microseconds.
    private let foldedWords = FoldCache()

    /// Creates a normalizer.
    ///
    /// - Parameter asciiFastPath: Segment ASCII text without ICU and assemble Latin text's folded form from its
    ///   words (the default; `false` for reference checks, which then take ICU's whole-text path).
    public init(asciiFastPath: Bool = true) {
        usesASCIIFastPath = asciiFastPath
        usesWordFolding = asciiFastPath
    }

    /// Appends a text's UTF-8 bytes, read in place (appending the UTF-8 view went through the generic sequence
    /// path: about 300 instructions a word by callgrind).
    private static func appendUTF8(of text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    public func normalize(_ text: String, in profile: LocaleProfile) throws -> NormalizedText {
        let language = profile.language
        let faithfulUnits = try faithfulForm(UTF16Conversion.units(of: text), language: language)
        let faithful = UTF16Conversion.string(faithfulUnits)
        let isASCII = faithfulUnits.allSatisfy { $0 < 0x80 }

        let isPlainLatin = usesASCIIFastPath && ASCIIWordBreaker.isPlainLatin(faithfulUnits)
        var latin: String?
        // Only text with letters of another script goes through Any-Latin. Text of Latin letters, digits,
        // punctuation and symbols alone (fractions: "½ ¼" is "1⁄2 1⁄4") would be left as it is, and ICU's
        // Any-Latin scans back over such characters for every filtered run: quadratic in the text's length.
        if !isASCII && !isPlainLatin && ICUScripts.hasOtherScript(faithfulUnits) {
            let latinized = try ICUTransliterator.shared(Self.latinTransformID).transliterate(faithfulUnits)
            if latinized != faithfulUnits { latin = UTF16Conversion.string(latinized) }
        }
        let isLatinOnly = latin == nil
        let words = isPlainLatin && !faithfulUnits.contains(0x5F)
            ? ASCIIWordBreaker.words(in: faithfulUnits)
            : try ICUWordBreaker.shared(locale: language.icuLocaleName).words(in: faithfulUnits)
        var segments: [NameTokenizer.Segment] = []
        segments.reserveCapacity(words.count)
        // Latin text folds character by character, so its folded form is the words' folded forms (cached
        // per distinct word) with the separators folded between them; a test checks this against folding
        // the whole text. Other scripts are folded whole (transliteration reads context).
        var assembled: [UInt8] = []
        var previousEnd = 0
        for range in words {
            let word = faithfulUnits[range]
            let isWordLatin = try latin == nil || word.allSatisfy { $0 < 0x80 }
                || ICUTransliterator.shared(Self.latinTransformID).transliterate(Array(word)).elementsEqual(word)
            let gap = faithfulUnits[previousEnd..<range.lowerBound]
            let foldedWord = try fold(word, isLatinOnly: isWordLatin)
            // (ASCII text is its own folded form, below: nothing to assemble.)
            if isLatinOnly && usesWordFolding && !isASCII {
                Self.appendUTF8(of: try fold(gap, isLatinOnly: true, collapsing: false), to: &assembled)
                Self.appendUTF8(of: foldedWord, to: &assembled)
            }
            segments.append(NameTokenizer.Segment(
                text: UTF16Conversion.string(word), precedingSeparator: UTF16Conversion.string(gap),
                folded: foldedWord, isLatinScript: isWordLatin))
            previousEnd = range.upperBound
        }
        let folded: String
        if isASCII {
            folded = faithful
        } else if isLatinOnly && usesWordFolding {
            let tail = try fold(faithfulUnits[previousEnd...], isLatinOnly: true, collapsing: false)
            Self.appendUTF8(of: tail, to: &assembled)
            folded = String(decoding: assembled, as: UTF8.self).collapsingWhitespace()
        } else {
            folded = try fold(faithfulUnits, isLatinOnly: isLatinOnly)
        }
        var romanized: String?
        if !isLatinOnly {
            let converted = try ICUTransliterator.shared(Self.romanizationTransformID).transliterate(faithfulUnits)
            let refolded = try fold(converted, isLatinOnly: false)
            if refolded != folded { romanized = refolded }
        }
        var alternateFolded: String?
        if let alternate = profile.rules.alternateFolding, !isASCII {
            let rewritten = try ICUTransliterator.shared(alternate).transliterate(faithfulUnits)
            let refolded = try fold(rewritten, isLatinOnly: isLatinOnly)
            if refolded != folded { alternateFolded = refolded }
        }
        let tokens = NameTokenizer.tokens(segments: segments, original: text, profile: profile)

        let spelledOut = try DigitSpelling.spellOut(faithful) { value in
            try ICUNumberSpeller.shared(locale: language.icuLocaleName).spell(value)
        }
        return NormalizedText(original: text, faithful: faithful, folded: folded, alternateFolded: alternateFolded,
                              latin: latin, romanized: romanized, tokens: tokens, spelledOut: spelledOut)
    }

    public func fold(_ word: String, in code: SiriLanguageCode) throws -> String {
        try fold(try faithfulForm(UTF16Conversion.units(of: word), language: code), isLatinOnly: false)
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

    /// The folded form of faithful text; ASCII text is already folded and skips ICU.
    ///
    /// - Parameter collapsing: Whether white space is collapsed and trimmed (not for pieces that are
    ///   joined and collapsed afterwards).
    private func fold(_ faithful: some Collection<UInt16>, isLatinOnly: Bool, collapsing: Bool = true)
        throws(ICUError) -> String {
        if faithful.allSatisfy({ $0 < 0x80 }) { return UTF16Conversion.string(faithful) }
        let units = Array(faithful)
        if collapsing, let cached = foldedWords.value(for: units, isLatinOnly: isLatinOnly) { return cached }
        let id = isLatinOnly ? Self.latinFoldingTransformID : Self.foldingTransformID
        let transliterated = try ICUTransliterator.shared(id).transliterate(units)
        guard collapsing else { return UTF16Conversion.string(transliterated) }
        let folded = UTF16Conversion.string(collapsingWhitespace(transliterated))
        foldedWords.store(folded, for: units, isLatinOnly: isLatinOnly)
        return folded
    }

    /// Collapses runs of white space (and control characters) into one space, trimming both ends.
    private func collapsingWhitespace(_ units: [UInt16]) -> [UInt16] {
        units.collapsingSpaces(where: Self.isSpace)
    }

    /// White space and C0/C1 controls (Unicode White_Space plus controls), as one UTF-16 unit.
    private static func isSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0...0x20, 0x7F...0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
