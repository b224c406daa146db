import Foundation
import Testing
import VocabTestSupport

@Suite struct ResolveCommandTests {
    let example = RepositoryPaths.root().appendingPathComponent("Examples/contacts.fr-FR.txt").path

    @Test("bobo asks the user to choose among the three Bobos")
    func bobo() throws {
        let result = try VocabBinary.run(["resolve", "--language", "fr-FR", "--vocabulary", example, "bobo"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("outcome: disambiguation — 3 options\n"))
        // Options come most probable first; every Bobo is offered.
        for term in ["Bobo le Grand", "Bobo Jr.", "Petit Bobo"] {
            #expect(result.stdout.contains(". \(term) "), "\(term) not offered:\n\(result.stdout)")
        }
    }

    @Test("JSON carries the outcome, candidates and, with --explain, the aligned words")
    func json() throws {
        let result = try VocabBinary.run(["resolve", "--language", "fr-FR", "--vocabulary", example, "--json", "--explain",
                                          "matieu lefevre"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "success")
        #expect(object["queryTokens"] as? [String] == ["matieu", "lefevre"])
        let candidates = try #require(object["candidates"] as? [[String: Any]])
        #expect(candidates.first?["term"] as? String == "Matthieu Lefèvre")
        let links = try #require(candidates.first?["links"] as? [[String: Any]])
        #expect(links.map { $0["reason"] as? String } == ["phonetic", "exact"])
        #expect((object["locale"] as? [String: Any])?["used"] as? String == "fr-FR")
    }

    @Test("A user's stored vocabulary and language are used")
    func storedVocabulary() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Chiara Rossi\nZoe Martin\n")
        _ = try work.run(["language", "set", "it-IT", "--user", "alice"])
        let result = try work.run(["resolve", "--user", "alice", "kiara rossi"])
        #expect(result.stdout.contains("locale: it-IT (requested it-IT from the stored setting of user 'alice')"))
        #expect(result.stdout.contains("outcome: success — Chiara Rossi"))
    }

    @Test("A cleared vocabulary no longer resolves")
    func removalTakesEffect() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo\n")
        #expect(try work.run(["resolve", "--user", "alice", "bobo"]).stdout.contains("outcome: success — Bobo"))
        _ = try work.run(["clear", "--user", "alice"])
        // Not "no match": the user has nothing to match against, and says so.
        let after = try work.run(["resolve", "--user", "alice", "bobo"])
        #expect(after.status == 1)
        #expect(after.stdout.isEmpty)
        #expect(after.stderr == "Error: user 'alice' has no contactName vocabulary in '\(work.store)' (the user has no vocabulary)\n")
    }

