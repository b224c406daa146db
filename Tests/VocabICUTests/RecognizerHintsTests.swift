import Foundation
import Testing
import VocabCore
import VocabLocales
import VocabTestSupport

/// Recognizer hints: what goes into a prompt, a phrase list and a lexicon, and how a prompt's tokens are counted.
@Suite("Recognizer hints")
struct RecognizerHintsTests {
    static let data: PhoneData? = try? LocaleDirectory(url: RepositoryPaths.locales).phoneData()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func planner(_ language: String) throws -> RecognizerHints {
        let data = try #require(Self.data)
        return try #require(data.hints(for: language), "Locales/shared/hint-model.txt is missing")
    }

    static func terms(_ texts: [String]) -> [RecognizerHints.Term] { texts.map { RecognizerHints.Term(text: $0) } }

    @Test("A prompt never exceeds its budget, keeps the user's order, and says each term whole")
    func promptBudgetAndOrder() throws {
        let planner = try Self.planner("en")
        let names = ["Siobhan Okonkwo", "Chidi Okonkwo", "Mary Smith", "Xiomara Przybylski", "John Brown",
                     "Ngozi Adeyemi", "Tadhg Ó Súilleabháin"]
        let counter = EstimatedTokenCounter()
        for budget in [5, 12, 30, 223] {
            let plan = planner.plan(Self.terms(names), format: .prompt, budget: budget, counter: counter, explain: true)
            #expect(plan.used <= budget)
            if let prompt = plan.prompt, !prompt.isEmpty {
                #expect(counter.count(" " + prompt) == plan.used, "\(budget): \(prompt)")
            }
            let terms = (plan.prompt ?? "").components(separatedBy: ", ").filter { !$0.isEmpty }
            #expect(terms.allSatisfy(names.contains), "\(terms)")
            // The user's order: what is in is a prefix of the list (nothing after a term that did not fit).
            let choices = try #require(plan.choices)
            #expect(choices.prefix { $0.included }.count == choices.count { $0.included }, "\(budget)")
        }
        let whole = planner.plan(Self.terms(names), format: .prompt, budget: 223, counter: counter, explain: true)
        // Relations each say their family name: Whisper copies names from its prompt whole.
        #expect(whole.prompt?.hasPrefix("Siobhan Okonkwo, Chidi Okonkwo, Mary Smith") == true, "\(whole.prompt ?? "")")
        #expect(whole.choices?.allSatisfy { !$0.reason.isEmpty } == true)
    }

    @Test("A phrase list takes the terms in the user's order until its count is spent, with boosts 5 to 20")
    func phrasesBudget() throws {
        let planner = try Self.planner("fr")
        let names = ["Xavière Przybylska", "Ngozi Adeyemi", "Tadhg Ó Súilleabháin", "Marie Dubois", "Siobhán Okonkwo"]
        let small = planner.plan(Self.terms(names), format: .phrases, budget: 2, counter: EstimatedTokenCounter(), explain: true)
        #expect(small.phrases?.count == 2)
        #expect(small.used == 2)
        let phrases = try #require(small.phrases)
        #expect(phrases.allSatisfy { (5...20).contains($0.boost) })
        let ranks = try #require(small.choices).filter(\.included).map(\.rank)
        #expect(ranks == ranks.sorted())
        let all = planner.plan(Self.terms(names), format: .phrases, budget: 500, counter: EstimatedTokenCounter(), explain: true)
        #expect(all.phrases?.count == names.count)
        #expect(all.considered == names.count && all.included == names.count)
    }

    static func resolver(_ names: [String], language: String) throws -> Resolver {
        let directory = LocaleDirectory(url: RepositoryPaths.locales)
        let code = try VocabICUTestLanguages.code(language)
        let context = try LanguageContext(request: LanguageRequest(code: code, source: .argument("test")), directory: directory)
        return Resolver(index: try VocabularyIndex(terms: names, preparer: context.preparer))
    }

    @Test("The terms nearest to what was heard come first, by words or by sound, from any hypothesis, within the limit")
    func nearestTerms() throws {
        let names = ["Mary Smith", "Chiara Rossi", "John Brown", "Kiera Ross", "Giulia Bianchi", "Marco Neri"]
        let resolver = try Self.resolver(names, language: "it-IT")
        // Italian hears "kiara" as Chiara: the sound finds her first even where no word is spelled alike.
        let near = try resolver.nearestTerms(to: ["kiara rosi"], limit: 10)
        #expect(near.first?.rank == 1, "\(near)")
        #expect(near.contains { $0.rank == 3 }, "Kiera Ross sounds near too: \(near)")
        #expect(!near.contains { $0.rank == 0 || $0.rank == 2 }, "\(near)")
        #expect(zip(near, near.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(try resolver.nearestTerms(to: ["kiara rosi"], limit: 1).count == 1)
        // A second hypothesis adds what it sounds like, and says which hypothesis found it.
        let both = try resolver.nearestTerms(to: ["kiara rosi", "marco neri"], limit: 10)
        let marco = try #require(both.first { $0.rank == 5 })
        #expect(marco.hypothesis == 1 && marco.score > 0.9)
        #expect(try resolver.nearestTerms(to: ["zzzz qqqq"], limit: 10).allSatisfy { $0.score >= Resolver.nearFloor })
    }

