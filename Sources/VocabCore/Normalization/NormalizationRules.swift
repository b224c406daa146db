/// A locale's data for normalizing names, as stored in `Locales/<code>/normalization.json`.
///
/// ```json
/// {
///   "particles": ["de", "du", "des", "le", "la"],
///   "honorifics": ["m", "mme", "mlle", "dr"],
///   "suffixes": ["jr", "sr", "fils"],
///   "spokenForms": {"jr": "junior", "sr": "senior", "dr": "docteur", "mme": "madame"},
///   "joinedPrefixes": [],
///   "capitalizedPrefixes": [],
///   "alternateFolding": null
/// }
/// ```
/// Words are compared after folding, so `père` and `pere` are the same entry.
public struct NormalizationRules: Sendable, Hashable, Codable {
    /// Name particles that may be left out when a name is said (`de`, `da`, `dos`, `von`, `van`, `di`).
    public var particles: [String]
    /// Titles said before a name (`dr`, `m`, `mme`, `sr`, `herr`).
    public var honorifics: [String]
    /// Generational or professional suffixes said after a name (`jr`, `sr`, `iii`, `fils`).
    public var suffixes: [String]
    /// How an abbreviated suffix or title is said (`jr` → `junior`, `mme` → `madame`): a term holding one is also
    /// read with the spoken word, by both matchers. Each key is one of ``suffixes`` or ``honorifics``.
    public var spokenForms: [String: String]
    /// Prefixes written joined to a surname that speech may split: `mc` (`McDonald` / "mc donald").
    public var joinedPrefixes: [String]
    /// Prefixes split only when the spelling capitalizes what follows (`MacDonald`, not `Machado`).
    public var capitalizedPrefixes: [String]
    /// An ICU transform ID or rule set producing a second folded form, e.g. `de-ASCII` (ä → ae, ß → ss).
    public var alternateFolding: String?
    /// The built-in phonetic encoders this language hears names with (`double-metaphone`,
    /// `koelner-phonetik`, `phonex`, `fonem`, `fonetico`); `phonetic-rules.txt` in the folder adds its own.
    public var phoneticEncoders: [String]

    /// Creates rules; every list defaults to empty.
    public init(
        particles: [String] = [],
        honorifics: [String] = [],
        suffixes: [String] = [],
        spokenForms: [String: String] = [:],
        joinedPrefixes: [String] = [],
        capitalizedPrefixes: [String] = [],
        alternateFolding: String? = nil,
        phoneticEncoders: [String] = []
    ) {
        self.particles = particles
        self.honorifics = honorifics
        self.suffixes = suffixes
        self.spokenForms = spokenForms
        self.joinedPrefixes = joinedPrefixes
        self.capitalizedPrefixes = capitalizedPrefixes
        self.alternateFolding = alternateFolding
        self.phoneticEncoders = phoneticEncoders
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        particles = try container.decodeIfPresent([String].self, forKey: .particles) ?? []
        honorifics = try container.decodeIfPresent([String].self, forKey: .honorifics) ?? []
        suffixes = try container.decodeIfPresent([String].self, forKey: .suffixes) ?? []
        spokenForms = try container.decodeIfPresent([String: String].self, forKey: .spokenForms) ?? [:]
        joinedPrefixes = try container.decodeIfPresent([String].self, forKey: .joinedPrefixes) ?? []
        capitalizedPrefixes = try container.decodeIfPresent([String].self, forKey: .capitalizedPrefixes) ?? []
        alternateFolding = try container.decodeIfPresent(String.self, forKey: .alternateFolding)
        phoneticEncoders = try container.decodeIfPresent([String].self, forKey: .phoneticEncoders) ?? []
    }
}
