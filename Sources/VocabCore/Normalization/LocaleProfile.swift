/// Everything normalization needs to know about one language: the language itself and its locale data.
///
/// Two codes, because they can differ: ICU's behaviours (case mapping, word breaks, spellout) follow the
/// requested ``language`` (`tr-TR` lowercases `I` to `ı` even when `Locales/` has no `tr-TR`), while the
/// name words come from ``dataLocale``, the folder the fallback chain chose. Build one per language and
/// reuse it; the word sets are folded once here so that classifying a token is a set lookup.
public struct LocaleProfile: Sendable, Hashable {
    /// The language in force (the Siri language code requested).
    public let language: SiriLanguageCode
    /// The locale folder whose data this is (after fallback).
    public let dataLocale: SiriLanguageCode
    /// The rules as written in the locale's data.
    public let rules: NormalizationRules
    /// Folded particles (`de`, `dos`, `von`).
    public let particles: FoldedWordSet
    /// Folded honorifics (`dr`, `mme`).
    public let honorifics: FoldedWordSet
    /// Folded suffixes (`jr`, `iii`).
    public let suffixes: FoldedWordSet
    /// How an abbreviated suffix or title is said, by its folded spelling (`jr` → `junior`; see
    /// ``NormalizationRules/spokenForms``).
    public let spokenForms: [String: String]

    /// Creates a profile, folding every word of the rules with `fold`.
    ///
    /// - Parameters:
    ///   - language: The language in force.
    ///   - dataLocale: The locale folder the rules come from.
    ///   - rules: Its normalization data.
    ///   - fold: The normalizer's folding of a single word (see ``TextNormalizer/fold(_:in:)``).
    /// - Throws: Whatever `fold` throws.
    public init(
        language: SiriLanguageCode, dataLocale: SiriLanguageCode, rules: NormalizationRules,
        fold: (String) throws -> String
    ) rethrows {
        self.language = language
        self.dataLocale = dataLocale
        self.rules = rules
        func folded(_ word: String) throws -> String { try fold(word).replacingApostrophes() }
        func folded(_ words: [String]) throws -> FoldedWordSet {
            FoldedWordSet(try words.map(folded).filter { !$0.isEmpty })
        }
        particles = try folded(rules.particles)
        honorifics = try folded(rules.honorifics)
        suffixes = try folded(rules.suffixes)
        var spoken: [String: String] = [:]
        for (written, said) in rules.spokenForms {
            let key = try folded(written)
            if !key.isEmpty { spoken[key] = said }
        }
        spokenForms = spoken
    }

    /// A profile with no name words, for a language whose locale ships no normalization data.
    public static func bare(_ language: SiriLanguageCode) -> LocaleProfile {
        LocaleProfile(language: language, dataLocale: language, rules: NormalizationRules(), fold: { $0 })
    }
}

extension String {
    /// The string without apostrophes (`'`, `’`, `ʼ`): `o'connor` becomes `oconnor`.
    public func replacingApostrophes() -> String {
        // Bytes first: ' is 0x27, ’ starts with 0xE2, ʼ with 0xCA; most words have none of them.
        guard containsUTF8Byte(where: { $0 == 0x27 || $0 == 0xE2 || $0 == 0xCA }),
              contains(where: { Self.apostrophes.contains($0) }) else { return self }
        return String(filter { !Self.apostrophes.contains($0) })
    }

    static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{02BC}"]
}