    @Test("Heard texts are refused naming the one at fault: no words, a control character, too long, too many")
    func badHeardTexts() throws {
        let resolver = try Self.resolver(["Mary Smith"], language: "en-US")
        func message(_ texts: [String]) -> String? {
            do { _ = try resolver.nearestTerms(to: texts, limit: 5); return nil } catch { return "\(error)" }
        }
        #expect(message(["mary", "  - "]) == "heard text 2 has no words")
        #expect(message(["mary\u{7}"])?.hasPrefix("heard text 1 has the control character U+7") == true)
        #expect(message([String(repeating: "a ", count: 600)])?.hasPrefix("heard text 1 is refused") == true)
        #expect(message(Array(repeating: "mary", count: Resolver.maximumHeard + 1))?.hasPrefix("the heard texts are 12") == true)
    }

    @Test("A second pass's prompt puts the contacts near the first transcript first, within half the budget, then the user's order")
    func nearTermsFirst() throws {
        let planner = try Self.planner("en")
        let names = (1...40).map { "Contact\($0) Person\($0)" } + ["Siobhan Okonkwo", "Chidi Okonkwo"]
        let counter = EstimatedTokenCounter()
        let near = [RecognizerHints.NearTerm(rank: 40, score: 0.9, heard: "shivawn okonkwo"),
                    RecognizerHints.NearTerm(rank: 41, score: 0.7, heard: "shivawn okonkwo")]
        for budget in [8, 20, 60, 223] {
            let plan = planner.plan(Self.terms(names), near: near, format: .prompt, budget: budget, counter: counter, explain: true)
            #expect(plan.used <= budget, "\(budget)")
            let choices = try #require(plan.choices)
            let included = choices.filter(\.included)
            let nearIn = included.prefix { $0.rank >= 40 }
            // The near terms lead, each said once, and take no more than half the budget.
            #expect(included.filter { $0.rank >= 40 }.count == nearIn.count, "\(budget): \(included.map(\.rank))")
            let nearCost = nearIn.enumerated().reduce(0) { sum, item in
                sum + counter.count((item.offset == 0 ? " " : ", ") + item.element.term)
            }
            #expect(nearCost <= budget / 2, "\(budget)")
            #expect(nearIn.allSatisfy { $0.reason.hasPrefix("sounds like what was heard first ('shivawn okonkwo'") })
            // Then the user's order, from the first contact on.
            let rest = included.dropFirst(nearIn.count).map(\.rank)
            #expect(rest == Array(0..<rest.count), "\(budget): \(rest)")
            #expect(Set(included.map(\.rank)).count == included.count)
        }
        let roomy = planner.plan(Self.terms(names), near: near, format: .prompt, budget: 223, counter: counter, explain: false)
        #expect(roomy.prompt?.hasPrefix("Siobhan Okonkwo, Chidi Okonkwo, Contact1 Person1") == true, "\(roomy.prompt ?? "")")
        // Without a first pass, the plan is the user's order as before.
        let plain = planner.plan(Self.terms(names), format: .prompt, budget: 223, counter: counter, explain: false)
        #expect(plain.prompt?.hasPrefix("Contact1 Person1, Contact2 Person2") == true)
        // A near term of a rank the list does not have is ignored.
        let stray = planner.plan(Self.terms(names), near: [.init(rank: 99, score: 1, heard: "x")], format: .phrases,
                                 budget: 3, counter: counter, explain: true)
        #expect(stray.choices?.filter(\.included).map(\.rank) == [0, 1, 2])
    }

    @Test("Words a listener's language reads plainly are riskier when spelled as another language's")
    func riskOrdersWords() throws {
        let risk = try Self.planner("it").risk
        let plain = risk.assess("maria").risk
        let foreign = risk.assess("przybylski").risk
        #expect(foreign > plain, "przybylski \(foreign) vs maria \(plain)")
        #expect(risk.assess("maria").features.count == HintRisk.names.count)
    }

