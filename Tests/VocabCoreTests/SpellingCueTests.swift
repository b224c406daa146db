import Testing
@testable import VocabCore

/// What the index build reads off a word's spelling before any rule: the origins its cues point to, its script's
/// reader, and its apostrophes. Each has a shortcut for the common case (no cue, Latin letters, no apostrophe);
/// these cases pin the answers on both sides of it.
@Suite struct SpellingCueTests {
    @Test("Origins are ranked by how many of a name's cues point to them, the first cued first among equals",
          arguments: [
              ([["it"], ["es", "it"], ["es"]], ["it", "es"]),  // two votes each: the first cued first
              ([["de"], ["fr"], ["fr"]], ["fr", "de"]),  // more votes first, whatever the order cued
              ([["pl"], [], ["de", "pl"], ["de"], ["de"]], ["de", "pl"]),
              ([[], ["pt"], []], ["pt"]),
              ([["es", "pt", "it"]], ["es", "pt", "it"]),
              ([["a"], ["b"], ["c"], ["c"], ["b"], ["c"]], ["c", "b", "a"]),
              ([[], []], []),
              ([], []),
          ])
    func rankedOrigins(cued: [[String]], expected: [String]) {
        #expect(OriginCues.ranked(cued) == expected)
    }

    @Test("Only a Cyrillic or Greek letter gives a word its script's reader", arguments: [
        ("smith", nil), ("müller", nil), ("łukasz", nil), ("nguyễn", nil), ("o'brien", nil), ("zoë–ann", nil),
        ("нина", "ru"), ("αναστασία", "el"), ("ἀλέξανδρος", "el"), ("anna-мария", "ru"), ("", nil),
    ] as [(String, String?)])
    func scriptReader(word: String, expected: String?) {
        #expect(Pronouncer.scriptReader(of: word) == expected)
    }

    @Test("Apostrophes go, other punctuation and letters of the same leading bytes stay", arguments: [
        ("o'connor", "oconnor"), ("d\u{2019}angelo", "dangelo"), ("ha\u{02BC}ole", "haole"),
        ("l'été", "lété"), ("zoë–ann", "zoë–ann"), ("ʀose", "ʀose"), ("smith", "smith"), ("", ""),
        ("a very long name without any apostrophe at all", "a very long name without any apostrophe at all"),
    ])
    func apostrophes(text: String, expected: String) {
        #expect(text.replacingApostrophes() == expected)
    }

    @Test("A word is lowered only when it has a capital; lowered, it reads as Foundation lowers it", arguments: [
        ("smith", "smith"), ("Smith", "smith"), ("MCDONALD", "mcdonald"), ("ÉLODIE", "élodie"), ("müller", "müller"),
        ("Ødegaard", "ødegaard"), ("o'brien-2", "o'brien-2"), ("", ""),
    ])
    func lowered(word: String, expected: String) {
        #expect(word.lowercasedWhenNeeded() == expected)
        #expect(word.lowercasedWhenNeeded() == word.lowercased())
    }
}
