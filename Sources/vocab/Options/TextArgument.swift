import ArgumentParser
import VocabCore

/// Checks texts given on the command line against ``TextLimits`` before any work is done.
enum TextArgument {
    /// Throws a usage error naming the argument when a text is over the bounds.
    ///
    /// - Parameters:
    ///   - text: The query or text as given.
    ///   - name: How the message names the argument, e.g. `<query>`.
    static func validate(_ text: String, name: String) throws {
        if let problem = TextLimits.lengthProblem(with: text, noun: "text") {
            throw ValidationError("\(name) is refused: \(problem)")
        }
    }
}
