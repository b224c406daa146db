import Foundation

/// Phonex (Frédéric Brouard, 1996), a French phonetic code, in its letter form (before the final numeric
/// step), as talisman's `phonetics/french/phonex` computes it; its test table
/// (`../shared/vectors/phonex.fr.tsv`) is reproduced.
///
/// Digits stand for French sounds: `1` an/on/en, `2` oi/oua, `3` ou, `4` ain/ein/in, `5` ch.
public struct Phonex: PhoneticEncoder {
    public var name: String { "phonex" }

    /// Creates an encoder.
    public init() {}

    public func keys(for word: String) -> [String] {
        let code = encode(word)
        return code.isEmpty ? [] : [code]
    }

    /// The code of a word.
    public func encode(_ word: String) -> String {
        var code = ""
        for character in word.uppercased() {
            switch character {
            case "À", "Â", "Ä", "Ã": code.append("A")
            case "É", "È", "Ê", "Ë": code.append("Y")
            case "Ì", "Î", "Ï": code.append("I")
            case "Ò", "Ô", "Ö", "Õ": code.append("O")
            case "Ù", "Û", "Ü": code.append("U")
            case "Ñ": code.append("N")
            default: if let ascii = character.asciiValue, (65...90).contains(ascii) { code.append(character) }
            }
        }
        code = Self.rules.apply(to: code)
        // Single letters to their sound class, then runs collapsed, then a final T or X dropped.
        var translated: [Character] = []
        for letter in code {
            let mapped: Character = switch letter {
            case "A": "O"
            case "D", "P": "T"
            case "J": "G"
            case "B", "V": "F"
            case "M": "N"
            default: letter
            }
            if translated.last != mapped { translated.append(mapped) }
        }
        if let last = translated.last, last == "T" || last == "X" { translated.removeLast() }
        return String(translated)
    }

    private static let rules: [RewriteRule] = [
        RewriteRule("Y", "I"),
        RewriteRule("([^PCS])H", "$1"),
        RewriteRule("PH", "F"),
        RewriteRule("G(AI?[NM])", "K$1"),
        RewriteRule("[AE]I[NM]([AEIOU])", "YN$1"),
        RewriteRule("EAU", "O", global: false),
        RewriteRule("OUA", "2", global: false),
        RewriteRule("[EA]I[NM]", "4"),
        RewriteRule("[EA]I", "Y"),
        RewriteRule("E([RTZ])", "Y$1"),
        RewriteRule("ESS", "YS"),
        RewriteRule("[AOE]N([^AEIOU1234])", "1$1"),
        RewriteRule("[AE]M([^AEIOU1234])", "1$1"),
        RewriteRule("IN([^AEIOU1234])", "4$1"),
        RewriteRule("([AEIOUY1234])S([AEIOUY1234])", "$1Z$2"),
        RewriteRule("(?:OE|EU)", "E"),
        RewriteRule("AU", "O"),
        RewriteRule("O[IY]", "2"),
        RewriteRule("OU", "3"),
        RewriteRule("(?:SCH|CH|SH)", "5"),
        RewriteRule("SS", "S"),
        RewriteRule("SC?([EIY])", "S$1"),
        RewriteRule("(?:GU|QU|Q|C)", "K"),
        RewriteRule("G([AOY])", "K$1"),
    ]
}
