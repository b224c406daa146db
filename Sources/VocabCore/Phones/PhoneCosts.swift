/// What aligning one phone with another, or with nothing, costs (`Locales/shared/phone-costs.txt`):
/// substitutions from the inventory's features and the file's weights, with single pairs overridden;
/// insertions and deletions by kind of phone, with single phones overridden.
///
/// Every cost is in 0…1. Kept as flat tables indexed by phone code, so the aligner reads one number per cell.
public struct PhoneCosts: Sendable {
    /// The inventory the table is indexed by.
    public let inventory: PhoneInventory
    /// `substitution[a * count + b]`.
    private let substitutions: [Float]
    /// By code.
    private let indels: [Float]
    private let count: Int

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
        self.count = count
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

    /// The cost of aligning two phones.
    @inline(__always)
    public func substitution(_ a: Phone, _ b: Phone) -> Float { substitutions[Int(a.code) * count + Int(b.code)] }

    /// The cost of inserting or deleting a phone.
    @inline(__always)
    public func indel(_ phone: Phone) -> Float { indels[Int(phone.code)] }

    /// Runs a body with the raw tables (for the aligner's inner loop).
    func withTables<R>(_ body: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, Int) -> R) -> R {
        substitutions.withUnsafeBufferPointer { s in indels.withUnsafeBufferPointer { i in body(s, i, count) } }
    }
}
