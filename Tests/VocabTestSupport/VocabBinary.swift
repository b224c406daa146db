public import Foundation

/// Runs the built `vocab` executable and captures what it printed, for end-to-end tests.
public enum VocabBinary {
    /// What one run produced.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The built binary: beside the test bundle in `.build/<configuration>/`.
    public static var url: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("vocab")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return RepositoryPaths.root().appendingPathComponent(".build/debug/vocab")
    }

    /// A process for the built binary, with `VOCAB_LANGUAGE`, `VOCAB_LOCALES`, `VOCAB_STORE` and `COLUMNS` removed from
    /// the inherited environment unless given, so a developer's settings never change a test's outcome.
    static func makeProcess(_ arguments: [String], environment: [String: String], executable: URL? = nil) -> Process {
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["VOCAB_LANGUAGE", "VOCAB_LOCALES", "VOCAB_STORE", "VOCAB_DATABASE_URL", "COLUMNS"] { env.removeValue(forKey: key) }
        env.merge(environment) { $1 }
        process.environment = env
        return process
    }

    /// Runs `vocab` with arguments, optional standard input and extra environment.
    ///
    /// `VOCAB_LANGUAGE`, `VOCAB_LOCALES` and `VOCAB_STORE` are removed from the inherited environment
    /// unless given, so a developer's settings never change a test's outcome.
    ///
    /// - Parameter executable: Another program to run instead (a wrapper such as `setpriv` given the binary's
    ///   path among its arguments).
    public static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        currentDirectory: URL? = nil, executable: URL? = nil
    ) throws -> Result {
        let process = makeProcess(arguments, environment: environment, executable: executable)
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { errData = stderr.fileHandleForReading.readDataToEndOfFile() }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

extension VocabBinary {
    /// Runs `vocab` (or `executable`) with its standard output and standard error into one pipe, in the order
    /// they were written, as a terminal shows them; the environment cleaned as ``run(_:input:environment:currentDirectory:executable:)``
    /// cleans it.
    public static func runMerged(_ arguments: [String], executable: URL? = nil) throws -> (status: Int32, output: String) {
        let process = makeProcess(arguments, environment: [:], executable: executable)
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

extension VocabBinary {
    /// Starts `vocab`, waits until its standard error contains `marker`, then kills it with SIGKILL.
    ///
    /// - Returns: Whether the marker was seen before the process ended by itself, and what stderr held.
    public static func killWhenStderrContains(
        _ marker: String, arguments: [String], environment: [String: String] = [:]
    ) throws -> (killed: Bool, stderr: String) {
        let process = makeProcess(arguments, environment: environment)
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        var killed = false
        while true {
            let chunk = stderr.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // end of file: the process closed stderr (it exited)
            seen.append(chunk)
            if String(decoding: seen, as: UTF8.self).contains(marker) {
                kill(process.processIdentifier, SIGKILL)
                killed = true
                break
            }
        }
        process.waitUntilExit()
        return (killed && process.terminationReason == .uncaughtSignal, String(decoding: seen, as: UTF8.self))
    }
}
