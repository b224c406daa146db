import Foundation

/// Double Metaphone (Lawrence Philips, "The Double Metaphone Search Algorithm", C/C++ Users Journal,
/// June 2000), with the rule refinements of Apache Commons Codec's `DoubleMetaphone`, whose test table
/// (`../shared/vectors/double-metaphone.tsv`) this implementation reproduces.
///
/// Returns the primary and, when it differs, the alternate code. English-oriented, with rules for names
/// of Germanic, Slavic, Romance and Greek origin.
public struct DoubleMetaphone: PhoneticEncoder {
    /// The longest code produced; the published tables use 4.
    public let maximumLength: Int

    public var name: String { "double-metaphone" }

    /// Creates an encoder.
    ///
    /// - Parameter maximumLength: The code length; 4 is the algorithm's default. Longer codes tell more
    ///   names apart.
    public init(maximumLength: Int = 4) {
        self.maximumLength = maximumLength
    }

    public func keys(for word: String) -> [String] {
        let (primary, alternate) = encode(word)
        if primary.isEmpty && alternate.isEmpty { return [] }
        return primary == alternate ? [primary] : [primary, alternate]
    }

    /// The primary and alternate codes.
    public func encode(_ word: String) -> (primary: String, alternate: String) {
        let trimmed = word.utf8.first == 0x20 || word.utf8.last == 0x20 || word.utf8.first == 0x09
            ? word.trimmingWhitespace() : word
        guard !trimmed.isEmpty else { return ("", "") }
        var value: [UInt8] = []
        value.reserveCapacity(trimmed.utf8.count)
        for scalar in trimmed.unicodeScalars {
            switch scalar {
            case "a"..."z": value.append(UInt8(scalar.value) - 32)
            case "ç", "Ç": value.append(0xC7)
            case "ñ", "Ñ": value.append(0xD1)
            default:
                if scalar.isASCII {
                    value.append(UInt8(scalar.value))
                } else {
                    // Other letters uppercase as Java's toUpperCase does; non-ASCII ones match no rule.
                    let upper = String(scalar).uppercased().unicodeScalars
                    value.append(upper.count == 1 && upper.first!.isASCII ? UInt8(upper.first!.value) : 0xFF)
                }
            }
        }
        var state = State(value: value, maximumLength: maximumLength)
        state.run()
        return (state.primary, state.alternate)
    }
}

extension DoubleMetaphone {
    /// The scan over one word: the cursor and both codes being built.
    /// The scan over one word: the cursor and both codes being built. Letters are uppercase ASCII bytes,
    /// with `Ç` as 0xC7 and `Ñ` as 0xD1 (Latin-1 positions); rule strings are compared byte by byte.
    private struct State {
        let value: [UInt8]
        let maximumLength: Int
        var primary = ""
        var alternate = ""
        let slavoGermanic: Bool

        init(value: [UInt8], maximumLength: Int) {
            self.value = value
            self.maximumLength = maximumLength
            let w = UInt8(ascii: "W"), k = UInt8(ascii: "K"), c = UInt8(ascii: "C"), z = UInt8(ascii: "Z")
            var found = value.contains(w) || value.contains(k)
            if !found, value.count > 1 {
                for index in 0..<(value.count - 1) where value[index] == c && value[index + 1] == z {
                    found = true
                    break
                }
            }
            slavoGermanic = found  // "WITZ" contains W, so W, K and CZ cover the published condition
        }

        // MARK: Helpers

        func at(_ index: Int) -> UInt8 {
            index >= 0 && index < value.count ? value[index] : 0
        }

        func at(_ index: Int, is letter: Unicode.Scalar) -> Bool {
            at(index) == UInt8(truncatingIfNeeded: letter.value)
        }

        /// Whether the `length` letters at `start` equal one of `options` (ASCII rule strings).
        func matches(_ start: Int, _ length: Int, _ options: StaticString...) -> Bool {
            matches(start, length, options)
        }

