import Foundation
import Testing
import VocabTestSupport

@Suite struct LintCommandTests {
    @Test("The shipped locales lint clean")
    func shipped() throws {
        let result = try VocabBinary.run(["lint"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "0 errors, 0 warnings in 6 vocabulary files\n")
    }

    /// A copy of the shipped locales, edited.
    func brokenCopy(_ edit: (URL) throws -> Void) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-lint-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: RepositoryPaths.locales, to: copy)
        try edit(copy)
        return copy
    }

    func replace(_ old: String, with new: String, in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("A missing identifier, Hey Siri and please are reported; the run fails")
    func broken() throws {
        let copy = try brokenCopy { root in
            let fr = root.appendingPathComponent("fr-FR/AppIntentVocabulary.plist")
            try replace("\t\t\t\t\t<key>VocabularyItemIdentifier</key>\n\t\t\t\t\t<string>ritmo.workout.sunrise</string>\n",
                        with: "", in: fr)
            let en = root.appendingPathComponent("en-US/AppIntentVocabulary.plist")
            try replace("<string>Pause Ritmo</string>", with: "<string>Hey Siri, pause Ritmo please</string>", in: en)
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = try VocabBinary.run(["lint", copy.path])
        #expect(result.status == 1)
        let fr = copy.appendingPathComponent("fr-FR/AppIntentVocabulary.plist").path
        let en = copy.appendingPathComponent("en-US/AppIntentVocabulary.plist").path
        #expect(result.stdout.contains(
            "\(fr):55: error: ParameterVocabularies[0].ParameterVocabulary[2]: missing 'VocabularyItemIdentifier'\n"))
        #expect(result.stdout.contains("\(fr): error: missing translation: identifier 'ritmo.workout.sunrise' is in "
            + "de-DE, en-US, es-ES, it-IT, pt-BR but not in fr-FR\n"))
        #expect(result.stdout.contains("\(en):125: error: IntentPhrases[1].IntentExamples[1]: example "
            + "'Hey Siri, pause Ritmo please' addresses the assistant ('hey siri'); examples never do\n"))
        #expect(result.stdout.contains("\(en):125: warning: IntentPhrases[1].IntentExamples[1]: example "
            + "'Hey Siri, pause Ritmo please' contains the pleasantry 'please'; leave pleasantries out\n"))
        #expect(result.stderr == "3 errors, 1 warning in 6 vocabulary files\n")
    }

    @Test("Broken locale data is reported too")
    func brokenLocaleData() throws {
        let copy = try brokenCopy { root in
            try replace("\"koelner-phonetik\"", with: "\"soundex\"",
                        in: root.appendingPathComponent("de-DE/normalization.json"))
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = try VocabBinary.run(["lint", copy.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("de-DE/normalization.json: error: phoneticEncoders[0]: unknown encoder 'soundex'"))
    }

    @Test("A letter-to-sound rule that an earlier rule always reads first is a warning naming both lines")
    func unreachableRule() throws {
        var lines: [Substring] = []
        let copy = try brokenCopy { root in
            let rules = root.appendingPathComponent("fr-FR/letter-to-sound.txt")
            let text = try String(contentsOf: rules, encoding: .utf8)
            try (text + "a → ɑ\n").write(to: rules, atomically: true, encoding: .utf8)
            lines = (text + "a → ɑ\n").split(separator: "\n", omittingEmptySubsequences: false)
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let plain = try #require(lines.firstIndex(of: "a → a")) + 1
        let planted = try #require(lines.lastIndex(of: "a → ɑ")) + 1
        let result = try VocabBinary.run(["lint", copy.path])
        #expect(result.status == 0)
        let path = copy.appendingPathComponent("fr-FR/letter-to-sound.txt").path
        #expect(result.stdout == "\(path):\(planted): warning: rule never used: line \(plain) reads the same letters "
            + "first, in every context; move this rule above it, or remove it\n")
        #expect(result.stderr == "0 errors, 1 warning in 6 vocabulary files\n")
    }

    @Test("A path that does not exist is refused")
    func missingPath() throws {
        let result = try VocabBinary.run(["lint", "/no/such/file.plist"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: /no/such/file.plist: no such file or folder\n")
    }
}

@Suite struct AppTermCommandTests {
    let parameter = "INStartWorkoutIntent.workoutName"

    @Test("fr-FR finds Qwik HIIT by its pronunciation hint")
    func pronunciation() throws {
        let result = try VocabBinary.run(["resolve", "--parameter", parameter, "--language", "fr-FR", "couic hitte"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("outcome: success\n"))
        #expect(result.stdout.contains("1. ritmo.workout.qwikhiit  Qwik HIIT  1.005  (by its pronunciation)"))
    }

    @Test("JSON answers with the identifier and the phrase")
    func json() throws {
        let result = try VocabBinary.run(["resolve", "--parameter", parameter, "--language", "es-ES", "--json",
                                          "estallido volcan"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let matches = try #require(object["matches"] as? [[String: Any]])
        #expect(matches.first?["identifier"] as? String == "ritmo.workout.volcano")
        #expect(matches.first?["phrase"] as? String == "Estallido Volcán")
        #expect(matches.first?["via"] as? String == "phrase")
    }

    @Test("An unknown parameter names the file and what it covers")
    func unknownParameter() throws {
        let result = try VocabBinary.run(["resolve", "--parameter", "INPlayMediaIntent.mediaItems", "--language", "it-IT",
                                          "x"])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("it-IT/AppIntentVocabulary.plist: no vocabulary for parameter "
            + "'INPlayMediaIntent.mediaItems'; the file covers 'INStartWorkoutIntent.workoutName'\n"))
    }
}

@Suite struct CompareCommandTests {
    @Test("kiara finds Chiara in every language (the Italian reading of an Italian name is heard everywhere); one column per language")
    func kiara() throws {
        let work = Workspace()
        let vocabulary = try work.file("v.txt", lines: ["Chiara Rossi", "Matthieu Lefèvre"])
        let result = try VocabBinary.run(["compare", "--languages", "en-US,fr-FR,it-IT,pt-BR", "--vocabulary", vocabulary,
                                          "kiara"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("query 'kiara'") == true)
        #expect(lines.first?.components(separatedBy: " │ ").count == 4)
        let outcome = try #require(lines.first { $0.hasPrefix("outcome") })
        // Found everywhere; answered outright where the listener hears the name as said (Italian), elsewhere at
        // least offered for confirmation (a first name alone, read another way, is not certain).
        let outcomes = outcome.dropFirst("outcome".count).components(separatedBy: " │ ")
            .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: " p=")[0] }
        #expect(outcomes.count == 4)
        #expect(outcomes.allSatisfy { ["success", "confirmationRequired"].contains($0) }, "\(outcomes)")
        #expect(outcomes.dropFirst(2).first == "success", "it-IT: \(outcomes)")
        let best = try #require(lines.first { $0.hasPrefix("best") })
        #expect(best.components(separatedBy: " │ ").allSatisfy { $0.contains("Chiara Rossi") })
    }

    @Test("--recognizer decides every column by that recognizer's profile; an unknown one is refused naming it")
    func compareWithRecognizer() throws {
        let contacts = RepositoryPaths.root().appendingPathComponent("Examples/contacts.en-US.txt").path
        func outcome(_ recognizer: [String]) throws -> String {
            let result = try VocabBinary.run(["compare", "--languages", "en-US", "--vocabulary", contacts, "--json"]
                                             + recognizer + ["Deck land."])
            #expect(result.status == 0, "\(result.stderr)")
            let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            let cell = try #require((reports.first?["cells"] as? [[String: Any]])?.first)
            return "\(cell["outcome"] ?? "")"
        }
        // Whisper writes an unknown name as common words: "Deck land." is Declan to its profile, a doubt to the shared
        // decision and a stranger to the typed one.
        #expect(try outcome(["--recognizer", "whisper"]) == "success")
        #expect(try outcome(["--recognizer", "typed"]) == "confirmationRequired")
        let unknown = try VocabBinary.run(["compare", "--languages", "en-US", "--vocabulary", contacts, "--recognizer", "kaldi",
                                           "Deck land."])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("Error: --recognizer: the recognizer 'kaldi' is unknown"), "\(unknown.stderr)")
    }

    @Test("JSON gives each language's locale, forms, keys, phones, outcome and the synonym or hint that matched")
    func json() throws {
        let result = try VocabBinary.run(["compare", "--languages", "fr-CA,it-IT", "--parameter",
                                          "INStartWorkoutIntent.workoutName", "--json", "couic hitte"])
        let tables = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let cells = try #require(tables.first?["cells"] as? [[String: Any]])
        #expect(cells.map { ($0["locale"] as? [String: Any])?["used"] as? String } == ["fr-FR", "it-IT"])
        #expect(cells.map { $0["language"] as? String } == ["fr-CA", "it-IT"])
        #expect(cells.first?["outcome"] as? String == "success")
        #expect(cells.first?["heard"] as? String == "k w i k | i t")
        let best = try #require((cells.first?["best"] as? [[String: Any]])?.first)
        #expect(best["term"] as? String == "Qwik HIIT")
        #expect(best["via"] as? String == "pronunciation")
        #expect((best["phones"] as? [String: Any])?["steps"] as? String == "k w i k i t")
    }

    @Test("A narrow terminal wraps the columns, a narrower one gets one block per language; no text is cut")
    func narrowTerminals() throws {
        let work = Workspace()
        let vocabulary = try work.file("v.txt", lines: ["Chiara Rossi", "Matthieu Lefèvre"])
        let arguments = ["compare", "--languages", "en-US,fr-FR,it-IT", "--vocabulary", vocabulary, "kiara"]
        let wide = try VocabBinary.run(arguments)
        let wrapped = try VocabBinary.run(arguments, environment: ["COLUMNS": "100"])
        let blocks = try VocabBinary.run(arguments, environment: ["COLUMNS": "50"])
        #expect(wide.stdout.split(separator: "\n").contains { $0.count > 100 })
        #expect(wrapped.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(wrapped.stdout)")
        #expect(wrapped.stdout.split(separator: "\n").first?.components(separatedBy: " │ ").count == 3)
        #expect(blocks.stdout.split(separator: "\n").allSatisfy { $0.count <= 50 }, "\(blocks.stdout)")
        #expect(blocks.stdout.contains("query 'kiara' ── it-IT"))
        // Every word of the wide table is in the others (wrapping moves text, never drops it).
        func words(_ text: String) -> [String: Int] {
            text.split(whereSeparator: { $0.isWhitespace || $0 == "│" || $0 == "─" }).reduce(into: [:]) { $0[String($1), default: 0] += 1 }
        }
        let all = words(wide.stdout)
        for (word, count) in all where !word.hasPrefix("query") && word != "'kiara'" {
            #expect(words(wrapped.stdout)[word] ?? 0 >= count, "\(word)")
        }
    }

    @Test("--speak without espeak-ng says how to install it")
    func speakWithoutEspeak() throws {
        let work = Workspace()
        let vocabulary = try work.file("v.txt", lines: ["Chiara Rossi"])
        let result = try VocabBinary.run(["compare", "--languages", "it-IT", "--vocabulary", vocabulary, "--speak",
                                          work.folder.appendingPathComponent("wav").path, "kiara"],
                                         environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--speak: espeak-ng is not installed; on Debian or Ubuntu: apt-get install espeak-ng"),
                "\(result.stderr)")
    }

    @Test("A malformed language list is refused naming it")
    func badLanguages() throws {
        let result = try VocabBinary.run(["compare", "--languages", "en-US,,fr", "--vocabulary", "x", "q"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --languages 'en-US,,fr' is not a list of Siri language codes"))
    }
}

@Suite struct HintsCommandTests {
    @Test("vocab hints prints a prompt within the budget, and --explain says why each term is in or out")
    func prompt() throws {
        let work = Workspace()
        let vocabulary = try work.file("v.txt", lines: ["Siobhán Okonkwo", "Chidi Okonkwo", "Mary Smith", "Ngozi Adeyemi"])
        let result = try VocabBinary.run(["hints", "--language", "en-US", "--vocabulary", vocabulary, "--budget", "30",
                                          "--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.contains("Okonkwo") == true)
        #expect(lines.contains { $0.hasPrefix("in ") && $0.contains("1. Siobhán Okonkwo — ") })
        #expect(result.stderr.contains("of 30 tokens (estimated"))
        let json = try VocabBinary.run(["hints", "--language", "en-US", "--vocabulary", vocabulary, "--format", "lexicon",
                                        "--json"])
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((plan["grammar"] as? String)?.contains("mary smith") == true)
        // A second pass: what the first wrote brings the contacts that sound like it to the front.
        let second = try VocabBinary.run(["hints", "--language", "en-US", "--vocabulary", vocabulary, "--budget", "30",
                                          "--heard", "in goes the adeyemi", "--explain"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("Ngozi Adeyemi, "), "\(second.stdout)")
        #expect(second.stdout.contains("4. Ngozi Adeyemi — sounds like what was heard first ('in goes the adeyemi'"))
    }

    @Test("A second pass over a stored set reads its kept index, in the user's language")
    func secondPassFromStoredSet() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"],
                         input: "Mary Smith\nJohn Brown\nChiara Rossi\nGiulia Bianchi\n")
        _ = try work.run(["language", "set", "it-IT", "--user", "alice"])
        let result = try work.run(["hints", "--user", "alice", "--heard", "kiara rosi", "--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Chiara Rossi, Mary Smith, John Brown"), "\(result.stdout)")
        #expect(result.stdout.contains("3. Chiara Rossi — sounds like what was heard first ('kiara rosi'"))
        #expect(result.stderr.contains("in it;"), "\(result.stderr)")
        let missing = try work.run(["hints", "--user", "bob", "--heard", "kiara"])
        #expect(missing.status == 1 && missing.stderr.contains("user 'bob' has no contactName vocabulary"), "\(missing.stderr)")
    }

    @Test("Bad hint options are refused naming them: format, budget, a tokenizer that is not one, options of another format")
    func badInput() throws {
        let work = Workspace()
        let vocabulary = try work.file("v.txt", lines: ["Mary Smith"])
        let notTokenizer = try work.file("tokenizer.json", lines: ["{\"model\": {\"type\": \"Unigram\"}}"])
        let cases: [([String], String)] = [
            (["--format", "grammar"], "Error: --format 'grammar' is not a hint format; expected prompt, phrases or lexicon"),
            (["--budget", "0"], "Error: --budget 0 is out of range; give 1 to 100000"),
            (["--budget", "5000000"], "Error: --budget 5000000 is out of range; give 1 to 100000"),
            (["--tokenizer", notTokenizer], "Error: --tokenizer \(notTokenizer): is not a BPE tokenizer"),
            (["--tokenizer", work.folder.appendingPathComponent("none.json").path], "does not exist"),
            (["--format", "phrases", "--grammar", "g.jsgf"], "Error: --grammar and --keywords apply to --format lexicon"),
            (["--heard", "mary", "--heard", " - "], "Error: --heard 2 has no words"),
            (["--heard", String(repeating: "x", count: 1_100)], "Error: --heard 1 is refused: text of 1100 UTF-16 code units"),
        ]
        for (extra, message) in cases {
            let result = try VocabBinary.run(["hints", "--language", "en-US", "--vocabulary", vocabulary] + extra)
            #expect(result.status != 0, "\(extra)")
            #expect(result.stderr.contains(message), "\(extra): \(result.stderr)")
        }
    }
}
