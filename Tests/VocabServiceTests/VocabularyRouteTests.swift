import Foundation
import HTTPTypes
import Testing
import VocabCore
import VocabService

@Suite struct VocabularyRouteTests {
    @Test("PUT replaces a set in order, reports repeats and drops; GET reads it back; a replace is a new version")
    func replaceAndRead() async throws {
        var configuration = ServiceConfiguration()
        configuration.limits = try VocabularyLimits(perType: 3, perUser: 200_000)
        try await ServiceHarness(configuration: configuration).run { client in
            let token = try await client.mint("alice")
            let put = try await client.send(.put, "/v1/users/alice/vocabulary/contactName", token: token, json: """
                {"terms": ["Bobo le Grand", {"phrase": "Siobhan Kelly", "identifier": "c-17", "pronunciationHint": "shuh vaughn"},
                           "Bobo le Grand", "Zoé Martin", "Chiara Rossi"]}
                """)
            #expect(put.status == .ok)
            #expect(put.json?["stored"] as? Int == 3)
            #expect(put.json?["repeats"] as? Int == 1)
            let dropped = put.json?["dropped"] as? [String: Any]
            #expect(dropped?["count"] as? Int == 1)
            #expect(dropped?["first"] as? [String] == ["Chiara Rossi"])
            #expect((dropped?["reason"] as? String)?.contains("capacity of 3 terms per type") == true)
            let get = try await client.send(.get, "/v1/users/alice/vocabulary/contactName", token: token)
            let terms = get.json?["terms"] as? [Any]
            #expect(terms?.count == 3)
            #expect(terms?.first as? String == "Bobo le Grand")
            #expect((terms?[1] as? [String: String])?["identifier"] == "c-17")
            let again = try await client.put(["Anna"], user: "alice", token: token)
            #expect((again.json?["version"] as? Int ?? 0) > (put.json?["version"] as? Int ?? 0))
            #expect(again.json?["previousCount"] as? Int == 3)
        }
    }

    @Test("Bad bodies are refused with the field at fault, and the stored set is unchanged", arguments: [
        (#"{"terms": ["A", {"phrase": "B", "identifier": ""}]}"#, 422, "terms[1].identifier"),
        (#"{"terms": ["A", "\#(String(repeating: "x", count: 70))"]}"#, 422, "terms[1].phrase"),
        (#"{"terms": [" "]}"#, 422, "terms[0].phrase"),
        (#"{"terms": ["A", "- –"]}"#, 422, "terms[1].phrase"),
        (#"{"terms": "Bobo"}"#, 422, "terms"),
        (#"{"terms": [{"phrase": "A", "pronounciationHint": "x"}]}"#, 422, "terms[0].pronounciationHint"),
        (#"{"term": ["A"]}"#, 422, "term"),
        (#"{}"#, 422, "terms"),
        (#"["A"]"#, 422, nil),
        (#"{"terms": ["#, 400, nil),
        ("", 400, nil),
        (#"{"terms": ["A"], "terms": ["B"]}"#, 422, "terms"),
        (#"{"terms": [{"phrase": "A", "identifier": "1", "phrase": "B"}]}"#, 422, "terms[0].phrase"),
    ] as [(String, Int, String?)])
    func badBodies(body: String, status: Int, field: String?) async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Old One"], user: "alice", token: token)
            let answer = try await client.send(.put, "/v1/users/alice/vocabulary/contactName", token: token, json: body)
            #expect(answer.status.code == status, "\(answer.text)")
            #expect(answer.contentType == "application/problem+json")
            #expect(answer.field == field, "\(answer.text)")
            let kept = try await client.send(.get, "/v1/users/alice/vocabulary/contactName", token: token)
            #expect(kept.json?["terms"] as? [String] == ["Old One"])
        }
    }

    @Test("A body over the byte limit, or over the term limit, is 413")
    func tooLarge() async throws {
        var configuration = ServiceConfiguration()
        configuration.maximumBodyBytes = 1_000
        configuration.maximumTermsPerRequest = 10
        try await ServiceHarness(configuration: configuration).run { client in
            let token = try await client.mint("alice")
            let big = try await client.put((0..<200).map { "Name \($0)" }, user: "alice", token: token)
            #expect(big.status == .contentTooLarge)
            #expect(big.detail == "the body is larger than the limit of 1000 bytes")
            let many = try await client.put((0..<11).map { "N\($0)" }, user: "alice", token: token)
            #expect(many.status == .contentTooLarge)
            #expect(many.field == "terms")
        }
    }

    @Test("An unknown type is 422 naming the type; a missing set is 404")
    func typeErrors() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            let unknown = try await client.send(.get, "/v1/users/alice/vocabulary/contactNames", token: token)
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.field == "type")
            let missing = try await client.send(.get, "/v1/users/alice/vocabulary/photoTag", token: token)
            #expect(missing.status == .notFound)
        }
    }

    @Test("DELETE removes one type; DELETE of the user (sign-out) removes every set and the language")
    func removals() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Bobo"], user: "alice", token: token)
            try await client.put(["Plage", "Montagne"], user: "alice", token: token, type: "photoTag")
            _ = try await client.send(.put, "/v1/users/alice/language", token: token, json: #"{"code": "fr_CA"}"#)
            let one = try await client.send(.delete, "/v1/users/alice/vocabulary/photoTag", token: token)
            #expect(one.json?["removedTypes"] as? [String] == ["photoTag"])
            #expect(one.json?["removedTerms"] as? Int == 2)
            let all = try await client.send(.delete, "/v1/users/alice", token: token)
            #expect(all.json?["removedTypes"] as? [String] == ["contactName"])
            #expect(all.json?["removedLanguage"] as? String == "fr-CA")
            let sets = try await client.send(.get, "/v1/users/alice/vocabulary", token: token)
            #expect((sets.json?["sets"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("The language is stored canonical, shown with the locale serving it, and cleared")
    func language() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            let set = try await client.send(.put, "/v1/users/alice/language", token: token, json: #"{"code": "fr_CA"}"#)
            #expect(set.json?["stored"] as? String == "fr-CA")
            #expect(set.json?["inForce"] as? String == "fr-CA")
            let locale = set.json?["locale"] as? [String: Any]
            #expect(locale?["used"] as? String == "fr-FR")
            let bad = try await client.send(.put, "/v1/users/alice/language", token: token, json: #"{"code": "fr_@@"}"#)
            #expect(bad.status == .unprocessableContent)
            #expect(bad.field == "code")
            let cleared = try await client.send(.delete, "/v1/users/alice/language", token: token)
            #expect(cleared.json?["stored"] == nil || cleared.json?["stored"] is NSNull)
            #expect(cleared.json?["inForce"] as? String == "en-US")
        }
    }
}
