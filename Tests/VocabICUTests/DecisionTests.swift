import Foundation
import Testing
@testable import VocabCore
import VocabLocales
import VocabICU
import VocabReports
import VocabTestSupport

/// The calibrated decision and the learned recognizer confusions: the shipped data loads and is validated like
/// the other locale data, and the decision answers, asks and refuses as a listener who knows the recognizer would.
@Suite("Calibrated decision")
struct DecisionTests {
    static let directory = LocaleDirectory(url: RepositoryPaths.locales)
    static let data: PhoneData? = try? directory.phoneData()

    /// Expects each query to be a choice of exactly `terms`.
    static func expectChoice(of queries: [String], offering terms: Set<String>, by resolver: Resolver,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        for query in queries {
            let result = try resolver.resolve(query)
            guard case .disambiguation(let options, _) = result.resolution else {
                Issue.record("'\(query)' gave \(result.resolution.name)", sourceLocation: sourceLocation)
                continue
            }
            #expect(Set(options.map(\.term)) == terms, "'\(query)'", sourceLocation: sourceLocation)
        }
    }

    static func resolver(_ terms: [String], language: String) throws -> Resolver {
        let code = try VocabICUTestLanguages.code(language)
        let context = try LanguageContext(request: LanguageRequest(code: code, source: .argument("test")), directory: directory)
        return Resolver(index: try VocabularyIndex(terms: terms, preparer: context.preparer))
    }

    // MARK: The shipped data

    @Test("The shipped decision and alternatives models and every language's learned confusions load")
    func shippedDataLoads() throws {
        let data = try #require(Self.data)
        let model = try #require(data.decision, "Locales/shared/decision-model.txt is missing")
        #expect(model.offer < model.accept)
        #expect(model.weights.count == CandidateFeatures.names.count)
        let alternatives = try #require(data.alternatives, "Locales/shared/alternatives-model.txt is missing")
        #expect(alternatives.featureNames == AlternativeFeatures.names)
        #expect(alternatives.offer < alternatives.accept)
        for language in ["en", "fr", "de", "it", "es", "pt"] {
            let learned = try #require(data.learnedCosts[language], "no recognizer-confusions.txt for \(language)")
            #expect(learned.learnedFrom?.hasSuffix("recognizer-confusions.txt") == true)
            // Learning changed something: some spoken phone is written as another more cheaply, or dropped.
            let phones = (1..<learned.inventory.count).map { Phone(code: UInt8($0)) }
            let changed = phones.contains { said in
                learned.drop(said) != data.costs.drop(said)
                    || phones.contains { heard in learned.substitution(heard, said) != data.costs.substitution(heard, said) }
            }
            #expect(changed, "\(language): the learned costs equal the feature table")
        }
    }

    @Test("Learned costs are directional: a phone written for another is not the reverse")
    func learnedCostsAreDirectional() throws {
        let data = try #require(Self.data)
        let base = data.costs
        let inventory = base.inventory
        let d = try #require(inventory.phone("d")), ð = try #require(inventory.phone("ð"))
        let learned = try base.applyingConfusions(parsing: "sub d ð 0.05\ndrop h 0.1\nadd ə 0.2\n", source: "x.txt")
        #expect(learned.substitution(ð, d) == 0.05)        // d said, ð heard
        #expect(learned.substitution(d, ð) == base.substitution(d, ð))
        let h = try #require(inventory.phone("h")), ə = try #require(inventory.phone("ə"))
        #expect(learned.drop(h) == 0.1 && learned.addition(h) == base.addition(h))
        #expect(learned.addition(ə) == 0.2 && learned.drop(ə) == base.drop(ə))
        // A phone's weight stays the feature table's, so similarities keep one scale.
        #expect(learned.indel(h) == base.indel(h))
    }

    @Test("A phone a language's names never spell keeps the table's cost as the phone heard (Italian ɛ, written è)")
    func unspelledPhoneKeepsTableCost() throws {
        let data = try #require(Self.data)
        let italian = try #require(data.learnedCosts["it"])
        let e = try #require(data.costs.inventory.phone("e")), ɛ = try #require(data.costs.inventory.phone("ɛ"))
        // e said, ɛ heard: Italian names are not written with è, so the corpus cannot say the ear tells them apart.
        #expect(italian.substitution(ɛ, e) <= data.costs.substitution(ɛ, e))
    }

    @Test("Names an Italian listener hears alike, one spelled with è, are offered together")
    func graveAccentIsAChoice() throws {
        let resolver = try Self.resolver(["Michèle Durand", "Michele Bianchi", "Marco Rossi", "Giulia Conti", "Luca Ferrari"],
                                         language: "it-IT")
        try Self.expectChoice(of: ["michèle", "michele"], offering: ["Michèle Durand", "Michele Bianchi"], by: resolver)
    }

