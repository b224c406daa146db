import Foundation

/// FONEM (Gérard Bouchard, Patrick Brard, Yolande Lavoie, "FONEM : un code de transcription phonétique
/// pour la reconstitution automatique des familles saguenayennes", Population 36(6), 1981), the French
/// surname code, with the rule order and the two disambiguations of talisman's `phonetics/french/fonem`,
/// whose test table (`../shared/vectors/fonem.fr.tsv`) this implementation reproduces.
///
/// Rules are named as in the paper: `V-` for vowels and nasals, `C-` for consonants.
public struct FONEM: PhoneticEncoder {
    public var name: String { "fonem" }

    /// Creates an encoder.
    public init() {}

    public func keys(for word: String) -> [String] {
        let code = encode(word)
        return code.isEmpty ? [] : [code]
    }

    /// The code of a name. As in the reference implementation, only the first character outside A–Z is
    /// removed before the rules run (so `SAINT-AMAND` is read as `SAINTAMAND`).
    public func encode(_ name: String) -> String {
        var code = Self.deburred(name).uppercased()
        if let index = code.firstIndex(where: { !("A"..."Z").contains($0) }) { code.remove(at: index) }
        code = Self.orderedRules.apply(to: code)
        return code.replacingOccurrences(of: "G§", with: "GA").replacingOccurrences(of: "M§", with: "MAC")
    }

    /// Latin letters without their marks, the way lodash's `deburr` reads them (`Æ` → `Ae`, `ß` → `ss`).
    static func deburred(_ text: String) -> String {
        var result = ""
        for character in text {
            // A one-byte character (ASCII, not "\r\n") has no marks to take off.
            if character.utf8.count == 1 {
                result.append(character)
                continue
            }
            switch character {
            case "Æ": result += "Ae"
            case "æ": result += "ae"
            case "Œ": result += "Oe"
            case "œ": result += "oe"
            case "ß": result += "ss"
            case "Ø": result += "O"
            case "ø": result += "o"
            default:
                let base = character.unicodeScalars.first.map { scalar in
                    String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first.map(Character.init)
                } ?? nil
                result.append(base ?? character)
            }
        }
        return result
    }

    private static let vowels = "AEIOUY"
    private static let vowel = "[AEIOUY]"
    private static let consonant = "[^AEIOUY]"

