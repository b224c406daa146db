import ArgumentParser
import VocabLocales

/// The `vocab` command: resolve spoken names against user and app vocabulary, per language.
@main
struct Vocab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab",
        abstract: "A language-aware vocabulary engine: normalize, match and resolve spoken names.",
        discussion: """
            Results go to standard output, diagnostics to standard error. Exit status: 0 on success, \
            64 for a usage error, 1 for a data error.
            """,
        subcommands: [Resolve.self, Eval.self, Compare.self, Hints.self, Lint.self, Bench.self, Normalize.self, PhoneCostsCommand.self, Locales.self, SetCommand.self, List.self, Clear.self, Language.self, Serve.self]
    )

    /// Parses and runs a subcommand, then checks that its output was written: a failed write to standard
    /// output is a data error (exit 1) with a one-line message, in text and JSON alike.
    static func main() async {
        LocaleDirectory.reportWarnings { StandardError.print("note: \($0)") }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            try StandardOutput.finish()
        } catch {
            // What was printed before the failure (lint's findings before its exit status) still goes out.
            try? StandardOutput.finish()
            exit(withError: error)
        }
    }
}