    @Test("A damaged confusions file is refused naming its line", arguments: [
        ("sub d ð 0.1\nsub d q 0.2\n", 2, "unknown phone 'q'"),
        ("drop h 1.5\n", 1, "'1.5' is not a cost between 0 and 1"),
        ("sub d d 0.1\n", 1, "'d' written as itself costs nothing; remove the line"),
        ("add ə 0.2\nadd ə 0.3\n", 2, "'add ə' is given twice"),
        ("# comment\nswap d t 0.1\n", 2, "unknown entry 'swap'; expected sub, drop or add"),
        ("sub d 0.1\n", 1, "expected 'sub SAID HEARD COST'"),
    ])
    func damagedConfusions(text: String, line: Int, message: String) throws {
        let base = try #require(Self.data).costs
        #expect(throws: PhoneDataError(source: "x.txt", line: line, message: message)) {
            _ = try base.applyingConfusions(parsing: text, source: "x.txt")
        }
    }

    static let completeModel = (["bias -1"] + CandidateFeatures.names.map { "weight \($0) 0.5" } + ["accept 0.9", "offer 0.1"])
        .joined(separator: "\n")

    @Test("A complete model file parses; a damaged one is refused naming its line or what is missing")
    func damagedModel() throws {
        let model = try DecisionModel(parsing: Self.completeModel, source: "m.txt")
        #expect(model.accept == 0.9 && model.offer == 0.1 && model.bias == -1 && model.maximumOptions == 10)
        #expect(throws: PhoneDataError(source: "m.txt", line: 2, message: "'x' is not a number")) {
            _ = try DecisionModel(parsing: "bias 1\nweight wordScore x\n", source: "m.txt")
        }
        #expect(throws: PhoneDataError(source: "m.txt", line: 1,
                                       message: "unknown feature 'loudness'; expected one of \(CandidateFeatures.names.joined(separator: ", "))")) {
            _ = try DecisionModel(parsing: "weight loudness 1\n", source: "m.txt")
        }
        #expect(throws: PhoneDataError(source: "m.txt", line: nil, message: "no weight for feature 'gap'")) {
            _ = try DecisionModel(parsing: Self.completeModel.replacingOccurrences(of: "weight gap 0.5\n", with: ""), source: "m.txt")
        }
        #expect(throws: PhoneDataError(source: "m.txt", line: nil, message: "'offer' must not exceed 'accept'")) {
            _ = try DecisionModel(parsing: Self.completeModel.replacingOccurrences(of: "offer 0.1", with: "offer 0.95"), source: "m.txt")
        }
        // A language's own accept point: a bare code, a probability, once, not below the offer point.
        let byLanguage = try DecisionModel(parsing: Self.completeModel + "\naccept-in fr 0.95\naccept-in de 0.5", source: "m.txt")
        #expect(byLanguage.acceptByLanguage == ["fr": 0.95, "de": 0.5])
        #expect(byLanguage.accepting(inLanguage: "fr").accept == 0.95)
        #expect(byLanguage.accepting(inLanguage: "it") == byLanguage)
        #expect(byLanguage.accepting(inLanguage: nil) == byLanguage)
        let modelLines = Self.completeModel.split(separator: "\n").count
        for (entry, message) in [
            ("accept-in fr-FR 0.9", "'fr-FR' is not a bare language code (two or three lowercase letters, such as 'fr')"),
            ("accept-in fr 1.2", "'accept-in fr' must be a probability (0…1)"),
            ("accept-in fr", "expected 'accept-in LANGUAGE P'"),
        ] {
            #expect(throws: PhoneDataError(source: "m.txt", line: modelLines + 1, message: message)) {
                _ = try DecisionModel(parsing: Self.completeModel + "\n" + entry, source: "m.txt")
            }
        }
        #expect(throws: PhoneDataError(source: "m.txt", line: modelLines + 2, message: "'accept-in fr' is given twice")) {
            _ = try DecisionModel(parsing: Self.completeModel + "\naccept-in fr 0.9\naccept-in fr 0.8", source: "m.txt")
        }
        #expect(throws: PhoneDataError(source: "m.txt", line: modelLines + 1, message: "'offer' must not exceed 'accept-in de'")) {
            _ = try DecisionModel(parsing: Self.completeModel + "\naccept-in de 0.05", source: "m.txt")
        }
        let lines = Self.completeModel.split(separator: "\n").count
        #expect(throws: PhoneDataError(source: "m.txt", line: lines + 1, message: "'accept' must be a probability (0…1)")) {
            _ = try DecisionModel(parsing: Self.completeModel.replacingOccurrences(of: "accept 0.9", with: "") + "\naccept 1.5", source: "m.txt")
        }
    }

    @Test("A locales folder with a damaged model is refused naming the file and line", arguments: [
        ("decision-model.txt", "bias 0\nweight wordScore one\n", "line 2"),
        ("alternatives-model.txt", "# weighs alternatives\nbias 0\nweight wordScore 1\n", "line 3: unknown feature 'wordScore'"),
    ])
    func damagedModelInFolder(name: String, text: String, place: String) throws {
        try RepositoryPaths.withLocalesCopy { folder in
            try text.write(to: folder.appendingPathComponent("shared/\(name)"), atomically: true, encoding: .utf8)
            do {
                _ = try LocaleDirectory(url: folder).phoneData()
                Issue.record("a damaged model was accepted")
            } catch let error as LocaleDataError {
                #expect(error.description.contains(name), "\(error)")
                #expect(error.description.contains(place), "\(error)")
            }
        }
    }

    // MARK: The decision as a listener makes it

    static let contacts = [
        "Wellington Cavalcanti", "Mariana Cavalcanti", "Rodrigo Albuquerque", "Fernanda Lima", "Thiago Nogueira",
        "Juliana Barros", "Paulo Henrique Dias", "Camila Rezende", "Gustavo Moreira", "Beatriz Fontes",
        "Renato Siqueira", "Larissa Teixeira", "Eduardo Pacheco", "Vanessa Queiroz", "Leandro Matos",
    ]

    @Test("A clearly heard unique name is answered")
    func clearNameIsAnswered() throws {
        let resolver = try Self.resolver(Self.contacts, language: "pt-BR")
        for query in ["Rodrigo Albuquerque", "thiago nogueira", "Larissa Teixeira."] {
            let result = try resolver.resolve(query)
            guard case .success(let winner) = result.resolution else {
                Issue.record("'\(query)' was not answered: \(result.resolution.name)")
                continue
            }
            #expect(query.lowercased().hasPrefix(winner.term.lowercased().prefix(6)), "'\(query)' → \(winner.term)")
            #expect((winner.probability ?? 0) >= 0.9, "'\(query)': p \(winner.probability ?? -1)")
        }
    }

    @Test("A name heard only in part is asked about, with the right name offered")
    func partHeardNameAsks() throws {
        let resolver = try Self.resolver(Self.contacts, language: "pt-BR")
        // The surname heard well, the first name only in part: two contacts share the surname.
        let result = try resolver.resolve("Wesley Cavalcanti")
        if case .success(let winner) = result.resolution {
            Issue.record("answered \(winner.term) (p \(winner.probability ?? -1)) for a part-heard name")
        }
        #expect(result.resolution.candidates.contains { $0.term == "Wellington Cavalcanti" }, "\(result.resolution)")
    }

    @Test("An absent namesake is not answered")
    func absentNamesakeIsRefused() throws {
        let resolver = try Self.resolver(Self.contacts, language: "pt-BR")
        // Someone else with a listed surname, and someone else with a listed first name.
        for query in ["Antônio Cavalcanti", "Fernanda Guimarães", "Jorge Amado"] {
            let result = try resolver.resolve(query)
            if case .success(let winner) = result.resolution {
                Issue.record("'\(query)' answered \(winner.term) (p \(winner.probability ?? -1))")
            }
        }
    }

    @Test("An explanation shows the words a term found by sound only shares with the query, and changes nothing else")
    func explanationAlignsSoundOnlyWords() throws {
        let resolver = try Self.resolver(Self.contacts, language: "pt-BR")
        // "wesley" meets no word of the list, so the words alone find nothing; the phones find both Cavalcantis.
        let result = try resolver.resolve("Wesley Cavalcanti")
        let explained = resolver.explainingWords(result)
        let found = try #require(explained.ranked.first { $0.term == "Wellington Cavalcanti" })
        #expect(found.isFoundBySoundOnly)
        let link = try #require(found.alignment.links.first, "no word aligned")
        #expect(found.alignment.links.count == 1)
        #expect(link.query.map { explained.queryTokens[$0].text } == ["cavalcanti"])
        #expect(link.term.map { found.termTokens[$0].text } == ["cavalcanti"])
        #expect(found.alignment.termCoverage == 0.5)
        #expect(explained.resolution == result.resolution)
        #expect(explained.ranked.map(\.term) == result.ranked.map(\.term))
        #expect(explained.ranked.map(\.probability) == result.ranked.map(\.probability))
        // Before explaining, the candidate carries no word alignment: the decision weighed it as sound only.
        #expect(result.ranked.first { $0.term == "Wellington Cavalcanti" }?.alignment.links.isEmpty == true)
    }

    @Test("Several contacts sharing the name said are offered as a choice")
    func sharedFirstNameIsAChoice() throws {
        let resolver = try Self.resolver(["Paul Martin", "Paul Dupont", "Claire Dubois", "Marc Lefèvre"], language: "fr-FR")
        let result = try resolver.resolve("paul")
        guard case .disambiguation(let options, _) = result.resolution else {
            Issue.record("'paul' gave \(result.resolution.name)")
            return
        }
        #expect(Set(options.map(\.term)).isSuperset(of: ["Paul Martin", "Paul Dupont"]))
    }

    @Test("A first name said alone, as the list writes it, offers every contact who has it and its other spellings, found by their words")
    func firstNameAloneIsSettledByWords() throws {
        let resolver = try Self.resolver(["John Smith", "John Doe", "Jon Brown", "Mary Jones", "Peter Johnson"],
                                         language: "en-US")
        let result = try resolver.resolve("john")
        guard case .disambiguation(let options, _) = result.resolution else {
            Issue.record("'john' gave \(result.resolution.name)")
            return
        }
        #expect(Set(options.map(\.term)).isSuperset(of: ["John Smith", "John Doe", "Jon Brown"]))
        // The word table found them all: the phone postings were not searched.
        #expect(!result.ranked.contains { $0.isFoundBySoundOnly }, "\(result.ranked.map(\.term))")
        // Two words said are searched by sound as well when contacts are named alike.
        let full = try resolver.resolve("john smyth")
        #expect(full.ranked.first?.term == "John Smith")
    }

    @Test("A compound first name said alone offers every contact who has it, found by their words")
    func compoundFirstNameAloneIsSettledByWords() throws {
        let resolver = try Self.resolver(["Carlos Eduardo Lima", "Carlos Eduardo Souza", "Carla Duarte", "Eduarda Carvalho",
                                          "Marcos Lima"], language: "pt-BR")
        let result = try resolver.resolve("carlos eduardo")
        guard case .disambiguation(let options, _) = result.resolution else {
            Issue.record("'carlos eduardo' gave \(result.resolution.name)")
            return
        }
        #expect(Set(options.map(\.term)) == ["Carlos Eduardo Lima", "Carlos Eduardo Souza"])
        #expect(!result.ranked.contains { $0.isFoundBySoundOnly }, "\(result.ranked.map(\.term))")
    }

    @Test("A Spanish two-word given name said alone offers every contact who has it, those with two family names heard by both given names")
    func twoGivenNamesAloneOfferEveryone() throws {
        let holders = ["Juan Carlos Murcia", "Juan Carlos del Moral", "Juan Carlos Gutiérrez Casanovas",
                       "Juan Carlos Gimeno Fajardo", "Juan Carlos Cózar Poza"]
        let others = ["Carlos Ruiz", "Juana Martín", "Mariluz Vaquerizo Frechilla", "Lucía Fernández", "Pablo Iglesias",
                      "Marta Sánchez Vidal", "Carla Juárez", "Alberto Núñez Feijóo", "Rosa María Soto"]
        let resolver = try Self.resolver(others + holders, language: "es-ES")
        let result = try resolver.resolve("juan carlos")
        guard case .disambiguation(let options, _) = result.resolution else {
            Issue.record("'juan carlos' gave \(result.resolution.name)")
            return
        }
        #expect(Set(options.map(\.term)) == Set(holders), "\(options.map(\.term))")
        // Those with two family names are heard by their given names together, as said (not by "juan" alone, a
        // quarter of the name, which spoke against them).
        for term in ["Juan Carlos Gutiérrez Casanovas", "Juan Carlos Gimeno Fajardo", "Juan Carlos Cózar Poza"] {
            let candidate = try #require(result.ranked.first { $0.term == term })
            #expect(candidate.phones?.words == [0, 1] && candidate.phones?.similarity == 1,
                    "\(term): heard as \(candidate.phones?.words ?? []) at \(candidate.phones?.similarity ?? 0)")
        }
    }

    @Test("A first name a hyphen joins, said alone, held by one contact, is answered: heard as its words together")
    func hyphenatedFirstNameAloneIsAnswered() throws {
        let resolver = try Self.resolver(Self.contacts + ["Anne-Claire Clément", "Marie-Hélène Dubois"], language: "pt-BR")
        for query in ["anne-claire", "Marie-Hélène"] {
            let result = try resolver.resolve(query)
            guard case .success(let winner) = result.resolution else {
                Issue.record("'\(query)' was not answered: \(result.resolution.name)")
                continue
            }
            #expect(winner.term.lowercased().hasPrefix(query.lowercased()), "'\(query)' → \(winner.term)")
            #expect(winner.phones?.words == [0, 1], "'\(query)': heard as \(winner.phones?.words ?? [])")
        }
    }

    @Test("A name said without its particle is that contact's, answered; beside a contact so named, a choice")
    func particleUnsaid() throws {
        let alone = try Self.resolver(Self.contacts + ["Maya de Lima"], language: "pt-BR").resolve("Maya Lima")
        guard case .success(let winner) = alone.resolution else {
            Issue.record("'Maya Lima' was not answered: \(alone.resolution.name)")
            return
        }
        #expect(winner.term == "Maya de Lima" && winner.phones?.similarity == 1)
        // The recognizer wrote "Maya Lima" for Maya de Lima (whisper-dev-biased): answering the other was a
        // false accept.
        let both = try Self.resolver(Self.contacts + ["Maya Lima", "Maya de Lima"], language: "pt-BR")
        try Self.expectChoice(of: ["Maya Lima", "Maya de Lima"], offering: ["Maya Lima", "Maya de Lima"], by: both)
        // The explanation says which words the phones were read without.
        let result = try both.resolve("Maya Lima")
        let unsaid = result.ranked.prefix(2).map { (term: $0.term, unsaid: both.phoneExplanation(of: $0, in: result)?.unsaid) }
        #expect(unsaid.contains { $0.term == "Maya de Lima" && $0.unsaid == ["de"] }, "\(unsaid)")
        #expect(unsaid.contains { $0.term == "Maya Lima" && $0.unsaid == nil }, "\(unsaid)")
    }

    @Test("An abbreviated suffix or title said in full is that contact's: \"junior\" for Jr. (heard by the spoken reading), \"doutor\" for Dr. (a title either way)",
          arguments: [("fr-FR", "bobo junior", "Bobo Jr.", true),
                      ("pt-BR", "doutor rodrigo albuquerque", "Dr. Rodrigo Albuquerque", false),
                      ("en-US", "martin luther king junior", "Martin Luther King Jr.", true)])
    func spokenAbbreviation(language: String, query: String, term: String, bySpokenReading: Bool) throws {
        let others = ["Bobo le Grand", "Petit Bobo", "Martin King", "Rodrigo Alves", "Renato Siqueira", "Larissa Teixeira"]
        let result = try Self.resolver(others + [term], language: language).resolve(query)
        guard case .success(let winner) = result.resolution else {
            Issue.record("'\(query)' was not answered: \(result.resolution.name)")
            return
        }
        #expect(winner.term == term, "'\(query)' → \(winner.term)")
        if bySpokenReading { #expect(winner.reading == "spoken", "'\(query)': \(winner.reading)") }
    }

    @Test("A title said in full before a name is left out, as its abbreviation is: \"madame dupont\" is \"dupont\"",
          arguments: [("fr-FR", "madame dupont"), ("pt-BR", "senhora larissa teixeira"), ("en-US", "doctor desmond achebe"),
                      ("it-IT", "dottore felix brandt"), ("de-DE", "doktor marc durand")])
    func fullTitleLeftOut(language: String, query: String) throws {
        let resolver = try Self.resolver(["Claire Dupont", "Marc Durand", "Larissa Teixeira", "Renato Siqueira",
                                          "Desmond Achebe", "Felix Brandt"], language: language)
        let titled = try resolver.resolve(query)
        let bare = try resolver.resolve(String(query.drop { $0 != " " }.dropFirst()))
        #expect(titled.queryTokens.first?.role == .honorific, "'\(query)': \(titled.queryTokens.map(\.role))")
        #expect(titled.resolution.name == bare.resolution.name, "'\(query)': \(titled.resolution.name), \(bare.resolution.name)")
        #expect(titled.ranked.first?.term == bare.ranked.first?.term && titled.ranked.first != nil, "'\(query)'")
    }

    @Test("Every scored candidate carries its features and a probability; the most probable comes first")
    func candidatesCarryProbabilities() throws {
        let resolver = try Self.resolver(Self.contacts, language: "pt-BR")
        let result = try resolver.resolve("gustavo moreyra")
        #expect(!result.ranked.isEmpty)
        for candidate in result.ranked {
            let probability = try #require(candidate.probability)
            #expect((0...1).contains(probability))
            #expect(candidate.features?.values.count == CandidateFeatures.names.count)
        }
        let probabilities = result.ranked.compactMap(\.probability)
        #expect(probabilities == probabilities.sorted(by: >))
        #expect(result.ranked.first?.term == "Gustavo Moreira")
    }

    // MARK: What the features say

    @Test("A query word that is another contact's name, as written, marks the candidate lacking it as contradicted")
    func anotherContactsNameContradicts() throws {
        let resolver = try Self.resolver(["Washington Cavalcanti", "Wellington Lima", "Fernanda Lima"], language: "pt-BR")
        let result = try resolver.resolve("wellington cavalcanti", keepingAll: true)
        func feature(_ term: String, _ name: String) throws -> Double? {
            try #require(result.ranked.first { $0.term == term }?.features)[name]
        }
        #expect(try feature("Washington Cavalcanti", "contradicted") == 1)  // "wellington" is Wellington Lima's
        #expect(try feature("Wellington Lima", "contradicted") == 1)        // "cavalcanti" is Washington's
        let alone = try Self.resolver(["Washington Cavalcanti", "Fernanda Lima"], language: "pt-BR")
        let unlisted = try alone.resolve("wellington cavalcanti", keepingAll: true)
        #expect(unlisted.ranked.first { $0.term == "Washington Cavalcanti" }?.features?["contradicted"] == 0)
    }

    @Test("A namesake's words are heard unevenly: one exactly, the other poorly")
    func namesakeSpread() throws {
        let resolver = try Self.resolver(Self.contacts, language: "pt-BR")
        let namesake = try resolver.resolve("Antônio Cavalcanti", keepingAll: true)
        let spread = try #require(namesake.ranked.first { $0.term.hasSuffix("Cavalcanti") }?.features?["phoneSpread"])
        #expect(spread > 0.3, "spread \(spread)")
        let heard = try resolver.resolve("thiago nogueira", keepingAll: true)
        #expect((heard.ranked.first?.features?["phoneSpread"] ?? 1) < 0.1)
    }

    @Test("An accented term is read as its unaccented spelling when only that is in the pronouncing dictionary")
    func accentedTermSoundsAsWritten() throws {
        try #require(Self.data?.dictionary != nil, "no pronouncing dictionary (install pocketsphinx-en-us): not checked")
        // The dictionary knows "chloe", not "chloé": both are read K L OW IY, so the query sounds like the term.
        for (language, term, query) in [("en-US", "Chloé Davidson", "chloe davidson"), ("en-US", "Renée Walsh", "renee walsh")] {
            let resolver = try Self.resolver([term, "Claire Dubois", "Marc Lefèvre"], language: language)
            let result = try resolver.resolve(query)
            guard case .success(let winner) = result.resolution else {
                Issue.record("\(language) '\(query)' gave \(result.resolution.name)")
                continue
            }
            #expect(winner.term == term)
            #expect((winner.phones?.similarity ?? 0) > 0.99, "\(language) '\(query)': phones \(winner.phones?.similarity ?? -1)")
        }
    }
}

