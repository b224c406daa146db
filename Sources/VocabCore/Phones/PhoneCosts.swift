/// What aligning one phone with another, or with nothing, costs (`Locales/shared/phone-costs.txt`):
/// substitutions from the inventory's features and the file's weights, with single pairs overridden;
/// insertions and deletions by kind of phone, with single phones overridden.
///
/// A listener's costs may then be replaced by what was learned of how recognizers mishear names in that
/// language (`Locales/<locale>/recognizer-confusions.txt`, see ``applyingConfusions(parsing:source:)``):
/// those are directional — a spoken `d` written as `ð` is not a spoken `ð` written as `d` — and a phone a
/// recognizer drops is not one it adds. A phone's *weight* (what deleting it costs in the feature table)
/// stays the table's, so similarities keep one scale whichever costs are in force.
///
/// Every cost is in 0…1. Kept as flat tables indexed by phone code, so the aligner reads one number per cell.
public struct PhoneCosts: Sendable {
    /// The inventory the table is indexed by.
    public let inventory: PhoneInventory
    /// `substitution[heard * count + said]`: the query's phone `heard` aligned with the term's `said`.
    private var substitutions: [Float]
    /// By code: what a phone weighs (deleting it in the feature table).
    private let indels: [Float]
    /// By code: a query phone with no term phone (the recognizer wrote it where nothing was said).
    private var additions: [Float]
    /// By code: a term phone with no query phone (the recognizer did not write it).
    private var drops: [Float]
    private let count: Int
    /// Where learned costs came from, when any were applied (`nil`: the feature table alone).
    public private(set) var learnedFrom: String?

    /// The weights a cost file must give.
    static let weightNames = [
        "voicing", "place-step", "place-max", "manner", "consonant-max", "height-step", "backness-step", "rounding",
        "nasality", "reduced-vowel", "vowel-max", "consonant-vowel", "indel-vowel", "indel-reduced", "indel-consonant",
    ]

    /// Parses a cost file against an inventory.
    ///
    /// - Throws: ``PhoneDataError`` naming the line at fault (unknown name or phone, a cost outside 0…1, a
    ///   weight missing).
    public init(parsing text: String, inventory: PhoneInventory, source: String = "phone-costs.txt") throws(PhoneDataError) {
        var weights: [String: Float] = [:]
        var pairs: [(Phone, Phone, Float)] = []
        var indelOverrides: [(Phone, Float)] = []
        for (number, line) in DataLines(text) {
            func fail(_ message: String) -> PhoneDataError { PhoneDataError(source: source, line: number, message: message) }
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            func cost(_ field: String) throws(PhoneDataError) -> Float {
                guard let value = Float(field), value >= 0, value <= 1 else {
                    throw fail("'\(field)' is not a cost between 0 and 1")
                }
                return value
            }
            func phone(_ symbol: String) throws(PhoneDataError) -> Phone {
                guard let found = inventory.phone(symbol) else { throw fail("unknown phone '\(symbol)'") }
                return found
            }
            switch fields.first {
            case "pair":
                guard fields.count == 4 else { throw fail("expected 'pair PHONE PHONE COST'") }
                pairs.append((try phone(fields[1]), try phone(fields[2]), try cost(fields[3])))
            case "indel":
                guard fields.count == 3 else { throw fail("expected 'indel PHONE COST'") }
                indelOverrides.append((try phone(fields[1]), try cost(fields[2])))
            case let name? where Self.weightNames.contains(name):
                guard fields.count == 2 else { throw fail("expected '\(name) COST'") }
                guard weights[name] == nil else { throw fail("'\(name)' is given twice") }
                weights[name] = try cost(fields[1])
            case let name?:
                throw fail("unknown entry '\(name)'; expected pair, indel or one of \(Self.weightNames.joined(separator: ", "))")
            case nil:
                continue
            }
        }
        if let missing = Self.weightNames.first(where: { weights[$0] == nil }) {
            throw PhoneDataError(source: source, line: nil, message: "'\(missing)' is not given")
        }
        let w = weights.mapValues { $0 }
        let count = inventory.count
        var substitutions = [Float](repeating: 1, count: count * count)
        var indels = [Float](repeating: 1, count: count)
        for a in 1..<count {
            let fa = inventory.features[a]
            indels[a] = fa.isVowel ? (fa.isReduced ? w["indel-reduced"]! : w["indel-vowel"]!) : w["indel-consonant"]!
            for b in 1..<count {
                substitutions[a * count + b] = a == b ? 0 : Self.featureCost(fa, inventory.features[b], w)
            }
        }
        for (a, b, value) in pairs {
            substitutions[Int(a.code) * count + Int(b.code)] = value
            substitutions[Int(b.code) * count + Int(a.code)] = value
        }
        for (phone, value) in indelOverrides { indels[Int(phone.code)] = value }
        // The boundary aligns with itself for free and is skipped for free (the aligner never reads it as a phone).
        indels[0] = 0
        substitutions[0] = 0
        self.inventory = inventory
        self.substitutions = substitutions
        self.indels = indels
        self.additions = indels
        self.drops = indels
        self.count = count
    }

