import Foundation
import Testing
import VocabTestSupport

/// `vocab eval` refuses exactly the sets `../shared/eval/score.py` refuses, with its messages.
@Suite struct EvalValidationTests {
    static let fixture = RepositoryPaths.root().appendingPathComponent("Tests/VocabCLITests/Fixtures/tiny-eval.json")

    /// The tiny set with one change, written to a temporary file.
    static func variant(_ change: Change) throws -> String {
        var document = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as! [String: Any]
        change(&document)
        let url = TemporaryPaths.url("eval", extension: "json")
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        return url.path
    }

    static func editCase(_ number: Int, _ change: @escaping Change) -> Change {
        { document in
            var cases = document["cases"] as! [[String: Any]]
            change(&cases[number])
            document["cases"] = cases
        }
    }

    typealias Change = @Sendable (inout [String: Any]) -> Void

    static let variants: [(String, Change)] = [
        ("case 'fr/1': duplicate case id", editCase(1) { $0["id"] = "fr/1" }),
        ("case 'fr/2': expect.outcome must be one of ['disambiguation', 'success', 'unsupported'], found 'maybe'",
         editCase(1) { $0["expect"] = ["outcome": "maybe", "terms": []] }),
        ("case 'fr/1': expect.outcome 'success' needs 1..1 terms, found 0",
         editCase(0) { $0["expect"] = ["outcome": "success", "terms": []] }),
        ("case 'fr/1': expect.outcome 'success' needs 1..1 terms, found 2",
         editCase(0) { $0["expect"] = ["outcome": "success", "terms": ["Bobo Jr.", "Bobo le Grand"]] }),
        ("case 'fr/1': expected term 'Nobody' is not in vocabulary 'fr/1'",
         editCase(0) { $0["expect"] = ["outcome": "success", "terms": ["Nobody"]] }),
        ("case 'fr/3': unknown vocabulary 'fr/9'", editCase(2) { $0["vocabulary"] = "fr/9" }),
        ("cases[2]: key 'query' must be a non-empty string", editCase(2) { $0["query"] = "" }),
        ("cases[0]: key 'category' must be a non-empty string", editCase(0) { $0.removeValue(forKey: "category") }),
        ("case 'fr/2': key 'expect' must be an object", editCase(1) { $0["expect"] = "success" }),
        ("case 'fr/2': expect.terms must be a list of strings",
         editCase(1) { $0["expect"] = ["outcome": "disambiguation", "terms": ["Bobo Jr.", 3]] }),
        ("the set has no cases", { $0["cases"] = [] as [Any] }),
        ("key 'cases' must be a list", { $0["cases"] = "none" }),
        ("vocabularies[0]: key 'id' must be a non-empty string", { document in
            var vocabularies = document["vocabularies"] as! [[String: Any]]
            vocabularies[0]["id"] = ""
            document["vocabularies"] = vocabularies
        }),
        ("vocabularies[1]: duplicate vocabulary id 'fr/1'", { document in
            let vocabularies = document["vocabularies"] as! [[String: Any]]
            document["vocabularies"] = vocabularies + vocabularies
        }),
    ]

    @Test("Each malformed set is refused with score.py's message", arguments: variants.indices)
    func refusedLikeScorePy(index: Int) throws {
        let (message, change) = Self.variants[index]
        let path = try Self.variant(change)
        let result = try VocabBinary.run(["eval", path])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(path): \(message)\n")
        guard let shared = RepositoryPaths.shared else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", shared.appendingPathComponent("eval/score.py").path, path, "/dev/null"]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let scorePy = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(scorePy == "score.py: \(path): \(message)\n")
    }

