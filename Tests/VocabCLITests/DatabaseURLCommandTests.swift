import Foundation
import Testing
import VocabTestSupport

/// The operator's commands over the PostgreSQL database that `vocab serve` instances share
/// (`--database-url`, `$VOCAB_DATABASE_URL`): the same answers, errors and limits as over SQLite.
@Suite(.enabled(if: PostgresTestServer.isAvailable, "needs a PostgreSQL server"))
struct DatabaseURLCommandTests {
    @Test("set, list, language, resolve --user and clear work on the shared database as on SQLite")
    func operatorRoundTrip() async throws {
        let url = try await PostgresTestServer.urlInFreshSchema()
        let work = Workspace()
        let names = try work.file("names.txt", lines: ["Bobo", "Matthieu Lefèvre", "Bobo", "Zoé", "Chiara Rossi"])
        func run(_ arguments: [String]) throws -> VocabBinary.Result {
            try VocabBinary.run(arguments + ["--database-url", url])
        }
        let set = try run(["set", "--user", "alice", "--type", "contactName", "--capacity", "3", names])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("stored 3 contactName terms for user 'alice'"), "\(set.stdout)")
        #expect(set.stderr.contains("Chiara Rossi"), "the dropped term is reported: \(set.stderr)")

        let list = try run(["list", "--user", "alice", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        #expect(((object["sets"] as? [[String: Any]])?.first?["terms"] as? [String]) == ["Bobo", "Matthieu Lefèvre", "Zoé"])

        #expect(try run(["language", "set", "--user", "alice", "fr-FR"]).status == 0)
        #expect(try run(["language", "show", "--user", "alice"]).stdout.contains("stored     fr-FR"))
        let resolved = try run(["resolve", "--user", "alice", "--type", "contactName", "--json", "matthieu lefevre"])
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains("\"outcome\" : \"success\"") || resolved.stdout.contains("\"outcome\":\"success\""),
                "\(resolved.stdout)")

        let missing = try run(["resolve", "--user", "bob", "--type", "contactName", "bobo"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("user 'bob' has no contactName vocabulary in 'postgres://"), "\(missing.stderr)")

        let clear = try run(["clear", "--user", "alice"])
        #expect(clear.status == 0)
        #expect(clear.stdout.contains("removed 3 terms (contactName) and the language setting 'fr-FR' of user 'alice'"),
                "\(clear.stdout)")
        #expect(try run(["list", "--user", "alice"]).status == 0)
    }

    @Test("A bad database URL, or both --store and --database-url, is a usage error naming the option")
    func badSettings() throws {
        let bad = try VocabBinary.run(["list", "--user", "alice", "--database-url", "mysql://u@h/d"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--database-url: the database URL has the scheme 'mysql'"), "\(bad.stderr)")
        let both = try VocabBinary.run(["list", "--user", "alice", "--store", "/tmp/x.sqlite",
                                        "--database-url", "postgres://u@h/d"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--store and --database-url both name a store"))
        let fromEnvironment = try VocabBinary.run(["list", "--user", "alice"],
                                                  environment: ["VOCAB_DATABASE_URL": "postgres://u:pw@h/d?pool=3"])
        #expect(fromEnvironment.status == 64)
        #expect(fromEnvironment.stderr.contains("VOCAB_DATABASE_URL: the database URL has the parameter 'pool'"))
        #expect(!fromEnvironment.stderr.contains("pw"))
    }
}
