import Foundation

/// Fonético, a Spanish phonetic transcription covering Latin American Spanish and the Spanish spelling of
/// Quechua and Nahuatl words (talisman's `phonetics/spanish/fonetico`, Guillaume Plique), whose test table
/// (`../shared/vectors/fonetico.es.tsv`) this implementation reproduces.
///
/// `b`/`v` merge ("Vanesa" and "Banesa" both `BANESA`), `h` is silent, `z` and soft `c` are `S`, `ll` is `Y`;
/// `§` stands for the sound of `ch`.
public struct Fonetico: PhoneticEncoder {
    public var name: String { "fonetico" }

    /// Creates an encoder.
    public init() {}

    public func keys(for word: String) -> [String] {
        let code = encode(word)
        return code.isEmpty ? [] : [code]
    }

    /// The transcription of a text (words keep their spaces).
    public func encode(_ text: String) -> String {
        var code = ""
        for character in text.uppercased() {
            // Most letters are ASCII: test those by value, not against every accented letter.
            if let ascii = character.asciiValue {
                if (65...90).contains(ascii) || character.isWhitespace { code.append(character) }
                continue
            }
            switch character {
            case "Á": code.append("A")
            case "É": code.append("E")
            case "Í": code.append("I")
            case "Ó": code.append("O")
            case "Ú": code.append("U")
            case "Ñ", "Ü": code.append(character)
            default: if character.isWhitespace { code.append(character) }
            }
        }
        return Self.rules.apply(to: code)
    }

    static let rules: [RewriteRule] = [
        RewriteRule("([^L])\\1+", "$1"),  // doubled letters, but not LL
        RewriteRule("CH(?![AEIOUY])", "K", needsOneOf: ["CH"]),  // hard CH before a consonant (Nahuatl)
        RewriteRule("CH", "§", needsOneOf: ["CH"]),
        RewriteRule("^SH", "ʃ", needsOneOf: ["SH"]),
        RewriteRule("C([EIY])", "S$1", needsOneOf: ["CE", "CI", "CY"]),
        RewriteRule("C", "K", needs: "C"),
        RewriteRule("G([EIY])", "J$1", needsOneOf: ["GE", "GI", "GY"]),
        RewriteRule("GUA", "GWA", needsOneOf: ["GUA"]),
        RewriteRule("GU", "G", needsOneOf: ["GU"]),
        RewriteRule("GÜ", "GW", needsOneOf: ["GÜ"]),
        RewriteRule("Ü", "U", needs: "Ü"),
        RewriteRule("QU?", "K", needs: "Q"),
        RewriteRule("H?[UO]([AIE])", "W$1", needsOneOf: ["UA", "UI", "UE", "OA", "OI", "OE"]),
        RewriteRule("Z", "S", needs: "Z"),
        RewriteRule("V", "B", needs: "V"),
        RewriteRule("^PS", "S", needsOneOf: ["PS"]),
        RewriteRule("PH", "F", needsOneOf: ["PH"]),
        RewriteRule("H", "", needs: "H"),
        RewriteRule("Y$", "I", needs: "Y"),
        RewriteRule("^XI", "SI", needsOneOf: ["XI"]),
        RewriteRule("X", "J", needs: "X"),
        RewriteRule("LL", "Y", needsOneOf: ["LL"]),
    ]
}
