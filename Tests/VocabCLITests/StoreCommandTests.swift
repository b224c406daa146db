import Foundation
import Testing
import VocabTestSupport

/// A fresh database path and a file writer for each test.
struct Workspace {
    let folder = TemporaryPaths.url("vocab-cli")
    var store: String { folder.appendingPathComponent("vocabulary.sqlite").path }
    var environment: [String: String] { ["VOCAB_STORE": store] }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func file(_ name: String, lines: [String]) throws -> String {
        try file(name, Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    func run(_ arguments: [String], input: String? = nil) throws -> VocabBinary.Result {
        try VocabBinary.run(arguments, input: input, environment: environment)
    }

    func listedTerms(user: String = "alice", type: String = "contactName") throws -> [String]? {
        let result = try run(["list", "--user", user, "--type", type, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let sets = object?["sets"] as? [[String: Any]]
        return sets?.first?["terms"] as? [String]
    }
}

@Suite struct StoreCommandTests {
    @Test("set then list --json keeps the order and drops the repeat")
    func roundTrip() throws {
        let work = Workspace()
        let path = try work.file("names.txt", lines: ["Bobo", "Matthieu Lefèvre", "Bobo", "Zoé"])
        let set = try work.run(["set", "--user", "alice", "--type", "contactName", path])
        #expect(set.status == 0)
        #expect(set.stdout == "stored 3 contactName terms for user 'alice' (version 1)\n")
        #expect(set.stderr == "note: \(path):3: repeated term 'Bobo' skipped (first on line 1)\n")
        #expect(try work.listedTerms() == ["Bobo", "Matthieu Lefèvre", "Zoé"])
    }

    @Test("Terms come from standard input with '-' or no file")
    func standardInput() throws {
        let work = Workspace()
        #expect(try work.run(["set", "--user", "alice", "--type", "photoTag", "-"], input: "Plage\nMontagne\n").status == 0)
        #expect(try work.listedTerms(type: "photoTag") == ["Plage", "Montagne"])
    }

    @Test("Invalid UTF-8 on line 3 is refused naming line 3, and the previous set is intact")
    func invalidUTF8() throws {
        let work = Workspace()
        let good = try work.file("good.txt", lines: ["Old One", "Old Two"])
        #expect(try work.run(["set", "--user", "alice", "--type", "contactName", good]).status == 0)
        let bad = try work.file("bad.txt", Array("Bobo\nZoé\n".utf8) + [0x41, 0xFF, 0x0A, 0x42, 0x0A])
        let result = try work.run(["set", "--user", "alice", "--type", "contactName", bad])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            error: \(bad):3: invalid UTF-8 (byte 0xFF at column 2); expected UTF-8 text
            Error: \(bad): 1 line refused; nothing was stored, the previous set is unchanged

            """)
        #expect(try work.listedTerms() == ["Old One", "Old Two"])
    }

    @Test("A set over capacity stores the first N and reports the rest on stderr and in JSON")
    func capacity() throws {
        let work = Workspace()
        let path = try work.file("names.txt", lines: (1...9).map { "Name \($0)" })
        let result = try work.run(["set", "--user", "alice", "--type", "contactName", "--capacity", "3", "--json", path])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: dropped 6 terms over the capacity of 3 terms per type: "
            + "'Name 4', 'Name 5', 'Name 6', 'Name 7', 'Name 8', ...\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let dropped = try #require(object["dropped"] as? [String: Any])
        #expect(dropped["count"] as? Int == 6)
        #expect(dropped["first"] as? [String] == ["Name 4", "Name 5", "Name 6", "Name 7", "Name 8"])
        #expect(try work.listedTerms() == ["Name 1", "Name 2", "Name 3"])
    }

    @Test("--strict refuses a phone number that is otherwise a warning")
    func strict() throws {
        let work = Workspace()
        let path = try work.file("names.txt", lines: ["Bobo", "+33 6 12 34 56 78"])
        let lenient = try work.run(["set", "--user", "alice", "--type", "contactName", path])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.hasPrefix("warning: \(path):2: '+33 6 12 34 56 78' looks like a phone number"))
        let strict = try work.run(["set", "--user", "alice", "--type", "contactName", "--strict", path])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("error: \(path):2: '+33 6 12 34 56 78' looks like a phone number"))
    }

    @Test("clear removes one type, or all of a user's vocabulary")
    func clear() throws {
        let work = Workspace()
        let path = try work.file("names.txt", lines: ["Bobo"])
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", path])
        _ = try work.run(["set", "--user", "alice", "--type", "photoTag", path])
        let one = try work.run(["clear", "--user", "alice", "--type", "photoTag"])
        #expect(one.stdout == "removed 1 term (photoTag) of user 'alice'\n")
        let all = try work.run(["clear", "--user", "alice"])
        #expect(all.stdout == "removed 1 term (contactName) of user 'alice'\n")
        #expect(try work.run(["list", "--user", "alice"]).stdout == "user 'alice' has no vocabulary\n")
    }

    @Test("Reading commands never create a database; list says when there is none")
    func readingCreatesNothing() throws {
        let work = Workspace()
        let list = try work.run(["list", "--user", "alice"])
        #expect(list.status == 1)
        #expect(list.stderr == "Error: no vocabulary store at '\(work.store)'; 'vocab set' creates one (or give --store, "
            + "$VOCAB_STORE)\n")
        #expect(try work.run(["clear", "--user", "alice"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: work.store))
    }

    @Test("The stored language applies after --language and VOCAB_LANGUAGE")
    func languagePrecedence() throws {
        let work = Workspace()
        let set = try work.run(["language", "set", "fr_fr", "--user", "alice"])
        #expect(set.stdout == "user 'alice' speaks fr-FR (canonical form of 'fr_fr')\n")
        #expect(try work.run(["language", "show", "--user", "alice"]).stdout.contains(
            "in force   fr-FR (from the stored setting of user 'alice')\n"))
        let normalized = try work.run(["normalize", "--user", "alice", "R2D2"])
        #expect(normalized.stdout.hasPrefix("locale: fr-FR (requested fr-FR from the stored setting of user 'alice')"))
        let overridden = try VocabBinary.run(["normalize", "--user", "alice", "R2D2"],
                                             environment: work.environment.merging(["VOCAB_LANGUAGE": "it-IT"]) { $1 })
        #expect(overridden.stdout.hasPrefix("locale: it-IT (requested it-IT from $VOCAB_LANGUAGE)"))
        let argument = try work.run(["normalize", "--user", "alice", "--language", "de-DE", "R2D2"])
        #expect(argument.stdout.hasPrefix("locale: de-DE (requested de-DE from --language)"))
    }

    @Test("Bad arguments exit 64 naming the argument; bad data exits 1 naming the file", arguments: [
        (["set", "--user", "alice", "--type", "contacts", "-"], 64,
         "Error: --type 'contacts' is not a vocabulary string type; expected one of contactName, "),
        (["set", "--user", "", "--type", "contactName", "-"], 64, "Error: --user '' is empty; expected a user id"),
        (["set", "--user", "alice", "--type", "contactName", "--capacity", "0", "-"], 64,
         "Error: --capacity '0' must be a positive number of terms"),
        (["set", "--user", "alice", "--type", "contactName", "/no/such/file.txt"], 1,
         "Error: /no/such/file.txt: no such file"),
        (["language", "set", "xx_!!", "--user", "alice"], 64,
         "Error: 'xx_!!' is not a Siri language code; expected a form like 'fr-FR'"),
        (["list", "--user", "alice", "--type", "contact"], 64, "Error: --type 'contact' is not a vocabulary string type"),
    ] as [([String], Int32, String)])
    func badInput(arguments: [String], status: Int32, message: String) throws {
        let result = try Workspace().run(arguments, input: "")
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "stderr: \(result.stderr)")
    }

    @Test("A 100,000-term set killed with SIGKILL midway leaves the old set or the complete new one")
    func killedMidway() throws {
        let work = Workspace()
        let old = (1...1_000).map { "Old \($0)" }
        #expect(try work.run(["set", "--user", "alice", "--type", "contactName", try work.file("old.txt", lines: old)])
            .status == 0)
        let new = (1...100_000).map { "New \($0)" }
        let path = try work.file("new.txt", lines: new)
        // The first progress line is printed from inside the write transaction, after 10,000 inserts.
        let (killed, stderr) = try VocabBinary.killWhenStderrContains(
            "% (10000 terms)", arguments: ["set", "--user", "alice", "--type", "contactName", path],
            environment: work.environment)
        let terms = try work.listedTerms()
        #expect(terms == old || terms == new, "stderr: \(stderr)")
        if killed { #expect(terms == old) }
        // The database is whole: a new replace works.
        #expect(try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "After\n").status == 0)
        #expect(try work.listedTerms() == ["After"])
    }
}
