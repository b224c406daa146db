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
        RewriteRule("CH(?![AEIOUY])", "K", needs: "H"),  // hard CH before a consonant (Nahuatl)
        RewriteRule("CH", "§", needs: "H"),
        RewriteRule("^SH", "ʃ", needs: "H"),
        RewriteRule("C([EIY])", "S$1", needs: "C"),
        RewriteRule("C", "K", needs: "C"),
        RewriteRule("G([EIY])", "J$1", needs: "G"),
        RewriteRule("GUA", "GWA", needs: "G"),
        RewriteRule("GU", "G", needs: "G"),
        RewriteRule("GÜ", "GW", needs: "Ü"),
        RewriteRule("Ü", "U", needs: "Ü"),
        RewriteRule("QU?", "K", needs: "Q"),
        RewriteRule("H?[UO]([AIE])", "W$1", needs: "UO"),
        RewriteRule("Z", "S", needs: "Z"),
        RewriteRule("V", "B", needs: "V"),
        RewriteRule("^PS", "S", needs: "P"),
        RewriteRule("PH", "F", needs: "H"),
        RewriteRule("H", "", needs: "H"),
        RewriteRule("Y$", "I", needs: "Y"),
        RewriteRule("^XI", "SI", needs: "X"),
        RewriteRule("X", "J", needs: "X"),
        RewriteRule("LL", "Y", needs: "L"),
    ]
}
