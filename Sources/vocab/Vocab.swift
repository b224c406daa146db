import ArgumentParser

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
        subcommands: [Resolve.self, Eval.self, Compare.self, Lint.self, Bench.self, Normalize.self, Locales.self, SetCommand.self, List.self, Clear.self, Language.self]
    )
}
