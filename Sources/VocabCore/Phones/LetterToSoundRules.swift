/// One language's spelling-to-sound rules (`Locales/<code>/letter-to-sound.txt`, or
/// `Locales/shared/<script>.letter-to-sound.txt`): a lowercase word becomes phones of the shared inventory.
///
/// The format (documented in `Locales/README.md`):
///
///     class V = a e i o u y é è
///     filler the a of and
///     rare q x j
///     two-given-names 4
///     eau → o
///     c → s / _ [eiy]
///     e → / C _ #
///
/// At each position the longest spelling with a rule whose context holds is read (for equal lengths, the
/// first in the file); a letter no rule reads is skipped. Context is written `LEFT _ RIGHT` with items
/// separated by spaces: `#` the word's edge, a class name (capitalized), `[abc]` a set of letters, `[^abc]` anything else (the edge too),
/// or literal letters (`qu` is two items). A rule with nothing after the arrow reads its letters as
/// silence. Equal phones side by side merge into one (doubled letters need no rule).
public struct LetterToSoundRules: Sendable {
    /// One item of a context: the word's edge, or a set of letters (as a bit mask over ASCII and a short
    /// list beyond it: a rule is tried at every letter, so hashing would dominate reading).
    struct ContextItem: Sendable, Hashable {
        let isEdge: Bool
        let low: UInt64
        let high: UInt64
        let others: [UInt32]
        let negated: Bool

        static let edge = ContextItem(isEdge: true, low: 0, high: 0, others: [], negated: false)

        static func letters(_ set: Set<UInt32>, negated: Bool) -> ContextItem {
            var low: UInt64 = 0
            var high: UInt64 = 0
            var others: [UInt32] = []
            for scalar in set {
                if scalar < 64 { low |= 1 << UInt64(scalar) } else if scalar < 128 { high |= 1 << UInt64(scalar - 64) } else {
                    others.append(scalar)
                }
            }
            return ContextItem(isEdge: false, low: low, high: high, others: others.sorted(), negated: negated)
        }

        @inline(__always)
        func matches(_ scalar: UInt32?) -> Bool {
            if isEdge { return scalar == nil }
            // `[^abc]` is anything but those letters, the word's edge included.
            guard let scalar else { return negated }
            let member = scalar < 64 ? (low >> UInt64(scalar)) & 1 == 1
                : scalar < 128 ? (high >> UInt64(scalar - 64)) & 1 == 1 : others.contains(scalar)
            return member != negated
        }
    }

    struct Rule: Sendable {
        let spelling: [UInt32]
        let phones: [Phone]
        let left: [ContextItem]
        let right: [ContextItem]
        let line: Int
    }

    /// Rules by the first scalar of their spelling, longest first: scalars below ``directLimit`` by index
    /// (Latin, Greek and Cyrillic letters), others in a dictionary.
    private let direct: [[Rule]]
    private let rules: [UInt32: [Rule]]
    static let directLimit: UInt32 = 0x500
    /// The language's filler words (function words a speaker or recognizer adds around a name), folded.
    public let fillers: Set<String>
    /// Letters the language's own words seldom spell with (`rare k w x y j`), for the recognizer-hint risk.
    public let rareLetters: Set<Unicode.Scalar>
    /// From how many name words a name read in this language begins with a given name of two words
    /// (`two-given-names 4`: Spanish and Portuguese names give one or two given names, then two family names,
    /// so "Juan Carlos Gutiérrez Casanovas" is Juan Carlos by his first name); `nil` when the file does not say.
    public let twoGivenNamesFrom: Int?
    /// Where the rules came from (for messages).
    public let source: String
    /// How many rules there are.
    public let ruleCount: Int
    /// The rules no word can ever reach (for `vocab lint`), in the file's order.
    public let unreachableRules: [UnreachableRule]

    /// A rule that never reads a letter: an earlier rule of the same spelling reads it first, because that
    /// rule holds in every context (it has none) or in the same one.
    public struct UnreachableRule: Sendable, Hashable {
        /// The unreachable rule's line.
        public let line: Int
        /// The earlier rule's line.
        public let shadowedBy: Int
        /// Whether the earlier rule has no context (else its context is the same).
        public let shadowedInEveryContext: Bool

        /// The finding in words (`rule never used: line 61 reads the same letters first, in every context; …`).
        public var message: String {
            "rule never used: line \(shadowedBy) reads the same letters first"
                + (shadowedInEveryContext ? ", in every context" : ", in the same context")
                + "; move this rule above it, or remove it"
        }
    }

