/// Apple's guidance for example phrases, per locale, as `Locales/<code>/app.json` states it:
/// the app's name appears; the assistant is never addressed ("Hey Siri", "Dis Siri"); no pleasantries
/// ("please", "merci"); short; several per intent, most common first.
public struct ExampleGuidance: Sendable, Hashable, Codable {
    /// The app's name as the locale says it, e.g. "Ritmo".
    public var appName: String?
    /// Phrases that address the assistant, longest first when they overlap ("hey siri" before "siri").
    public var assistantAddress: [String]
    /// Pleasantries that do not belong in examples.
    public var pleasantries: [String]
    /// The most words an example should have.
    public var maximumExampleWords: Int
    /// The fewest examples an intent should have.
    public var minimumExamplesPerIntent: Int

    public init(appName: String? = nil, assistantAddress: [String] = [], pleasantries: [String] = [],
                maximumExampleWords: Int = 10, minimumExamplesPerIntent: Int = 2) {
        self.appName = appName
        self.assistantAddress = assistantAddress
        self.pleasantries = pleasantries
        self.maximumExampleWords = maximumExampleWords
        self.minimumExamplesPerIntent = minimumExamplesPerIntent
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        appName = try container.decodeIfPresent(String.self, forKey: .appName)
        assistantAddress = try container.decodeIfPresent([String].self, forKey: .assistantAddress) ?? []
        pleasantries = try container.decodeIfPresent([String].self, forKey: .pleasantries) ?? []
        maximumExampleWords = try container.decodeIfPresent(Int.self, forKey: .maximumExampleWords) ?? 10
        minimumExamplesPerIntent = try container.decodeIfPresent(Int.self, forKey: .minimumExamplesPerIntent) ?? 2
    }
}
