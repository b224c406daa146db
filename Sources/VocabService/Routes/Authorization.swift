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
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
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
        let decoded = raw.removingPercentEncoding ?? raw
        do { return try UserID(validating: decoded) } catch {
            throw Problem.invalid("user", error.description)
        }
    }
}
