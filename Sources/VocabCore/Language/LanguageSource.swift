/// Where the Siri language code in force came from.
///
/// Precedence, highest first: the `--language` argument, the `VOCAB_LANGUAGE` environment variable,
/// the user's stored setting, then the default `en-US`.
public enum LanguageSource: Sendable, Hashable, CustomStringConvertible {
    /// A command-line argument, named as typed (`--language`).
    case argument(String)
    /// An environment variable (`VOCAB_LANGUAGE`).
    case environment(String)
    /// The language stored for a user.
    case userSetting(user: String)
    /// Nothing was set: ``SiriLanguageCode/fallback`` applies.
    case defaultLanguage

    public var description: String {
        switch self {
        case .argument(let name): "from \(name)"
        case .environment(let name): "from $\(name)"
        case .userSetting(let user): "from the stored setting of user '\(user)'"
        case .defaultLanguage: "by default"
        }
    }

    /// A short name for machine-readable output: `argument`, `environment`, `userSetting`, `default`.
    public var kind: String {
        switch self {
        case .argument: "argument"
        case .environment: "environment"
        case .userSetting: "userSetting"
        case .defaultLanguage: "default"
        }
    }
}

/// The requested language and its origin, chosen by precedence.
public struct LanguageRequest: Sendable, Hashable {
    /// The canonical code requested.
    public let code: SiriLanguageCode
    /// Where it came from.
    public let source: LanguageSource

    /// Creates a request.
    public init(code: SiriLanguageCode, source: LanguageSource) {
        self.code = code
        self.source = source
    }

    /// Picks the first code that is set, in precedence order, and canonicalizes it.
    ///
    /// - Parameters:
    ///   - argument: The `--language` value, if given.
    ///   - environment: The `VOCAB_LANGUAGE` value, if set and not empty.
    ///   - userSetting: The user's stored code and the user's id, if any.
    ///   - tags: Parses and canonicalizes the chosen value.
    /// - Returns: The request, or the default `en-US` when nothing is set.
    /// - Throws: ``LanguageCodeError`` naming the origin of a malformed value.
    public static func choose(
        argument: String?,
        environment: String?,
        userSetting: (code: String, user: String)? = nil,
        tags: some LanguageTagService
    ) throws(LanguageCodeError) -> LanguageRequest {
        if let argument {
            do { return LanguageRequest(code: try tags.canonicalize(argument), source: .argument("--language")) }
            catch { throw error.from("--language") }
        }
        if let environment, !environment.isEmpty {
            do { return LanguageRequest(code: try tags.canonicalize(environment), source: .environment("VOCAB_LANGUAGE")) }
            catch { throw error.from("VOCAB_LANGUAGE") }
        }
        if let userSetting {
            do {
                return LanguageRequest(code: try tags.canonicalize(userSetting.code),
                                       source: .userSetting(user: userSetting.user))
            } catch { throw error.from("the stored language of user '\(userSetting.user)'") }
        }
        return LanguageRequest(code: .fallback, source: .defaultLanguage)
    }
}
