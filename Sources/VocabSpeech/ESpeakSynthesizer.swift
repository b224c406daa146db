import Foundation
public import VocabCore

/// Why speech could not be made.
public struct SpeechError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Speech from Debian's `espeak-ng`: each language's voice saying a text, as WAV bytes. An optional
/// dependency: without the program, ``find(path:)`` returns `nil` and ``installAdvice`` says what to do.
public struct ESpeakSynthesizer: Sendable {
    /// The program.
    public let executable: String
    /// The voices it has (`en-us`, `fr-fr`, `de`, …), lowercase.
    public let voices: Set<String>

    /// How to get the program.
    public static let installAdvice = "espeak-ng is not installed; on Debian or Ubuntu: apt-get install espeak-ng "
        + "(MBROLA voices are in the mbrola-* packages)"

    /// The synthesizer on `PATH`, with its voice list, or `nil` when the program is missing or does not answer.
    ///
    /// - Parameter path: The folders to look in, `:`-separated (default: `$PATH`).
    public static func find(path: String? = nil) -> ESpeakSynthesizer? {
        let folders = (path ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let executable = folders.map({ $0 + "/espeak-ng" }).first(where: FileManager.default.isExecutableFile(atPath:)),
              let listing = try? run(executable, ["--voices"], input: nil, timeout: .seconds(10)) else { return nil }
        return ESpeakSynthesizer(executable: executable, voices: parseVoices(String(decoding: listing, as: UTF8.self)))
    }

    /// The language column of `espeak-ng --voices` (a header line, then `Pty Language Age/Gender Name File …`).
    static func parseVoices(_ listing: String) -> Set<String> {
        Set(listing.split(separator: "\n").dropFirst().compactMap { line in
            line.split(whereSeparator: \.isWhitespace).dropFirst().first.map { $0.lowercased() }
        })
    }

    /// The voice for a language: its language and region (`pt-br`), else its language (`de`), else `nil`.
    public func voice(for code: SiriLanguageCode) -> String? {
        let identifier = code.identifier.lowercased()
        let language = identifier.split(separator: "-").first.map(String.init) ?? identifier
        let region = identifier.split(separator: "-").last.map(String.init) ?? ""
        for candidate in ["\(language)-\(region)", identifier, language] where voices.contains(candidate) { return candidate }
        return nil
    }

    /// A text said by a voice, as a WAV file's bytes.
    ///
    /// - Throws: ``SpeechError`` when the program fails or takes longer than `timeout`.
    public func wav(_ text: String, voice: String, timeout: Duration = .seconds(10)) throws -> [UInt8] {
        // The text goes in on standard input, so a text that starts with '-' is not read as an option.
        try Self.run(executable, ["-v", voice, "-b", "1", "--stdout"], input: Array(text.utf8), timeout: timeout)
    }

    /// Runs the program and returns what it wrote.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8]?, timeout: Duration) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch {
            throw SpeechError(description: "cannot run \(executable): \(error.localizedDescription)")
        }
        if let input { standardInput.fileHandleForWriting.write(Data(input)) }
        try? standardInput.fileHandleForWriting.close()
        // Read while it runs: a pipe's buffer is smaller than a WAV file.
        let collected = LockedBytes()
        let reader = Thread { collected.set(Array(output.fileHandleForReading.readDataToEndOfFile())) }
        reader.start()
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 2)
            throw SpeechError(description: "\(executable) did not finish within \(timeout)")
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw SpeechError(description: "\(executable) failed (exit \(process.terminationStatus)): \(stderr.prefix(200))")
        }
        return collected.wait()
    }
}

/// Bytes handed from the reading thread.
private final class LockedBytes: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8]?

    func set(_ value: [UInt8]) {
        condition.lock()
        bytes = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        while bytes == nil { condition.wait() }
        return bytes!
    }
}
