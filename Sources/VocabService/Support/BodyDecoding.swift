import Foundation
import HTTPTypes
import Hummingbird
import NIOFoundationEssentialsCompat
import NIOCore
import VocabLocales

/// Reads a JSON request body under the configured size bound, refusing unknown keys (a misspelt
/// `"qurey"` is an error, not a silently missing field).
enum BodyDecoding {
    /// Decodes `T` from the request's body.
    ///
    /// - Throws: ``Problem``: 413 over `limit` bytes; 400 for a missing body or one that is not JSON; 422
    ///   naming the field for a missing, mistyped or unknown key.
    static func decode<T: Decodable>(_: T.Type, allowedKeys: Set<String>, from request: Request, limit: Int)
        async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw Problem(.contentTooLarge, "the body is larger than the limit of \(limit) bytes")
        } catch is NIOTooManyBytesError {
            throw Problem(.contentTooLarge, "the body is larger than the limit of \(limit) bytes")
        }
        let data = Data(buffer: buffer)
        guard !data.isEmpty else { throw Problem(.badRequest, "the body is empty; expected a JSON object") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw Problem(.badRequest, "the body is not valid JSON")
        }
        guard let dictionary = object as? [String: Any] else {
            throw Problem(.unprocessableContent, "the body must be a JSON object")
        }
        if let unknown = dictionary.keys.sorted().first(where: { !allowedKeys.contains($0) }) {
            throw Problem.invalid(unknown, "unknown key '\(unknown)'; expected "
                + allowedKeys.sorted().joined(separator: ", "))
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            let field: String
            if case .keyNotFound(let key, let context) = error {
                field = path(context.codingPath + [key])
            } else {
                field = error.keyPath
            }
            throw Problem.invalid(field, error.summary)
        }
    }

    /// A coding path as messages write it: `terms[3].phrase`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
    }
}
