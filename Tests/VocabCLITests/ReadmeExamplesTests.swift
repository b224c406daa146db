import Foundation
import Testing
import VocabTestSupport

/// The README shows real output: its checked examples (`scripts/readme-check.py`) print what it shows, and a
/// command's summary on standard error comes after the results it printed before, as a terminal shows them.
@Suite struct ReadmeExamplesTests {
    @Test("Every README example marked for checking prints what the README shows")
    func examplesPrintWhatTheReadmeShows() throws {
        // The README's English examples were made with the English pronouncing dictionary (Debian's
        // pocketsphinx-en-us, which `.ci/run` installs); the binary says whether it finds one.
        let listing = try VocabBinary.run(["locales", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any])
        let dictionary = try #require(object["pronouncingDictionary"] as? [String: Any])
        guard dictionary["found"] as? Bool == true else {
            print("ReadmeExamplesTests: skipped: \(dictionary["status"] ?? "no English pronouncing dictionary") "
                + "(apt-get install pocketsphinx-en-us); the README's English examples were made with it")
            return
        }
        let root = RepositoryPaths.root()
        let (status, output) = try VocabBinary.runMerged(
            ["python3", root.appendingPathComponent("scripts/readme-check.py").path, "--vocab", VocabBinary.url.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(status == 0, "README examples differ from what vocab prints:\n\(output)")
        #expect(output.contains("examples in"), "\(output)")
    }

    @Test("A summary written to standard error follows the results printed before it on a shared descriptor")
    func summaryFollowsResults() throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-order-\(UUID().uuidString).txt")
        try "Rosalind Kerrigan\nDesmond Achebe\n".write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let (status, output) = try VocabBinary.runMerged(
            ["hints", "--language", "en-US", "--vocabulary", list.path, "--format", "phrases"])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.last?.hasPrefix("2 of 2 terms considered") == true, "the summary should come last: \(lines)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("Rosalind Kerrigan") || $0.hasSuffix("Desmond Achebe") },
                "\(lines)")
    }
}
