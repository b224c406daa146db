import Foundation
import Testing
import VocabTestSupport

/// The README shows real output: its checked examples (`scripts/readme-check.py`) print what it shows, and a
/// command's summary on standard error comes after the results it printed before, as a terminal shows them.
@Suite struct ReadmeExamplesTests {
    /// Where the English examples' pronunciations come from (Debian's pocketsphinx-en-us, which `.ci/run` installs).
    private static let dictionary = ProcessInfo.processInfo.environment["VOCAB_PRONOUNCING_DICTIONARY"]
        ?? "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    @Test("Every README example marked for checking prints what the README shows")
    func examplesPrintWhatTheReadmeShows() throws {
        guard FileManager.default.fileExists(atPath: Self.dictionary) else {
            print("ReadmeExamplesTests: skipped: the English pronouncing dictionary \(Self.dictionary) is missing "
                + "(apt-get install pocketsphinx-en-us); the README's English examples were made with it")
            return
        }
        let root = RepositoryPaths.root()
        let (status, output) = try Self.runTogether(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", root.appendingPathComponent("scripts/readme-check.py").path, "--vocab", VocabBinary.url.path])
        #expect(status == 0, "README examples differ from what vocab prints:\n\(output)")
        #expect(output.contains("examples in"), "\(output)")
    }

    @Test("A summary written to standard error follows the results printed before it on a shared descriptor")
    func summaryFollowsResults() throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-order-\(UUID().uuidString).txt")
        try "Rosalind Kerrigan\nDesmond Achebe\n".write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let (status, output) = try Self.runTogether(
            VocabBinary.url, ["hints", "--language", "en-US", "--vocabulary", list.path, "--format", "phrases"])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.last?.hasPrefix("2 of 2 terms considered") == true, "the summary should come last: \(lines)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("Rosalind Kerrigan") || $0.hasSuffix("Desmond Achebe") },
                "\(lines)")
    }

    /// Runs a program with standard output and standard error into one pipe, as a terminal shows them.
    private static func runTogether(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for key in ["VOCAB_LANGUAGE", "VOCAB_LOCALES", "VOCAB_STORE", "VOCAB_DATABASE_URL", "COLUMNS"] {
            environment.removeValue(forKey: key)
        }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
