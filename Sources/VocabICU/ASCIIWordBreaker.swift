/// Word segmentation of ASCII text by the rules ICU applies (Unicode UAX #29, "Word Boundaries"), for the
/// normalizer's fast path: names and queries are mostly plain ASCII, and cloning an ICU break iterator
/// per text cost more than the rest of their normalization.
///
/// Restricted to ASCII, the rules are: letters, digits and `_` run together (WB5, WB8–WB10, WB13a/b);
/// a single `'` or `.` between two letters does not break (WB6/7; CLDR's data, which ICU uses, takes `:`
/// out of MidLetter); a single `'`, `.`, `,` or `;` between two digits does not break (WB11/12). Every
/// such run is a word. ICU gives runs of underscores statuses of their own, so the normalizer sends text
/// with `_` to ICU. A randomized test checks the rest against ICU.
enum ASCIIWordBreaker {
    /// Whether the text holds only ASCII and the letters of Latin-1, Latin Extended-A and B (U+00C0–U+024F
    /// but × and ÷): ICU classes those letters as ASCII letters' peers (ALetter, Latin script), so the same
    /// rules apply and no other script needs transliteration.
    static func isPlainLatin(_ units: [UInt16]) -> Bool {
        units.allSatisfy { $0 < 0x80 || ((0xC0...0x24F).contains($0) && $0 != 0xD7 && $0 != 0xF7) }
    }

    /// The word ranges of ASCII bytes.
    static func words(in bytes: [UInt8]) -> [Range<Int>] {
        words(in: bytes.map { UInt16($0) })
    }

    /// The word ranges of plain Latin text (see ``isPlainLatin(_:)``).
    static func words(in bytes: [UInt16]) -> [Range<Int>] {
        func isLetter(_ unit: UInt16) -> Bool {
            (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) || unit >= 0xC0
        }
        func isDigit(_ unit: UInt16) -> Bool { (0x30...0x39).contains(unit) }
        func isWordByte(_ unit: UInt16) -> Bool { isLetter(unit) || isDigit(unit) || unit == 0x5F }
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard isWordByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if isWordByte(byte) {
                    index += 1
                    continue
                }
                // One middle character between two letters, or two digits, does not break the word.
                if index + 1 < bytes.count, index > start {
                    let before = bytes[index - 1]
                    let after = bytes[index + 1]
                    let letterMiddle = (byte == 0x27 || byte == 0x2E) && isLetter(before) && isLetter(after)
                    let digitMiddle = (byte == 0x27 || byte == 0x2E || byte == 0x2C || byte == 0x3B)
                        && isDigit(before) && isDigit(after)
                    if letterMiddle || digitMiddle {
                        index += 1
                        continue
                    }
                }
                break
            }
            ranges.append(start..<index)
        }
        return ranges
    }
}
