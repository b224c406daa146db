/// Spelling cues to a name's language of origin (`Locales/shared/origin-cues.txt`): `*eau fr` (a word
/// ending in "eau" is probably French), `sch* de` (starting), `*ñ* es` (containing). Beider–Morse phonetic
/// matching guesses origins the same way; the cues here were written for this project.
public struct OriginCues: Sendable {
    enum Position: Sendable { case start, end, inside }

    struct Cue: Sendable {
        let letters: String
        let position: Position
        let languages: [String]
        let bytes: [UInt8]
    }

    private let cues: [Cue]

    /// Parses the cue file.
    ///
    /// - Throws: ``PhoneDataError`` naming the line at fault.
    public init(parsing text: String, source: String = "origin-cues.txt") throws(PhoneDataError) {
        var cues: [Cue] = []
        for (number, line) in DataLines(text) {
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard fields.count >= 2 else {
                throw PhoneDataError(source: source, line: number, message: "expected a cue and one or more language codes")
            }
            let pattern = fields[0]
            let starts = pattern.hasPrefix("*")
            let ends = pattern.hasSuffix("*") && pattern.count > 1
            let letters = String(pattern.drop(while: { $0 == "*" }).reversed().drop(while: { $0 == "*" }).reversed())
            guard !letters.isEmpty, !letters.contains("*"), starts || ends else {
                throw PhoneDataError(source: source, line: number,
                                     message: "a cue is '*ending', 'beginning*' or '*inside*', found '\(pattern)'")
            }
            let position: Position = starts && ends ? .inside : starts ? .end : .start
            cues.append(Cue(letters: letters, position: position, languages: Array(fields.dropFirst()),
                            bytes: Array(letters.utf8)))
        }
        self.cues = cues
    }

    /// No cues.
    public init() { cues = [] }

    /// The languages a name's words point to, most cued first (ties: first cued first).
    ///
    /// - Parameter cued: For each word, ``cuedLanguages(of:)``.
    public static func ranked(_ cued: [[String]]) -> [String] {
        // Two arrays and an insertion sort, not a sort of tuples by a closure: a name's words cue a handful of
        // languages at most, and the sort cost about 900 instructions a term while an index was built (callgrind).
        var languages: [String] = []
        var votes: [Int] = []
        for cues in cued {
            for language in cues {
                if let found = languages.firstIndex(of: language) { votes[found] += 1 } else {
                    languages.append(language)
                    votes.append(1)
                }
            }
        }
        guard languages.count > 1 else { return languages }
        // Stable: among equal votes the first cued stays first.
        var order = Array(languages.indices)
        for next in 1..<order.count {
            let moving = order[next]
            var slot = next
            while slot > 0 && votes[order[slot - 1]] < votes[moving] {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = moving
        }
        return order.map { languages[$0] }
    }

    /// The languages each cue a word meets points to, one entry per cue met.
    public func cuedLanguages(of word: String) -> [String] {
        let bytes = Array(word.utf8)
        var found: [String] = []
        for cue in cues {
            let letters = cue.bytes
            let hit: Bool
            switch cue.position {
            case .start: hit = bytes.count > letters.count && bytes.starts(with: letters)
            case .end: hit = bytes.count > letters.count && bytes[(bytes.count - letters.count)...].elementsEqual(letters)
            case .inside:
                hit = bytes.count >= letters.count && (0...(bytes.count - letters.count)).contains { start in
                    bytes[start..<(start + letters.count)].elementsEqual(letters)
                }
            }
            if hit { found += cue.languages }
        }
        return found
    }
}
