/// Spells out the digit runs of a text in a locale's words, so `R2D2` in fr-FR also reads `r deux d deux`.
///
/// A recognizer writes what it heard; a user may have registered `R2D2` and say "r deux d deux", or the
/// reverse. The number words come from a speller (ICU's rule-based spellout in `VocabICU`).
public enum DigitSpelling {
    /// Runs longer than this are read digit by digit, as people read codes and long numbers.
    public static let longestNumberRead = 9

    /// Characters some locales' spellout output contains that are not letters of the words:
    /// soft hyphens (U+00AD, Italian and German) and zero-width spaces (U+200B).
    static let invisibleSeparators: Set<Unicode.Scalar> = ["\u{00AD}", "\u{200B}", "\u{2060}", "\u{FEFF}"]

    /// Replaces each run of decimal digits (any script's) with its spoken words.
    ///
    /// A run is read as one number ("12" → "douze") unless it starts with `0` or is longer than
    /// ``longestNumberRead`` digits; then each digit is read alone ("007" → "zéro zéro sept").
    ///
    /// - Parameters:
    ///   - text: The faithful text.
    ///   - spell: Spells a non-negative number in the locale.
    /// - Returns: The text with words for digits, single-spaced, or `nil` when it holds no digits.
    /// - Throws: Whatever `spell` throws.
    public static func spellOut(_ text: String, spell: (Int64) throws -> String) rethrows -> String? {
        // Most texts have no digit: no ASCII digit byte, and no lead byte of a scalar at or above U+0640
        // (the first decimal digits outside ASCII, Arabic-Indic, are U+0660; fullwidth digits are already
        // ASCII after NFKC).
        if text.allUTF8Bytes(satisfy: { !(0x30...0x39).contains($0) && $0 < 0xD9 }) { return nil }
        var output = ""
        var run: [Int64] = []
        var sawDigit = false
        func flush() throws {
            guard !run.isEmpty else { return }
            let words: [String]
            if run.count > longestNumberRead || (run.count > 1 && run[0] == 0) {
                words = try run.map { try spell($0) }
            } else {
                words = [try spell(run.reduce(0) { $0 * 10 + $1 })]
            }
            output += " " + words.map(removingInvisibleSeparators).joined(separator: " ") + " "
            run.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                run.append(Int64(value))
                sawDigit = true
            } else {
                try flush()
                output.unicodeScalars.append(scalar)
            }
        }
        try flush()
        return sawDigit ? output.collapsingWhitespace() : nil
    }

    static func removingInvisibleSeparators(_ words: String) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: words.unicodeScalars.filter { !invisibleSeparators.contains($0) })
        return String(result)
    }
}