/// The outcome from probabilities, without any matcher: the model's operating points alone.
@Suite("Decision operating points")
struct DecisionOperatingPointTests {
    static let model = DecisionModel(bias: 0, weights: Array(repeating: 0, count: CandidateFeatures.names.count),
                                     accept: 0.8, offer: 0.2)

    static func candidate(_ term: String, rank: Int, probability: Double) -> Candidate {
        var candidate = Candidate(term: term, rank: rank, score: 0.5,
                                  alignment: NameAlignment(query: [], term: [], nicknames: NicknameTable()),
                                  reading: "folded", termTokens: [])
        candidate.probability = probability
        return candidate
    }

    @Test("The best is answered when it is likely meant and the runner-up likely not")
    func acceptIsAnswered() {
        let outcome = Self.model.decide([Self.candidate("B", rank: 1, probability: 0.05), Self.candidate("A", rank: 0, probability: 0.9)])
        #expect(outcome.name == "success" && outcome.candidates.first?.term == "A")
    }

    @Test("Candidates share the probability: two that fit equally each get less than one alone, so they are a choice")
    func tieIsAChoice() throws {
        let model = try DecisionModel(parsing: DecisionTests.completeModel, source: "m.txt")
        var inputs = CandidateFeatures.Inputs()
        inputs.wordScore = 1
        inputs.phoneSimilarity = 1
        let features = CandidateFeatures(inputs)
        let alone = model.probabilities([features])[0]
        let pair = model.probabilities([features, features])
        #expect(pair[0] == pair[1] && pair[0] < alone && pair[0] + pair[1] < 1)
        var first = Self.candidate("A", rank: 0, probability: pair[0]), second = Self.candidate("B", rank: 1, probability: pair[1])
        first.features = features
        second.features = features
        let strict = DecisionModel(bias: model.bias, weights: model.weights, accept: 0.9, offer: 0.05)
        #expect(strict.decide([first, second]).name == "disambiguation")
    }

