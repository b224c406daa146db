import Foundation
import Testing
import VocabTestSupport

@Suite struct SpeakableCommandTests {
    @Test("set reads tab-separated speakable strings; list shows identifier and hint; resolve answers the identifier")
    func tabSeparatedRoundTrip() throws {
        let work = Workspace()
        let path = try work.file("contacts.tsv", lines: [
            "Siobhan Kelly\tc-17\tshuh vaughn kelly", "John Smith\tc-1", "John Smith\tc-2", "Anna Berg",
        ])
        let set = try work.run(["set", "--user", "alice", "--type", "contactName", path])
        #expect(set.status == 0)
        #expect(set.stdout == "stored 4 contactName terms for user 'alice' (version 1)\n")
        let list = try work.run(["list", "--user", "alice"])
        #expect(list.stdout.contains("1. Siobhan Kelly  [c-17]  (said \"shuh vaughn kelly\")"))
        #expect(list.stdout.contains("4. Anna Berg\n"))
        let resolved = try work.run(["resolve", "--user", "alice", "--language", "en-US", "--json", "shuh", "vaughn", "kelly"])
        let object = try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any]
        let candidates = object?["candidates"] as? [[String: Any]]
        #expect(object?["outcome"] as? String == "success")
        #expect(candidates?.first?["identifier"] as? String == "c-17")
        let twoJohns = try work.run(["resolve", "--user", "alice", "--language", "en-US", "john", "smith"])
        #expect(twoJohns.stdout.contains("John Smith [c-1]"))
        #expect(twoJohns.stdout.contains("John Smith [c-2]"))
    }

    @Test("set reads JSON: a list or an object with terms; list --json writes them back the same way")
    func jsonInput() throws {
        let work = Workspace()
        let json = #"{"terms": ["Anna Berg", {"phrase": "Siobhan Kelly", "identifier": "c-17"}]}"#
        let path = try work.file("contacts.json", Array(json.utf8))
        #expect(try work.run(["set", "--user", "alice", "--type", "contactName", path]).status == 0)
        let list = try work.run(["list", "--user", "alice", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        let terms = ((object?["sets"] as? [[String: Any]])?.first?["terms"]) as? [Any]
        #expect(terms?.first as? String == "Anna Berg")
        #expect((terms?.last as? [String: String]) == ["phrase": "Siobhan Kelly", "identifier": "c-17"])
    }

    @Test("A bad JSON entry is refused at its place and nothing is stored", arguments: [
        (#"[{"phrase": "A", "identifer": "c-1"}]"#, "[0].identifer: unknown key 'identifer'"),
        (#"{"terms": ["A", 3]}"#, "terms[1]: expected a string or an object"),
        (#"["A", {"phrase": "B", "identifier": ""}]"#, "term 2: identifier is empty"),
        ("[", "not valid JSON"),
    ])
    func jsonRefusals(json: String, message: String) throws {
        let work = Workspace()
        let good = try work.file("good.txt", lines: ["Old One"])
        #expect(try work.run(["set", "--user", "alice", "--type", "contactName", good]).status == 0)
        let path = try work.file("bad.json", Array(json.utf8))
        let result = try work.run(["set", "--user", "alice", "--type", "contactName", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try work.listedTerms() == ["Old One"])
    }

    @Test("--format names the form whatever the extension; an unknown one is a usage error")
    func formatOption() throws {
        let work = Workspace()
        let path = try work.file("contacts.txt", lines: ["Siobhan Kelly\tc-17"])
        #expect(try work.run(["set", "--user", "alice", "--type", "contactName", "--format", "tsv", path]).status == 0)
        #expect(try work.run(["list", "--user", "alice"]).stdout.contains("Siobhan Kelly  [c-17]"))
        let bad = try work.run(["set", "--user", "alice", "--type", "contactName", "--format", "csv", path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--format 'csv' is not a format; expected lines, tsv or json"))
    }
}
