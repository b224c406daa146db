/// How one language hears names: its phonetic encoders and its nicknames.
public struct PhoneticProfile: Sendable {
    /// The encoders whose keys are compared; a key shared with any encoder counts.
    public let encoders: [any PhoneticEncoder]
    /// The language's nicknames.
    public let nicknames: NicknameTable
    /// How the language pronounces names in the shared phone inventory, for the phone matcher (`nil`: words only).
    public let pronouncer: Pronouncer?
    /// The calibrated decision over both matchers' candidates (`nil`: the word candidates decide by the
    /// ``ResolutionPolicy``).
    public let decision: DecisionModel?
    /// How a recognizer's alternatives are weighed together (``AlternativeFeatures``; `nil`: the first
    /// hypothesis alone decides).
    public let alternatives: DecisionModel?
    /// Each recognizer's own calibration by name, for callers that name their recognizer (see
    /// ``RecognizerProfile``).
    public let recognizers: [String: RecognizerProfile]
    /// ARPAbet's phones in the shared inventory (`Locales/shared/arpabet.tsv`), for hypotheses of phones
    /// (``Hypothesis/phones``): empty when the locale data has no mapping.
    public let arpabet: [String: [Phone]]
    /// Query words' keys already computed.
    let queryKeys = QueryWordCache<[String]>()

    /// Creates a profile.
    public init(encoders: [any PhoneticEncoder], nicknames: NicknameTable = NicknameTable(), pronouncer: Pronouncer? = nil,
                decision: DecisionModel? = nil, alternatives: DecisionModel? = nil,
                recognizers: [String: RecognizerProfile] = [:], arpabet: [String: [Phone]] = [:]) {
        self.encoders = encoders
        self.nicknames = nicknames
        self.pronouncer = pronouncer
        self.decision = decision
        self.alternatives = alternatives
        self.recognizers = recognizers
        self.arpabet = arpabet
    }

    /// The built-in encoders by name, as locale data names them (`phoneticEncoders` in `normalization.json`).
    ///
    /// - Returns: The encoder, or `nil` for an unknown name.
    public static func builtInEncoder(named name: String) -> (any PhoneticEncoder)? {
        switch name {
        case "double-metaphone": DoubleMetaphone(maximumLength: 8)
        case "koelner-phonetik": ColognePhonetic()
        case "fonem": FONEM()
        case "phonex": Phonex()
        case "fonetico": Fonetico()
        default: nil
        }
    }

    /// The names ``builtInEncoder(named:)`` knows.
    public static let builtInEncoderNames = ["double-metaphone", "koelner-phonetik", "fonem", "phonex", "fonetico"]

    /// Words longer than this (in UTF-8 bytes) get no phonetic keys: they are matched by spelling only.
    /// Entry checks already refuse words over ``TextLimits/maximumWordLength`` characters; this bound keeps
    /// the encoders' cost fixed for what normalization lengthens (NFKC expands some ligatures eighteenfold)
    /// and for sets stored before the entry checks existed.
    public static let longestEncodedWord = 4 * TextLimits.maximumWordLength

    /// ``keys(for:)`` of a query word, kept for the next query that says it.
    public func queryKeys(for word: String) -> [String] {
        queryKeys.value(for: word) { keys(for: $0) }
    }

    /// The keys of a word with every encoder, without repeats (none for a word over ``longestEncodedWord``).
    public func keys(for word: String) -> [String] {
        guard word.utf8.count <= Self.longestEncodedWord else { return [] }
        var keys: [String] = []
        for encoder in encoders {
            for key in encoder.keys(for: word) where !key.isEmpty && !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
}
