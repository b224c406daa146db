/// Writes phones of the shared inventory in ARPAbet, the phone set of the CMU Pronouncing Dictionary and of
/// PocketSphinx's English model, for pronunciation lexicons: the dictionary's mapping (`Locales/shared/arpabet.tsv`)
/// read backwards, longest phone sequence first (`a j` is AY); a phone English lacks (French `y`, `ʁ`) becomes
/// the ARPAbet phone nearest to it by substitution cost.
public struct ARPAbetWriter: Sendable {
    private let sequences: [[Phone]: String]
    private let longest: Int
    private let nearest: [Phone: String]

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - mapping: ARPAbet names and their phones (``PronouncingDictionary/mapping(parsing:inventory:source:)``).
    ///   - costs: The costs that pick the nearest ARPAbet phone for the others.
    public init(mapping: [String: [Phone]], costs: PhoneCosts) {
        var sequences: [[Phone]: String] = [:]
        // Where two names write the same phones, the alphabetically first wins (a stable choice).
        for name in mapping.keys.sorted() where sequences[mapping[name]!] == nil { sequences[mapping[name]!] = name }
        self.sequences = sequences
        longest = sequences.keys.map(\.count).max() ?? 1
        let singles = sequences.filter { $0.key.count == 1 }
        var nearest: [Phone: String] = [:]
        for code in 0..<costs.inventory.count {
            let phone = Phone(code: UInt8(code))
            guard phone != .boundary, singles[[phone]] == nil else { continue }
            let best = singles.min { a, b in
                let (costA, costB) = (costs.substitution(phone, a.key[0]), costs.substitution(phone, b.key[0]))
                return costA != costB ? costA < costB : a.value < b.value
            }
            if let best { nearest[phone] = best.value }
        }
        self.nearest = nearest
    }

    /// The ARPAbet names of a run of phones (word boundaries dropped).
    public func write(_ phones: [Phone]) -> [String] {
        let phones = phones.filter { $0 != .boundary }
        var names: [String] = []
        var position = 0
        while position < phones.count {
            var matched = false
            for length in stride(from: min(longest, phones.count - position), through: 1, by: -1) {
                if let name = sequences[Array(phones[position..<position + length])] {
                    names.append(name)
                    position += length
                    matched = true
                    break
                }
            }
            if !matched {
                if let name = nearest[phones[position]], names.last != name { names.append(name) }
                position += 1
            }
        }
        return names
    }
}
