import Foundation

extension DecodingError {
    /// The key path of the value at fault, written as in our messages: `particles[2]`.
    var keyPath: String {
        let path: [any CodingKey]
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// What went wrong, without Swift's type names where a reader would not know them.
    var summary: String {
        switch self {
        case .typeMismatch(let type, _): "expected \(Self.describe(type))"
        case .valueNotFound(let type, _): "expected \(Self.describe(type)), found null"
        case .keyNotFound(let key, _): "missing '\(key.stringValue)'"
        case .dataCorrupted(let context):
            (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                ?? context.debugDescription
        @unknown default: "\(self)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is [String].Type: "a list of strings"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a value of type \(type)"
        }
    }
}