    private static let rule: [String: RewriteRule] = [
        // Vowels and vowel clusters
        "V-1": RewriteRule("E?AU", "O", needs: "U"),
        "V-2": RewriteRule("(?:E?AU|O)LT$", "O", global: false, needs: "T"),
        "V-3": RewriteRule("E?AUT$", "O", global: false, needs: "T"),
        "V-4": RewriteRule("E?AUX$", "O", global: false, needs: "X"),
        "V-5": RewriteRule("(?:E?AU|O)LX$", "O", global: false, needs: "X"),
        "V-6": RewriteRule("E?AUL?D$", "O", global: false, needs: "D"),
        "V-7": RewriteRule("([^G])AY$", "$1E", global: false, needs: "Y"),
        "V-8": RewriteRule("EUX$", "EU", global: false, needs: "X"),
        "V-9": RewriteRule("EY(?=$|\(consonant))", "E", needs: "Y"),
        "V-10": RewriteRule("(^|\(consonant))Y|Y(\(consonant)|$)", "$1I$2", needs: "Y"),
        "V-11": RewriteRule("(\(vowel))I(?=\(vowel))", "$1Y", needs: "I"),
        "V-12": RewriteRule("(\(vowel))ILL", "$1Y", needs: "L"),
        "V-13": RewriteRule("OU(?=I(?!LL)|[AEOU])", "W", needs: "U"),
        "V-14": RewriteRule("(\(vowel))\\1", "$1"),
        // Nasals
        "V-15": RewriteRule("[AE]M(?=[^\(vowels)N](?!$))", "EN", needs: "M"),
        "V-16": RewriteRule("OM(?=[^\(vowels)N])", "ON", needs: "M"),
        "V-17": RewriteRule("AN(?=\(consonant))", "EN", needs: "N"),
        "V-18": RewriteRule("(?:AIM|AIN|EIN)(?=\(consonant)|$)", "IN", needs: "I"),
        "V-19": RewriteRule("(?:BORNE?|BOURNE?|BURNE)$", "BURN", global: false, needs: "B"),
        "V-20": RewriteRule("(?:^IM|IM(?=\(consonant)))(?=[^\(vowels)N])", "IN", needs: "M"),
        // Consonants and consonant clusters
        "C-1": RewriteRule("BV", "V", needs: "V"),
        "C-2": RewriteRule("(\(vowel))C(?=[EIY])", "$1SS", needs: "C"),
        "C-3": RewriteRule("([^CX])C(?=[EIY])", "$1S", needs: "C"),
        "C-4": RewriteRule("^C(?=[EIY])", "S", global: false, needs: "C"),
        "C-5": RewriteRule("^C(?=[AOU])", "K", global: false, needs: "C"),
        "C-6": RewriteRule("(\(vowel))C$", "$1K", needs: "C"),
        "C-7": RewriteRule("C(?=[^\(vowels)CH])", "K", needs: "C"),
        "C-8": RewriteRule("CC(?=[AOU])", "K", needs: "C"),
        "C-9": RewriteRule("CC(?=[EIY])", "X", needs: "C"),
        "C-10": RewriteRule("G(?=[EIY])", "J", needs: "G"),
        // The paper is inconsistent about GA before M/N and about MAC; the reference marks them with §.
        "C-11": RewriteRule("GA(?=I?[MN])", "G§", needs: "G"),
        "C-12": RewriteRule("(?:GEO|GEAU)", "JO", needs: "G"),
        "C-13": RewriteRule("GNI(?=\(vowel))", "GN", needs: "G"),
        "C-14": RewriteRule("(^|[^CPS])H", "$1", needs: "H"),
        "C-15": RewriteRule("JEA", "JA", needs: "J"),
        "C-16": RewriteRule("^MAC(?=\(consonant))", "M§", needs: "M"),
        "C-17": RewriteRule("^MC", "M§", global: false, needs: "M"),
        "C-18": RewriteRule("PH", "F", needs: "H"),
        "C-19": RewriteRule("QU", "K", needs: "Q"),
        "C-20": RewriteRule("^SC(?=[EIY])", "S", global: false, needs: "C"),
        "C-21": RewriteRule("(.)SC(?=[EIY])", "$1SS", needs: "C"),
        "C-22": RewriteRule("(.)SC(?=[AOU])", "$1SK", needs: "C"),
        "C-23": RewriteRule("SH", "CH", needs: "H"),
        "C-24": RewriteRule("TIA$", "SSIA", global: false, needs: "T"),
        "C-25": RewriteRule("([AIOUY])W", "$1", needs: "W"),
        "C-26": RewriteRule("X[CSZ]", "X", needs: "X"),
        "C-27": RewriteRule("(?:Z(?=\(vowel))|(\(consonant))Z(?=\(consonant)))", "$1S", needs: "Z"),
        "C-28": RewriteRule(
            "(?:([^\(vowels)CLS])\\1|(C)C(?!\(vowel))|(\(consonant)S)S|(.S)S(?!\(vowel))|([^I]L)L)", "$1$2$3$4$5"),
        "C-28-bis": RewriteRule("ILE$", "ILLE", global: false, needs: "L"),
        "C-29": RewriteRule("(?:(ILS)|([CS]H)|([MN]P)|(R[CFKLNSX])|(\(consonant))\(consonant))$", "$1$2$3$4$5"),
        "C-30": RewriteRule("^(?:SINT?|SAINT?|SEIN|SEIM|CINQ?)", "ST-", global: false, needs: "I"),
        "C-31": RewriteRule("^SAINTE", "STE-", global: false, needs: "T"),
        "C-32": RewriteRule("^ST(?!E)", "ST-", global: false, needs: "T"),
        "C-33": RewriteRule("^STE", "STE-", global: false, needs: "T"),
    ]

    static let orderedRules: [RewriteRule] = [
        "V-14", "C-28", "C-28-bis",
        "C-12", "C-9", "C-10", "C-16", "C-17", "C-20", "C-2", "C-3", "C-7",
        "V-2", "V-3", "V-4", "V-5", "V-6", "V-1",
        "C-14", "C-11",
        "C-33", "C-32", "C-31", "C-30",
        "V-15", "V-17", "V-18",
        "V-7", "V-8", "V-9", "V-10", "V-11", "V-12", "V-13", "V-16", "V-19", "V-20",
        "C-1", "C-4", "C-5", "C-6", "C-8", "C-13", "C-15", "C-18",
        "C-19", "C-21", "C-22", "C-23", "C-24", "C-25", "C-26", "C-27",
        "C-29",
        "V-14", "C-28", "C-28-bis",
    ].map { rule[$0]! }
}
