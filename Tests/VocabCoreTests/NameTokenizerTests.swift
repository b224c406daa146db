import Testing
import VocabCore

/// Segments as an ICU word breaker finds them, built by hand: split on spaces, hyphens and periods.
private func segments(of faithful: String) -> [NameTokenizer.Segment] {
    var result: [NameTokenizer.Segment] = []
    var word = ""
    var separator = ""
    for character in faithful + " " {
        if character == " " || character == "-" || character == "." {
            if !word.isEmpty {
                result.append(.init(text: word, precedingSeparator: result.isEmpty ? "" : separator, folded: word))
                word = ""
                separator = ""
            }
            separator.append(character)
        } else {
            word.append(character)
        }
    }
    return result
}

private func tokens(_ text: String, rules: NormalizationRules) -> [NameToken] {
    let faithful = text.lowercased()
    let profile = LocaleProfile(language: .fallback, dataLocale: .fallback, rules: rules) { $0.lowercased() }
    return NameTokenizer.tokens(segments: segments(of: faithful), original: text, profile: profile)
}

@Suite struct NameTokenizerTests {
    let english = NormalizationRules(particles: ["van", "de", "la"], honorifics: ["dr", "mr"], suffixes: ["jr", "iii"],
                                     joinedPrefixes: ["mc"], capitalizedPrefixes: ["mac"])

    @Test("Honorifics lead, suffixes trail, and a hyphen joins two words")
    func roles() {
        let result = tokens("Dr. Jean-Luc O'Connor Jr.", rules: english)
        #expect(result.map(\.text) == ["dr", "jean", "luc", "o'connor", "jr"])
        #expect(result.map(\.role) == [.honorific, .name, .name, .name, .suffix])
        #expect(result.map(\.isJoinedToPrevious) == [false, false, true, false, false])
    }

    @Test("An apostrophe splits a token into parts and leaves the folded form whole")
    func apostropheParts() {
        let token = tokens("O'Connor", rules: english)[0]
        #expect(token.folded == "oconnor")
        #expect(token.parts == ["o", "connor"])
    }

    @Test("Mc splits always, Mac only before a capital", arguments: [
        ("McDonald", ["mc", "donald"]),
        ("Mcdonald", ["mc", "donald"]),
        ("MacDonald", ["mac", "donald"]),
        ("Machado", []),
        ("Mack", []),
        ("Mcgee", ["mc", "gee"]),
    ])
    func prefixes(name: String, parts: [String]) {
        #expect(tokens(name, rules: english)[0].parts == parts)
    }

    @Test("A particle needs a name word after it")
    func particles() {
        #expect(tokens("Bobo de la Fuente", rules: english).map(\.role) == [.name, .particle, .particle, .name])
        #expect(tokens("Vincent van Gogh", rules: english).map(\.role) == [.name, .particle, .name])
        #expect(tokens("Marie de", rules: english).map(\.role) == [.name, .name])
    }

    @Test("A name made only of list words keeps a name word")
    func neverAllRoles() {
        #expect(tokens("Dr", rules: english).map(\.role) == [.name])
        #expect(tokens("Jr", rules: english).map(\.role) == [.name])
        #expect(tokens("Dr Jr", rules: english).map(\.role) == [.honorific, .name])
    }

    @Test("Digits alone are a number; inside a word they are not")
    func numbers() {
        #expect(tokens("Agent 007", rules: english).map(\.role) == [.name, .number])
        #expect(tokens("R2D2", rules: english).map(\.role) == [.name])
    }

    @Test("A non-Latin word is never a list word, even when its reading is one")
    func scriptGuardsRoles() {
        let profile = LocaleProfile(language: .fallback, dataLocale: .fallback,
                                    rules: NormalizationRules(particles: ["li"])) { $0 }
        let result = NameTokenizer.tokens(
            segments: [.init(text: "李", folded: "li", isLatinScript: false),
                       .init(text: "小龙", precedingSeparator: " ", folded: "xiao long", isLatinScript: false)],
            original: "李 小龙", profile: profile)
        #expect(result.map(\.role) == [.name, .name])
        #expect(result[1].parts == ["xiao", "long"])
        #expect(result[1].folded == "xiaolong")
    }
}