    @Test("Below the accept point: two offered make a choice, one a confirmation, none unsupported")
    func belowAccept() {
        let two = Self.model.decide([Self.candidate("A", rank: 0, probability: 0.5), Self.candidate("B", rank: 1, probability: 0.3),
                                     Self.candidate("C", rank: 2, probability: 0.1)])
        #expect(two.name == "disambiguation" && two.candidates.map(\.term) == ["A", "B"])
        let one = Self.model.decide([Self.candidate("A", rank: 0, probability: 0.5), Self.candidate("B", rank: 1, probability: 0.1)])
        #expect(one.name == "confirmationRequired" && one.candidates.map(\.term) == ["A"])
        #expect(Self.model.decide([Self.candidate("A", rank: 0, probability: 0.1)]).name == "unsupported")
        #expect(Self.model.decide([]).name == "unsupported")
    }

    @Test("Calibration bins and the Brier score")
    func calibration() {
        let observations = [
            CalibrationScores.Observation(probability: 0.95, isRight: true, expectsOne: true),
            CalibrationScores.Observation(probability: 0.92, isRight: false, expectsOne: false),
            CalibrationScores.Observation(probability: 0.15, isRight: false, expectsOne: true),
        ]
        let scores = CalibrationScores(observations, cases: 4, singleTermCases: 2)
        #expect(scores.bins[9].count == 2 && scores.bins[9].observed == 0.5)
        #expect(scores.bins[1].count == 1 && scores.bins[1].observed == 0)
        let brier = (0.05 * 0.05 + 0.92 * 0.92 + 0.15 * 0.15) / 3
        #expect(abs((scores.brier ?? 0) - brier) < 1e-12)
        let at90 = scores.tradeOffs.first { $0.accept == 0.9 }!
        #expect(at90.top1 == 0.5 && at90.falseAccept == 0.25)
    }
}

