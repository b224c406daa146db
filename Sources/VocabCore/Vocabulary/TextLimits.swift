/// The longest term, word and query the engine accepts, checked at every entry: vocabulary files, JSON
/// vocabularies, stored sets, evaluation sets, app-vocabulary phrases and hints, and queries.
///
/// Why bounds: fuzzy look-ups cost more with every letter of a word (a word's deletion neighbourhood has
/// one variant per letter, a two-edit one a variant per pair of letters), and an alignment compares each
/// query word with each term word. Unbounded input let one 5,000-letter word take two minutes and a
/// 100,000-letter term ask for 40 GB. Below the bounds every step is linear or near-linear in a word's
/// length (see ``WordTable``), and the matcher also caps what it indexes, so data stored before these
/// bounds existed stays cheap.
///
/// - **Term**: 1,024 UTF-16 code units (Apple's APIs count in UTF-16; the longest names and app phrases
///   are far shorter).
/// - **Word**: 64 characters, a word being a run of characters between white space or dashes. The longest
///   name words in use are about 35 letters (Wolfeschlegelsteinhausenbergerdorff); the Welsh village name
///   Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, 58, is the longest place name in common use.
/// - **Query**: the same bounds as a term: what a recognizer wrote for a name.
public enum TextLimits {
    /// The longest term, in UTF-16 code units.
    public static let maximumTermLength = 1_024
    /// The longest word of a term or query, in characters (extended grapheme clusters).
    public static let maximumWordLength = 64

    /// What refuses a term or query by length, in the words of an error message, or `nil` when it is within
    /// the bounds.
    ///
    /// - Parameter text: The term or query.
    /// - Returns: `"term of 2000 UTF-16 code units is longer than the limit of 1024"`, or `"word 'aaaa…' of 70
    ///   characters is longer than the limit of 64"`, or `nil`.
    /// - Complexity: O(*n*) in the text's length.
    public static func lengthProblem(with text: String, noun: String = "term") -> String? {
        let length = text.utf16.count
        if length > maximumTermLength {
            return "\(noun) of \(length) UTF-16 code units is longer than the limit of \(maximumTermLength)"
        }
        // A word over the bound needs more bytes than the bound: most texts skip the character walk.
        guard text.utf8.count > maximumWordLength else { return nil }
        if let long = longestWord(in: text), long.count > maximumWordLength {
            return "word '\(long.prefix(16))…' of \(long.count) characters is longer than the limit of "
                + "\(maximumWordLength)"
        }
        return nil
    }

    /// The longest run of characters between white space and dashes, or `nil` for a text without one.
    static func longestWord(in text: String) -> Substring? {
        var longest: Substring?
        for word in text.split(whereSeparator: isWordSeparator) where word.count > (longest?.count ?? 0) {
            longest = word
        }
        return longest
    }

    /// Whether a text holds a word: a character that is neither white space nor a dash.
    static func hasWord(in text: String) -> Bool {
        // ASCII read byte by byte: a character holding an ASCII byte other than white space (U+0009–U+000D,
        // U+0020) or the hyphen-minus is no separator, whatever follows it. The first other byte sends the
        // text to the walk by characters, which is what the answer is defined by. (Recognizers write ASCII
        // mostly; the walk cost about 1,400 instructions a text by callgrind.)
        for byte in text.utf8 {
            switch byte {
            case 0x09...0x0D, 0x20, UInt8(ascii: "-"): continue
            case 0x80...: return text.contains { !isWordSeparator($0) }
            default: return true
            }
        }
        return false
    }

    /// The first control character of a text (general category Cc: exactly U+0000–U+001F and U+007F–U+009F,
    /// tested by range rather than by Unicode property look-up), or `nil`: what every entry refuses in names,
    /// identifiers, queries and alternatives.
    public static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// White space and dash punctuation (hyphen-minus, the Unicode dashes) separate words.
    static func isWordSeparator(_ character: Character) -> Bool {
        if character.isWhitespace { return true }
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return scalar.properties.generalCategory == .dashPunctuation
    }
}
