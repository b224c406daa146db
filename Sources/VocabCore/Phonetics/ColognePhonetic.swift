/// Kölner Phonetik (Hans Joachim Postel, "Die Kölner Phonetik", IBM-Nachrichten 19, 1969): a German
/// phonetic code of digits, in the one-pass form of Apache Commons Codec's `ColognePhonetic`, whose test
/// table (`../shared/vectors/cologne-phonetic.tsv`) this implementation reproduces.
///
/// "Karl" and "Carl" both give `475`; "Reiner" and "Rainer" both `767`; "Meier", "Maier", "Meyer" `67`.
public struct ColognePhonetic: PhoneticEncoder {
    public var name: String { "koelner-phonetik" }

    /// Creates an encoder.
    public init() {}

    public func keys(for word: String) -> [String] {
        let code = encode(word)
        return code.isEmpty ? [] : [code]
    }

    /// The code of a word: umlauts read as their base vowel, `ß` as `ss`, other characters skipped.
    public func encode(_ word: String) -> String {
        var letters: [UInt8] = []
        for character in word.uppercased() {
            switch character {
            case "Ä": letters.append(UInt8(ascii: "A"))
            case "Ö": letters.append(UInt8(ascii: "O"))
            case "Ü": letters.append(UInt8(ascii: "U"))
            default:
                if let ascii = character.asciiValue, (65...90).contains(ascii) { letters.append(ascii) }
            }
        }
        var output: [UInt8] = []
        var lastCode: UInt8 = UInt8(ascii: "/")  // no code yet
        var lastLetter: UInt8 = 0
        func put(_ code: UInt8) {
            // `H` and vowels after the first code are transparent: they neither appear nor separate two equal
            // codes, so "Celsius" is 858 and "Eberhard" 0172 (as in the reference table). A code equal to the
            // previous one is dropped.
            if code == UInt8(ascii: "-") { return }
            if code == UInt8(ascii: "0") {
                if output.isEmpty {
                    output.append(code)
                    lastCode = code
                }
                return
            }
            if code != lastCode { output.append(code) }
            lastCode = code
        }
        for (index, letter) in letters.enumerated() {
            let next: UInt8 = index + 1 < letters.count ? letters[index + 1] : 0
            switch Character(Unicode.Scalar(letter)) {
            case "A", "E", "I", "J", "O", "U", "Y": put(UInt8(ascii: "0"))
            case "B": put(UInt8(ascii: "1"))
            case "P": put(next == UInt8(ascii: "H") ? UInt8(ascii: "3") : UInt8(ascii: "1"))
            case "D", "T": put(Self.isOneOf(next, "CSZ") ? UInt8(ascii: "8") : UInt8(ascii: "2"))
            case "F", "V", "W": put(UInt8(ascii: "3"))
            case "G", "K", "Q": put(UInt8(ascii: "4"))
            case "X":
                if Self.isOneOf(lastLetter, "CKQ") {
                    put(UInt8(ascii: "8"))
                } else {
                    put(UInt8(ascii: "4"))
                    put(UInt8(ascii: "8"))
                }
            case "S", "Z": put(UInt8(ascii: "8"))
            case "C":
                if output.isEmpty {
                    put(Self.isOneOf(next, "AHKLOQRUX") ? UInt8(ascii: "4") : UInt8(ascii: "8"))
                } else {
                    put(Self.isOneOf(lastLetter, "SZ") || !Self.isOneOf(next, "AHKOQUX") ? UInt8(ascii: "8") : UInt8(ascii: "4"))
                }
            case "R": put(UInt8(ascii: "7"))
            case "L": put(UInt8(ascii: "5"))
            case "M", "N": put(UInt8(ascii: "6"))
            case "H": put(UInt8(ascii: "-"))
            default: break
            }
            lastLetter = letter
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isOneOf(_ letter: UInt8, _ set: StaticString) -> Bool {
        set.withUTF8Buffer { $0.contains(letter) }
    }
}