/// A recognizer's alternatives weighed with its best hypothesis (`Resolver.resolve(_:alternatives:)`).
@Suite("Alternatives")
struct AlternativesTests {
    static let contacts = ["Rosalind Kerrigan", "Desmond Achebe", "Priya Raghunathan", "Felix Brandt", "Marguerite Okafor",
                           "Tobias Lindqvist", "Imogen Castellanos", "Declan Fitzgerald", "Rosalind Kemper", "Anders Holm"]

    @Test("Alternatives that agree raise an answer's probability")
    func agreementRaises() throws {
        let resolver = try DecisionTests.resolver(Self.contacts, language: "en-US")
        // A transcript that leaves some doubt alone (a near-certain one has nothing left to gain: both models top
        // out near 0.99).
        let alone = try resolver.resolve("Toby us Lint quest")
        let agreed = try resolver.resolve("Toby us Lint quest", alternatives: [
            Hypothesis(text: "Tobias Lindqvist", confidence: 0.2), Hypothesis(text: "Tobias Lindquist", confidence: 0.2)])
        let before = try #require(alone.ranked.first { $0.term == "Tobias Lindqvist" }?.probability)
        let after = try #require(agreed.ranked.first { $0.term == "Tobias Lindqvist" }?.probability)
        #expect(before < 0.95, "the query alone should leave doubt: p \(before)")
        #expect(after > before, "p \(before) alone, \(after) with agreeing alternatives")
        guard case .success(let winner) = agreed.resolution else {
            Issue.record("not answered with agreeing alternatives: \(agreed.resolution.name)")
            return
        }
        #expect(winner.term == "Tobias Lindqvist")
    }

