import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The line of every value in an XML property list, by key path (`ParameterVocabularies[0].ParameterNames`).
///
/// Foundation's decoders report "line 1" or nothing for schema problems; this pass over the XML gives
/// findings a real line. Binary property lists have no lines, so their map is empty.
final class PlistLineMap: NSObject, XMLParserDelegate {
    private struct Frame {
        let isDictionary: Bool
        let path: String
        var pendingKey: String?
        var nextIndex = 0
    }

    private(set) var lines: [String: Int] = [:]
    private var stack: [Frame] = []
    private var keyText: String?
    private weak var parser: XMLParser?

    /// Maps an XML property list; returns an empty map for anything else.
    static func lines(of data: Data) -> [String: Int] {
        let map = PlistLineMap()
        let parser = XMLParser(data: data)
        map.parser = parser
        parser.delegate = map
        // A parse that fails part-way still maps the lines it reached; the plist decoder reports the error.
        _ = parser.parse()
        return map.lines
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch element {
        case "plist": return
        case "key": keyText = ""
        default:
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
            if lines[path] == nil { lines[path] = parser.lineNumber }
            if element == "dict" || element == "array" { stack.append(Frame(isDictionary: element == "dict", path: path)) }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if keyText != nil { keyText! += string }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "key":
            if var parent = stack.popLast() {
                parent.pendingKey = keyText
                stack.append(parent)
            }
            keyText = nil
        case "dict", "array": _ = stack.popLast()
        default: break
        }
    }
}
