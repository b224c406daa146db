import Foundation
import Testing
import VocabCore
import VocabICU
import VocabLocales
import VocabTestSupport

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

private func read(_ name: String) -> AppVocabularyFile.Reading {
    AppVocabularyFile.read(fixtures.appendingPathComponent(name), path: name)
}

private let englishGuidance = ExampleGuidance(appName: "Ritmo", assistantAddress: ["hey siri", "siri"],
                                              pleasantries: ["please", "thank you"], maximumExampleWords: 10,
                                              minimumExamplesPerIntent: 2)

private let linter: AppVocabularyLinter = {
    let normalizer = ICUTextNormalizer()
    let profile = LocaleProfile.bare(.fallback)
    return AppVocabularyLinter { ((try? normalizer.normalize($0, in: profile))?.tokens.map(\.folded)) ?? [] }
}()

@Suite struct AppVocabularyFileTests {
    @Test("Every shipped locale's file reads without a finding")
    func shipped() throws {
        let directory = LocaleDirectory(url: RepositoryPaths.locales)
        for code in try directory.listing(tags: ICULanguageTags()).locales {
            let reading = try #require(directory.appVocabulary(for: code), "\(code) has no app vocabulary")
            #expect(reading.findings.isEmpty, "\(code): \(reading.findings)")
            #expect(reading.vocabulary?.items(for: "INStartWorkoutIntent.workoutName").count == 5)
        }
    }

    @Test("A missing identifier is named by file, key path and line; so is a wrong type")
    func structure() {
        #expect(read("missing-identifier.plist").findings.map(\.description) == [
            "missing-identifier.plist:25: error: ParameterVocabularies[0].ParameterVocabulary[1]: "
                + "missing 'VocabularyItemIdentifier'",
            "missing-identifier.plist:41: error: ParameterVocabularies[0].ParameterVocabulary[2]."
                + "VocabularyItemSynonyms[0].VocabularyItemPhrase: 'VocabularyItemPhrase' must be a string, found a number",
        ])
    }

    @Test("A syntax error gives the line the parser stopped at")
    func syntax() {
        let findings = read("syntax-error.plist").findings
        #expect(findings.count == 1)
        #expect(findings.first?.line == 9)
        #expect(findings.first?.description.hasPrefix("syntax-error.plist:9: error: not a valid property list: ") == true)
    }

    @Test("A binary property list reads the same, without lines")
    func binary() throws {
        let xml = try Data(contentsOf: RepositoryPaths.locales.appendingPathComponent("fr-FR/AppIntentVocabulary.plist"))
        let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let fromBinary = AppVocabularyFile.parse(binary, path: "binary.plist")
        let fromXML = AppVocabularyFile.parse(xml, path: "xml.plist")
        #expect(fromBinary.findings.isEmpty)
        #expect(fromBinary.vocabulary?.items(for: "INStartWorkoutIntent.workoutName").map(\.identifier)
            == fromXML.vocabulary?.items(for: "INStartWorkoutIntent.workoutName").map(\.identifier))
    }

    @Test("A file with neither key, or not a dictionary, is refused", arguments: [
        ("<plist><dict><key>Other</key><string>x</string></dict></plist>",
         "t.plist: error: neither 'ParameterVocabularies' nor 'IntentPhrases'; a vocabulary file needs at least one"),
        ("<plist><array/></plist>", "t.plist: error: the top level must be a dictionary, found an array"),
    ])
    func emptyOrWrong(text: String, message: String) {
        let findings = AppVocabularyFile.parse(Data(text.utf8), path: "t.plist").findings.filter { $0.severity == .error }
        #expect(findings.map(\.description).map { $0.replacingOccurrences(of: "t.plist:1:", with: "t.plist:") } == [message])
    }
}