    @Test("A lone low-confidence alternative naming another contact does not win")
    func loneOtherContactLoses() throws {
        let resolver = try DecisionTests.resolver(Self.contacts, language: "en-US")
        let result = try resolver.resolve("Marguerite Okafor", alternatives: [
            Hypothesis(text: "Marguerite Okafor.", confidence: 0.4), Hypothesis(text: "Desmond Achebe", confidence: 0.04)])
        #expect(result.ranked.first?.term == "Marguerite Okafor")
        if case .success(let winner) = result.resolution { #expect(winner.term == "Marguerite Okafor") }
        let desmond = result.ranked.first { $0.term == "Desmond Achebe" }?.probability ?? 0
        #expect(desmond < 0.2, "Desmond Achebe p \(desmond)")
    }

    @Test("Hypotheses that read the same are one: no alternatives weighed, the query's own answer")
    func sameReadingIsOne() throws {
        let resolver = try DecisionTests.resolver(Self.contacts, language: "en-US")
        let plain = try resolver.resolve("felix brandt")
        let same = try resolver.resolve("felix brandt", alternatives: [Hypothesis(text: "Felix Brandt."), Hypothesis(text: "Felix, Brandt")])
        #expect(same.hypotheses.isEmpty)
        #expect(same.ranked.map(\.probability) == plain.ranked.map(\.probability))
    }

    /// The contacts with three names that sound alike (Kimberly Miller, Kimberley Moreau, Kim Miller), in English.
    static func resolverWithKimberlys() throws -> Resolver {
        try DecisionTests.resolver(contacts + ["Kimberly Miller", "Kimberley Moreau", "Kim Miller"], language: "en-US")
    }

    /// Expects each text, resolved in turn with `shared` (decided when `deciding` says so of its position),
    /// to get the result it gets alone: the same outcome, candidates, probabilities and features.
    static func expectResultsAlone(of texts: [String], by resolver: Resolver, sharing shared: SharedHypothesisWork,
                                   deciding: (Int) -> Bool) throws {
        for (position, text) in texts.enumerated() {
            let reading = try resolver.primaryReading(of: text)
            let alone = resolver.resolve(reading: reading, keepingAll: false, deciding: deciding(position))
            let reusing = resolver.resolve(reading: reading, keepingAll: false, sharing: shared, deciding: deciding(position))
            #expect(reusing.resolution.name == alone.resolution.name, "\(position): \(text)")
            #expect(reusing.ranked.map(\.term) == alone.ranked.map(\.term), "\(position): \(text)")
            #expect(reusing.ranked.map(\.probability) == alone.ranked.map(\.probability), "\(position): \(text)")
            #expect(reusing.ranked.map(\.features) == alone.ranked.map(\.features), "\(position): \(text)")
        }
    }

    @Test("A hypothesis reuses what an earlier one looked up and gets the result it would get alone")
    func sharedWorkChangesNothing() throws {
        let resolver = try Self.resolverWithKimberlys()
        // Hypotheses of one utterance: a word in common, spellings that may read the same phones, a word split.
        let texts = ["Kimberly Miller", "Kimberley Miller", "Kim Berly Miller", "Kimberly Miller", "Tobias Lint quist"]
        let shared = SharedHypothesisWork()
        try Self.expectResultsAlone(of: texts, by: resolver, sharing: shared, deciding: { _ in true })
        // "miller" and the pair "kimberly miller" at least were looked up once; the repeated hypothesis reused all.
        #expect(shared.reusedUnits >= 5, "reused \(shared.reusedUnits) units")
        #expect(shared.reusedPhoneSearches >= 1, "reused \(shared.reusedPhoneSearches) phone searches")
    }

    @Test("An undecided hypothesis reuses only a search made as it would make it, and gets the result it would get alone")
    func undecidedSharesItsOwnKindOfSearch() throws {
        let resolver = try Self.resolverWithKimberlys()
        // The first hypothesis is decided (every variant searched); later ones, some with the same phones, are not
        // (wholes only, ``VariantReach/wholes``): a later one reuses a later one's search, never the first's. (Heard
        // poorly, so that the words do not settle them and the phones are searched.)
        let texts = ["Millar Kimbaly", "Millar Kimbaly", "Millar Kimbally", "Millar Kimbaly", "Kim Millar"]
        let shared = SharedHypothesisWork()
        try Self.expectResultsAlone(of: texts, by: resolver, sharing: shared, deciding: { $0 == 0 })
        // The fourth reused the second's search; the second could not reuse the first's.
        #expect(shared.reusedPhoneSearches == 1, "reused \(shared.reusedPhoneSearches) phone searches")
    }

    @Test("A hypothesis resolved for its probabilities only holds the candidates a decided resolution weighs, but those only a reordering or a later word alone found")
    func undecidedHypothesisKeepsTheWeighed() throws {
        let resolver = try Self.resolverWithKimberlys()
        // Sound-alikes found by their phones only, faint ones among them, and names found by their words.
        var faintLeftOut = 0
        var same = 0
        var fewer = 0
        for text in ["Kimberly Miller", "Kim Berly Miler", "Toby us Lint quest", "Rosa Lynn", "Declan Fits Gerald", "Anders"] {
            let reading = try resolver.primaryReading(of: text)
            let decided = resolver.resolve(reading: reading, keepingAll: false)
            let undecided = resolver.resolve(reading: reading, keepingAll: false, deciding: false)
            let weighed = decided.ranked.filter { $0.probability != nil }
            #expect(undecided.resolution == .unsupported, "\(text)")
            faintLeftOut += decided.ranked.count - weighed.count
            // An undecided hypothesis's phone search reads each name whole or by its first word (``VariantReach``):
            // when every candidate the decided one weighs was heard so, or by its words, it holds exactly those.
            let readWholeOrFirst = weighed.allSatisfy { candidate in
                guard let heard = candidate.phones else { return true }
                return heard.words == [0] || heard.words == Array(0..<heard.words.count) && heard.coverage == 1
            }
            if readWholeOrFirst {
                #expect(undecided.ranked.map(\.term) == weighed.map(\.term), "\(text)")
                #expect(undecided.ranked.map(\.probability) == weighed.map(\.probability), "\(text)")
                #expect(undecided.ranked.map(\.features) == weighed.map(\.features), "\(text)")
                same += 1
            } else {
                #expect(Set(undecided.ranked.map(\.term)).isSubset(of: weighed.map(\.term)), "\(text)")
                if undecided.ranked.count < weighed.count { fewer += 1 }
            }
        }
        #expect(faintLeftOut > 0, "some decided resolution kept unweighed candidates for explanations")
        #expect(same >= 3, "too few hypotheses heard only whole or by their first word: \(same)")
        #expect(fewer >= 1, "no hypothesis lost a candidate only a reordering or a later word alone found")
    }

    @Test("Bad alternatives are refused by name", arguments: [
        ([Hypothesis(text: "ok"), Hypothesis(text: " – ")], "alternative 2", "has no words"),
        ([Hypothesis(text: "ok", confidence: 1.5)], "alternative 1", "has confidence 1.5; expected 0…1"),
        ([Hypothesis(text: "ok", score: .nan)], "alternative 1", "has a score that is not a finite number"),
        ([Hypothesis(text: "o\u{7}k")], "alternative 1", "has the control character U+7; expected printable text"),
        ([Hypothesis(text: "o\u{85}k")], "alternative 1", "has the control character U+85; expected printable text"),
        ([Hypothesis(text: "ok"), Hypothesis(text: "o\u{9F}k")], "alternative 2", "has the control character U+9F; expected printable text"),
        ([Hypothesis(text: String(repeating: "a", count: 65))], "alternative 1",
         "is refused: text of 65 characters"),
        (Array(repeating: Hypothesis(text: "ok"), count: 11), "the alternatives", "are 11; at most 10 are weighed"),
    ] as [([Hypothesis], String, String)])
    func refused(alternatives: [Hypothesis], subject: String, problem: String) throws {
        do throws(VocabularyError) {
            _ = try Hypothesis.checked(query: "bobo", alternatives: alternatives)
            Issue.record("accepted")
        } catch {
            #expect(error.subject == subject)
            #expect(error.problem.hasPrefix(problem.replacingOccurrences(of: "text of 65 characters", with: "word")),
                    "\(error.problem)")
        }
    }