        func matches(_ start: Int, _ length: Int, _ options: [StaticString]) -> Bool {
            guard start >= 0, start + length <= value.count else { return false }
            for option in options where option.utf8CodeUnitCount == length {
                let equal = option.withUTF8Buffer { bytes in
                    var offset = 0
                    while offset < length {
                        if bytes[offset] != value[start + offset] { return false }
                        offset += 1
                    }
                    return true
                }
                if equal { return true }
            }
            return false
        }

        func isVowel(_ index: Int) -> Bool {
            switch at(index) {
            case 0x41, 0x45, 0x49, 0x4F, 0x55, 0x59: true  // A E I O U Y
            default: false
            }
        }



        var isComplete: Bool { primary.utf8.count >= maximumLength && alternate.utf8.count >= maximumLength }

        mutating func add(_ both: StaticString) { add(both, both) }

        mutating func add(_ main: StaticString, _ other: StaticString) {
            addPrimary(main)
            addAlternate(other)
        }

        /// Adds `code` for the letter at `index` and returns the index after it, after its repeat too when
        /// the letter is doubled ("BB" gives one P).
        mutating func addOnceForRepeat(_ code: StaticString, at index: Int) -> Int {
            add(code)
            return index + (at(index + 1) == at(index) ? 2 : 1)
        }

        mutating func addPrimary(_ code: StaticString) {
            Self.append(code, to: &primary, limit: maximumLength)
        }

        mutating func addAlternate(_ code: StaticString) {
            Self.append(code, to: &alternate, limit: maximumLength)
        }

        /// Appends as much of an ASCII code as the length limit allows (codes are ASCII, so count = bytes).
        private static func append(_ code: StaticString, to result: inout String, limit: Int) {
            let room = limit - result.utf8.count
            guard room > 0 else { return }
            code.withUTF8Buffer { bytes in
                for byte in bytes.prefix(room) { result.unicodeScalars.append(Unicode.Scalar(byte)) }
            }
        }

        // MARK: The scan

        mutating func run() {
            var index = matches(0, 2, "GN", "KN", "PN", "WR", "PS") ? 1 : 0
            while !isComplete && index < value.count {
                switch Unicode.Scalar(at(index)) {
                case "A", "E", "I", "O", "U", "Y":
                    if index == 0 { add("A") }
                    index += 1
                case "B": index = addOnceForRepeat("P", at: index)
                case "\u{C7}":
                    add("S")
                    index += 1
                case "C": index = handleC(index)
                case "D": index = handleD(index)
                case "F": index = addOnceForRepeat("F", at: index)
                case "G": index = handleG(index)
                case "H": index = handleH(index)
                case "J": index = handleJ(index)
                case "K": index = addOnceForRepeat("K", at: index)
                case "L": index = handleL(index)
                case "M":
                    add("M")
                    index += conditionM0(index) ? 2 : 1
                case "N": index = addOnceForRepeat("N", at: index)
                case "\u{D1}":
                    add("N")
                    index += 1
                case "P":
                    if at(index + 1, is: "H") {
                        add("F")
                        index += 2
                    } else {
                        add("P")
                        index += matches(index + 1, 1, "P", "B") ? 2 : 1
                    }
                case "Q": index = addOnceForRepeat("K", at: index)
                case "R": index = handleR(index)
                case "S": index = handleS(index)
                case "T": index = handleT(index)
                case "V": index = addOnceForRepeat("F", at: index)
                case "W": index = handleW(index)
                case "X": index = handleX(index)
                case "Z": index = handleZ(index)
                default: index += 1
                }
            }
        }

        // MARK: Conditions

        func conditionC0(_ index: Int) -> Bool {
            if matches(index, 4, "CHIA") { return true }
            if index <= 1 || isVowel(index - 2) || !matches(index - 1, 3, "ACH") { return false }
            let next = at(index + 2)
            return (next != 0x49 && next != 0x45) || matches(index - 2, 6, "BACHER", "MACHER")
        }

