/// Reads an ordered set of terms from a text file: one term per line, UTF-8, most important first.
///
/// Every line is checked before anything is stored, and every problem is reported with its line:
/// invalid UTF-8, empty or blank terms, control characters, terms over 1,024 UTF-16 code units and words over
/// 64 characters (``TextLimits``) are
/// errors; terms that look like phone numbers or e-mail addresses (never meant for vocabulary) are warnings,
/// or errors in strict mode. A repeated term (equal after Unicode NFC — Swift's `String` equality is
/// canonical equivalence) keeps its first place and is reported.
///
/// In the tab-separated form (``Format/tabSeparated``) a line is `phrase`, or `phrase⇥identifier`, or
/// `phrase⇥identifier⇥pronunciation hint` (an empty identifier field gives a hint to a plain string): the
/// speakable strings of SiriKit's `setVocabulary(_:of:)`. A speakable string repeats one with the same
/// identifier.
public struct VocabularyFile: Sendable {
    /// How lines hold terms.
    public enum Format: String, Sendable, CaseIterable {
        /// One plain term per line (tabs are part of the term's white space).
        case lines
        /// Phrase, identifier and pronunciation hint separated by tabs.
        case tabSeparated = "tsv"
    }

    /// One accepted term and where it was read.
    public struct Term: Sendable, Hashable {
        public let line: Int
        public let entry: VocabularyTerm
        /// The phrase.
        public var text: String { entry.phrase }
    }

    /// A finding about one line.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The source name and line, e.g. `names.txt:3`.
        public let location: String
        public let message: String

