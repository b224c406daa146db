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

    @Test("The bit-vector distance equals the table's on every pair of short words over a small alphabet, and on long ones")
    func bitVectorMatchesTable() {
        // Every word of up to four letters over {a, b, c} against every other: transpositions, repeats and
        // empty words all occur.
        var words: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 1...4 {
            frontier = frontier.flatMap { word in [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "c")].map { word + [$0] } }
            words += frontier
        }
        var mismatches = 0
        for a in words {
            for b in words where TokenSimilarity.editDistance(a, b) != TokenSimilarity.editDistanceByTable(a, b) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // Pseudo-random words of 1 to 70 bytes (past 64 the table answers), from a fixed seed.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let a = (0..<(1 + next(70))).map { _ in UInt8(97 + next(4)) }
            let b = (0..<(1 + next(70))).map { _ in UInt8(97 + next(4)) }
            #expect(TokenSimilarity.editDistance(a, b) == TokenSimilarity.editDistanceByTable(a, b))
        }
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