        func conditionCH0(_ index: Int) -> Bool {
            guard index == 0 else { return false }
            if !matches(index + 1, 5, "HARAC", "HARIS") && !matches(index + 1, 3, "HOR", "HYM", "HIA", "HEM") {
                return false
            }
            return !matches(0, 5, "CHORE")
        }

        func conditionCH1(_ index: Int) -> Bool {
            matches(0, 4, "VAN ", "VON ") || matches(0, 3, "SCH")
                || matches(index - 2, 6, "ORCHES", "ARCHIT", "ORCHID") || matches(index + 2, 1, "T", "S")
                || ((matches(index - 1, 1, "A", "O", "U", "E") || index == 0)
                    && (matches(index + 2, 1, ["L", "R", "N", "M", "B", "H", "F", "V", "W", " "])
                        || index + 1 == value.count - 1))
        }

        func conditionL0(_ index: Int) -> Bool {
            if index == value.count - 3 && matches(index - 1, 4, "ILLO", "ILLA", "ALLE") { return true }
            return (matches(value.count - 2, 2, "AS", "OS") || matches(value.count - 1, 1, "A", "O"))
                && matches(index - 1, 4, "ALLE")
        }

        func conditionM0(_ index: Int) -> Bool {
            if at(index + 1, is: "M") { return true }
            return matches(index - 1, 3, "UMB") && (index + 1 == value.count - 1 || matches(index + 2, 2, "ER"))
        }

        // MARK: Letters

        mutating func handleC(_ index: Int) -> Int {
            if conditionC0(index) {
                add("K")
                return index + 2
            }
            if index == 0 && matches(index, 6, "CAESAR") {
                add("S")
                return index + 2
            }
            if matches(index, 2, "CH") { return handleCH(index) }
            if matches(index, 2, "CZ") && !matches(index - 2, 4, "WICZ") {
                add("S", "X")
                return index + 2
            }
            if matches(index + 1, 3, "CIA") {
                add("X")
                return index + 3
            }
            if matches(index, 2, "CC") && !(index == 1 && at(0, is: "M")) { return handleCC(index) }
            if matches(index, 2, "CK", "CG", "CQ") {
                add("K")
                return index + 2
            }
            if matches(index, 2, "CI", "CE", "CY") {
                if matches(index, 3, "CIO", "CIE", "CIA") { add("S", "X") } else { add("S") }
                return index + 2
            }
            add("K")
            if matches(index + 1, 2, " C", " Q", " G") { return index + 3 }
            if matches(index + 1, 1, "C", "K", "Q") && !matches(index + 1, 2, "CE", "CI") { return index + 2 }
            return index + 1
        }

        mutating func handleCC(_ index: Int) -> Int {
            if matches(index + 2, 1, "I", "E", "H") && !matches(index + 2, 2, "HU") {
                if (index == 1 && at(index - 1, is: "A")) || matches(index - 1, 5, "UCCEE", "UCCES") {
                    add("KS")
                } else {
                    add("X")
                }
                return index + 3
            }
            add("K")
            return index + 2
        }

        mutating func handleCH(_ index: Int) -> Int {
            if index > 0 && matches(index, 4, "CHAE") {
                add("K", "X")
            } else if conditionCH0(index) || conditionCH1(index) {
                add("K")
            } else if index > 0 {
                if matches(0, 2, "MC") { add("K") } else { add("X", "K") }
            } else {
                add("X")
            }
            return index + 2
        }

        mutating func handleD(_ index: Int) -> Int {
            if matches(index, 2, "DG") {
                if matches(index + 2, 1, "I", "E", "Y") {
                    add("J")
                    return index + 3
                }
                add("TK")
                return index + 2
            }
            add("T")
            return matches(index, 2, "DT", "DD") ? index + 2 : index + 1
        }

