internal import CICUShim

/// Locale-aware lowercasing and Unicode normalization through ICU.
public enum ICUCaseMapping {
    /// Lowercases with a locale's rules, then applies NFKC case folding.
    ///
    /// Lowercasing first matters: NFKC case folding alone maps `İ` to `i` + U+0307 and `I` to `i`,
    /// so "DİYARBAKIR" would not become Turkish "diyarbakır". Lithuanian keeps the dot over accented `i`.
    ///
    /// - Parameters:
    ///   - text: UTF-16 text.
    ///   - locale: An ICU locale name, e.g. `tr_TR`.
    /// - Returns: The folded UTF-16 text.
    /// - Throws: ``ICUError`` if ICU fails.
    /// - Complexity: O(*n*); about 1 µs for a short name.
    public static func lowercaseAndFold(_ text: [UInt16], locale: String) throws(ICUError) -> [UInt16] {
        let lowered = try UTF16Transform.apply(text, operation: "lowercasing for '\(locale)' failed") {
            vocab_icu_to_lower($0, $1, locale, $2, $3, $4)
        }
        return try normalize(lowered, form: Int32(VOCAB_ICU_NFKC_CASEFOLD))
    }

    /// Normalizes to NFC, the form stored terms are compared in.
    public static func nfc(_ text: String) throws(ICUError) -> String {
        UTF16Conversion.string(try normalize(UTF16Conversion.units(of: text), form: Int32(VOCAB_ICU_NFC)))
    }

    static func normalize(_ text: [UInt16], form: Int32) throws(ICUError) -> [UInt16] {
        try UTF16Transform.apply(text, operation: "normalization failed") { vocab_icu_normalize(form, $0, $1, $2, $3, $4) }
    }
}
