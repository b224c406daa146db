import Testing
import VocabCore
import VocabTestSupport

private let preparer = TermPreparer.simple()

private func align(_ query: String, _ term: String) throws -> NameAlignment {
    NameAlignment(query: try preparer.forms(of: query)[0].tokens, term: try preparer.forms(of: term)[0].tokens,
                  nicknames: NicknameTable())
}

@Suite struct NameAlignmentTests {
    @Test("Word order does not matter, but keeping it earns a small bonus")
    func reorder() throws {
        let inOrder = try align("matthieu lefevre", "Matthieu Lefèvre")
        let reversed = try align("lefevre matthieu", "Matthieu Lefèvre")
        #expect(abs(inOrder.score - 1.005) < 1e-9)
        #expect(abs(reversed.score - 1.0) < 1e-9)
    }

    @Test("A word said as two, or two said as one, still aligns", arguments: [
        ("agnolo deluca", "Agnolo De Luca"), ("nicole mc daniel", "Nicole McDaniel"),
        ("anneclaire gautier", "Anne-Claire Gautier"), ("jean luc dossantos", "Jean-Luc Dos Santos"),
    ])
    func mergedAndSplit(query: String, term: String) throws {
        let alignment = try align(query, term)
        #expect(alignment.weakestQueryWord == 1, "\(alignment.links)")
        #expect(alignment.termCoverage == 1)
    }

    @Test("A partial name is penalized for what was left unsaid")
    func partial() throws {
        let alignment = try align("bobo", "Bobo le Grand")
        #expect(alignment.termCoverage == 0.5)
        #expect(abs(alignment.score - (1 - NameAlignment.partialPenalty * 0.5)) < 1e-9)
    }

    @Test("An unsaid suffix makes a match partial; an unsaid particle does not")
    func suffixesCount() throws {
        #expect(try align("lili", "Lili Jr.").termCoverage == 0.5)
        #expect(try align("bobo grand", "Bobo le Grand").termCoverage == 1)
    }

    @Test("Part of a hyphenated first name is not the name")
    func compoundPart() throws {
        let alignment = try align("kathrin weiss", "Anne-Kathrin Weiss")
        #expect(alignment.weakestQueryWord == NameAlignment.compoundPartCap)
        #expect(try align("anne kathrin weiss", "Anne-Kathrin Weiss").weakestQueryWord == 1)
    }

    @Test("A query word the term lacks counts as zero")
    func extraWord() throws {
        let alignment = try align("kristine nowak", "Martina Nowak")
        #expect(alignment.weakestQueryWord == 0)
        #expect(alignment.score < 0.6)
    }
}

@Suite struct SingleWordSummaryTests {
    @Test("The one-word summary equals the general alignment's", arguments: [
        ("bobo", "Bobo le Grand"), ("lili", "Lili Jr."), ("kathrin", "Anne-Kathrin Weiss"), ("anne", "Anne-Claire Gautier"),
        ("deluca", "Agnolo De Luca"), ("gertrude", "Bobo le Grand"), ("matthieu", "Matthieu"), ("weiss", "Dr. Karl Weiss"),
    ])
    func matchesGeneral(query: String, term: String) throws {
        let preparer = TermPreparer.simple()
        let q = try preparer.forms(of: query)[0].tokens
        let t = try preparer.forms(of: term)[0].tokens
        let queryUnits = NameAlignment.units(of: q)
        let termUnits = NameAlignment.units(of: t)
        func similarity(_ qi: Int, _ ti: Int) -> (Double, TokenSimilarity.Reason)? {
            let (value, reason) = TokenSimilarity.score(queryUnits[qi], termUnits[ti], nicknames: NicknameTable())
            return value >= NameAlignment.minimumLinkSimilarity ? (value, reason) : nil
        }
        let general = NameAlignment.summary(query: q.map(\.role), term: t.map(\.role),
                                            termJoined: t.map(\.isJoinedToPrevious), similarity: similarity)
        let single = NameAlignment.singleWordSummary(term: t.map(\.role), termJoined: t.map(\.isJoinedToPrevious)) {
            similarity(0, $0)
        }
        #expect(single == general, "'\(query)' vs '\(term)'")
    }
}