@Suite struct AppVocabularyLinterTests {
    @Test("Each guidance rule is reported where the example is")
    func guidance() throws {
        let reading = read("guidance.plist")
        let vocabulary = try #require(reading.vocabulary)
        #expect(reading.findings.map(\.description) == [
            "guidance.plist:3: warning: unknown key 'Colour'; expected one of IntentPhrases, ParameterVocabularies",
        ])
        let findings = linter.lint(vocabulary, path: "guidance.plist", guidance: englishGuidance).map(\.description)
        let example = "ParameterVocabularies[0].ParameterVocabulary[0].VocabularyItemSynonyms[0].VocabularyItemExamples"
        #expect(findings == [
            "guidance.plist:9: error: ParameterVocabularies[0].ParameterNames[0]: 'workoutName' is not a parameter name; "
                + "expected a form like 'INStartWorkoutIntent.workoutName'",
            "guidance.plist:23: error: \(example)[0]: example 'Hey Siri start a Volcano Burst in Ritmo' addresses the "
                + "assistant ('hey siri'); examples never do",
            "guidance.plist:24: warning: \(example)[1]: example 'Start a Volcano Burst please' contains the pleasantry "
                + "'please'; leave pleasantries out",
            "guidance.plist:24: warning: \(example)[1]: example 'Start a Volcano Burst please' does not name the app "
                + "('Ritmo'); include it",
            "guidance.plist:25: warning: \(example)[2]: example 'Would you kindly start a very long and winding Volcano "
                + "Burst in Ritmo today' has 14 words; keep examples to 10 or fewer",
            "guidance.plist:35: warning: IntentPhrases[0]: 'INPauseWorkoutIntent' has 1 example; give at least 2, "
                + "most common first",
        ])
    }

    @Test("A repeated identifier is an error naming the first")
    func duplicateIdentifier() throws {
        let vocabulary = try #require(read("missing-identifier.plist").vocabulary)
        let findings = linter.lint(vocabulary, path: "m.plist", guidance: ExampleGuidance()).map(\.description)
        #expect(findings == ["m.plist:34: error: ParameterVocabularies[0].ParameterVocabulary[2]: 'VocabularyItemIdentifier' "
            + "'ritmo.workout.volcano' repeats the one at ParameterVocabularies[0].ParameterVocabulary[0] (line 14); "
            + "identifiers must be unique"])
    }

    @Test("Parameter names take the Intent.parameter form", arguments: [
        ("INStartWorkoutIntent.workoutName", true), ("MyCustomIntent.dish", true), ("workoutName", false),
        ("INStartWorkoutIntent.", false), ("INStartWorkoutIntent.WorkoutName", false), ("Intent.name", false),
        ("INStartWorkout.workoutName", false),
    ])
    func parameterNames(name: String, valid: Bool) {
        let vocabulary = AppVocabulary(parameterVocabularies: [
            .init(parameterNames: [name], items: [], location: .init(keyPath: "P", line: nil)),
        ], intentPhrases: [])
        #expect(linter.lint(vocabulary, path: "p", guidance: ExampleGuidance()).isEmpty == valid, "\(name)")
    }

    @Test("What one locale has and another lacks is a missing translation in the one that lacks it")
    func crossLocale() {
        let location = AppVocabulary.Location(keyPath: "", line: nil)
        func file(_ identifiers: [String], intents: [String]) -> AppVocabulary {
            AppVocabulary(parameterVocabularies: [.init(parameterNames: ["INStartWorkoutIntent.workoutName"], items:
                identifiers.map { .init(identifier: $0, synonyms: [], location: location) }, location: location)],
                          intentPhrases: intents.map { .init(intentName: $0, examples: [], location: location) })
        }
        let findings = linter.crossCheck([
            ("en-US", "en.plist", file(["a", "b"], intents: ["INStartWorkoutIntent"])),
            ("fr-FR", "fr.plist", file(["a"], intents: ["INStartWorkoutIntent", "INPauseWorkoutIntent"])),
        ]).map(\.description)
        #expect(findings == [
            "en.plist: error: missing translation: intent 'INPauseWorkoutIntent' is in fr-FR but not in en-US",
            "fr.plist: error: missing translation: identifier 'b' is in en-US but not in fr-FR",
        ])
    }
}

@Suite struct AppTermResolverTests {
    static func context(_ language: String) throws -> (LanguageContext, [AppVocabulary.Item]) {
        let directory = LocaleDirectory(url: RepositoryPaths.locales)
        let code = try ICULanguageTags().canonicalize(language)
        let context = try LanguageContext(request: LanguageRequest(code: code, source: .argument("test")),
                                          directory: directory)
        let items = directory.appVocabulary(for: context.selection.used)?.vocabulary?
            .items(for: "INStartWorkoutIntent.workoutName") ?? []
        return (context, items)
    }

    @Test("A pronunciation hint finds the term its spelling alone would not")
    func pronunciation() throws {
        let (context, items) = try Self.context("fr-FR")
        let result = try AppTermResolver(items: items, preparer: context.preparer).resolve("couic hitte")
        #expect(result.outcome == "success")
        #expect(result.matches.first?.entry.identifier == "ritmo.workout.qwikhiit")
        #expect(result.matches.first?.entry.isPronunciation == true)
        let spellingOnly = items.map { item in
            AppVocabulary.Item(identifier: item.identifier, synonyms: item.synonyms.map {
                AppVocabulary.Synonym(phrase: $0.phrase, pronunciation: nil, examples: $0.examples, location: $0.location)
            }, location: item.location)
        }
        let withoutHints = try AppTermResolver(items: spellingOnly, preparer: context.preparer).resolve("couic hitte")
        #expect(withoutHints.outcome == "unsupported")
    }

    @Test("Each synonym resolves to its item, once")
    func synonyms() throws {
        let (context, items) = try Self.context("fr-FR")
        let resolver = try AppTermResolver(items: items, preparer: context.preparer)
        #expect(try resolver.resolve("course de lave").matches.map(\.entry.identifier) == ["ritmo.workout.volcano"])
        #expect(try resolver.resolve("eruption volcan").matches.map(\.entry.phrase) == ["Éruption Volcan"])
    }
}
