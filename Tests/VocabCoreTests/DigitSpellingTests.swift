import Testing
import VocabTestSupport
import VocabCore

/// A speller for tests: English words for 0...20, digits otherwise.
private func spell(_ value: Int64) -> String {
    let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
    return value < words.count ? words[Int(value)] : "n\(value)"
}

@Suite struct DigitSpellingTests {
    @Test("Digit runs become words, letters stay", arguments: [
        ("r2d2", "r two d two"),
        ("agent 12", "agent twelve"),
        ("007", "zero zero seven"),
        ("1234567890", "one two three four five six seven eight nine zero"),
        ("a1b", "a one b"),
        ("٣", "three"),
    ])
    func spells(text: String, expected: String) {
        #expect(DigitSpelling.spellOut(text, spell: spell) == expected)
    }

    @Test("A text without digits has no spelled-out form")
    func noDigits() {
        #expect(DigitSpelling.spellOut("bobo", spell: spell) == nil)
    }

    @Test("Soft hyphens and zero-width spaces from spellout rules are removed")
    func invisibleSeparators() {
        let spelled = DigitSpelling.spellOut("x 21") { _ in "ein\u{AD}und\u{200B}zwanzig" }
        #expect(spelled == "x einundzwanzig")
    }

    @Test("White space collapses to single spaces")
    func collapse() {
        #expect("  jean \t luc\n".collapsingWhitespace() == "jean luc")
        #expect(" zoë\u{A0}\u{2003}ørsted ".collapsingWhitespace() == "zoë ørsted")
    }

    @Test("ASCII text collapses byte by byte exactly as by Character white space")
    func asciiCollapseMatchesCharacters() {
        var generator = SplitMix64(seed: 11)
        // Every ASCII white space, the separators Unicode does not count as white space, and letters.
        let alphabet: [UInt8] = Array(0x09...0x0D) + [0x20, 0x1C, 0x1D, 0x1E, 0x1F, 0x00, 0x7F, 0x61, 0x62, 0x2D]
        for _ in 0..<2_000 {
            let bytes = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            let reference = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(text.collapsingWhitespace() == reference, "\(bytes)")
        }
    }
}