    @Test("A lexicon gives ARPAbet for words the dictionary lacks, with the origin's reading as a variant, and a grammar")
    func lexicon() throws {
        let planner = try Self.planner("en")
        try #require(planner.risk.pronouncer.dictionary != nil, "no pronouncing dictionary (install pocketsphinx-en-us)")
        let dictionary = try #require(planner.risk.pronouncer.dictionary)
        let names = ["Mary Smith", "Siobhán Okonkwo", "Ngozi Adeyemi"]
        let plan = planner.plan(Self.terms(names), format: .lexicon, budget: 100, counter: EstimatedTokenCounter(), explain: false)
        let entries = try #require(plan.lexicon)
        let words = Set(entries.map { $0.word.split(separator: "(").first.map(String.init) ?? $0.word })
        for word in ["mary", "smith", "siobhan", "okonkwo", "ngozi", "adeyemi"] {
            // Exactly the words the dictionary lacks get entries.
            #expect(words.contains(word) == dictionary.pronunciations(of: word).isEmpty, "\(word)")
        }
        #expect(words.contains("okonkwo"))
        #expect(entries.allSatisfy { !$0.phones.isEmpty && $0.phones.allSatisfy { $0.allSatisfy(\.isUppercase) } })
        let grammar = try #require(plan.grammar)
        #expect(grammar.hasPrefix("#JSGF V1.0;"))
        #expect(grammar.contains("mary smith") && grammar.contains("siobhan okonkwo"))
        #expect(plan.keywords?.contains("ngozi adeyemi /1e-20/") == true)
    }

    @Test("ARPAbet: sequences the dictionary writes as one phone are one, others the nearest English phone")
    func arpabet() throws {
        let data = try #require(Self.data)
        let mapping = try #require(data.arpabet)
        let writer = ARPAbetWriter(mapping: mapping, costs: data.costs)
        let inventory = data.costs.inventory
        func phones(_ written: String) throws -> [Phone] { try inventory.read(written, source: "test", line: nil) }
        #expect(writer.write(try phones("m a j k")) == ["M", "AY", "K"])
        let cat = writer.write(try phones("k a | t"))
        #expect(cat == ["K", "AA", "T"] || cat == ["K", "AE", "T"], "\(cat)")
        // French y and ø have no ARPAbet of their own: the nearest by cost stands in.
        for symbol in ["y", "ø", "ʏ"] {
            let written = writer.write(try phones(symbol))
            #expect(written.count == 1 && written.allSatisfy { mapping[$0] != nil }, "\(symbol): \(written)")
        }
    }

    @Test("The estimate counts words by bytes and punctuation marks one each")
    func estimate() {
        let counter = EstimatedTokenCounter()
        #expect(counter.count(" Ana") == 2)       // 4 bytes with the space: ⌈4 / 2.5⌉
        #expect(counter.count(", Ana") == 3)      // the comma, then the word
        #expect(counter.count(" Siobhán") == 4)   // 9 bytes
    }

    @Test("The BPE counter splits text as GPT-2 does and applies merges by rank")
    func bpe() throws {
        #expect(BPETokenCounter.pieces(of: " Anna, bobo's  x") == [" Anna", ",", " bobo", "'s", " ", " x"])
        let counter = try BPETokenCounter(contentsOf: Self.fixtures.appendingPathComponent("tiny-bpe-tokenizer.json").path)
        #expect(counter.count(" anna") == 1)      // Ġ a → Ġa, Ġa n → Ġan, n a → na, Ġan na → Ġanna
        #expect(counter.count(" bobo") == 2)      // Ġ, bobo
        #expect(counter.count(", anna") == 2)     // ",", " anna"
        #expect(counter.count(" é") == 3)         // Ġ and é's two bytes, unmerged
    }

    @Test("A file that is not a BPE tokenizer is refused, naming it")
    func badTokenizer() throws {
        let folder = TemporaryPaths.url("vocab-hints")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let notJSON = folder.appendingPathComponent("a.json")
        try Data("hello".utf8).write(to: notJSON)
        let notBPE = folder.appendingPathComponent("b.json")
        try Data(#"{"model": {"type": "WordPiece"}}"#.utf8).write(to: notBPE)
        #expect(throws: LocaleDataError.self) { try BPETokenCounter(contentsOf: notJSON.path) }
        do { _ = try BPETokenCounter(contentsOf: notBPE.path) } catch let error as LocaleDataError {
            #expect(error.path == notBPE.path)
            #expect(error.message.contains("is not a BPE tokenizer"))
        }
        #expect(throws: LocaleDataError.self) { try BPETokenCounter(contentsOf: folder.appendingPathComponent("none.json").path) }
    }
}
