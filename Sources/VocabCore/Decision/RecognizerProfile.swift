/// A recognizer's own calibration: the decision, and the weighing of its alternatives, trained on what that
/// recognizer alone wrote for the training names.
///
/// The shared decision model is trained on every recognizer at once, so a probability means the same for
/// typed text, PocketSphinx and Whisper only on average: at p 0.7–0.8 a typed query's best candidate was right
/// 8% of the time in training, Whisper's 92% (BENCHMARKS.md). A caller that knows its recognizer names it
/// (`vocab resolve --recognizer whisper`, the service's `recognizer`), and the decision weighs that recognizer's
/// evidence as it errs.
public struct RecognizerProfile: Sendable {
    /// The recognizer's name as callers give it (`typed`, `pocketsphinx`, `whisper`, `whisper-prompted`).
    public let name: String
    /// The decision trained on this recognizer's output.
    public let decision: DecisionModel
    /// How this recognizer's alternatives are weighed, when it was trained on its N-best lists (`nil`: the
    /// shared alternatives model weighs them).
    public let alternatives: DecisionModel?
    /// The weighing of its alternatives trained on one language's output, by bare language code ("en"), where
    /// that language's evidence is weighed apart: a phone loop trained on US English hears English far better
    /// than the other languages (BENCHMARKS.md, "The phone loop beside Whisper in six languages").
    public let alternativesByLanguage: [String: DecisionModel]

    /// Creates a profile.
    public init(name: String, decision: DecisionModel, alternatives: DecisionModel? = nil,
                alternativesByLanguage: [String: DecisionModel] = [:]) {
        self.name = name
        self.decision = decision
        self.alternatives = alternatives
        self.alternativesByLanguage = alternativesByLanguage
    }

    /// How this recognizer's alternatives are weighed in a language (a bare code, "en"): the language's own
    /// model when the profile has one, else ``alternatives``, at the language's own accept point when the model
    /// gives it one (``DecisionModel/acceptByLanguage``).
    public func alternatives(inLanguage language: String?) -> DecisionModel? {
        (language.flatMap { alternativesByLanguage[$0] } ?? alternatives)?.accepting(inLanguage: language)
    }

    /// Whether a text is a bare language code, as a profile's per-language models and accept points name a
    /// language: two or three lowercase ASCII letters ("en", "fr").
    public static func isBareLanguageCode(_ code: some StringProtocol) -> Bool {
        (2...3).contains(code.utf8.count) && code.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// Whether a text is a profile name: lowercase ASCII letters, digits and dashes, 1 to 32 of them, starting
    /// with a letter (it names a folder).
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...32).contains(bytes.count), let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
    }
}
