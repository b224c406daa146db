import Foundation
import HTTPTypes
import Hummingbird
import VocabCore

/// Who may call what: the admin token for `/v1/admin`, a user's own token for that user's data.
///
/// A token of another user, an unknown user, or a malformed user id in the path all get the same 403: the
/// answer never tells whether a user exists.
struct Authorization: Sendable {
    let service: VocabularyService

    /// The bearer token of the request, or `nil`.
    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        // "Bearer" in any case, white space, the token (no Foundation on the hot path).
        let utf8 = header.utf8
        guard utf8.count > 7, utf8.prefix(6).map({ $0 | 0x20 }).elementsEqual("bearer".utf8) else { return nil }
        let rest = utf8.dropFirst(6)
        guard let first = rest.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") else { return nil }
        let token = rest.drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        let trimmed = token.reversed().drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }).reversed()
        return trimmed.isEmpty ? nil : String(decoding: trimmed, as: UTF8.self)
    }

    static func unauthorized(_ detail: String) -> Problem {
        Problem(.unauthorized, detail, headers: [(.wwwAuthenticate, "Bearer realm=\"vocab\"")])
    }

    /// Checks the admin token.
    ///
    /// - Throws: 401 without a token, 403 with another one.
    func requireAdmin(_ request: Request) throws {
        guard let token = Self.bearer(request) else {
            throw Self.unauthorized("this route needs the admin token as a bearer token")
        }
        guard service.adminToken.matches(token) else {
            throw Problem(.forbidden, "this route needs the admin token")
        }
    }

    /// The request's bearer token, when it is the admin's or any user's (routes open to every caller with a
    /// valid token).
    ///
    /// - Throws: 401 without a token or with an unknown or revoked one.
    func requireAnyToken(_ request: Request) async throws -> String {
        guard let token = Self.bearer(request) else { throw Self.unauthorized("this route needs a bearer token") }
        if !service.adminToken.matches(token), try await service.user(ofToken: token) == nil {
            throw Self.unauthorized("the token is unknown or revoked")
        }
        return token
    }

    /// The user of the path, when the request's token is that user's.
    ///
    /// - Throws: 401 without a token or with an unknown or revoked one; 403 when the token is another user's
    ///   (or the path's user id is malformed).
    func requireUser(_ request: Request, context: VocabRequestContext) async throws -> UserID {
        guard let token = Self.bearer(request) else {
            throw Self.unauthorized("this route needs the user's token as a bearer token")
        }
        guard let owner = try await service.user(ofToken: token) else {
            throw Self.unauthorized("the token is unknown or revoked")
        }
        guard let user = try? Self.pathUser(context), user == owner else {
            throw Problem(.forbidden, "this token does not grant access to the user in the path")
        }
        return user
    }

    /// The `{user}` path value, percent-decoded and validated (for admin routes, where it is the subject).
    static func pathUser(_ context: VocabRequestContext) throws -> UserID {
        let raw = try context.parameters.require("user")
        guard let decoded = raw.removingPercentEncoding else {
            throw Problem.invalid("user", "'\(raw)' has a percent escape that does not decode to UTF-8; expected a user id")
        }
        do { return try UserID(validating: decoded) } catch {
            throw Problem.invalid("user", error.description)
        }
    }
}