        mutating func handleG(_ index: Int) -> Int {
            if at(index + 1, is: "H") { return handleGH(index) }
            if at(index + 1, is: "N") {
                if index == 1 && isVowel(0) && !slavoGermanic {
                    add("KN", "N")
                } else if !matches(index + 2, 2, "EY") && !at(index + 1, is: "Y") && !slavoGermanic {
                    add("N", "KN")
                } else {
                    add("KN")
                }
                return index + 2
            }
            if matches(index + 1, 2, "LI") && !slavoGermanic {
                add("KL", "L")
                return index + 2
            }
            if index == 0 && (at(index + 1, is: "Y")
                || matches(index + 1, 2, ["ES", "EP", "EB", "EL", "EY", "IB", "IL", "IN", "IE", "EI", "ER"])) {
                add("K", "J")
                return index + 2
            }
            if (matches(index + 1, 2, "ER") || at(index + 1, is: "Y")) && !matches(0, 6, "DANGER", "RANGER", "MANGER")
                && !matches(index - 1, 1, "E", "I") && !matches(index - 1, 3, "RGY", "OGY") {
                add("K", "J")
                return index + 2
            }
            if matches(index + 1, 1, "E", "I", "Y") || matches(index - 1, 4, "AGGI", "OGGI") {
                if matches(0, 4, "VAN ", "VON ") || matches(0, 3, "SCH") || matches(index + 1, 2, "ET") {
                    add("K")
                } else if matches(index + 1, 3, "IER") {
                    add("J")
                } else {
                    add("J", "K")
                }
                return index + 2
            }
            add("K")
            return at(index + 1, is: "G") ? index + 2 : index + 1
        }

        mutating func handleGH(_ index: Int) -> Int {
            if index > 0 && !isVowel(index - 1) {
                add("K")
                return index + 2
            }
            if index == 0 {
                add(at(index + 2, is: "I") ? "J" : "K")
                return index + 2
            }
            if (index > 1 && matches(index - 2, 1, "B", "H", "D")) || (index > 2 && matches(index - 3, 1, "B", "H", "D"))
                || (index > 3 && matches(index - 4, 1, "B", "H")) {
                return index + 2
            }
            if index > 2 && at(index - 1, is: "U") && matches(index - 3, 1, "C", "G", "L", "R", "T") {
                add("F")
            } else if index > 0 && !at(index - 1, is: "I") {
                add("K")
            }
            return index + 2
        }

        mutating func handleH(_ index: Int) -> Int {
            if (index == 0 || isVowel(index - 1)) && isVowel(index + 1) {
                add("H")
                return index + 2
            }
            return index + 1
        }

        mutating func handleJ(_ index: Int) -> Int {
            if matches(index, 4, "JOSE") || matches(0, 4, "SAN ") {
                if (index == 0 && at(index + 4, is: " ")) || value.count == 4 || matches(0, 4, "SAN ") {
                    add("H")
                } else {
                    add("J", "H")
                }
                return index + 1
            }
            if index == 0 && !matches(index, 4, "JOSE") {
                add("J", "A")
            } else if isVowel(index - 1) && !slavoGermanic && (at(index + 1, is: "A") || at(index + 1, is: "O")) {
                add("J", "H")
            } else if index == value.count - 1 {
                add("J", " ")
            } else if !matches(index + 1, 1, ["L", "T", "K", "S", "N", "M", "B", "Z"]) && !matches(index - 1, 1, "S", "K", "L") {
                add("J")
            }
            return at(index + 1, is: "J") ? index + 2 : index + 1
        }

        mutating func handleL(_ index: Int) -> Int {
            if at(index + 1, is: "L") {
                if conditionL0(index) { addPrimary("L") } else { add("L") }
                return index + 2
            }
            add("L")
            return index + 1
        }

        mutating func handleR(_ index: Int) -> Int {
            if index == value.count - 1 && !slavoGermanic && matches(index - 2, 2, "IE") && !matches(index - 4, 2, "ME", "MA") {
                addAlternate("R")
            } else {
                add("R")
            }
            return at(index + 1, is: "R") ? index + 2 : index + 1
        }

