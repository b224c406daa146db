import Foundation

/// The line of every value in an XML property list, by key path (`ParameterVocabularies[0].ParameterNames`).
///
/// Foundation's decoders report "line 1" or nothing for schema problems; this pass over the XML gives
/// findings a real line. Binary property lists have no lines, so their map is empty.
///
/// A scanner of its own over the bytes, not Foundation's `XMLParser`: fuzzing found a document that
/// `PropertyListSerialization` accepts and on which `XMLParser` traps inside its element callback
/// (`_NSXMLParserStartElementNs`), taking `vocab lint` down with it. The property list has already been
/// parsed when this runs, so the scanner only needs tags, keys and line numbers: it skips the
/// declaration, the document type, comments and CDATA, and reads `<key>` text with the five predefined
/// entities and numeric character references decoded. On anything it cannot read it stops, keeping the
/// lines it reached.
enum PlistLineMap {
    private struct Frame {
        let isDictionary: Bool
        let path: String
        var pendingKey: String?
        var nextIndex = 0
    }

    /// Maps an XML property list; returns an empty map for anything else.
    ///
    /// - Complexity: O(*n*) in the size of the document.
    static func lines(of data: Data) -> [String: Int] {
        let bytes = [UInt8](data)
        var lines: [String: Int] = [:]
        var stack: [Frame] = []
        var line = 1
        var index = 0
        /// Moves past `terminator`, counting lines; false when the document ends first.
        func skip(past terminator: [UInt8]) -> Bool {
            while index < bytes.count {
                if bytes[index...].starts(with: terminator) {
                    index += terminator.count
                    return true
                }
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            return false
        }
        func startValue(_ name: String, line: Int) {
            var path = ""
            if var parent = stack.popLast() {
                if parent.isDictionary {
                    let key = parent.pendingKey ?? "?"
                    path = parent.path.isEmpty ? key : "\(parent.path).\(key)"
                    parent.pendingKey = nil
                } else {
                    path = "\(parent.path)[\(parent.nextIndex)]"
                    parent.nextIndex += 1
                }
                stack.append(parent)
            }
            if lines[path] == nil { lines[path] = line }
            if name == "dict" || name == "array" { stack.append(Frame(isDictionary: name == "dict", path: path)) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let tagLine = line
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                guard skip(past: Array("-->".utf8)) else { break }
                continue
            }
            if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                guard skip(past: Array("]]>".utf8)) else { break }
                continue
            }
            if bytes[index...].starts(with: Array("<?".utf8)) || bytes[index...].starts(with: Array("<!".utf8)) {
                guard skip(past: Array(">".utf8)) else { break }
                continue
            }
            // A start, end or empty-element tag: its name, then up to '>'.
            let isEnd = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            let nameStart = index + (isEnd ? 2 : 1)
            var nameEnd = nameStart
            while nameEnd < bytes.count, !" \t\r\n/>".utf8.contains(bytes[nameEnd]) { nameEnd += 1 }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
            index = nameEnd
            guard skip(past: Array(">".utf8)) else { break }
            let isEmptyElement = index >= 2 && bytes[index - 2] == UInt8(ascii: "/")
            if isEnd {
                if name == "dict" || name == "array" { _ = stack.popLast() }
                continue
            }
            switch name {
            case "plist": continue
            case "key":
                guard !isEmptyElement else {
                    if var parent = stack.popLast() {
                        parent.pendingKey = ""
                        stack.append(parent)
                    }
                    continue
                }
                let textStart = index
                guard skip(past: Array("</key>".utf8)) else { break }
                let text = decodeEntities(bytes[textStart..<(index - "</key>".utf8.count)])
                if var parent = stack.popLast() {
                    parent.pendingKey = text
                    stack.append(parent)
                }
            default:
                startValue(name, line: tagLine)
                if isEmptyElement && (name == "dict" || name == "array") { _ = stack.popLast() }
            }
        }
        return lines
    }

    /// Text with XML's predefined entities and numeric character references decoded.
    private static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[String(entity)] {
                result += value
            } else if entity.hasPrefix("#"), let scalar = numericScalar(entity.dropFirst()) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func numericScalar(_ digits: Substring) -> Unicode.Scalar? {
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
