import Foundation
import Testing
import VocabTestSupport

/// Bad and unusual input through the built binary: each gets a message naming what is at fault, a nonzero
/// exit, and leaves stored data as it was.
@Suite struct BadInputCommandTests {
    let example = RepositoryPaths.root().appendingPathComponent("Examples/contacts.fr-FR.txt").path

    @Test("An empty input never replaces a stored set, unless --allow-empty says so")
    func emptyReplaceIsRefused() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo\nZoé\n")
        for (arguments, input) in [(["-"], ""), ([try work.file("empty.txt", [])], nil)] as [([String], String?)] {
            let result = try work.run(["set", "--user", "alice", "--type", "contactName"] + arguments, input: input)
            #expect(result.status == 1)
            #expect(result.stderr.hasSuffix(": no terms; nothing was stored, the previous set is unchanged (give "
                + "--allow-empty to store an empty set, or use 'vocab clear' to remove it)\n"))
            #expect(try work.listedTerms() == ["Bobo", "Zoé"])
        }
        let allowed = try work.run(["set", "--user", "alice", "--type", "contactName", "--allow-empty", "-"], input: "")
        #expect(allowed.status == 0)
        #expect(try work.listedTerms() == [])
    }

    @Test("--store pointing at something that is not a vocab store is refused before anything is written")
    func foreignStoreIsRefused() throws {
        let work = Workspace()
        let notes = try work.file("notes.txt", Array("shopping list\n".utf8))
        let result = try VocabBinary.run(["set", "--user", "alice", "--type", "contactName", "--store", notes, example])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: store '\(notes)': is not an SQLite database (it starts with 'shopping list.'); "
            + "expected a vocab store, or a new path\n")
        #expect(FileManager.default.contents(atPath: notes) == Data("shopping list\n".utf8))
        let empty = try VocabBinary.run(["list", "--user", "alice", "--store", ""])
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: --store '' is empty; expected the path of a database file\n"))
    }

    @Test("A folder, a missing file or a device named as an input file: the message says which, naming the file")
    func inputFilesThatAreNotFiles() throws {
        let work = Workspace()
        let folder = work.folder.path
        _ = try work.file("placeholder.txt", lines: ["Bobo"])
        let missing = folder + "/absent.json"
        let cases: [([String], String)] = [
            (["resolve", "--language", "fr-FR", "--vocabulary", folder, "bobo"], "\(folder): is a folder, not a vocabulary file"),
            (["resolve", "--language", "fr-FR", "--vocabulary", example, "--alternatives", folder, "bobo"],
             "\(folder): is a folder, not an alternatives file"),
            (["resolve", "--language", "fr-FR", "--vocabulary", example, "--alternatives", missing, "bobo"],
             "\(missing): no such file"),
            (["eval", folder], "\(folder): is a folder, not an evaluation set"),
            (["set", "--user", "alice", "--type", "contactName", folder], "\(folder): is a folder, not a vocabulary file"),
        ]
        for (arguments, message) in cases {
            let result = try work.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "Error: \(message)\n", "\(arguments)")
        }
        // A device reads as a file: /dev/null is an empty list, which matches nothing (before, "permission denied").
        let empty = try work.run(["resolve", "--language", "fr-FR", "--vocabulary", "/dev/null", "bobo"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("outcome: unsupported — no term of 0 matches well enough"), "\(empty.stdout)")
        #expect(!FileManager.default.fileExists(atPath: work.store), "the refused set wrote a store")
    }

    @Test("A missing store or user is reported, not answered as 'no match'")
    func missingUserOrStore() throws {
        let work = Workspace()
        let absent = try work.run(["resolve", "--user", "alice", "bobo"])
        #expect(absent.status == 1)
        #expect(absent.stderr == "Error: no vocabulary store at '\(work.store)'; 'vocab set' creates one (or give "
            + "--store, $VOCAB_STORE)\n")
        _ = try work.run(["set", "--user", "alice", "--type", "photoTag", "-"], input: "Plage\n")
        let nobody = try work.run(["resolve", "--user", "nobody", "bobo"])
        #expect(nobody.status == 1)
        #expect(nobody.stderr == "Error: user 'nobody' has no contactName vocabulary in '\(work.store)' (the user has "
            + "no vocabulary)\n")
        let compare = try work.run(["compare", "--languages", "fr-FR", "--user", "nobody", "bobo"])
        #expect(compare.status == 1)
        #expect(compare.stderr == nobody.stderr)
        let otherType = try work.run(["resolve", "--user", "alice", "bobo"])
        #expect(otherType.stderr == "Error: user 'alice' has no contactName vocabulary in '\(work.store)' (the user has "
            + "only photoTag)\n")
    }

    @Test("Sign-out removes the stored language and the kept indexes too")
    func clearRemovesEverything() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo\n")
        _ = try work.run(["language", "set", "fr-FR", "--user", "alice"])
        #expect(try work.run(["resolve", "--user", "alice", "bobo"]).status == 0)
        let indexes = work.store + ".indexes"
        #expect(try FileManager.default.contentsOfDirectory(atPath: indexes).count == 1)
        let cleared = try work.run(["clear", "--user", "alice"])
        #expect(cleared.stdout == "removed 1 term (contactName) and the language setting 'fr-FR' of user 'alice'\n")
        #expect(try work.run(["language", "show", "--user", "alice"]).stdout.hasPrefix("stored     (none)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: indexes).isEmpty)
    }

    @Test("One user whatever the Unicode normalization of the id")
    func userIDsAreNFC() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "jose\u{301}", "--type", "contactName", "-"], input: "Bobo\n")
        #expect(try work.listedTerms(user: "jos\u{E9}") == ["Bobo"])
    }

    @Test("A failed write to standard output is an error, in text and JSON", arguments: [false, true])
    func fullStandardOutput(json: Bool) throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo\n")
        let process = Process()
        process.executableURL = VocabBinary.url
        process.arguments = ["list", "--user", "alice", "--store", work.store] + (json ? ["--json"] : [])
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(message == "Error: cannot write to standard output (No space left on device); the output is incomplete\n")
    }

    @Test("Queries and texts past the limits are refused before any work", arguments: [
        ["resolve", "--language", "en-US", "--vocabulary", "EXAMPLE"], ["normalize"],
        ["compare", "--languages", "en-US", "--vocabulary", "EXAMPLE"],
    ])
    func longQueries(command: [String]) throws {
        let arguments = command.map { $0 == "EXAMPLE" ? example : $0 }
        let name = command[0] == "normalize" ? "<text>" : "<query>"
        let long = try VocabBinary.run(arguments + [String(repeating: "a", count: 100_000)])
        #expect(long.status == 64)
        #expect(long.stderr.hasPrefix("Error: \(name) is refused: text of 100000 UTF-16 code units is longer than the "
            + "limit of 1024\n"))
        let word = try VocabBinary.run(arguments + ["jean " + String(repeating: "b", count: 65)])
        #expect(word.status == 64)
        #expect(word.stderr.hasPrefix("Error: \(name) is refused: word 'bbbbbbbbbbbbbbbb…' of 65 characters is longer "
            + "than the limit of 64\n"))
    }

    @Test("A long word under the limit still resolves")
    func longWordResolves() throws {
        let result = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", example,
                                          String(repeating: "ab", count: 32)])
        #expect(result.status == 0)
        #expect(result.stdout.contains("outcome: unsupported"))
    }

    @Test("A 100,000-letter term in a JSON vocabulary is refused with its position")
    func longTermInJSON() throws {
        let work = Workspace()
        let json = try work.file("v.json", Array("{\"strings\": [\"Bobo\", \"\(String(repeating: "a", count: 100_000))\"]}".utf8))
        let result = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", json, "bobo"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(json): strings[1]: term of 100000 UTF-16 code units is longer than the limit "
            + "of 1024\n")
    }

    @Test("A vocabulary file of more than 100,000 lines is refused before its lines are checked")
    func tooManyTerms() throws {
        let work = Workspace()
        let file = try work.file("many.txt", Array((0...100_000).map { "Name \($0)\n" }.joined().utf8))
        let result = try VocabBinary.run(["resolve", "--language", "en-US", "--vocabulary", file, "bobo"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(file): 100001 lines is more than the limit of 100000 terms a vocabulary may hold\n")
    }

    @Test("--predictions never replaces a device or a symbolic link")
    func predictionsTarget() throws {
        let work = Workspace()
        let set = RepositoryPaths.root().appendingPathComponent("Tests/VocabCLITests/Fixtures/tiny-eval.json").path
        let target = try work.file("target.jsonl", Array("keep\n".utf8))
        let link = work.folder.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        for (path, kind) in [("/dev/null", "a device"), (link, "a symbolic link"), (work.folder.path, "a folder")] {
            let result = try VocabBinary.run(["eval", set, "--predictions", path])
            #expect(result.status == 1)
            #expect(result.stderr == "Error: --predictions '\(path)' is \(kind); expected a regular file to write\n")
        }
        #expect(FileManager.default.contents(atPath: target) == Data("keep\n".utf8))
        let written = work.folder.appendingPathComponent("out.jsonl").path
        #expect(try VocabBinary.run(["eval", set, "--predictions", written]).status == 0)
    }
}

/// The index kept beside a store: used when current, rebuilt when stale or damaged, never trusted blindly.
@Suite struct PersistedIndexCommandTests {
    /// The one index file of the workspace's store.
    func indexFile(_ work: Workspace) throws -> String {
        let folder = work.store + ".indexes"
        let user = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(user)").first)
        return "\(folder)/\(user)/\(name)"
    }

    @Test("The second resolve loads the kept index and answers the same")
    func secondCallLoads() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo le Grand\nMatthieu Lefèvre\n")
        let first = try work.run(["resolve", "--user", "alice", "--language", "fr-FR", "matieu lefevre"])
        let file = try indexFile(work)
        #expect(file.hasSuffix("/contactName.fr-FR.vidx"))
        let written = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        let second = try work.run(["resolve", "--user", "alice", "--language", "fr-FR", "matieu lefevre"])
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == written)
    }

    @Test("A replaced set or another language is not answered from the old index")
    func staleIndexIsRebuilt() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo\n")
        #expect(try work.run(["resolve", "--user", "alice", "bobo"]).stdout.contains("outcome: success — Bobo"))
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Zoé Martin\n")
        let after = try work.run(["resolve", "--user", "alice", "bobo"])
        #expect(after.stdout.contains("outcome: unsupported"))
        #expect(after.stderr.contains("note: rebuilding the index of user 'alice' (built for another set, language or format)"))
        #expect(try work.run(["resolve", "--user", "alice", "--language", "fr-FR", "zoe martin"]).stdout
            .contains("outcome: success — Zoé Martin"))
    }

    @Test("A damaged index file is refused, rebuilt and written again", arguments: [0, 200, -1])
    func damagedIndexIsRebuilt(position: Int) throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo le Grand\nPetit Bobo\n")
        let first = try work.run(["resolve", "--user", "alice", "bobo"])
        let file = try indexFile(work)
        var bytes = try #require(FileManager.default.contents(atPath: file))
        if position < 0 {
            bytes = bytes.prefix(bytes.count / 2)
        } else {
            bytes[position] ^= 0xFF
        }
        try bytes.write(to: URL(fileURLWithPath: file))
        let damaged = try work.run(["resolve", "--user", "alice", "bobo"])
        #expect(damaged.status == 0)
        #expect(damaged.stdout == first.stdout)
        #expect(damaged.stderr.hasPrefix("note: rebuilding the index of user 'alice' ("))
        let again = try work.run(["resolve", "--user", "alice", "bobo"])
        #expect(again.stderr.isEmpty)
    }

    /// Whether the binary and the locales can be reached by user 65534 (root, setpriv, and no folder on the
    /// way closed to others, which a clone under /root would be).
    static var unprivilegedUserCanRunBinary: Bool {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return false }
        let locales = RepositoryPaths.root().appendingPathComponent("Locales/en-US/normalization.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c",
                             "test -x \"$0\" && test -r \"$1\"", VocabBinary.url.path, locales]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test("A store in a folder the process cannot write still serves every reading command",
          .enabled(if: unprivilegedUserCanRunBinary,
                   "needs root, setpriv, and the binary and locales readable by an unprivileged user"))
    func readOnlyStore() throws {
        let work = Workspace()
        _ = try work.run(["set", "--user", "alice", "--type", "contactName", "-"], input: "Bobo\nZoé\n")
        _ = try work.run(["language", "set", "fr-FR", "--user", "alice"])
        let folder = work.folder.path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: work.store)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        // The binary and the locales must be readable by the unprivileged user (a default umask makes them so).
        func asNobody(_ arguments: [String]) throws -> VocabBinary.Result {
            try VocabBinary.run(["--reuid=65534", "--regid=65534", "--clear-groups", VocabBinary.url.path] + arguments
                + ["--store", work.store], executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        }
        let list = try asNobody(["list", "--user", "alice"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("  1. Bobo\n  2. Zoé\n"))
        let resolve = try asNobody(["resolve", "--user", "alice", "bobo"])
        #expect(resolve.status == 0, "\(resolve.stderr)")
        #expect(resolve.stdout.contains("outcome: success — Bobo"))
        #expect(try asNobody(["language", "show", "--user", "alice"]).stdout.hasPrefix("stored     fr-FR\n"))
        let write = try asNobody(["set", "--user", "alice", "--type", "contactName", "-"])
        #expect(write.status == 1)
    }
}
