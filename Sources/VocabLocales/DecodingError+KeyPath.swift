import Foundation

extension DecodingError {
    /// The key path of the value at fault, written as in our messages: `particles[2]`; for a missing key,
    /// the object that lacks it (the ``summary`` names the key).
    public var keyPath: String {
        let path: [any CodingKey]
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context),
             .keyNotFound(_, let context):
            path = context.codingPath
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
    public var summary: String {
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
        case is [String: Any].Type: "an object"
        case is [Any].Type: "a list"
        default: "a value of type \(type)"
        }
    }

    /// The error as our messages write it: `file: key.path: what went wrong`, without an empty key path.
    public func message(in file: String) -> String {
        keyPath.isEmpty ? "\(file): \(summary)" : "\(file): \(keyPath): \(summary)"
    }
}
