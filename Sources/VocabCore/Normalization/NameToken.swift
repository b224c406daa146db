/// One word of a name, in the forms the matcher compares.
///
/// For `Dr. Jean-Luc O'Connor Jr.` the tokens are `dr` (honorific), `jean`, `luc` (joined to `jean` by a
/// hyphen), `o'connor` (parts `o` + `connor`) and `jr` (suffix).
public struct NameToken: Sendable, Hashable, Codable {
    /// What a token is to the name it belongs to.
    public enum Role: String, Sendable, Hashable, Codable {
        /// An ordinary name word.
        case name
        /// A particle that may be left out when said (`de`, `van`, `dos`).
        case particle
        /// A title before the name (`dr`, `mme`).
        case honorific
        /// A suffix after the name (`jr`, `iii`).
        case suffix
        /// A number written in digits (`2` in `R2D2` is not one: it is inside a word).
        case number

        /// Whether a word of this role must be matched for a name to match: name words and numbers must;
        /// particles, honorifics and suffixes may be left unsaid.
        public var isRequired: Bool { self == .name || self == .number }

        /// Whether leaving a term word of this role unsaid makes a match partial (name words, numbers,
        /// suffixes: "Lili" is not all of "Lili Jr."); particles and honorifics are often left out whole.
        public var countsForCoverage: Bool { isRequired || self == .suffix }
    }

    /// The faithful (case-folded) text, e.g. `o'connor`.
    public var text: String
    /// The folded text without marks or apostrophes, e.g. `oconnor`.
    public var folded: String
    /// The folded pieces the token is made of, when it has several (`o` + `connor`, `mc` + `donald`,
    /// `li` + `xiao` + `long` for a Han name read as one word); empty otherwise.
    public var parts: [String]
    /// The token's role.
    public var role: Role
    /// Whether a hyphen, not a space, separates this token from the previous one (`luc` in `jean-luc`).
    public var isJoinedToPrevious: Bool

    /// Creates a token.
    public init(text: String, folded: String, parts: [String] = [], role: Role = .name,
                isJoinedToPrevious: Bool = false) {
        self.text = text
        self.folded = folded
        self.parts = parts
        self.role = role
        self.isJoinedToPrevious = isJoinedToPrevious
    }
}
