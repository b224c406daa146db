/// A text in every form the matcher needs, for one locale.
///
/// For `Matthieu Lefèvre` in fr-FR: faithful `matthieu lefèvre`, folded `matthieu lefevre`, two tokens.
/// For `Дмитрий Иванов`: faithful `дмитрий иванов`, latin `dmitrij ivanov`, folded `dmitrij ivanov`.
public struct NormalizedText: Sendable, Hashable, Codable {
    /// The text as given.
    public var original: String
    /// Lowercased with the locale's rules, then NFKC case folded; whitespace collapsed. Marks are kept.
    public var faithful: String
    /// The faithful form with marks removed and letters folded to ASCII where ICU's `Latin-ASCII` knows
    /// how (`ø` → `o`, `ł` → `l`, `œ` → `oe`); other scripts are transliterated first.
    public var folded: String
    /// A second folded form from the locale's own rules, when it differs (`müller` → `mueller` in de-DE).
    public var alternateFolded: String?
    /// The faithful form in Latin script, when the text holds another script (`dmitrij ivanov`).
    public var latin: String?
    /// The folded form of the text's conventional English-language romanization (BGN/PCGN for Cyrillic,
    /// UN/ELOT for Greek), when it differs from ``folded``: `shevchenko` beside ISO's `sevcenko`. Recognizers
    /// write the names they hear this way.
    public var romanized: String?
    /// The name's words.
    public var tokens: [NameToken]
    /// The faithful form with digit runs spelled out in the locale's words (`r deux d deux` for `R2D2`
    /// in fr-FR), when the text holds digits.
    public var spelledOut: String?

    /// Creates a normalized text.
    public init(original: String, faithful: String, folded: String, alternateFolded: String? = nil,
                latin: String? = nil, romanized: String? = nil, tokens: [NameToken] = [], spelledOut: String? = nil) {
        self.original = original
        self.faithful = faithful
        self.folded = folded
        self.alternateFolded = alternateFolded
        self.latin = latin
        self.romanized = romanized
        self.tokens = tokens
        self.spelledOut = spelledOut
    }
}
