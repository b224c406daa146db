import Testing
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
    }
}