    /// These costs with a listener's learned confusions in force (lines `sub SAID HEARD COST`,
    /// `drop SAID COST`, `add HEARD COST`; `#` comments).
    ///
    /// - Throws: ``PhoneDataError`` naming the line at fault (unknown entry or phone, a cost outside 0…1, a
    ///   pair or phone given twice, a substitution of a phone by itself).
    public func applyingConfusions(parsing text: String, source: String) throws(PhoneDataError) -> PhoneCosts {
        var result = self
        var seen = Set<String>()
        for (number, line) in DataLines(text) {
            func fail(_ message: String) -> PhoneDataError { PhoneDataError(source: source, line: number, message: message) }
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            func phone(_ symbol: String) throws(PhoneDataError) -> Phone {
                guard let found = inventory.phone(symbol) else { throw fail("unknown phone '\(symbol)'") }
                return found
            }
            func cost(_ field: String) throws(PhoneDataError) -> Float {
                guard let value = Float(field), value >= 0, value <= 1 else {
                    throw fail("'\(field)' is not a cost between 0 and 1")
                }
                return value
            }
            guard let kind = fields.first else { continue }
            let key = fields.dropLast().joined(separator: " ")
            switch kind {
            case "sub":
                guard fields.count == 4 else { throw fail("expected 'sub SAID HEARD COST'") }
                let said = try phone(fields[1]), heard = try phone(fields[2])
                guard said != heard else { throw fail("'\(fields[1])' written as itself costs nothing; remove the line") }
                result.substitutions[Int(heard.code) * count + Int(said.code)] = try cost(fields[3])
            case "drop":
                guard fields.count == 3 else { throw fail("expected 'drop SAID COST'") }
                result.drops[Int(try phone(fields[1]).code)] = try cost(fields[2])
            case "add":
                guard fields.count == 3 else { throw fail("expected 'add HEARD COST'") }
                result.additions[Int(try phone(fields[1]).code)] = try cost(fields[2])
            default:
                throw fail("unknown entry '\(kind)'; expected sub, drop or add")
            }
            guard seen.insert(key).inserted else { throw fail("'\(key)' is given twice") }
        }
        result.drops[0] = 0
        result.additions[0] = 0
        result.learnedFrom = source
        return result
    }

    private static func featureCost(_ a: PhoneInventory.Features, _ b: PhoneInventory.Features,
                                    _ w: [String: Float]) -> Float {
        switch (a.isVowel, b.isVowel) {
        case (true, true):
            if a.isReduced || b.isReduced { return w["reduced-vowel"]! }
            var cost = Float(abs(a.placeOrHeight - b.placeOrHeight)) * w["height-step"]!
            cost += Float(abs(a.mannerOrBackness - b.mannerOrBackness)) * w["backness-step"]!
            if a.isVoicedOrRounded != b.isVoicedOrRounded { cost += w["rounding"]! }
            if a.isNasal != b.isNasal { cost += w["nasality"]! }
            return min(cost, w["vowel-max"]!)
        case (false, false):
            var cost: Float = 0
            if a.isVoicedOrRounded != b.isVoicedOrRounded { cost += w["voicing"]! }
            cost += min(Float(abs(a.placeOrHeight - b.placeOrHeight)) * w["place-step"]!, w["place-max"]!)
            if a.mannerOrBackness != b.mannerOrBackness { cost += w["manner"]! }
            return min(max(cost, 0.05), w["consonant-max"]!)
        default:
            return w["consonant-vowel"]!
        }
    }

    /// The cost of aligning the query's phone `a` (heard) with the term's phone `b` (said).
    @inline(__always)
    public func substitution(_ a: Phone, _ b: Phone) -> Float { substitutions[Int(a.code) * count + Int(b.code)] }

    /// What a phone weighs: the feature table's cost of inserting or deleting it (similarities are costs over
    /// these weights).
    @inline(__always)
    public func indel(_ phone: Phone) -> Float { indels[Int(phone.code)] }

    /// The cost of a query phone with no term phone (heard where nothing was said).
    @inline(__always)
    public func addition(_ phone: Phone) -> Float { additions[Int(phone.code)] }

    /// The cost of a term phone with no query phone (said but not heard).
    @inline(__always)
    public func drop(_ phone: Phone) -> Float { drops[Int(phone.code)] }

    /// The raw tables, for the aligner's inner loop.
    struct Tables {
        let substitutions: UnsafeBufferPointer<Float>
        let weights: UnsafeBufferPointer<Float>
        let additions: UnsafeBufferPointer<Float>
        let drops: UnsafeBufferPointer<Float>
        let count: Int
    }

    /// Runs a body with the raw tables (for the aligner's inner loop).
    func withTables<R>(_ body: (Tables) -> R) -> R {
        substitutions.withUnsafeBufferPointer { s in
            indels.withUnsafeBufferPointer { w in
                additions.withUnsafeBufferPointer { a in
                    drops.withUnsafeBufferPointer { d in
                        body(Tables(substitutions: s, weights: w, additions: a, drops: d, count: count))
                    }
                }
            }
        }
    }
}
