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
        RewriteRule("PH", "F", needsOneOf: ["PH"]),
        RewriteRule("G(AI?[NM])", "K$1", needsOneOf: ["GA"]),
        RewriteRule("[AE]I[NM]([AEIOU])", "YN$1", needsOneOf: ["AI", "EI"]),
        RewriteRule("EAU", "O", global: false, needsOneOf: ["EAU"]),
        RewriteRule("OUA", "2", global: false, needsOneOf: ["OUA"]),
        RewriteRule("[EA]I[NM]", "4", needsOneOf: ["AI", "EI"]),
        RewriteRule("[EA]I", "Y", needsOneOf: ["AI", "EI"]),
        RewriteRule("E([RTZ])", "Y$1", needsOneOf: ["ER", "ET", "EZ"]),
        RewriteRule("ESS", "YS", needsOneOf: ["ESS"]),
        RewriteRule("[AOE]N([^AEIOU1234])", "1$1", needsOneOf: ["AN", "ON", "EN"]),
        RewriteRule("[AE]M([^AEIOU1234])", "1$1", needsOneOf: ["AM", "EM"]),
        RewriteRule("IN([^AEIOU1234])", "4$1", needsOneOf: ["IN"]),
        RewriteRule("([AEIOUY1234])S([AEIOUY1234])", "$1Z$2",
                    needsOneOf: ["AS", "ES", "IS", "OS", "US", "YS", "1S", "2S", "3S", "4S"]),
        RewriteRule("(?:OE|EU)", "E", needsOneOf: ["OE", "EU"]),
        RewriteRule("AU", "O", needsOneOf: ["AU"]),
        RewriteRule("O[IY]", "2", needsOneOf: ["OI", "OY"]),
        RewriteRule("OU", "3", needsOneOf: ["OU"]),
        RewriteRule("(?:SCH|CH|SH)", "5", needsOneOf: ["CH", "SH"]),
        RewriteRule("SS", "S", needsOneOf: ["SS"]),
        RewriteRule("SC?([EIY])", "S$1", needsOneOf: ["SE", "SI", "SY", "SC"]),
        RewriteRule("(?:GU|QU|Q|C)", "K", needsOneOf: ["GU", "Q", "C"]),
        RewriteRule("G([AOY])", "K$1", needsOneOf: ["GA", "GO", "GY"]),
    ]
}
