import Foundation
import HTTPTypes
import Testing
import VocabCore
import VocabService

/// A user's token reaches that user's data and nothing else; the admin token only mints and revokes.
@Suite struct AuthorizationTests {
    /// Every user route, with a body where it needs one.
    static let userRoutes: [(HTTPRequest.Method, String, String?)] = [
        (.get, "/v1/users/{user}/vocabulary", nil),
        (.put, "/v1/users/{user}/vocabulary/contactName", #"{"terms": ["Mallory"]}"#),
        (.get, "/v1/users/{user}/vocabulary/contactName", nil),
        (.delete, "/v1/users/{user}/vocabulary/contactName", nil),
        (.delete, "/v1/users/{user}", nil),
        (.get, "/v1/users/{user}/language", nil),
        (.put, "/v1/users/{user}/language", #"{"code": "fr-FR"}"#),
        (.delete, "/v1/users/{user}/language", nil),
        (.post, "/v1/users/{user}/resolve", #"{"query": "bobo"}"#),
    ]

    @Test("A user's token cannot read, change or resolve against another user's data: 403, and the data is intact")
    func otherUsersData() async throws {
        try await ServiceHarness().run { client in
            let alice = try await client.mint("alice")
            let mallory = try await client.mint("mallory")
            try await client.put(["Bobo le Grand"], user: "alice", token: alice)
            _ = try await client.send(.put, "/v1/users/alice/language", token: alice, json: #"{"code": "it-IT"}"#)
            for (method, path, body) in Self.userRoutes {
                for target in ["alice", "nobody-at-all"] {
                    let answer = try await client.send(method, path.replacingOccurrences(of: "{user}", with: target),
                                                       token: mallory, json: body)
                    #expect(answer.status == .forbidden, "\(method) \(path) for \(target)")
                    // The same answer whether the user exists or not.
                    #expect(answer.detail == "this token does not grant access to the user in the path")
                }
            }
            let set = try await client.send(.get, "/v1/users/alice/vocabulary/contactName", token: alice)
            #expect((set.json?["terms"] as? [String]) == ["Bobo le Grand"])
            let language = try await client.send(.get, "/v1/users/alice/language", token: alice)
            #expect(language.json?["stored"] as? String == "it-IT")
        }
    }

    @Test("No token, a malformed header, or an unknown token: 401 with WWW-Authenticate")
    func missingOrUnknownToken() async throws {
        try await ServiceHarness().run { client in
            for (method, path, body) in Self.userRoutes {
                let path = path.replacingOccurrences(of: "{user}", with: "alice")
                let none = try await client.send(method, path, json: body)
                #expect(none.status == .unauthorized, "\(method) \(path)")
                #expect(none.headers[.wwwAuthenticate] == "Bearer realm=\"vocab\"")
                let unknown = try await client.send(method, path, token: "vocab_notARealToken", json: body)
                #expect(unknown.status == .unauthorized)
                let basic = try await client.send(method, path, json: body, headers: [.authorization: "Basic YWxpY2U6eA=="])
                #expect(basic.status == .unauthorized)
            }
        }
    }

    @Test("The admin token is not a user token, and a user token is not the admin token")
    func rolesStayApart() async throws {
        try await ServiceHarness().run { client in
            let alice = try await client.mint("alice")
            let asAdmin = try await client.send(.get, "/v1/users/alice/vocabulary", token: ServiceHarness.adminToken)
            #expect(asAdmin.status == .unauthorized)
            let minting = try await client.send(.post, "/v1/admin/users/alice/tokens", token: alice)
            #expect(minting.status == .forbidden)
            let noToken = try await client.send(.post, "/v1/admin/users/alice/tokens")
            #expect(noToken.status == .unauthorized)
            let wrong = try await client.send(.post, "/v1/admin/users/alice/tokens", token: "admin-token-for-tests-012345678X")
            #expect(wrong.status == .forbidden)
        }
    }

    @Test("Tokens are listed by id, revoked one by one or all at once; a revoked token is refused at once")
    func revocation() async throws {
        try await ServiceHarness().run { client in
            let first = try await client.mint("alice")
            let second = try await client.mint("alice")
            let admin = ServiceHarness.adminToken
            let listed = try await client.send(.get, "/v1/admin/users/alice/tokens", token: admin)
            let ids = (listed.json?["tokens"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            #expect(ids.count == 2)
            #expect(!listed.text.contains(first) && !listed.text.contains(second))
            #expect(Set(ids) == [String(AccessTokens.digest(of: first).prefix(12)),
                                 String(AccessTokens.digest(of: second).prefix(12))])
            let revoked = try await client.send(.delete, "/v1/admin/users/alice/tokens/\(ids[0])", token: admin)
            #expect(revoked.json?["revoked"] as? Int == 1)
            let stillWorking = [try await client.send(.get, "/v1/users/alice/vocabulary", token: first).status,
                                try await client.send(.get, "/v1/users/alice/vocabulary", token: second).status]
            #expect(stillWorking.sorted { $0.code < $1.code } == [.ok, .unauthorized])
            let unknown = try await client.send(.delete, "/v1/admin/users/alice/tokens/000000000000", token: admin)
            #expect(unknown.status == .notFound)
            let all = try await client.send(.delete, "/v1/admin/users/alice/tokens", token: admin)
            #expect(all.json?["revoked"] as? Int == 1)
            #expect(try await client.send(.get, "/v1/users/alice/vocabulary", token: first).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/users/alice/vocabulary", token: second).status == .unauthorized)
        }
    }

    @Test("Tokens are stored as digests only, and user ids in paths are compared in NFC")
    func storageAndNormalization() async throws {
        let store = MemoryVocabularyStore()
        try await ServiceHarness(store: store).run { client in
            let token = try await client.mint("jos%C3%A9")
            let records = try await store.tokens(of: "josé")
            #expect(records.count == 1)
            #expect(records[0].digest == AccessTokens.digest(of: token))
            #expect(records[0].digest != token && !records[0].digest.contains(token))
            // "jose" + combining acute accent reaches the same user.
            let decomposed = try await client.send(.get, "/v1/users/jose%CC%81/vocabulary", token: token)
            #expect(decomposed.status == .ok)
        }
    }
}
