/// Turns names and queries into ``TermForm``s: normalized, tokenized, folded to bytes, phonetically keyed.
///
/// One preparer serves one language (the Siri language in force): a term's keys are computed the way that
/// language's recognizer hears it, whatever the term's own origin.
public struct TermPreparer: Sendable {
    /// The normalizer (ICU in production).
    public let normalizer: any TextNormalizer
    /// The language and its locale data.
    public let profile: LocaleProfile
    /// The language's encoders and nicknames.
    public let phonetics: PhoneticProfile

    /// Creates a preparer.
    public init(normalizer: any TextNormalizer, profile: LocaleProfile, phonetics: PhoneticProfile) {
        self.normalizer = normalizer
        self.profile = profile
        self.phonetics = phonetics
    }

    /// Every reading of a text: the primary folded one, then the locale's alternate folding, the
    /// romanization of other scripts and the digits spelled out ("HIIT 7" as "hiit sept" in fr-FR) when
    /// they differ.
    ///
    /// - Throws: What the normalizer throws.
    public func forms(of text: String) throws -> [TermForm] {
        let normalized = try normalizer.normalize(text, in: profile)
        let primary = normalized.tokens.map { token in
            MatchToken(folded: Array(token.folded.utf8), keys: keys(for: token), role: token.role,
                       isJoinedToPrevious: token.isJoinedToPrevious)
        }
        var forms = [TermForm(tokens: primary, reading: "folded")]
        let spelled = try normalized.spelledOut.map { try normalizer.fold($0, in: profile.language) }
        let extra: [(String?, String)] = [(normalized.alternateFolded, "alternate"),
                                          (normalized.romanized, "romanized"), (spelled, "spelled")]
        for case let (text?, reading) in extra {
            let words = Self.words(of: text)
            guard words != primary.map(\.text) else { continue }
            let tokens = words.enumerated().map { index, word in
                let aligned = words.count == primary.count ? primary[index] : nil
                return MatchToken(folded: Array(word.utf8), keys: phonetics.keys(for: word), role: aligned?.role ?? .name,
                                  isJoinedToPrevious: aligned?.isJoinedToPrevious ?? false)
            }
            if !tokens.isEmpty { forms.append(TermForm(tokens: tokens, reading: reading)) }
        }
        return forms
    }

    /// Phonetic keys of a token: from its faithful spelling when it is Latin (the encoders know `ç`, `ñ`, `ü`),
    /// otherwise from its folded romanization.
    private func keys(for token: NameToken) -> [String] {
        let isLatin = token.text.unicodeScalars.allSatisfy { $0.value < 0x250 }
        let word = isLatin ? token.text.replacingApostrophes() : token.folded
        return phonetics.keys(for: word)
    }

    /// The reading of a pronunciation hint: its words as written, and all of them joined into one word,
    /// since hints split a term into syllables ("ba nana ri fic" is said "bananarific").
    ///
    /// - Throws: What the normalizer throws.
    public func pronunciationForms(of hint: String) throws -> [TermForm] {
        var forms = try self.forms(of: hint)
        let words = forms[0].tokens.map(\.text)
        if words.count > 1 {
            let joined = words.joined()
            forms.append(TermForm(tokens: [MatchToken(folded: Array(joined.utf8), keys: phonetics.keys(for: joined),
                                                      role: .name)], reading: "pronunciation"))
        }
        return forms.map { TermForm(tokens: $0.tokens, reading: $0.reading == "folded" ? "pronunciation" : $0.reading) }
    }

    /// Splits a folded text into words (letters and digits), apostrophes dropped inside words.
    static func words(of text: String) -> [String] {
        text.replacingApostrophes()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
    }
}
