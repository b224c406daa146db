import Testing
import VocabCore

private func token(_ text: String, keys: [String] = [], role: NameToken.Role = .name) -> MatchToken {
    MatchToken(folded: Array(text.utf8), keys: keys, role: role)
}

@Suite struct TokenSimilarityTests {
    @Test("Edit distance counts insertions, deletions, substitutions and transpositions as one", arguments: [
        ("hendrik", "hendrig", 1), ("kimberly", "kimbery", 1), ("matthieu", "mathieu", 1), ("ab", "ba", 1),
        ("", "abc", 3), ("same", "same", 0), ("carlos", "garlos", 1), ("steven", "stephen", 2),
    ])
    func distance(a: String, b: String, expected: Int) {
        #expect(TokenSimilarity.editDistance(Array(a.utf8), Array(b.utf8)) == expected)
        #expect(TokenSimilarity.editDistance(Array(b.utf8), Array(a.utf8)) == expected)
    }

    @Test("The same spelling scores 1")
    func exact() {
        #expect(TokenSimilarity.score(token("bobo"), token("bobo"), nicknames: NicknameTable()) == (1, .exact))
    }

    @Test("A shared key scores 0.9 plus a tenth of the spelling similarity")
    func phonetic() {
        let (score, reason) = TokenSimilarity.score(token("matieu", keys: ["MT"]), token("matthieu", keys: ["MT"]),
                                                    nicknames: NicknameTable())
        #expect(reason == .phonetic)
        #expect(abs(score - (0.9 + 0.1 * 0.75)) < 1e-9)
    }

    @Test("A shared key between unlike spellings does not count")
    func coarseKeyIgnored() {
        let (_, reason) = TokenSimilarity.score(token("isaiah", keys: ["AS"]), token("joyce", keys: ["AS"]),
                                                nicknames: NicknameTable())
        #expect(reason == .spelling)
    }

    @Test("A nickname matches its formal name, not another nickname of it")
    func nicknames() {
        let table = NicknameTable(groups: [("william", ["bill", "will"])])
        #expect(TokenSimilarity.score(token("bill"), token("william"), nicknames: table).1 == .nickname)
        #expect(TokenSimilarity.score(token("william"), token("bill"), nicknames: table).1 == .nickname)
        #expect(TokenSimilarity.score(token("bill"), token("will"), nicknames: table).1 == .spelling)
    }

    @Test("A lone letter matches the word it initials")
    func initial() {
        #expect(TokenSimilarity.score(token("j"), token("jean"), nicknames: NicknameTable()) == (0.7, .initial))
    }
}
