/// Checks the structure of a binary property list (`bplist00`) before Foundation reads it.
///
/// Fuzzing found a binary property list on which `PropertyListSerialization` crashes while bridging what
/// it read (a segmentation fault in `NSSet` bridging): the format allows sets, which property lists
/// never hold, and object references that form cycles. This check walks the format as Apple's
/// `CFBinaryPList.c` lays it out — a trailer of 32 bytes (offset and reference sizes, object count, top
/// object, offset table position), an offset table, and objects marked by their high nibble — with every
/// read in bounds, and refuses sets, unknown markers, references out of range, cycles and nesting deeper
/// than ``maximumDepth``. Only what passes goes to Foundation.
enum BinaryPlistCheck {
    /// Deeper nesting is refused (an app vocabulary file nests five levels).
    static let maximumDepth = 64

    /// What is wrong with a binary property list, or `nil` when its structure is sound (or it is not one).
    static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("bplist00".utf8)) else { return nil }
        guard bytes.count >= 8 + 32 else { return "binary property list shorter than its trailer" }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let objectCount = integer(bytes, at: trailer + 8, size: 8),
              let topObject = integer(bytes, at: trailer + 16, size: 8),
              let tableStart = integer(bytes, at: trailer + 24, size: 8),
              objectCount > 0, objectCount <= bytes.count, topObject < objectCount,
              tableStart >= 8, tableStart <= trailer, (trailer - tableStart) / offsetSize >= objectCount
        else { return "binary property list with an invalid trailer" }
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for object in 0..<objectCount {
            guard let offset = integer(bytes, at: tableStart + object * offsetSize, size: offsetSize),
                  offset >= 8, offset < tableStart else { return "binary property list object \(object) out of bounds" }
            offsets.append(offset)
        }

        /// An object's length field: the marker's low nibble, or an integer object after it when 0xF.
        func length(at offset: Int) -> (count: Int, next: Int)? {
            let low = Int(bytes[offset] & 0x0F)
            guard low == 0x0F else { return (low, offset + 1) }
            guard offset + 1 < tableStart, bytes[offset + 1] & 0xF0 == 0x10 else { return nil }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            guard size <= 8, let count = integer(bytes, at: offset + 2, size: size), count <= tableStart else { return nil }
            return (count, offset + 2 + size)
        }

        enum State { case unvisited, open, done }
        var states = [State](repeating: .unvisited, count: objectCount)
        // Depth-first over references, with an explicit stack: (object, depth, children left to visit).
        var stack: [(object: Int, depth: Int, children: [Int])] = []
        func enter(_ object: Int, depth: Int) -> String? {
            switch states[object] {
            case .open: return "binary property list with a reference cycle at object \(object)"
            case .done: return nil
            case .unvisited: break
            }
            guard depth <= maximumDepth else { return "binary property list nested deeper than \(maximumDepth)" }
            let offset = offsets[object]
            let marker = bytes[offset] >> 4
            var children: [Int] = []
            switch marker {
            case 0x0: guard [0x00, 0x08, 0x09, 0x0F].contains(bytes[offset]) else { return "unknown marker" }
            case 0x1, 0x2: guard 1 << Int(bytes[offset] & 0x0F) <= 16 else { return "number of an invalid size" }
            case 0x3: guard bytes[offset] == 0x33 else { return "date of an invalid size" }
            case 0x4, 0x5, 0x6:
                guard let (count, next) = length(at: offset),
                      next + count * (marker == 0x6 ? 2 : 1) <= tableStart else { return "string or data out of bounds" }
            case 0xA, 0xD:
                guard let (count, next) = length(at: offset) else { return "container length out of bounds" }
                let references = count * (marker == 0xD ? 2 : 1)
                guard next + references * referenceSize <= tableStart else { return "container out of bounds" }
                for index in 0..<references {
                    guard let child = integer(bytes, at: next + index * referenceSize, size: referenceSize),
                          child < objectCount else { return "reference out of range" }
                    children.append(child)
                }
            default:
                return "binary property list object \(object) is of a kind property lists never hold (marker 0x"
                    + String(bytes[offset], radix: 16) + ")"
            }
            states[object] = .open
            stack.append((object, depth, children))
            return nil
        }
        if let problem = enter(topObject, depth: 0) { return problem }
        while var top = stack.popLast() {
            guard let child = top.children.popLast() else {
                states[top.object] = .done
                continue
            }
            stack.append(top)
            if let problem = enter(child, depth: top.depth + 1) {
                return problem.hasPrefix("binary") ? problem : "binary property list object \(child): \(problem)"
            }
        }
        return nil
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, or `nil` when out of bounds or too large.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, offset + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int32.max) ? Int(value) : nil
    }
}
