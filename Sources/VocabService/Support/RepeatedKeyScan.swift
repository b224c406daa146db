/// Finds a key that one JSON object holds twice (`{"query": "a", "query": "b"}`), which `JSONDecoder`
/// accepts silently (one of the two wins). A body is refused for it as for an unknown key.
///
/// A scan of the bytes, not a parse: it follows strings (with their escapes), objects and arrays, and
/// compares keys as written. On text that is not JSON it finds nothing, and the decoder reports the fault.
enum RepeatedKeyScan {
    private enum Container {
        case object(keys: Set<[UInt8]>, current: String?, expectingKey: Bool)
        case array(index: Int)
    }

    /// The field path of the first repeated key (`query`, `terms[2].phrase`), or `nil` when there is none.
    static func firstRepeatedKey(in bytes: UnsafeRawBufferPointer) -> String? {
        var stack: [Container] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], current: nil, expectingKey: true))
            case UInt8(ascii: "["):
                stack.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
            case UInt8(ascii: ","):
                switch stack.last {
                case .object(let keys, _, _): stack[stack.count - 1] = .object(keys: keys, current: nil, expectingKey: true)
                case .array(let position): stack[stack.count - 1] = .array(index: position + 1)
                case nil: return nil
                }
            case UInt8(ascii: "\""):
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                if case .object(var keys, _, true) = stack.last {
                    let key = Array(bytes[start..<index])
                    let name = String(decoding: key, as: UTF8.self)
                    guard keys.insert(key).inserted else {
                        let enclosing = path(stack.dropLast())
                        return enclosing.isEmpty ? name : "\(enclosing).\(name)"
                    }
                    stack[stack.count - 1] = .object(keys: keys, current: name, expectingKey: false)
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The path of the containers that lead to the innermost one.
    private static func path(_ containers: ArraySlice<Container>) -> String {
        var text = ""
        for container in containers {
            switch container {
            case .object(_, let current?, _): text += text.isEmpty ? current : ".\(current)"
            case .array(let position): text += "[\(position)]"
            case .object: break
            }
        }
        return text
    }
}
