import ArgumentParser
import VocabCore

/// `--recognizer NAME`: which recognizer wrote the query, so that the decision weighs its evidence as that
/// recognizer errs (a profile of `Locales/shared/recognizers/`); without it, the shared decision.
struct RecognizerChoice: ParsableArguments {
    @Option(name: .customLong("recognizer"), help: ArgumentHelp(
        "The recognizer that wrote the query: typed, pocketsphinx, pocketsphinx-grammar (the name its grammar "
            + "wrote, its phone loop's phones as an alternative), whisper, whisper-phones (Whisper's text with "
            + "a phone loop's phones of the same audio as an alternative), or whisper-prompted (prompted with the "
            + "list's names); the decision then weighs the evidence as that recognizer errs. Without it (or with "
            + "'shared'), one decision trained on all of them.", valueName: "name"))
    var recognizer: String?

    func validate() throws {
        if recognizer == RecognizerGuess.automaticName {
            throw ValidationError("--recognizer auto guesses the recognizer from a whole set's writing (vocab eval); "
                + "one query does not show it: name the recognizer, or leave --recognizer out for the shared decision")
        }
        if let recognizer, !RecognizerProfile.isValidName(recognizer) {
            throw ValidationError(Self.notAName(recognizer, alsoAccepted: [Resolver.sharedDecisionName]))
        }
    }

    /// Why `--recognizer VALUE` is refused when VALUE is not a recognizer name: what a name is, and the other
    /// values the command takes (the same words for `vocab resolve`, `vocab compare` and `vocab eval`).
    static func notAName(_ value: String, alsoAccepted: [String]) -> String {
        let others = alsoAccepted.map { ", or \($0)" }.joined()
        return "--recognizer '\(value)' is not a recognizer name (lowercase letters, digits and dashes, e.g. whisper"
            + others + ")"
    }

    /// Refuses `--recognizer` beside `--parameter`: app vocabulary is decided by its own matcher.
    func checkApplies(withParameter parameter: String?) throws {
        if parameter != nil && recognizer != nil {
            throw ValidationError("--recognizer applies to --user or --vocabulary, not to --parameter")
        }
    }

    /// A resolver over the index that decides as the chosen recognizer's profile says.
    ///
    /// - Throws: ``CommandFailure`` naming `--recognizer` when the locale data has no such profile.
    func resolver(for index: VocabularyIndex, policy: ResolutionPolicy = .standard) throws -> Resolver {
        do {
            return try Resolver(index: index, policy: policy, recognizerNamed: recognizer)
        } catch let error as VocabularyError {
            throw CommandFailure(description: "--recognizer: \(error.subject) \(error.problem)")
        }
    }
}
