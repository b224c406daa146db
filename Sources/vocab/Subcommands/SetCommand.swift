import ArgumentParser
import Foundation
import VocabCore
import VocabStore

/// `vocab set`: replaces one type's ordered set for a user from a file of terms.
struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Replace a user's vocabulary of one type from a file: one term per line, most important first.",
        discussion: """
            The whole file is checked before anything is written; a refused file leaves the stored set as it \
            was. Terms past the capacity are dropped and reported.

            Speakable strings (SiriKit's INSpeakableString: the app's identifier, the phrase, an optional \
            pronunciation hint) come as tab-separated lines (--format tsv, or a .tsv file): \
            phrase<TAB>identifier<TAB>hint; or as JSON (--format json, or a .json file): an array, or an \
            object with a "terms" array, of strings and {"phrase", "identifier", "pronunciationHint"} objects. \
            Answers name a speakable term's identifier. Examples:
              vocab set --user alice --type contactName contacts.txt
              vocab set --user alice --type contactName contacts.tsv
            """
    )

    @OptionGroup var userOptions: UserOptions

    @Option(name: .long, help: ArgumentHelp("The vocabulary string type, e.g. contactName.", valueName: "type"))
    var type: String

    @OptionGroup var storeOptions: UserStoreOptions

    @Option(name: .long, help: ArgumentHelp("The most terms this set may hold (default: 100000).", valueName: "n"))
    var capacity: Int?

    @Option(name: .customLong("user-capacity"),
            help: ArgumentHelp("The most terms the user may hold over all types (default: 200000).", valueName: "n"))
    var userCapacity: Int?

    @Flag(name: .long, help: "Refuse terms that look like phone numbers or e-mail addresses instead of warning.")
    var strict = false

    @Flag(name: .customLong("allow-empty"),
          help: "Store an empty set when the input holds no term (otherwise an empty input is refused).")
    var allowEmpty = false

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        "How the input holds terms: lines (one plain term per line), tsv (phrase, identifier, hint) or json; "
            + "default: by the file's extension (.tsv, .json), else lines.", valueName: "format"))
    var format: String?

    @Argument(help: ArgumentHelp("The file of terms; '-' or nothing reads standard input.", valueName: "file"))
    var file: String?

    /// Imports this large report progress on stderr.
    static let progressThreshold = 20_000

    func validate() throws {
        _ = try TypeArgument.parse(type)
        _ = try limits()
        _ = try inputFormat()
    }

    /// The input's format: `--format`, else the file's extension.
    private func inputFormat() throws -> TermInput.Format {
        if let format {
            guard let parsed = TermInput.Format(rawValue: format) else {
                throw ValidationError("--format '\(format)' is not a format; expected lines, tsv or json")
            }
            return parsed
        }
        return TermInput.Format(path: file)
    }

    private func limits() throws -> VocabularyLimits {
        do {
            return try VocabularyLimits(perType: capacity ?? VocabularyLimits.standard.perType,
                                        perUser: userCapacity ?? VocabularyLimits.standard.perUser)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let type = try TypeArgument.parse(type)
        let (bytes, source) = try readInput()
        let parsed = try TermInput.parse(bytes, source: source, format: try inputFormat(), strict: strict)
        for warning in parsed.warnings { StandardError.print("warning: \(warning)") }
        if !parsed.errors.isEmpty {
            for error in parsed.errors.prefix(20) { StandardError.print("error: \(error)") }
            if parsed.errors.count > 20 { StandardError.print("error: ... and \(parsed.errors.count - 20) more") }
            let count = parsed.errors.count
            throw CommandFailure(description: "\(source): \(count) \(count == 1 ? "line" : "lines") refused; "
                + "nothing was stored, the previous set is unchanged")
        }

        if parsed.terms.isEmpty && !allowEmpty {
            throw CommandFailure(description: "\(source): no terms; nothing was stored, the previous set is unchanged "
                + "(give --allow-empty to store an empty set, or use 'vocab clear' to remove it)")
        }
        guard let opened = try await storeOptions.open(for: .create) else { return }
        defer { opened.close() }
        let store = opened.store
        let showsProgress = parsed.terms.count >= Self.progressThreshold
        if showsProgress { StandardError.print("storing \(parsed.terms.count) terms in \(opened.location)…") }
        let total = parsed.terms.count
        let progress: (@Sendable (Int) -> Void)? = { written in
            if written < total { StandardError.print("  \(written * 100 / total)% (\(written) terms)") }
        }
        let result = try await store.replace(parsed.entries, for: userOptions.id, type: type, limits: try limits(),
                                             progress: showsProgress ? progress : nil)

        reportRepeatsAndDrops(parsed, result, source: source)
        if json {
            try JSONOutput.print(Report(user: userOptions.user, type: type.rawValue, store: opened.location, result: result,
                                        repeats: parsed.repeats.map(Report.RepeatedLine.init),
                                        warnings: parsed.warnings.map(\.description)))
        } else {
            let replaced = result.previousCount.map { "; replaced \($0)" } ?? ""
            print("stored \(result.stored) \(type) terms for user '\(userOptions.user)' "
                + "(version \(result.version)\(replaced))")
        }
    }

    /// Reads the file, or standard input for `-` or no file.
    private func readInput() throws -> (bytes: [UInt8], source: String) {
        guard let file, file != "-" else {
            return (Array(FileHandle.standardInput.readDataToEndOfFile()), "<stdin>")
        }
        return (Array(try InputFile.read(file, what: "a vocabulary file")), file)
    }

    /// Nothing is dropped silently: repeats and the capacity drop go to stderr too.
    private func reportRepeatsAndDrops(_ parsed: VocabularyFile, _ result: ReplaceResult, source: String) {
        for repeated in parsed.repeats.prefix(DropReport.shownCount) {
            StandardError.print("note: \(source):\(repeated.line): repeated term '\(repeated.text)' skipped "
                + "(first on line \(repeated.firstLine))")
        }
        if parsed.repeats.count > DropReport.shownCount {
            StandardError.print("note: ... and \(parsed.repeats.count - DropReport.shownCount) more repeated terms skipped")
        }
        if let reason = result.dropped.reason {
            let shown = result.dropped.first.map { "'\($0)'" }.joined(separator: ", ")
            let more = result.dropped.count > result.dropped.first.count ? ", ..." : ""
            let noun = result.dropped.count == 1 ? "term" : "terms"
            StandardError.print("warning: dropped \(result.dropped.count) \(noun) \(reason): \(shown)\(more)")
        }
    }

    private struct Report: Encodable {
        struct RepeatedLine: Encodable {
            let line: Int
            let term: String
            let firstLine: Int
            init(_ repeated: VocabularyFile.Repeat) {
                line = repeated.line
                term = repeated.text
                firstLine = repeated.firstLine
            }
        }
        struct Dropped: Encodable {
            let count: Int
            let first: [String]
            let reason: String?
        }
        let user: String
        let type: String
        let store: String
        let stored: Int
        let version: Int64
        let previousCount: Int?
        let repeats: [RepeatedLine]
        let dropped: Dropped
        let warnings: [String]

        init(user: String, type: String, store: String, result: ReplaceResult, repeats: [RepeatedLine],
             warnings: [String]) {
            self.user = user
            self.type = type
            self.store = store
            stored = result.stored
            version = result.version
            previousCount = result.previousCount
            self.repeats = repeats
            dropped = Dropped(count: result.dropped.count, first: result.dropped.first,
                              reason: result.dropped.reason?.description)
            self.warnings = warnings
        }
    }
}
