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
        guard let key = try? transliterator.transliterate(UTF16Conversion.units(of: word.lowercased())) else { return [] }
        let collapsed = Self.lettersCollapsed(key)
        return collapsed.isEmpty ? [] : [collapsed]
    }

    /// The letters and digits of a key, each run of one of them kept once. A key of ASCII (the rules' own
    /// alphabet, and what most words come to) is read by its code units; any other as characters.
    static func lettersCollapsed(_ key: [UInt16]) -> String {
        guard key.allSatisfy({ $0 < 0x80 }) else {
            var collapsed = ""
            for character in UTF16Conversion.string(key) where character.isLetter || character.isNumber {
                if collapsed.last != character { collapsed.append(character) }
            }
            return collapsed
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.count)
        for unit in key {
            let byte = UInt8(unit)
            let isLetterOrDigit = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            if isLetterOrDigit, bytes.last != byte { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
