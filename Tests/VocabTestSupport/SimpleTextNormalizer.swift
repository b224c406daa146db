public import VocabCore
import Foundation

/// An in-memory ``TextNormalizer`` for core tests: Foundation's case and diacritic folding, words split on
/// spaces, hyphens and periods, roles from the profile. Enough to test matching without ICU.
public struct SimpleTextNormalizer: TextNormalizer {
    public init() {}

    public func normalize(_ text: String, in profile: LocaleProfile) throws -> NormalizedText {
        let faithful = text.lowercased().collapsingWhitespace()
        var segments: [NameTokenizer.Segment] = []
        var word = ""
        var separator = ""
        for character in faithful + " " {
            if character == " " || character == "-" || character == "." {
                if !word.isEmpty {
                    segments.append(.init(text: word, precedingSeparator: segments.isEmpty ? "" : separator,
                                          folded: fold(word)))
                    word = ""
                    separator = ""
                }
                separator.append(character)
            } else {
                word.append(character)
            }
        }
        return NormalizedText(original: text, faithful: faithful, folded: fold(faithful),
                              tokens: NameTokenizer.tokens(segments: segments, original: text, profile: profile))
    }

    public func fold(_ word: String, in code: SiriLanguageCode) throws -> String { fold(word) }

    private func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

extension TermPreparer {
    /// A preparer for core tests: the simple normalizer, English Double Metaphone keys, optional nicknames.
    public static func simple(nicknames: NicknameTable = NicknameTable(),
                              rules: NormalizationRules = NormalizationRules(particles: ["de", "le", "la"],
                                                                             suffixes: ["jr", "sr"])) -> TermPreparer {
        let code = SiriLanguageCode.fallback
        return TermPreparer(
            normalizer: SimpleTextNormalizer(),
            profile: LocaleProfile(language: code, dataLocale: code, rules: rules, fold: { $0 }),
            phonetics: PhoneticProfile(encoders: [DoubleMetaphone(maximumLength: 8)], nicknames: nicknames))
    }
}
