import Foundation
import Testing
import VocabTestSupport

@Suite struct BenchCommandTests {
    /// A vocabulary and queries in the bench folder's format, written to a fresh folder.
    private func files(strings: [String], queries: [[String: String]]) throws -> (vocabulary: String, queries: String) {
        let folder = TemporaryPaths.url("vocab-bench")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let vocabulary = folder.appendingPathComponent("vocab.json")
        let queryFile = folder.appendingPathComponent("queries.json")
        try JSONSerialization.data(withJSONObject: ["strings": strings]).write(to: vocabulary)
        try JSONSerialization.data(withJSONObject: ["queries": queries]).write(to: queryFile)
        return (vocabulary.path, queryFile.path)
    }

    /// Three terms and three queries: a typo and an exact name, with their sources, and an absent name.
    private func sample() throws -> (vocabulary: String, queries: String) {
        try files(strings: ["Anna Rossi", "Bruno Bauer", "Carla Lefevre"], queries: [
            ["query": "ana rossi", "source": "Anna Rossi", "kind": "typo"],
            ["query": "bruno bauer", "source": "Bruno Bauer", "kind": "exact"],
            ["query": "zygmunt", "kind": "absent"],
        ])
    }

    @Test("A run on given files reports its measurements and top-1 against the queries' sources")
    func runsOnGivenFiles() throws {
        let input = try sample()
        let result = try VocabBinary.run(["bench", "--vocabulary", input.vocabulary, "--queries", input.queries,
                                          "--threads", "1", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["startUpMilliseconds"] as? Double).map { $0 > 0 } == true)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results[0]["terms"] as? Int == 3)
        #expect(results[0]["queries"] as? Int == 3)
        #expect(results[0]["withSource"] as? Int == 2)
        #expect(results[0]["top1"] as? Double == 1)
        #expect(results[0]["acceptedWrong"] as? Int == 0)
        #expect((results[0]["bytesPerTerm"] as? Double).map { $0 > 0 } == true)
        #expect((results[0]["slowest"] as? [Any])?.isEmpty == true)
    }

    @Test("--slowest names the slowest queries of the timed pass, slowest first, with their kind")
    func namesTheSlowestQueries() throws {
        let input = try sample()
        let result = try VocabBinary.run(["bench", "--vocabulary", input.vocabulary, "--queries", input.queries,
                                          "--threads", "1", "--no-baseline", "--slowest", "2", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let slowest = try #require(results.first?["slowest"] as? [[String: Any]])
        #expect(slowest.count == 2)
        let times = slowest.compactMap { $0["microseconds"] as? Double }
        #expect(times.count == 2 && times[0] >= times[1])
        for entry in slowest {
            let query = try #require(entry["query"] as? String)
            let kind = try #require(entry["kind"] as? String)
            #expect(["ana rossi": "typo", "bruno bauer": "exact", "zygmunt": "absent"][query] == kind)
        }
        let text = try VocabBinary.run(["bench", "--vocabulary", input.vocabulary, "--queries", input.queries,
                                        "--threads", "1", "--no-baseline", "--slowest", "1"])
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout.contains("  slowest:\n"), "\(text.stdout)")
    }

    @Test("Bad input exits nonzero with a message naming the culprit")
    func badInput() throws {
        let good = try files(strings: ["Anna Rossi"], queries: [["query": "anna"]])
        let emptyQueries = try files(strings: ["Anna Rossi"], queries: [])
        let emptyVocabulary = try files(strings: [], queries: [["query": "anna"]])
        let cases: [([String], Int32, String)] = [
            (["bench", "--sizes", "10,x"], 64,
             "Error: --sizes '10,x' is not a list of sizes; expected a form like '1000,10000'"),
            (["bench", "--sizes", ""], 64, "Error: --sizes '' is empty; expected a list of sizes like '1000,10000'"),
            (["bench", "--sizes", "1000,"], 64,
             "Error: --sizes '1000,' is not a list of sizes; expected a form like '1000,10000'"),
            (["bench", "--vocabulary", good.vocabulary], 64, "Error: --vocabulary and --queries go together"),
            (["bench", "--vocabulary", good.vocabulary, "--queries", good.queries, "--threads", "0"], 64,
             "Error: --threads '0' must be at least 1"),
            (["bench", "--vocabulary", good.vocabulary, "--queries", good.queries, "--slowest", "0"], 64,
             "Error: --slowest '0' must be at least 1"),
            (["bench", "--vocabulary", "/no/such.json", "--queries", good.queries], 1, "Error: /no/such.json: no such file"),
            (["bench", "--vocabulary", good.vocabulary, "--queries", emptyQueries.queries], 1,
             "Error: \(emptyQueries.queries): 'queries' is empty; nothing to time"),
            (["bench", "--vocabulary", emptyVocabulary.vocabulary, "--queries", good.queries], 1,
             "Error: \(emptyVocabulary.vocabulary): no terms; nothing to build or resolve against"),
        ]
        for (arguments, status, message) in cases {
            let result = try VocabBinary.run(arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