    @Test("The service's JSON writer writes hypotheses and what alternatives said as JSONEncoder does")
    func jsonAsEncoder() throws {
        let resolver = try DecisionTests.resolver(Self.contacts, language: "en-US")
        let result = try resolver.resolve("Tobias Lint quist", alternatives: [Hypothesis(text: "Tobias Lindqvist", confidence: 0.2)])
        #expect(!result.hypotheses.isEmpty)
        let selection = LocaleSelection(request: LanguageRequest(code: .fallback, source: .defaultLanguage), used: .fallback,
                                        chain: [LocaleSelection.Step(code: .fallback, isAvailable: true, rule: "requested locale")])
        let phonetics = resolver.index.preparer.phonetics
        let report = ResolveReport(locale: LocaleSelectionReport(selection), query: "Tobias Lint quist", result: result,
                                   explain: true, model: phonetics.decision, alternativesModel: phonetics.alternatives) {
            resolver.phoneExplanation(of: $0, in: result)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try JSONSerialization.jsonObject(with: encoder.encode(report)) as? NSDictionary
        let written = try JSONSerialization.jsonObject(with: Data(report.jsonBytes())) as? NSDictionary
        #expect(written == expected)
        #expect(written?["hypotheses"] != nil)
    }

    @Test("Weights: confidences when all are given, else scores, else unknown ones count as the mean of the known")
    func weights() {
        func rounded(_ values: [Double]) -> [Double] { values.map { ($0 * 1000).rounded() / 1000 } }
        #expect(rounded(Hypothesis.weights(of: [.init(text: "a", confidence: 0.6), .init(text: "b", confidence: 0.2)]))
            == [0.75, 0.25])
        #expect(rounded(Hypothesis.weights(of: [.init(text: "a", score: 0), .init(text: "b", score: -log(3))])) == [0.75, 0.25])
        #expect(rounded(Hypothesis.weights(of: [.init(text: "a"), .init(text: "b", confidence: 0.2), .init(text: "c", confidence: 0.4)]))
            == [0.333, 0.222, 0.444])
        #expect(rounded(Hypothesis.weights(of: [.init(text: "a"), .init(text: "b")])) == [0.5, 0.5])
    }
}
