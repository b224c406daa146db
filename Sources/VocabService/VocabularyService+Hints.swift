import HTTPTypes
import VocabCore
import VocabLocales

extension VocabularyService {
    /// A user's set as recognizer hints (`GET /v1/users/{user}/vocabulary/{type}/hints`), from the index the
    /// service keeps for the set (cached, or loaded from beside the store), in the request's language, else the
    /// user's, else the default.
    ///
    /// With `heard` (what a recognizer wrote on a first pass, and its alternatives), the terms that sound like it go
    /// in first, within half the budget, then the user's order: the hints of a second pass.
    ///
    /// - Throws: ``Problem`` 422 naming `format`, `budget`, `language`, `explain` or `heard`; 404 when the user has
    ///   no such set; 503 when the locales folder has no hint model.
    func hints(for user: UserID, type: VocabularyStringType, format: String?, budget: String?, language: String?,
               explain: String?, heard: [String] = []) async throws -> RecognizerHints.Plan {
        let format = try Self.hintFormat(format)
        let budget = try Self.hintBudget(budget, format: format)
        let explain = try Self.flag(explain, field: "explain")
        do { try Resolver.checkHeard(heard, noun: { "heard[\($0)]" }) } catch {
            throw Problem.invalid("heard", "\(error.subject) \(error.problem)")
        }
        let (stamp, stored) = try await storedState(of: user, type: type)
        let request = try locales.request(given: language, field: "language", stored: stored, user: user)
        let (_, context) = try locales.context(for: request)
        guard let planner = try? locales.directory.recognizerHints(for: context.preparer) else {
            throw Problem(.serviceUnavailable, "this server's locales folder has no phone data or no "
                + "shared/\(LocaleDirectory.hintModelFileName); hints need both")
        }
        let index = try await index(of: user, type: type, stamp: stamp, context: context)
        let near = try Resolver(index: index).nearestTerms(to: heard, limit: RecognizerHints.nearLimit)
        return planner.plan(index.hintTerms, near: near, format: format, budget: budget,
                            counter: configuration.hintsTokenizer ?? EstimatedTokenCounter(), explain: explain)
    }

    static func hintFormat(_ given: String?) throws -> RecognizerHints.Format {
        guard let given else { return .prompt }
        guard let format = RecognizerHints.Format(rawValue: given) else {
            throw Problem.invalid("format", "'\(given)' is not a hint format; expected prompt, phrases or lexicon")
        }
        return format
    }

    static func hintBudget(_ given: String?, format: RecognizerHints.Format) throws -> Int {
        guard let given else { return format.defaultBudget }
        guard let budget = Int(given), (1...RecognizerHints.Format.maximumBudget).contains(budget) else {
            throw Problem.invalid("budget", "'\(given)' is not a budget; expected a whole number from 1 to "
                + "\(RecognizerHints.Format.maximumBudget) (\(format.budgetUnit))")
        }
        return budget
    }

    static func flag(_ given: String?, field: String) throws -> Bool {
        switch given {
        case nil, "false", "0": return false
        case "true", "1", "": return true
        default: throw Problem.invalid(field, "'\(given!)' is not a boolean; expected true or false")
        }
    }
}
