import Foundation
import HTTPTypes
import Testing
import VocabCore
import VocabService

/// What a request's path and values may be: the user-id grammar at minting and routing, empty path
/// segments, language codes as the OpenAPI document writes them, and repeated keys.
@Suite struct RequestGrammarTests {
    @Test("User ids outside the grammar are refused at minting, naming the user field", arguments: [
        "%20alice", "alice%20", ".", "..", "a%2Fb", "%ZZ", "%C3%28",
    ])
    func userIDGrammar(path: String) async throws {
        try await ServiceHarness().run { client in
            let answer = try await client.send(.post, "/v1/admin/users/\(path)/tokens", token: ServiceHarness.adminToken)
            #expect(answer.status == .unprocessableContent, "\(path): \(answer.text)")
            #expect(answer.field == "user", "\(path): \(answer.text)")
        }
    }

    @Test("A path with an empty segment is 404, never routed as another user's path")
    func emptySegments() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("vocabulary")
            for path in ["/v1/users//vocabulary", "/v1/users/vocabulary/", "/v1//users/vocabulary"] {
                let answer = try await client.send(.delete, path, token: token)
                #expect(answer.status == .notFound, "\(path): \(answer.text)")
                #expect(answer.text.contains("empty segment"))
            }
        }
    }

    @Test("Language codes are checked against the documented shape before canonicalization", arguments: [
        ("fr-FRR", 422), ("f", 422), ("fr-FR-", 422), ("fr--FR", 422), ("fr-FR", 200), ("zh_Hant_TW", 200),
        ("es-419", 200), ("de-DE-1996", 200),
    ])
    func languageShape(code: String, status: Int) async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            let answer = try await client.send(.put, "/v1/users/alice/language", token: token,
                                               json: #"{"code": "\#(code)"}"#)
            #expect(answer.status.code == status, "\(code): \(answer.text)")
            if status == 422 { #expect(answer.field == "code") }
        }
    }

    @Test("A resolve body with a repeated key is refused by name, as an unknown key is")
    func repeatedResolveKey() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Bobo"], user: "alice", token: token)
            let answer = try await client.send(.post, "/v1/users/alice/resolve", token: token,
                                               json: #"{"query":"first","query":"second"}"#)
            #expect(answer.status == .unprocessableContent, "\(answer.text)")
            #expect(answer.field == "query")
            #expect(answer.text.contains("appears twice"))
        }
    }
}
