/// Fast conversion between Swift strings (UTF-8 inside) and the UTF-16 ICU works in.
///
/// `String(decoding:as: UTF16.self)` takes a generic slow path that cost a third of normalization
/// time (callgrind, 2,000 names); these loops encode directly, with an ASCII fast path.
enum UTF16Conversion {
    /// The UTF-16 code units of a string.
    static func units(of text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let lead = UInt32(bytes[index])
                let scalar: UInt32
                switch lead {
                case ..<0x80:
                    units.append(UInt16(lead))
                    index += 1
                    continue
                case ..<0xE0:
                    scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                case ..<0xF0:
                    scalar = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                default:
                    scalar = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                        | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                    index += 4
                }
                if scalar >= 0x10000 {
                    let offset = scalar - 0x10000
                    units.append(UInt16(0xD800 + (offset >> 10)))
                    units.append(UInt16(0xDC00 + (offset & 0x3FF)))
                } else {
                    units.append(UInt16(scalar))
                }
            }
            return units
        }
    }

    /// A string from UTF-16 code units; unpaired surrogates become U+FFFD.
    static func string(_ units: some Collection<UInt16>) -> String {
        if units.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: units.count) { buffer in
                var index = 0
                for unit in units {
                    buffer[index] = UInt8(truncatingIfNeeded: unit)
                    index += 1
                }
                return index
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count * 3)
        var iterator = units.makeIterator()
        var pending: UInt16? = nil
        while let unit = pending ?? iterator.next() {
            pending = nil
            var scalar = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                if let low = iterator.next() {
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    } else {
                        scalar = 0xFFFD
                        pending = low
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(unit) {
                scalar = 0xFFFD
            }
            switch scalar {
            case ..<0x80:
                bytes.append(UInt8(scalar))
            case ..<0x800:
                bytes.append(UInt8(0xC0 | scalar >> 6))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | scalar >> 12))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | scalar >> 18))
                bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