        public var description: String { "\(location): \(message)" }
    }

    /// A term dropped because it repeats an earlier one.
    public struct Repeat: Sendable, Hashable {
        public let line: Int
        public let text: String
        public let firstLine: Int
    }

    /// The longest term accepted, in UTF-16 code units (see ``TextLimits``).
    public static let maximumTermLength = TextLimits.maximumTermLength

    /// The accepted terms, in order, without repeats.
    public private(set) var terms: [Term] = []
    /// Problems that refuse the file.
    public private(set) var errors: [Finding] = []
    /// Problems that do not.
    public private(set) var warnings: [Finding] = []
    /// Lines dropped as repeats.
    public private(set) var repeats: [Repeat] = []

    /// The accepted terms' texts.
    public var texts: [String] { terms.map(\.text) }

    /// The accepted entries.
    public var entries: [VocabularyTerm] { terms.map(\.entry) }

    /// Parses and checks a file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The file content. A UTF-8 byte order mark is skipped; `\r\n` line ends are accepted; a
    ///     final line end does not make an empty last term.
    ///   - source: How messages name the file (`names.txt`, `<stdin>`).
    ///   - strict: Whether phone numbers and e-mail addresses are errors rather than warnings.
    ///   - format: How lines hold terms.
    /// - Complexity: O(*n*) in the size of the file.
    public init(bytes: [UInt8], source: String, strict: Bool = false, format: Format = .lines) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var firstLineOf: [String: Int] = [:]
        firstLineOf.reserveCapacity(lines.count)
        terms.reserveCapacity(lines.count)
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let location = "\(source):\(number)"
            var line = rawLine[...]
            if index == 0, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if let offset = UTF8Validation.firstInvalidByte(in: line) {
                let byte = line[line.startIndex + offset]
                errors.append(Finding(location: location, message:
                    "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at column \(offset + 1)); "
                        + "expected UTF-8 text"))
                continue
            }
            let entry: VocabularyTerm
            switch format {
            case .lines:
                entry = VocabularyTerm(String(decoding: line, as: UTF8.self).trimmingWhitespace())
                if let problem = Self.problem(with: entry.phrase) {
                    errors.append(Finding(location: location, message: problem))
                    continue
                }
            case .tabSeparated:
                let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                    .map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
                guard fields.count <= 3 else {
                    errors.append(Finding(location: location, message: "\(fields.count) tab-separated fields; "
                        + "expected phrase, identifier and pronunciation hint"))
                    continue
                }
                entry = VocabularyTerm(phrase: fields[0], identifier: fields.count > 1 && !fields[1].isEmpty ? fields[1] : nil,
                                       pronunciationHint: fields.count > 2 ? fields[2] : nil)
                if let (field, problem) = entry.problem {
                    errors.append(Finding(location: location, message: field == "phrase" ? problem : "\(field) \(problem)"))
                    continue
                }
            }
            accept(entry, number: number, location: location, strict: strict, byPhrase: format == .lines,
                   firstLineOf: &firstLineOf)
        }
    }

    /// Checks a decoded list of entries (a JSON vocabulary) as lines are checked, each entry's place being
    /// its position (`contacts.json: term 3`); ``Term/line`` and ``Repeat/line`` hold positions from 1.
    ///
    /// - Parameters:
    ///   - entries: The entries, most important first.
    ///   - source: How messages name the file.
    ///   - strict: Whether phone numbers and e-mail addresses are errors rather than warnings.
    public init(entries: [VocabularyTerm], source: String, strict: Bool = false) {
        var firstLineOf: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let location = "\(source): term \(index + 1)"
            if let (field, problem) = entry.problem {
                errors.append(Finding(location: location, message: "\(field) \(problem)"))
                continue
            }
            accept(entry, number: index + 1, location: location, strict: strict, byPhrase: false,
                   firstLineOf: &firstLineOf)
        }
    }

    /// Files a checked entry: a contact-detail warning (or error), a repeat, or a term.
    private mutating func accept(_ entry: VocabularyTerm, number: Int, location: String, strict: Bool, byPhrase: Bool,
                                 firstLineOf: inout [String: Int]) {
        let text = entry.phrase
        if let kind = Self.contactDetailKind(of: text) {
            let message = "'\(text)' looks like \(kind); vocabulary is for words a stranger would "
                + "misunderstand, never contact details"
            if strict {
                errors.append(Finding(location: location, message: message))
                return
            }
            warnings.append(Finding(location: location, message: message + " (refused with --strict)"))
        }
        let key = byPhrase ? text : entry.repeatKey
        if let first = firstLineOf[key] {
            repeats.append(Repeat(line: number, text: entry.identifier.map { "\(text) (\($0))" } ?? text,
                                  firstLine: first))
            return
        }
        firstLineOf[key] = number
        terms.append(Term(line: number, entry: entry))
    }

    /// Checks one term against the rules that refuse it, in the words of the error message.
    ///
    /// - Returns: The problem, or `nil` when the term is acceptable.
    public static func problem(with text: String) -> String? {
        if text.allSatisfy(\.isWhitespace) { return "empty term; expected one term per line" }
        if !TextLimits.hasWord(in: text) { return "no word in the term, only dashes; expected a name" }
        if let control = TextLimits.firstControlCharacter(in: text) {
            let hex = String(control.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "control character \(code) in the term; expected printable text"
        }
        return TextLimits.lengthProblem(with: text)
    }

    /// Recognizes terms that are contact details rather than words.
    ///
    /// - Returns: `"a phone number"`, `"an e-mail address"`, or `nil`.
    public static func contactDetailKind(of text: String) -> String? {
        let scalars = text.unicodeScalars
        // An e-mail address: one @ with something before it and a dotted domain after it, no spaces.
        if let at = scalars.firstIndex(of: "@"), !scalars.contains(where: { $0 == " " }) {
            let local = scalars[..<at]
            let domain = scalars[scalars.index(after: at)...]
            if !local.isEmpty, !domain.contains("@"), let dot = domain.lastIndex(of: "."),
               dot != domain.startIndex, domain.index(after: dot) != domain.endIndex {
                return "an e-mail address"
            }
        }
        // A phone number: seven or more digits, and nothing but digits and the usual separators.
        let digits = scalars.filter { $0.properties.numericType == .decimal }.count
        let separators: Set<Unicode.Scalar> = [" ", "-", ".", "(", ")", "/", "+"]
        if digits >= 7, scalars.allSatisfy({ $0.properties.numericType == .decimal || separators.contains($0) }) {
            return "a phone number"
        }
        return nil
    }
}

extension String {
    /// The string without white space at either end.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
