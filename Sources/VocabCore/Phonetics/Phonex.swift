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
            // Most letters are ASCII: test those by value, not against every accented letter.
            if let ascii = character.asciiValue {
                if (65...90).contains(ascii) { code.append(character) }
                continue
            }
            switch character {
            case "À", "Â", "Ä", "Ã": code.append("A")
            case "É", "È", "Ê", "Ë": code.append("Y")
            case "Ì", "Î", "Ï": code.append("I")
            case "Ò", "Ô", "Ö", "Õ": code.append("O")
            case "Ù", "Û", "Ü": code.append("U")
            case "Ñ": code.append("N")
            default: break
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

    static let rules: [RewriteRule] = [
        RewriteRule("Y", "I", needs: "Y"),
        RewriteRule("([^PCS])H", "$1", needs: "H"),
        RewriteRule("PH", "F", needs: "H"),
        RewriteRule("G(AI?[NM])", "K$1", needs: "G"),
        RewriteRule("[AE]I[NM]([AEIOU])", "YN$1", needs: "I"),
        RewriteRule("EAU", "O", global: false, needs: "U"),
        RewriteRule("OUA", "2", global: false, needs: "U"),
        RewriteRule("[EA]I[NM]", "4", needs: "I"),
        RewriteRule("[EA]I", "Y", needs: "I"),
        RewriteRule("E([RTZ])", "Y$1", needs: "E"),
        RewriteRule("ESS", "YS", needs: "E"),
        RewriteRule("[AOE]N([^AEIOU1234])", "1$1", needs: "N"),
        RewriteRule("[AE]M([^AEIOU1234])", "1$1", needs: "M"),
        RewriteRule("IN([^AEIOU1234])", "4$1", needs: "N"),
        RewriteRule("([AEIOUY1234])S([AEIOUY1234])", "$1Z$2", needs: "S"),
        RewriteRule("(?:OE|EU)", "E", needs: "E"),
        RewriteRule("AU", "O", needs: "U"),
        RewriteRule("O[IY]", "2", needs: "O"),
        RewriteRule("OU", "3", needs: "U"),
        RewriteRule("(?:SCH|CH|SH)", "5", needs: "H"),
        RewriteRule("SS", "S", needs: "S"),
        RewriteRule("SC?([EIY])", "S$1", needs: "S"),
        RewriteRule("(?:GU|QU|Q|C)", "K", needs: "GQC"),
        RewriteRule("G([AOY])", "K$1", needs: "G"),
    ]
}