    @Test("A recognizer's alternatives are weighed and shown; --alternatives reads them as JSON")
    func alternatives() throws {
        let work = Workspace()
        let contacts = RepositoryPaths.root().appendingPathComponent("Examples/contacts.en-US.txt").path
        let given = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "Rose a lint carry gun.",
                                         "--alternative", "Rosalind Carrigan.=0.3", "--alternative", "Rose lint carry gun"])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout.contains("hypotheses: 1. 'Rose a lint carry gun.' "), "\(given.stdout)")
        #expect(given.stdout.contains("2. 'Rosalind Carrigan.' "))
        let file = try work.file("alternatives.json", lines: [
            #"[{"text": "Rosalind Carrigan.", "confidence": 0.3}, {"text": "Rose lint carry gun", "score": -1.1}]"#])
        let read = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "--json", "--explain",
                                        "--alternatives", file, "Rose a lint carry gun."])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        #expect((object["hypotheses"] as? [[String: Any]])?.count == 3)
        #expect(((object["considered"] as? [[String: Any]])?.first?["alternatives"] as? [Any]) != nil)
        let bad = try work.file("bad.json", lines: [#"[{"text": "Rosalind"}, {"text": "Rose", "confidence": "high"}]"#])
        let refused = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "--alternatives", bad, "rose"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: \(bad): alternatives[1]: key 'confidence' must be a number\n")
    }

    @Test("An alternative of phones (a phone recognizer's ARPAbet) is weighed and shown; a symbol ARPAbet has not is refused")
    func phonesAlternative() throws {
        let work = Workspace()
        let contacts = RepositoryPaths.root().appendingPathComponent("Examples/contacts.en-US.txt").path
        let file = try work.file("phones.json", lines: [#"[{"phones": "SIL R AA Z OW L EH NG K EH G N SIL"}]"#])
        let read = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "--alternatives", file,
                                        "rosalind kerrigan"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("2. '/R AA Z OW L EH NG K EH G N/' "), "\(read.stdout)")
        let bad = try work.file("bad-phones.json", lines: [#"[{"phones": "R AA Q"}]"#])
        let refused = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "--alternatives", bad,
                                           "rosalind"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error: \(bad): alternatives[0]: has the phone 'Q', not ARPAbet; expected one of AA AE AH"),
                "\(refused.stderr)")
        let both = try work.file("both.json", lines: [#"[{"phones": "R AA", "text": "ra"}]"#])
        let twice = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "--alternatives", both,
                                         "rosalind"])
        #expect(twice.status == 1)
        #expect(twice.stderr == "Error: \(both): alternatives[0]: give 'text' or 'phones', not both\n")
    }

    @Test("--recognizer decides with that recognizer's profile and says so; --json carries its name")
    func recognizerProfile() throws {
        let contacts = RepositoryPaths.root().appendingPathComponent("Examples/contacts.en-US.txt").path
        let text = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "--recognizer", "whisper",
                                        "Rosalind Kerrigan"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("recognizer: whisper (the decision trained on its output)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("outcome: success — Rosalind Kerrigan"), "\(text.stdout)")
        let json = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", contacts, "--recognizer", "typed",
                                        "--json", "Rosalind Kerrigan"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["recognizer"] as? String == "typed")
    }

    @Test("Bad arguments are refused naming them", arguments: [
        (["resolve", "bobo"], 64, "Error: give one of --user (with --type), --vocabulary or --parameter"),
        (["resolve", "--vocabulary", "/dev/null", "bobo", "--alternative", "bobo=1.5"], 64,
         "Error: --alternative 'bobo=1.5': confidence 1.5 is not within 0…1"),
        (["resolve", "--vocabulary", "/dev/null", "bobo", "--alternative", " - "], 1,
         "Error: --alternative ' - ': has no words"),
        (["resolve", "--parameter", "INStartWorkoutIntent.workoutName", "run", "--alternative", "ran"], 64,
         "Error: --alternative and --alternatives apply to --user or --vocabulary, not to --parameter"),
        (["resolve", "--vocabulary", "/no/such.txt", "bobo"], 1, "Error: /no/such.txt: no such file"),
        (["resolve", "--language", "fr-FR", "--vocabulary",
          RepositoryPaths.root().appendingPathComponent("Examples/contacts.fr-FR.txt").path, "--recognizer", "kaldi", "bobo"], 1,
         "Error: --recognizer: the recognizer 'kaldi' is unknown; expected one of pocketsphinx, pocketsphinx-grammar, typed, "
            + "whisper, whisper-phones, whisper-prompted"),
        (["resolve", "--vocabulary", "/dev/null", "--recognizer", "Whisper", "bobo"], 64,
         "Error: --recognizer 'Whisper' is not a recognizer name"),
        (["resolve", "--parameter", "INStartWorkoutIntent.workoutName", "run", "--recognizer", "typed"], 64,
         "Error: --recognizer applies to --user or --vocabulary, not to --parameter"),
        (["resolve", "--user", "a", "--type", "contacts", "bobo"], 64, "Error: --type 'contacts' is not a vocabulary"),
    ] as [([String], Int32, String)])
    func badInput(arguments: [String], status: Int32, message: String) throws {
        let result = try VocabBinary.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "stderr: \(result.stderr)")
    }
}

@Suite struct EvalCommandTests {
    @Test("eval writes predictions and prints the scores")
    func smallSet() throws {
        let work = Workspace()
        let set = try work.file("set.json", Array("""
            {"name": "mini", "vocabularies": [{"id": "v", "language": "it-IT", "type": "contactName",
              "strings": ["Chiara Rossi", "Bobo le Grand", "Bobo Jr."]}],
             "cases": [
              {"id": "1", "vocabulary": "v", "language": "it-IT", "query": "kiara rossi", "category": "homophone",
               "expect": {"outcome": "success", "terms": ["Chiara Rossi"]}},
              {"id": "2", "vocabulary": "v", "language": "it-IT", "query": "bobo", "category": "partial",
               "expect": {"outcome": "disambiguation", "terms": ["Bobo le Grand", "Bobo Jr."]}},
              {"id": "3", "vocabulary": "v", "language": "fr-FR", "query": "gertrude", "category": "absent",
               "expect": {"outcome": "unsupported", "terms": []}}]}
            """.utf8))
        let predictions = work.folder.appendingPathComponent("p.jsonl").path
        let result = try work.run(["eval", set, "--predictions", predictions])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("set: mini (3 cases), decided by the shared model (trained on every "
            + "recognizer's output)\nrecognizer guessed from the set's writing: 3 queries are too few to tell which "
            + "recognizer wrote them (at least 20)\none recognizer's own decision: --recognizer pocketsphinx | "
            + "pocketsphinx-grammar | typed | whisper | whisper-phones | whisper-prompted\n"))
        #expect(result.stdout.contains("  all                    3    100.0%    1/1     100.0%    2/2       0.0%    0/3     100.0%    1/1"))
        let lines = try String(contentsOfFile: predictions, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"id":"1","outcome":"success","terms":["Chiara Rossi"]}"#)
        let typed = try work.run(["eval", set, "--recognizer", "typed"])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.stdout.hasPrefix("set: mini (3 cases), decided by the profile of the recognizer 'typed'\n"))
        let unknown = try work.run(["eval", set, "--recognizer", "kaldi"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("Error: --recognizer: the recognizer 'kaldi' is unknown; expected one of "))
    }

    @Test("eval guesses the recognizer from how a whole set is written; shared asks for the shared decision")
    func guessedRecognizer() throws {
        let work = Workspace()
        let names = ["Chiara Rossi", "Marco Bianchi", "Giulia Romano", "Luca Ricci", "Sara Greco", "Paolo Conti"]
        // Whisper writes sentences: a capital mostly and, often, a full stop; without a prompt, rarely a listed
        // name (prompted, it capitalizes every query).
        let heard = ["Kiara Rossi.", "Marco Bianki.", "Julia Romano", "Luka Rici.", "sarah greco", "Paolo Conte."]
        let cases = (0..<24).map { position in
            #"{"id": "\#(position)", "vocabulary": "v", "language": "it-IT", "query": "\#(heard[position % 6])", "#
                + #""category": "full", "expect": {"outcome": "success", "terms": ["\#(names[position % 6])"]}}"#
        }
        let set = try work.file("set.json", Array(("""
            {"name": "heard", "vocabularies": [{"id": "v", "language": "it-IT", "type": "contactName",
              "strings": [\(names.map { "\"\($0)\"" }.joined(separator: ", "))]}],
             "cases": [\(cases.joined(separator: ",\n"))]}
            """).utf8))
        let guessed = try work.run(["eval", set])
        #expect(guessed.status == 0, "\(guessed.stderr)")
        #expect(guessed.stdout.hasPrefix("set: heard (24 cases), decided by the profile of the recognizer 'whisper'\n"
            + "recognizer guessed from the set's writing: 20 of 24 with a capital, 16 of 24 with sentence punctuation, "
            + "0 of 24 written word for word as a listed name: a Whisper without a prompt\n"))
        let json = try work.run(["eval", set, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["recognizer"] as? String == "whisper")
        #expect((object["recognizerGuess"] as? String)?.hasSuffix("a Whisper without a prompt") == true)
        let shared = try work.run(["eval", set, "--recognizer", "shared", "--json"])
        let sharedObject = try #require(try JSONSerialization.jsonObject(with: Data(shared.stdout.utf8)) as? [String: Any])
        #expect(sharedObject["recognizer"] as? String == "shared")
        #expect(sharedObject["recognizerGuess"] == nil)
        let named = try work.run(["eval", set, "--recognizer", "typed"])
        #expect(named.stdout.hasPrefix("set: heard (24 cases), decided by the profile of the recognizer 'typed'\n"
            + "false accept"))
        // One query does not show its writer.
        let vocabulary = try work.file("names.txt", Array(names.joined(separator: "\n").utf8))
        let resolve = try work.run(["resolve", "--language", "it-IT", "--vocabulary", vocabulary, "--recognizer", "auto",
                                    "Kiara Rossi."])
        #expect(resolve.status == 64)
        #expect(resolve.stderr.contains("--recognizer auto guesses the recognizer from a whole set's writing"))
        let invalid = try work.run(["eval", set, "--recognizer", "Whisper"])
        #expect(invalid.status == 64)
        #expect(invalid.stderr.contains("--recognizer 'Whisper' is not a recognizer name (lowercase letters, digits "
            + "and dashes, e.g. whisper, or auto, or shared)"))
        // vocab resolve names what it takes besides a profile's name: not auto.
        let invalidResolve = try work.run(["resolve", "--language", "it-IT", "--vocabulary", vocabulary, "--recognizer",
                                           "Whisper", "Kiara Rossi."])
        #expect(invalidResolve.status == 64)
        #expect(invalidResolve.stderr.contains("--recognizer 'Whisper' is not a recognizer name (lowercase letters, "
            + "digits and dashes, e.g. whisper, or shared)"))
    }

    @Test("A malformed set is refused naming the key path")
    func malformed() throws {
        let work = Workspace()
        let set = try work.file("bad.json", Array(#"{"vocabularies": [], "cases": [{"id": "1"}]}"#.utf8))
        let result = try work.run(["eval", set])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(set): cases[0]: key 'vocabulary' must be a non-empty string\n")
    }

    @Test("eval on the shared dev set agrees with score.py",
          .enabled(if: RepositoryPaths.shared != nil, "../shared is missing: score.py agreement not checked"))
    func agreesWithScorer() throws {
        guard let shared = RepositoryPaths.shared else { return }
        let work = Workspace()
        try FileManager.default.createDirectory(at: work.folder, withIntermediateDirectories: true)
        let predictions = work.folder.appendingPathComponent("p.jsonl").path
        let set = shared.appendingPathComponent("eval/dev.json").path
        let ours = try work.run(["eval", set, "--predictions", predictions, "--json"])
        #expect(ours.status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", shared.appendingPathComponent("eval/score.py").path, set, predictions, "--json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let theirs = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let mine = try #require(try JSONSerialization.jsonObject(with: Data(ours.stdout.utf8)) as? [String: Any])
        for metric in ["top1", "recall10", "false_accept", "disambiguation"] {
            let a = ((theirs["overall"] as? [String: Any])?[metric] as? [String: Any])?["count"] as? Int
            let b = ((mine["overall"] as? [String: Any])?[metric] as? [String: Any])?["count"] as? Int
            #expect(a != nil && a == b, "\(metric): score.py \(String(describing: a)), vocab \(String(describing: b))")
        }
    }
}
