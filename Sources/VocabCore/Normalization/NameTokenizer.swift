/// Turns word segments into ``NameToken``s: roles, hyphen joins, apostrophe and prefix parts.
///
/// The segments come from a word breaker (ICU's, in `VocabICU`); this type holds the name rules, which
/// are the same whatever finds the words, and is tested without ICU.
public enum NameTokenizer {
    /// A word found in the faithful text.
    public struct Segment: Sendable, Hashable {
        /// The word in faithful form: `o'connor`.
        public var text: String
        /// What separates the word from the previous one (`" "`, `"-"`, `". "`); empty for the first.
        public var precedingSeparator: String
        /// The word folded (marks removed, ASCII), apostrophes still in: `o'connor`.
        public var folded: String
        /// Whether the word is written in Latin script. The locale's word lists are Latin words, so only
        /// Latin words can be particles, honorifics or suffixes: the Han `李` reads `li` but is no
        /// Italian particle.
        public var isLatinScript: Bool

        /// Creates a segment.
        public init(text: String, precedingSeparator: String = "", folded: String, isLatinScript: Bool = true) {
            self.text = text
            self.precedingSeparator = precedingSeparator
            self.folded = folded
            self.isLatinScript = isLatinScript
        }
    }

    /// Builds the tokens of a name.
    ///
    /// - Parameters:
    ///   - segments: The words, in order.
    ///   - original: The text as written, consulted for capitalized prefixes (`MacDonald`).
    ///   - profile: The locale's particles, honorifics, suffixes and prefixes.
    /// - Returns: One token per segment.
    /// - Complexity: O(*n*) in the total length of the segments.
    public static func tokens(segments: [Segment], original: String, profile: LocaleProfile) -> [NameToken] {
        var tokens: [NameToken] = []
        tokens.reserveCapacity(segments.count)
        var latinScript: [Bool] = []
        for segment in segments {
            var token = NameToken(text: segment.text, folded: segment.folded)
            splitParts(of: &token, original: original, profile: profile)
            latinScript.append(segment.isLatinScript)
            token.isJoinedToPrevious = !tokens.isEmpty && isDashes(segment.precedingSeparator)
            tokens.append(token)
        }
        assignRoles(&tokens, latinScript: latinScript, profile: profile)
        return tokens
    }

    /// Whether a separator is made of dashes only (`-`, `‐`, `–`…): the words it separates are one name.
    private static func isDashes(_ separator: String) -> Bool {
        let bytes = separator.utf8
        if bytes.isEmpty { return false }
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.allSatisfy { $0 == 0x2D } }
        return separator.unicodeScalars.allSatisfy { $0.properties.generalCategory == .dashPunctuation }
    }

    /// Fills `parts` and removes apostrophes and spaces from `folded`.
    private static func splitParts(of token: inout NameToken, original: String, profile: LocaleProfile) {
        let folded = token.folded
        let hasSeparator = folded.containsUTF8Byte { $0 == 0x20 || $0 == 0x27 || $0 >= 0x80 }
        if hasSeparator {
            let pieces = folded.split(whereSeparator: { $0 == " " || String.apostrophes.contains($0) }).map(String.init)
            if pieces.count > 1 {
                token.parts = pieces
                token.folded = pieces.joined()
                return
            }
            token.folded = pieces.first ?? ""
        }
        for prefix in profile.rules.joinedPrefixes where token.folded.hasPrefix(prefix) {
            let rest = token.folded.dropFirst(prefix.count)
            if rest.count >= 3 {
                token.parts = [prefix, String(rest)]
                return
            }
        }
        for prefix in profile.rules.capitalizedPrefixes where token.folded.hasPrefix(prefix) {
            let rest = token.folded.dropFirst(prefix.count)
            guard rest.count >= 3, let first = rest.first else { continue }
            let written = prefix.prefix(1).uppercased() + prefix.dropFirst() + String(first).uppercased()
            if original.contains(written) {
                token.parts = [prefix, String(rest)]
                return
            }
        }
    }

    /// Marks numbers, leading honorifics, trailing suffixes and particles, always leaving a name word.
    private static func assignRoles(_ tokens: inout [NameToken], latinScript: [Bool], profile: LocaleProfile) {
        for index in tokens.indices where !tokens[index].folded.isEmpty
            && tokens[index].folded.allUTF8Bytes(satisfy: { (0x30...0x39).contains($0) }) {
            tokens[index].role = .number
        }
        var names = tokens.count(where: { $0.role == .name })
        for index in tokens.indices {
            guard tokens[index].role == .name, latinScript[index], names > 1,
                  profile.honorifics.contains(tokens[index].folded) else { break }
            tokens[index].role = .honorific
            names -= 1
        }
        for index in tokens.indices.reversed() {
            guard tokens[index].role == .name, latinScript[index], names > 1,
                  profile.suffixes.contains(tokens[index].folded) else { break }
            tokens[index].role = .suffix
            names -= 1
        }
        // A particle introduces a later name word: "de" in "Bobo de la Fuente", "dos" in "dos Santos".
        for index in tokens.indices where tokens[index].role == .name && latinScript[index]
            && profile.particles.contains(tokens[index].folded)
            && tokens[(index + 1)...].contains(where: { $0.role == .name && !profile.particles.contains($0.folded) }) {
            tokens[index].role = .particle
        }
    }
}