        mutating func handleS(_ index: Int) -> Int {
            if matches(index - 1, 3, "ISL", "YSL") { return index + 1 }
            if index == 0 && matches(index, 5, "SUGAR") {
                add("X", "S")
                return index + 1
            }
            if matches(index, 2, "SH") {
                add(matches(index + 1, 4, "HEIM", "HOEK", "HOLM", "HOLZ") ? "S" : "X")
                return index + 2
            }
            if matches(index, 3, "SIO", "SIA") || matches(index, 4, "SIAN") {
                if slavoGermanic { add("S") } else { add("S", "X") }
                return index + 3
            }
            if (index == 0 && matches(index + 1, 1, "M", "N", "L", "W")) || matches(index + 1, 1, "Z") {
                add("S", "X")
                return matches(index + 1, 1, "Z") ? index + 2 : index + 1
            }
            if matches(index, 2, "SC") { return handleSC(index) }
            if index == value.count - 1 && matches(index - 2, 2, "AI", "OI") {
                addAlternate("S")
            } else {
                add("S")
            }
            return matches(index + 1, 1, "S", "Z") ? index + 2 : index + 1
        }

        mutating func handleSC(_ index: Int) -> Int {
            if at(index + 2, is: "H") {
                if matches(index + 3, 2, "OO", "ER", "EN", "UY", "ED", "EM") {
                    if matches(index + 3, 2, "ER", "EN") { add("X", "SK") } else { add("SK") }
                } else if index == 0 && !isVowel(3) && !at(3, is: "W") {
                    add("X", "S")
                } else {
                    add("X")
                }
            } else if matches(index + 2, 1, "I", "E", "Y") {
                add("S")
            } else {
                add("SK")
            }
            return index + 3
        }

        mutating func handleT(_ index: Int) -> Int {
            if matches(index, 4, "TION") || matches(index, 3, "TIA", "TCH") {
                add("X")
                return index + 3
            }
            if matches(index, 2, "TH") || matches(index, 3, "TTH") {
                if matches(index + 2, 2, "OM", "AM") || matches(0, 4, "VAN ", "VON ") || matches(0, 3, "SCH") {
                    add("T")
                } else {
                    add("0", "T")
                }
                return index + 2
            }
            add("T")
            return matches(index + 1, 1, "T", "D") ? index + 2 : index + 1
        }

        mutating func handleW(_ index: Int) -> Int {
            if matches(index, 2, "WR") {
                add("R")
                return index + 2
            }
            if index == 0 && (isVowel(index + 1) || matches(index, 2, "WH")) {
                if isVowel(index + 1) { add("A", "F") } else { add("A") }
                return index + 1
            }
            if (index == value.count - 1 && isVowel(index - 1)) || matches(index - 1, 5, "EWSKI", "EWSKY", "OWSKI", "OWSKY")
                || matches(0, 3, "SCH") {
                addAlternate("F")
                return index + 1
            }
            if matches(index, 4, "WICZ", "WITZ") {
                add("TS", "FX")
                return index + 4
            }
            return index + 1
        }

        mutating func handleX(_ index: Int) -> Int {
            if index == 0 {
                add("S")
                return index + 1
            }
            if !(index == value.count - 1 && (matches(index - 3, 3, "IAU", "EAU") || matches(index - 2, 2, "AU", "OU"))) {
                add("KS")
            }
            return matches(index + 1, 1, "C", "X") ? index + 2 : index + 1
        }

        mutating func handleZ(_ index: Int) -> Int {
            if at(index + 1, is: "H") {
                add("J")
                return index + 2
            }
            if matches(index + 1, 2, "ZO", "ZI", "ZA") || (slavoGermanic && index > 0 && !at(index - 1, is: "T")) {
                add("S", "TS")
            } else {
                add("S")
            }
            return at(index + 1, is: "Z") ? index + 2 : index + 1
        }
    }
}
