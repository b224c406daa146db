/// A fast reader for the small flat JSON objects most requests carry (`{"query": "bobo", "explain": true}`):
/// string, boolean and null values, strings without escapes. Anything else — numbers, nesting, escapes,
/// malformed text — returns `nil`, and the body goes through `JSONDecoder`, whose errors name the field at
/// fault. Decoding a 30-byte resolve body with `JSONDecoder` took 8% of a resolve request (profiled).
enum FlatJSON {
    enum Value: Equatable {
        case string(String)
        case bool(Bool)
        case null
    }

    /// The object's members, or `nil` when the text is not a simple flat object (or repeats a key).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [String: Value]? {
        var index = 0
        let count = bytes.count
        func skipSpace() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func string() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < count, bytes[index] != UInt8(ascii: "\"") {
                // Escapes and raw control characters go the slow, exact way.
                if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 { return nil }
                index += 1
            }
            guard index < count else { return nil }
            let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }
        func literal(_ word: String) -> Bool {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= count else { return false }
            for (offset, byte) in utf8.enumerated() where bytes[index + offset] != byte { return false }
            index += utf8.count
            return true
        }
        guard expect(UInt8(ascii: "{")) else { return nil }
        var members: [String: Value] = [:]
        skipSpace()
        if index < count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                guard let key = string(), expect(UInt8(ascii: ":")), members[key] == nil else { return nil }
                skipSpace()
                guard index < count else { return nil }
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let value = string() else { return nil }
                    members[key] = .string(value)
                case UInt8(ascii: "t") where literal("true"): members[key] = .bool(true)
                case UInt8(ascii: "f") where literal("false"): members[key] = .bool(false)
                case UInt8(ascii: "n") where literal("null"): members[key] = .null
                default: return nil
                }
                skipSpace()
                guard index < count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                return nil
            }
        }
        skipSpace()
        return index == count ? members : nil
    }
}

/// A body that can be read from a flat object without `JSONDecoder`.
protocol FlatDecodable {
    /// The body, or `nil` when a member has another type than expected (the slow path then reports it).
    init?(flat members: [String: FlatJSON.Value])
}

extension FlatJSON.Value {
    /// The string, `nil` for null; a boolean is a mismatch (`.some(nil)` means "absent or null").
    var optionalString: String?? {
        switch self {
        case .string(let text): text
        case .null: .some(nil)
        case .bool: nil
        }
    }

    var optionalBool: Bool?? {
        switch self {
        case .bool(let value): value
        case .null: .some(nil)
        case .string: nil
        }
    }
}

extension ResolveBody: FlatDecodable {
    init?(flat members: [String: FlatJSON.Value]) {
        // Alternatives are a list of objects: JSONDecoder reads (and checks) them.
        guard members["alternatives"] == nil, case .string(let query)? = members["query"] else { return nil }
        var type: String?
        var language: String?
        var explain: Bool?
        if let value = members["type"] { guard let text = value.optionalString else { return nil }; type = text }
        if let value = members["language"] { guard let text = value.optionalString else { return nil }; language = text }
        var recognizer: String?
        if let value = members["explain"] { guard let flag = value.optionalBool else { return nil }; explain = flag }
        if let value = members["recognizer"] { guard let text = value.optionalString else { return nil }; recognizer = text }
        self.init(query: query, type: type, language: language, explain: explain, recognizer: recognizer)
    }
}

extension AppResolveBody: FlatDecodable {
    init?(flat members: [String: FlatJSON.Value]) {
        guard case .string(let query)? = members["query"] else { return nil }
        self.init(query: query)
    }
}
