import ArgumentParser

/// Which vocabulary a command works on — a user's stored set, a file, or the locale's app vocabulary for an
/// intent parameter — shared by `vocab resolve` and `vocab hints`: exactly one is given.
struct VocabularyChoice: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A user whose stored vocabulary (and language) to use.", valueName: "id"))
    var user: String?

    @Option(name: .long, help: ArgumentHelp("The string type of the user's vocabulary (default: contactName).",
                                            valueName: "type"))
    var type: String?

    @Option(name: .long, help: ArgumentHelp("A vocabulary file instead of a stored set.", valueName: "file"))
    var vocabulary: String?

    @Option(name: .long, help: ArgumentHelp(
        "The locale's app vocabulary for this intent parameter, e.g. INStartWorkoutIntent.workoutName.",
        valueName: "parameter"))
    var parameter: String?

    func validate() throws {
        if [user != nil, vocabulary != nil, parameter != nil].filter({ $0 }).count != 1 {
            throw ValidationError("give one of --user (with --type), --vocabulary or --parameter")
        }
        if let user { try UserOptions.validateUser(user) }
        if let type { _ = try TypeArgument.parse(type) }
        if vocabulary != nil && type != nil { throw ValidationError("--type applies to --user, not to --vocabulary") }
    }
}
