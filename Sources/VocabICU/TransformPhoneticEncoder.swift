public import VocabCore

/// A phonetic encoder written as ICU transform rules (the Italian and Brazilian Portuguese keys in
/// `Locales/<code>/phonetic-rules.txt`): the rules map a lowercase word to a key, then doubled letters
/// collapse (Italian doppie and Portuguese rr/ss are easily misheard).
public struct TransformPhoneticEncoder: PhoneticEncoder {
    public let name: String
    private let transliterator: ICUTransliterator

    /// Compiles the rules.
    ///
    /// - Parameters:
    ///   - name: The encoder's name, e.g. `it-IT phonetic rules`.
    ///   - rules: ICU transform rules.
    /// - Throws: ``ICUError`` locating a rule syntax error.
    public init(name: String, rules: String) throws(ICUError) {
        self.name = name
        transliterator = try ICUTransliterator(name: name, rules: rules)
    }

    public func keys(for word: String) -> [String] {
        guard let key = try? transliterator.transliterate(word.lowercased()) else { return [] }
        var collapsed = ""
        for character in key where character.isLetter || character.isNumber {
            if collapsed.last != character { collapsed.append(character) }
        }
        return collapsed.isEmpty ? [] : [collapsed]
    }
}
