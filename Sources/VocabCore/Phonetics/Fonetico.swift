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
            switch character {
            case "Á": code.append("A")
            case "É": code.append("E")
            case "Í": code.append("I")
            case "Ó": code.append("O")
            case "Ú": code.append("U")
            case "Ñ", "Ü": code.append(character)
            default:
                if let ascii = character.asciiValue, (65...90).contains(ascii) || character.isWhitespace {
                    code.append(character)
                } else if character.isWhitespace {
                    code.append(character)
                }
            }
        }
        return Self.rules.apply(to: code)
    }

    private static let rules: [RewriteRule] = [
        RewriteRule("([^L])\\1+", "$1"),  // doubled letters, but not LL
        RewriteRule("CH(?![AEIOUY])", "K"),  // hard CH before a consonant (Nahuatl)
        RewriteRule("CH", "§"),
        RewriteRule("^SH", "ʃ"),
        RewriteRule("C([EIY])", "S$1"),
        RewriteRule("C", "K"),
        RewriteRule("G([EIY])", "J$1"),
        RewriteRule("GUA", "GWA"),
        RewriteRule("GU", "G"),
        RewriteRule("GÜ", "GW"),
        RewriteRule("Ü", "U"),
        RewriteRule("QU?", "K"),
        RewriteRule("H?[UO]([AIE])", "W$1"),
        RewriteRule("Z", "S"),
        RewriteRule("V", "B"),
        RewriteRule("^PS", "S"),
        RewriteRule("PH", "F"),
        RewriteRule("H", ""),
        RewriteRule("Y$", "I"),
        RewriteRule("^XI", "SI"),
        RewriteRule("X", "J"),
        RewriteRule("LL", "Y"),
    ]
}
