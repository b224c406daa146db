/// The shared phone inventory (`Locales/shared/phones.tsv`): every reader writes its phones with these
/// symbols, so any two readings compare.
///
/// A phone is a small code (``Phone``); code 0 is the word boundary inside a phone string.
public struct PhoneInventory: Sendable, Hashable {
    /// A phone's articulatory description.
    public struct Features: Sendable, Hashable {
        /// Consonant or vowel.
        public let isVowel: Bool
        /// Consonants: place 0 (bilabial) … 8 (glottal). Vowels: height 0 (close) … 6 (open).
        public let placeOrHeight: Int
        /// Consonants: manner (``Self/mannerNames`` index). Vowels: backness 0 (front) … 2 (back).
        public let mannerOrBackness: Int
        /// Consonants: voiced. Vowels: rounded.
        public let isVoicedOrRounded: Bool
        /// Vowels: nasal.
        public let isNasal: Bool
        /// Vowels: reduced (ə).
        public let isReduced: Bool

        static let placeNames = ["bilabial", "labiodental", "dental", "alveolar", "postalveolar", "palatal", "velar",
                                 "uvular", "glottal"]
        static let mannerNames = ["stop", "affricate", "fricative", "nasal", "lateral", "rhotic", "approximant"]
        static let heightNames = ["close", "near-close", "close-mid", "mid", "open-mid", "near-open", "open"]
        static let backnessNames = ["front", "central", "back"]
    }

    /// The symbols, by code (index 0 is the word boundary, written `|`).
    public let symbols: [String]
    /// The features, by code (index 0 unused).
    public let features: [Features]
    private let codes: [String: Phone]

    /// The word boundary's symbol in written phone strings.
    public static let boundarySymbol = "|"

    /// Parses the inventory file.
    ///
    /// - Throws: ``PhoneDataError`` naming the line at fault.
    public init(parsing text: String, source: String = "phones.tsv") throws(PhoneDataError) {
        var symbols = [Self.boundarySymbol]
        var features = [Features(isVowel: false, placeOrHeight: 0, mannerOrBackness: 0, isVoicedOrRounded: false,
                                 isNasal: false, isReduced: false)]
        var codes: [String: Phone] = [:]
        for (number, line) in DataLines(text) {
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            func fail(_ message: String) -> PhoneDataError { PhoneDataError(source: source, line: number, message: message) }
            guard fields.count >= 2 else { throw fail("expected a symbol and its description") }
            let symbol = fields[0]
            guard codes[symbol] == nil else { throw fail("phone '\(symbol)' is defined twice") }
            guard symbols.count < 255 else { throw fail("more than 254 phones") }
            func value(_ index: Int, in names: [String], _ what: String) throws(PhoneDataError) -> Int {
                guard index < fields.count else { throw fail("'\(symbol)': missing \(what)") }
                guard let found = names.firstIndex(of: fields[index]) else {
                    throw fail("'\(symbol)': unknown \(what) '\(fields[index])'; expected one of \(names.joined(separator: ", "))")
                }
                return found
            }
            let described: Features
            switch fields[1] {
            case "consonant":
                guard fields.count == 5 else { throw fail("'\(symbol)': a consonant takes PLACE MANNER VOICING") }
                described = Features(isVowel: false, placeOrHeight: try value(2, in: Features.placeNames, "place"),
                                     mannerOrBackness: try value(3, in: Features.mannerNames, "manner"),
                                     isVoicedOrRounded: try value(4, in: ["voiceless", "voiced"], "voicing") == 1,
                                     isNasal: false, isReduced: false)
            case "vowel":
                let extras = fields.dropFirst(5)
                if let unknown = extras.first(where: { $0 != "nasal" && $0 != "reduced" }) {
                    throw fail("'\(symbol)': unknown vowel mark '\(unknown)'; expected nasal or reduced")
                }
                described = Features(isVowel: true, placeOrHeight: try value(2, in: Features.heightNames, "height"),
                                     mannerOrBackness: try value(3, in: Features.backnessNames, "backness"),
                                     isVoicedOrRounded: try value(4, in: ["unrounded", "rounded"], "rounding") == 1,
                                     isNasal: extras.contains("nasal"), isReduced: extras.contains("reduced"))
            default:
                throw fail("'\(symbol)': expected 'consonant' or 'vowel', found '\(fields[1])'")
            }
            codes[symbol] = Phone(code: UInt8(symbols.count))
            symbols.append(symbol)
            features.append(described)
        }
        guard symbols.count > 1 else { throw PhoneDataError(source: source, line: nil, message: "defines no phones") }
        self.symbols = symbols
        self.features = features
        self.codes = codes
    }

    /// How many codes there are, the boundary included.
    public var count: Int { symbols.count }

    /// The phone written with a symbol, if any.
    public func phone(_ symbol: String) -> Phone? { codes[symbol] }

    /// Whether a phone is a vowel.
    public func isVowel(_ phone: Phone) -> Bool { features[Int(phone.code)].isVowel }

    /// A phone string written out: symbols separated by spaces, words by ` | `.
    public func write(_ phones: some Sequence<Phone>) -> String {
        phones.map { symbols[Int($0.code)] }.joined(separator: " ")
    }

    /// Reads phones written as symbols separated by spaces (`|` for a word boundary).
    ///
    /// - Throws: ``PhoneDataError`` naming an unknown symbol.
    public func read(_ written: some StringProtocol, source: String, line: Int?) throws(PhoneDataError) -> [Phone] {
        var phones: [Phone] = []
        for symbol in written.split(whereSeparator: \.isWhitespace) {
            if symbol == Self.boundarySymbol { phones.append(.boundary); continue }
            guard let phone = codes[String(symbol)] else {
                throw PhoneDataError(source: source, line: line, message: "unknown phone '\(symbol)'")
            }
            phones.append(phone)
        }
        return phones
    }
}

/// One phone of the shared inventory, by code.
public struct Phone: Sendable, Hashable, BitwiseCopyable {
    /// The code (index into ``PhoneInventory/symbols``).
    public let code: UInt8

    /// Creates a phone from its code.
    public init(code: UInt8) { self.code = code }

    /// The word boundary.
    public static let boundary = Phone(code: 0)
}

/// Phone data that could not be read: the file, the line and what is wrong.
public struct PhoneDataError: Error, Sendable, Hashable, CustomStringConvertible {
    public let source: String
    public let line: Int?
    public let message: String

    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "\(source):\($0): \(message)" } ?? "\(source): \(message)" }
}

/// The meaningful lines of a data file, numbered from 1, trimmed: blank lines and lines starting with `#`
/// are skipped (`#` elsewhere is data: the rule files use it for a word's edge).
struct DataLines: Sequence {
    let text: String
    init(_ text: String) { self.text = text }

    func makeIterator() -> IndexingIterator<[(Int, Substring)]> {
        var lines: [(Int, Substring)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let start = raw.firstIndex(where: { !$0.isWhitespace }), raw[start] != "#" else { continue }
            let end = raw.lastIndex(where: { !$0.isWhitespace })!
            lines.append((index + 1, raw[start...end]))
        }
        return lines.makeIterator()
    }
}
