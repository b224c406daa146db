import Foundation
import HTTPTypes
import Hummingbird
import NIOFoundationEssentialsCompat
import NIOCore
import VocabLocales

/// Reads a JSON request body under the configured size bound, refusing unknown keys (a misspelt
/// `"qurey"` is an error, not a silently missing field).
/// A request body type and the keys its object may hold.
protocol AllowedKeys {
    static var keys: Set<String> { get }
}

enum BodyDecoding {
    /// Decodes `T` from the request's body.
    ///
    /// - Throws: ``Problem``: 413 over `limit` bytes; 400 for a missing body or one that is not JSON; 422
    ///   naming the field for a missing, mistyped or unknown key.
    static func decode<T: Decodable & AllowedKeys>(_: T.Type, from request: Request, limit: Int) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw Problem(.contentTooLarge, "the body is larger than the limit of \(limit) bytes")
        } catch is NIOTooManyBytesError {
            throw Problem(.contentTooLarge, "the body is larger than the limit of \(limit) bytes")
        }
        if let fast = T.self as? any FlatDecodable.Type,
           let members = buffer.withUnsafeReadableBytes(FlatJSON.parse),
           members.keys.allSatisfy(T.keys.contains),
           let body = fast.init(flat: members) as? T {
            return body
        }
        let data = Data(buffer: buffer)
        guard !data.isEmpty else { throw Problem(.badRequest, "the body is empty; expected a JSON object") }
        if let repeated = data.withUnsafeBytes(RepeatedKeyScan.firstRepeatedKey) {
            throw Problem.invalid(repeated, "the key '\(repeated.split(separator: ".").last ?? "")' appears twice "
                + "in one object; give each key once")
        }
        do {
            return try JSONDecoder().decode(Checked<T>.self, from: data).value
        } catch let problem as Problem {
            throw problem
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               context.underlyingError != nil || context.debugDescription.contains("JSON") {
                throw Problem(.badRequest, "the body is not valid JSON")
            }
            if case .typeMismatch(_, let context) = error, context.codingPath.isEmpty {
                throw Problem(.unprocessableContent, "the body must be a JSON object")
            }
            let field: String
            if case .keyNotFound(let key, let context) = error {
                field = path(context.codingPath + [key])
            } else {
                field = error.keyPath
            }
            throw Problem.invalid(field, error.summary)
        }
    }

    /// Any key of an object, to list the keys a body gives.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes `T` after checking the object's keys against `T`'s allowed ones, in one parse of the body.
    private struct Checked<Value: Decodable & AllowedKeys>: Decodable {
        let value: Value

        init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            if let unknown = keys.sorted().first(where: { !Value.keys.contains($0) }) {
                throw Problem.invalid(unknown, "unknown key '\(unknown)'; expected "
                    + Value.keys.sorted().joined(separator: ", "))
            }
            value = try Value(from: decoder)
        }
    }

    /// A coding path as messages write it: `terms[3].phrase`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
    }
}