    /// Parses a rule file.
    ///
    /// - Throws: ``PhoneDataError`` naming the line at fault (an unknown phone or class, a malformed context).
    public init(parsing text: String, inventory: PhoneInventory, source: String) throws(PhoneDataError) {
        var classes: [String: Set<UInt32>] = [:]
        var fillers = Set<String>()
        var rareLetters = Set<Unicode.Scalar>()
        var twoGivenNamesFrom: Int?
        var parsed: [Rule] = []
        for (number, line) in DataLines(text) {
            func fail(_ message: String) -> PhoneDataError { PhoneDataError(source: source, line: number, message: message) }
            if line.hasPrefix("class ") {
                let parts = line.dropFirst(6).split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { throw fail("expected 'class NAME = letters…'") }
                let name = parts[0].trimmed
                guard let first = name.unicodeScalars.first, first.properties.isUppercase,
                      name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) else {
                    throw fail("a class name is one capitalized word, found '\(name)'")
                }
                classes[String(name)] = Set(parts[1].split(whereSeparator: \.isWhitespace).flatMap { $0.unicodeScalars.map(\.value) })
                continue
            }
            if line.hasPrefix("filler ") {
                for word in line.dropFirst(7).split(whereSeparator: \.isWhitespace) { fillers.insert(String(word)) }
                continue
            }
            if line.hasPrefix("rare ") {
                for letter in line.dropFirst(5).split(whereSeparator: \.isWhitespace) {
                    guard letter.unicodeScalars.count == 1 else { throw fail("'rare' lists single letters, found '\(letter)'") }
                    rareLetters.insert(letter.unicodeScalars.first!)
                }
                continue
            }
            if line.hasPrefix("two-given-names ") {
                let value = line.dropFirst(16).trimmed
                guard twoGivenNamesFrom == nil else { throw fail("'two-given-names' is given twice") }
                guard let words = Int(value), (3...9).contains(words) else {
                    throw fail("'two-given-names' takes a number of name words from 3 to 9, found '\(value)'")
                }
                twoGivenNamesFrom = words
                continue
            }
            let normalized = line.replacingArrow()
            guard let arrow = normalized.firstIndex(of: "→") else { throw fail("expected 'SPELLING → PHONES [/ LEFT _ RIGHT]'") }
            let spelling = normalized[..<arrow].trimmed
            guard !spelling.isEmpty, !spelling.contains(where: \.isWhitespace) else {
                throw fail("the spelling before the arrow must be one run of letters, found '\(spelling)'")
            }
            var rest = normalized[normalized.index(after: arrow)...]
            var left: [ContextItem] = []
            var right: [ContextItem] = []
            if let slash = rest.firstIndex(of: "/") {
                let context = rest[rest.index(after: slash)...]
                rest = rest[..<slash]
                let sides = context.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
                guard sides.count == 2 else { throw fail("a context is written 'LEFT _ RIGHT', found '\(context.trimmed)'") }
                left = try Self.items(sides[0], classes: classes, fail: fail)
                right = try Self.items(sides[1], classes: classes, fail: fail)
            }
            let phones = try inventory.read(rest, source: source, line: number)
            parsed.append(Rule(spelling: spelling.unicodeScalars.map(\.value), phones: phones, left: left, right: right,
                               line: number))
        }
        guard !parsed.isEmpty else { throw PhoneDataError(source: source, line: nil, message: "holds no rules") }
        var byFirst: [UInt32: [Rule]] = [:]
        for rule in parsed { byFirst[rule.spelling[0], default: []].append(rule) }
        // Longest spelling first; the file's order among equals (a stable sort).
        let sorted = byFirst.mapValues { list in
            list.enumerated().sorted { ($0.element.spelling.count, -$0.offset) > ($1.element.spelling.count, -$1.offset) }
                .map(\.element)
        }
        var direct = [[Rule]](repeating: [], count: Int(Self.directLimit))
        for (first, list) in sorted where first < Self.directLimit { direct[Int(first)] = list }
        self.direct = direct
        rules = sorted.filter { $0.key >= Self.directLimit }
        self.fillers = fillers
        self.rareLetters = rareLetters
        self.twoGivenNamesFrom = twoGivenNamesFrom
        self.source = source
        ruleCount = parsed.count
        unreachableRules = Self.unreachable(parsed)
    }

    /// The rules an earlier rule of the same spelling always reads first (see ``UnreachableRule``).
    static func unreachable(_ rules: [Rule]) -> [UnreachableRule] {
        var found: [UnreachableRule] = []
        var earlier: [[UInt32]: [Rule]] = [:]
        for rule in rules {
            let shadow = earlier[rule.spelling]?.first { other in
                (other.left.isEmpty && other.right.isEmpty) || (other.left == rule.left && other.right == rule.right)
            }
            if let shadow {
                found.append(UnreachableRule(line: rule.line, shadowedBy: shadow.line,
                                             shadowedInEveryContext: shadow.left.isEmpty && shadow.right.isEmpty))
            }
            earlier[rule.spelling, default: []].append(rule)
        }
        return found
    }

    private static func items(_ text: Substring, classes: [String: Set<UInt32>],
                              fail: (String) -> PhoneDataError) throws(PhoneDataError) -> [ContextItem] {
        var items: [ContextItem] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            if token == "#" {
                items.append(.edge)
            } else if token.hasPrefix("[") {
                guard token.hasSuffix("]"), token.count > 2 else { throw fail("a letter set is written '[abc]', found '\(token)'") }
                var inner = token.dropFirst().dropLast()
                let negated = inner.hasPrefix("^")
                if negated { inner = inner.dropFirst() }
                items.append(.letters(Set(inner.unicodeScalars.map(\.value)), negated: negated))
            } else if let first = token.unicodeScalars.first, first.properties.isUppercase {
                guard let set = classes[String(token)] else { throw fail("unknown class '\(token)'") }
                items.append(.letters(set, negated: false))
            } else {
                items += token.unicodeScalars.map { .letters([$0.value], negated: false) }
            }
        }
        return items
    }

    /// A word's phones.
    ///
    /// - Parameter word: One lowercase word (accents kept).
    public func phones(of word: String) -> [Phone] {
        let letters = Self.scalars(of: word)
        var phones: [Phone] = []
        phones.reserveCapacity(letters.count + 2)
        var position = 0
        while position < letters.count {
            guard let rule = rule(at: position, in: letters) else {
                position += 1
                continue
            }
            for phone in rule.phones where phones.last != phone { phones.append(phone) }
            position += rule.spelling.count
        }
        return phones
    }

    /// A word's scalar values, in one allocation (mapping the scalars, whose count is unknown ahead, grew the
    /// array two or three times a word).
    static func scalars(of word: String) -> [UInt32] {
        var letters: [UInt32] = []
        letters.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars { letters.append(scalar.value) }
        return letters
    }

    /// How a word's phones were read, rule by rule, for explanations (the same walk as ``phones(of:)``;
    /// equal phones side by side are merged in ``phones(of:)``, not here).
    ///
    /// - Parameter word: One lowercase word (accents kept).
    /// - Returns: Each stretch of letters with the phones its rule gave and the rule's line, or no line for a
    ///   letter no rule reads (skipped).
    public func derivation(of word: String) -> [(letters: String, phones: [Phone], line: Int?)] {
        let letters = Self.scalars(of: word)
        var steps: [(letters: String, phones: [Phone], line: Int?)] = []
        var position = 0
        while position < letters.count {
            let applied = rule(at: position, in: letters)
            let read = applied?.spelling.count ?? 1
            var text = String.UnicodeScalarView()
            for scalar in letters[position..<position + read] { text.append(Unicode.Scalar(scalar) ?? "?") }
            steps.append((String(text), applied?.phones ?? [], applied?.line))
            position += read
        }
        return steps
    }

    /// The rule that reads the letters at a position: the longest spelling whose context holds (for equal
    /// lengths, the first in the file); `nil` when none does.
    @inline(__always)
    private func rule(at position: Int, in letters: [UInt32]) -> Rule? {
        candidates(letters[position]).first { matches($0, letters, at: position) }
    }

    @inline(__always)
    private func candidates(_ first: UInt32) -> [Rule] {
        first < Self.directLimit ? direct[Int(first)] : rules[first] ?? []
    }

    private func matches(_ rule: Rule, _ letters: [UInt32], at position: Int) -> Bool {
        let end = position + rule.spelling.count
        guard end <= letters.count else { return false }
        for offset in 1..<max(1, rule.spelling.count) where letters[position + offset] != rule.spelling[offset] { return false }
        var cursor = end
        for item in rule.right {
            let scalar = cursor < letters.count ? letters[cursor] : nil
            guard item.matches(scalar) else { return false }
            if scalar == nil { break }
            cursor += 1
        }
        cursor = position - 1
        for item in rule.left.reversed() {
            let scalar = cursor >= 0 ? letters[cursor] : nil
            guard item.matches(scalar) else { return false }
            if scalar == nil { break }
            cursor -= 1
        }
        return true
    }
}

extension Substring {
    /// The line with an ASCII arrow `->` written as `→`.
    func replacingArrow() -> Substring {
        guard !contains("→"), let dash = firstIndex(of: "-"), index(after: dash) < endIndex, self[index(after: dash)] == ">"
        else { return self }
        return Substring(self[..<dash] + "→" + self[index(dash, offsetBy: 2)...])
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace.
    var trimmed: Substring {
        guard let start = firstIndex(where: { !$0.isWhitespace }) else { return Substring() }
        let end = lastIndex(where: { !$0.isWhitespace })!
        return Substring(self[start...end])
    }
}