    @Test("A query or term past the limits is refused with its case or vocabulary")
    func limits() throws {
        let longQuery = try Self.variant(Self.editCase(0) { $0["query"] = String(repeating: "a", count: 70) })
        #expect(try VocabBinary.run(["eval", longQuery]).stderr == "Error: \(longQuery): case 'fr/1': key 'query': word "
            + "'aaaaaaaaaaaaaaaa…' of 70 characters is longer than the limit of 64\n")
        let longTerm = try Self.variant { document in
            var vocabularies = document["vocabularies"] as! [[String: Any]]
            vocabularies[0]["strings"] = ["Bobo", String(repeating: "b", count: 100_000)]
            document["vocabularies"] = vocabularies
        }
        #expect(try VocabBinary.run(["eval", longTerm]).stderr == "Error: \(longTerm): vocabularies[0] (fr/1): strings[1]: "
            + "term of 100000 UTF-16 code units is longer than the limit of 1024\n")
    }

    @Test("Alternatives of phones are resolved; one with a symbol ARPAbet has not is refused naming its case")
    func phonesAlternatives() throws {
        let heard = try Self.variant(Self.editCase(0) { $0["alternatives"] = [["phones": "B OW B OW"]] })
        let resolved = try VocabBinary.run(["eval", heard])
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let both = try Self.variant(Self.editCase(0) { $0["alternatives"] = [["phones": "B OW", "text": "bobo"]] })
        #expect(try VocabBinary.run(["eval", both]).stderr == "Error: \(both): case 'fr/1': alternatives[0]: give 'text' or "
            + "'phones', not both\n")
        let unknown = try Self.variant(Self.editCase(0) { $0["alternatives"] = [["phones": "B OW Q"]] })
        let refused = try VocabBinary.run(["eval", unknown])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error: \(unknown): case 'fr/1': alternatives[0] has the phone 'Q', not ARPAbet;"),
                "\(refused.stderr)")
    }

    @Test("--repeat times each case several times, its alternatives against its query alone; 0 runs is refused")
    func repeatedTiming() throws {
        let withAlternatives = try Self.variant(Self.editCase(0) { testCase in
            testCase["alternatives"] = [["text": testCase["query"]!, "confidence": 0.6], ["text": "bobo le grand", "confidence": 0.4]]
        })
        let timed = try VocabBinary.run(["eval", withAlternatives, "--repeat", "3"])
        #expect(timed.status == 0)
        #expect(timed.stdout.contains("(index build excluded, the fastest of 3 runs of each case)"))
        #expect(timed.stdout.contains("the query alone, timed in the same runs: p50 "))
        let once = try VocabBinary.run(["eval", withAlternatives])
        #expect(once.stdout.contains("(index build excluded)\n"))
        #expect(!once.stdout.contains("the query alone"))
        let refused = try VocabBinary.run(["eval", Self.fixture.path, "--repeat", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--repeat 0 is out of range; expected a count of runs from 1 to 100"))
    }

    @Test("--slowest names the slowest cases, slowest first, with the ratio to the query alone when timed so")
    func slowestCases() throws {
        let withAlternatives = try Self.variant(Self.editCase(0) { testCase in
            testCase["alternatives"] = [["text": testCase["query"]!, "confidence": 0.6], ["text": "bobo le grand", "confidence": 0.4]]
        })
        let cases = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture)) as! [String: Any]
        let ids = (cases["cases"] as! [[String: Any]]).map { $0["id"] as! String }
        let timed = try VocabBinary.run(["eval", withAlternatives, "--repeat", "2", "--slowest", "2"])
        #expect(timed.status == 0)
        let section = timed.stdout.components(separatedBy: "slowest cases:\n").last ?? ""
        let lines = section.split(separator: "\n").prefix { $0.hasPrefix("  ") }
        #expect(lines.count == min(2, ids.count))
        // Slowest first: each line's time is at least the next one's.
        let times = lines.compactMap { Double($0.split(separator: " ").first ?? "") }
        #expect(times.count == lines.count && times == times.sorted(by: >))
        #expect(lines.allSatisfy { line in line.contains("× alone") && ids.contains { line.contains("  \($0)  '") } })
        #expect(timed.stdout.contains("(2 alternatives)") == lines.contains { $0.contains("  fr/1  '") })
        let untimed = try VocabBinary.run(["eval", Self.fixture.path, "--slowest", "1"])
        #expect(untimed.stdout.contains("slowest cases:\n"))
        #expect(!untimed.stdout.contains("× alone"))
        let refused = try VocabBinary.run(["eval", Self.fixture.path, "--slowest", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--slowest '0' must be at least 1"))
        let withJSON = try VocabBinary.run(["eval", Self.fixture.path, "--slowest", "1", "--json"])
        #expect(withJSON.status == 64)
        #expect(withJSON.stderr.contains("--slowest adds to the text report; --json prints the scores alone"))
    }
}
