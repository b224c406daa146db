import Testing
import VocabCore
import VocabTestSupport

private func resolver(_ terms: [String], nicknames: NicknameTable = NicknameTable()) throws -> Resolver {
    Resolver(index: try VocabularyIndex(terms: terms, preparer: .simple(nicknames: nicknames)))
}

@Suite struct ResolverTests {
    let contacts = ["Bobo le Grand", "Matthieu Lefevre", "Bobo Jr.", "Petit Bobo", "Zoe Martin"]

    @Test("One clear winner is a success")
    func success() throws {
        let result = try resolver(contacts).resolve("matthieu lefevre")
        #expect(result.resolution.name == "success")
        #expect(result.resolution.candidates.map(\.term) == ["Matthieu Lefevre"])
    }

    @Test("Bobo is any of three: the user must choose, in registration order")
    func disambiguation() throws {
        let result = try resolver(contacts).resolve("bobo")
        #expect(result.resolution.name == "disambiguation")
        #expect(result.resolution.candidates.map(\.term) == ["Bobo le Grand", "Bobo Jr.", "Petit Bobo"])
    }

    @Test("Nothing said needs a value; nothing close is unsupported")
    func emptyAndAbsent() throws {
        #expect(try resolver(contacts).resolve("   ").resolution == .needsValue)
        #expect(try resolver(contacts).resolve("gertrude").resolution == .unsupported)
        #expect(try resolver([]).resolve("bobo").resolution == .unsupported)
    }

    @Test("More than ten near-equal candidates offer the ten best, flagged as truncated")
    func truncated() throws {
        let many = (1...14).map { "Sam Person\($0)" }
        let resolution = try resolver(many).resolve("sam").resolution
        guard case .disambiguation(let options, let truncated) = resolution else {
            Issue.record("expected disambiguation, got \(resolution.name)")
            return
        }
        #expect(options.count == 10)
        #expect(truncated)
        #expect(options.first?.term == "Sam Person1")
    }

    @Test("A doubtful lone candidate asks for confirmation")
    func confirmation() throws {
        // Two consonants off in the first name ("rokerdo" for "roberto", similarity 0.71): plausible, but
        // not enough to message someone without asking.
        let resolution = try resolver(["Roberto Gomez", "Zoe Martin"]).resolve("rokerdo gomez").resolution
        #expect(resolution.name == "confirmationRequired")
        #expect(resolution.candidates.map(\.term) == ["Roberto Gomez"])
    }

    @Test("Two words said as one, even with a slip, still resolve", arguments: ["jonassmith", "jonasxsmith", "jonsmith"])
    func mergedWords(query: String) throws {
        let result = try resolver(["Jonas Smith", "Jonas Weber", "Anna Smith"]).resolve(query)
        #expect(result.resolution.candidates.map(\.term) == ["Jonas Smith"], "\(result.resolution.name)")
    }

    @Test("Terms stored before the word limit (1,024 letters in one word) index and resolve at bounded cost")
    func legacyLongWords() throws {
        // Before the bounds, twenty such terms took 30 s and 437 MB per resolve (two-deletion neighbourhoods).
        var generator = SplitMix64(seed: 3)
        let terms = (0..<20).map { _ in String((0..<1_024).map { _ in Character(UnicodeScalar(97 + UInt8(generator.next() % 26))) }) }
        let index = try VocabularyIndex(terms: terms + ["Bobo"], preparer: .simple())
        #expect(index.wordCount < 40)
        #expect(try Resolver(index: index).resolve("bobo").resolution.candidates.map(\.term) == ["Bobo"])
        #expect(try Resolver(index: index).resolve(String(terms[3].prefix(64))).resolution == .unsupported)
        #expect(throws: VocabularyError.self) { try Resolver(index: index).resolve(terms[3]) }
    }

    @Test("A nickname resolves to the formal name")
    func nickname() throws {
        let table = NicknameTable(groups: [("william", ["bill"])])
        let result = try resolver(["William Turner", "Wilma Stone"], nicknames: table).resolve("bill turner")
        #expect(result.resolution.candidates.map(\.term) == ["William Turner"])
        #expect(result.resolution.name == "success")
    }

    @Test("Resolving through the index decides as a full scan of every term would (reference check)")
    func indexMatchesScan() throws {
        var generator = SplitMix64(seed: 20261121)
        let first = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Ines", "Jonas", "Karl"]
        let last = ["Rossi", "Bauer", "Lefevre", "Santos", "Garcia", "Smith", "Nowak", "Dubois", "Weber", "Costa"]
        let terms = (0..<200).map { _ in
            "\(first[Int(generator.next() % UInt64(first.count))]) \(last[Int(generator.next() % UInt64(last.count))])"
        }
        let index = try VocabularyIndex(terms: Array(Set(terms)).sorted(), preparer: .simple())
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<150 {
            let term = index.terms[Int(generator.next() % UInt64(index.terms.count))].text
            var query = Array(term.lowercased())
            let position = Int(generator.next() % UInt64(query.count))
            switch generator.next() % 5 {
            case 0: query[position] = letters[Int(generator.next() % 26)]
            case 1: query.remove(at: position)
            case 2: query.insert(letters[Int(generator.next() % 26)], at: position)
            case 3: query = Array(query.prefix(while: { $0 != " " }))  // the first name alone
            default: break
            }
            let text = String(query)
            let tokens = try index.preparer.forms(of: text)[0].tokens
            // The slow, obviously correct way: score every term, then apply the same policy.
            var scanned: [Candidate] = []
            for term in index.terms {
                var best: Candidate?
                for form in index.forms(of: term) {
                    let alignment = NameAlignment(query: tokens, term: form.tokens, nicknames: NicknameTable())
                    if best == nil || alignment.score > best!.score {
                        best = Candidate(term: term.text, rank: term.rank, score: alignment.score, alignment: alignment,
                                         reading: form.reading, termTokens: form.tokens)
                    }
                }
                scanned.append(best!)
            }
            scanned.sort { $0.score != $1.score ? $0.score > $1.score : $0.rank < $1.rank }
            let expected = ResolutionPolicy.standard.decide(scanned)
            let actual = try Resolver(index: index).resolve(text).resolution
            #expect(actual.name == expected.name, "'\(text)'")
            #expect(actual.candidates.map(\.term) == expected.candidates.map(\.term), "'\(text)'")
        }
    }
}
