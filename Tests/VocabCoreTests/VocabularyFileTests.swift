import Testing
import VocabCore

private func parse(_ text: String, strict: Bool = false) -> VocabularyFile {
    VocabularyFile(bytes: Array(text.utf8), source: "names.txt", strict: strict)
}

@Suite struct VocabularyFileTests {
    @Test("One term per line, first line first, repeats reported with their first line")
    func order() {
        let file = parse("Bobo\nZoé\nBobo\nZoe\u{301}\n")
        #expect(file.texts == ["Bobo", "Zoé"])
        #expect(file.repeats.map(\.line) == [3, 4])
        #expect(file.repeats.map(\.firstLine) == [1, 2])
        #expect(file.errors.isEmpty)
    }

    @Test("A byte order mark, CRLF line ends and surrounding spaces are tolerated")
    func tolerated() {
        #expect(parse("\u{FEFF}Bobo\r\n  Zoé \r\n").texts == ["Bobo", "Zoé"])
    }

    @Test("Invalid UTF-8 is refused with its line and column")
    func invalidUTF8() {
        var bytes = Array("Bobo\nZoé\n".utf8)
        bytes += [0x41, 0x6E, 0xFF, 0x61, 0x0A]
        let file = VocabularyFile(bytes: bytes, source: "names.txt")
        #expect(file.errors.map(\.description)
            == ["names.txt:3: invalid UTF-8 (byte 0xFF at column 3); expected UTF-8 text"])
    }

    @Test("Each rule refuses a term with its line", arguments: [
        ("Bobo\n\nZoé\n", "names.txt:2: empty term; expected one term per line"),
        ("Bobo\n   \n", "names.txt:2: empty term; expected one term per line"),
        ("Bo\u{7}bo\n", "names.txt:1: control character U+0007 in the term; expected printable text"),
        ("Bo\u{85}bo\n", "names.txt:1: control character U+0085 in the term; expected printable text"),
        (String(repeating: "é", count: 1_025) + "\n",
         "names.txt:1: term of 1025 UTF-16 code units is longer than the limit of 1024"),
    ])
    func rules(text: String, message: String) {
        #expect(parse(text).errors.map(\.description) == [message])
    }

    @Test("A term of exactly 1,024 UTF-16 code units is accepted; surrogate pairs count twice")
    func lengthLimit() {
        // Words of 63 letters and a space: 16 of them are 1,024 units.
        #expect(parse(String(repeating: String(repeating: "x", count: 63) + " ", count: 16)).errors.isEmpty)
        // 16 words of 30 emoji (60 units each) and 15 spaces are 975 units; a space and 48 letters make 1,024.
        let emoji = Array(repeating: String(repeating: "😀", count: 30), count: 16).joined(separator: " ")
        let exact = emoji + " " + String(repeating: "a", count: 47)
        #expect(exact.utf16.count == 1_024 - 1)
        #expect(parse(exact + "a").errors.isEmpty)
        #expect(parse(exact + "😀").errors.count == 1)
    }

    @Test("A word of 64 characters is accepted, one of 65 refused; spaces and dashes separate words", arguments: [
        (String(repeating: "a", count: 64), nil),
        (String(repeating: "é", count: 64), nil),
        (String(repeating: "a", count: 40) + "-" + String(repeating: "b", count: 40), nil),
        (String(repeating: "a", count: 40) + "\u{2014}" + String(repeating: "b", count: 40), nil),
        ("Jean " + String(repeating: "a", count: 65),
         "names.txt:1: word 'aaaaaaaaaaaaaaaa…' of 65 characters is longer than the limit of 64"),
        (String(repeating: "a", count: 40) + "'" + String(repeating: "b", count: 40),
         "names.txt:1: word 'aaaaaaaaaaaaaaaa…' of 81 characters is longer than the limit of 64"),
    ] as [(String, String?)])
    func wordLimit(text: String, message: String?) {
        #expect(parse(text + "\n").errors.map(\.description) == (message.map { [$0] } ?? []))
    }

    @Test("Phone numbers and e-mail addresses are warned about, refused when strict", arguments: [
        ("+33 6 12 34 56 78", "a phone number"),
        ("(555) 123-4567", "a phone number"),
        ("bobo@example.com", "an e-mail address"),
    ])
    func contactDetails(term: String, kind: String) {
        let lenient = parse("Bobo\n\(term)\n")
        #expect(lenient.texts == ["Bobo", term])
        #expect(lenient.warnings.map(\.description) == ["names.txt:2: '\(term)' looks like \(kind); vocabulary is "
            + "for words a stranger would misunderstand, never contact details (refused with --strict)"])
        let strict = parse("Bobo\n\(term)\n", strict: true)
        #expect(strict.errors.count == 1)
        #expect(strict.texts == ["Bobo"])
    }

    @Test("Names with digits or an @ in them are not contact details", arguments: ["R2D2", "Agent 007", "Bob @ work", "@bobo", "Louis 14"])
    func notContactDetails(term: String) {
        #expect(VocabularyFile.contactDetailKind(of: term) == nil)
    }

    @Test("The control characters every entry refuses are exactly Unicode's general category Cc")
    func controlCharactersAreCc() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isControl = TextLimits.firstControlCharacter(in: String(Character(scalar))) != nil
            if isControl != (scalar.properties.generalCategory == .control) { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty)
        #expect(TextLimits.firstControlCharacter(in: "Bo\u{85}b\u{7}o") == "\u{85}")
        #expect(TextLimits.firstControlCharacter(in: "Zoé\u{A0}Bobo") == nil)
    }

    @Test("A text has words unless every character is white space or a dash, read by characters or by ASCII bytes alike")
    func wordsAreCharactersOtherThanSeparators() {
        // The definition, character by character: white space, or a lone dash (general category Pd).
        func hasWord(_ text: String) -> Bool {
            text.contains { character in
                let scalars = character.unicodeScalars
                let isDash = scalars.count == 1 && scalars.first!.properties.generalCategory == .dashPunctuation
                return !(character.isWhitespace || isDash)
            }
        }
        // Every pair of ASCII characters, then texts where an ASCII separator meets what follows it.
        var texts: [String] = []
        for first in UInt8(0)...0x7F {
            for second in UInt8(0)...0x7F { texts.append(String(decoding: [first, second], as: UTF8.self)) }
        }
        texts += ["", " ", " - ", "\r\n", "-\u{301}", " \u{301}", "\u{2014}", " \u{2013} ", "\u{A0}", "\u{A0}x",
                  " Zoé.", "—Bobo", "\u{3000}", "\u{600}-", "- \u{1F600}"]
        let disagreements = texts.filter { (Hypothesis.textProblem($0) != "has no words") != hasWord($0) }
        #expect(disagreements.isEmpty)
        #expect(Hypothesis.textProblem(" - \u{2014} ") == "has no words")
        #expect(Hypothesis.textProblem(" Bobo.") == nil)
    }

    @Test("Every error is reported, not only the first")
    func allErrors() {
        #expect(parse("\nBobo\n\n").errors.map(\.location) == ["names.txt:1", "names.txt:3"])
    }
}
