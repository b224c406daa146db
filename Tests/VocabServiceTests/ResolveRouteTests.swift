import Foundation
import HTTPTypes
import Testing
import VocabCore
import VocabService

@Suite struct ResolveRouteTests {
    @Test("Resolve answers as the CLI's --json: outcome, candidates, locale; speakables carry their identifier")
    func resolves() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            _ = try await client.send(.put, "/v1/users/alice/vocabulary/contactName", token: token, json: """
                {"terms": ["Matthieu Lefèvre", "Bobo le Grand", "Bobo Jr.", "Petit Bobo",
                           {"phrase": "Siobhan Kelly", "identifier": "c-17", "pronunciationHint": "shuh vaughn kelly"}]}
                """)
            let success = try await client.resolve("matieu lefevre", user: "alice", token: token,
                                                    extra: #", "language": "fr-FR""#)
            #expect(success.json?["outcome"] as? String == "success")
            let locale = success.json?["locale"] as? [String: Any]
            #expect(locale?["explanation"] as? String == "fr-FR (requested fr-FR from the request's language)")
            let bobo = try await client.resolve("bobo", user: "alice", token: token)
            #expect(bobo.json?["outcome"] as? String == "disambiguation")
            #expect((bobo.json?["candidates"] as? [[String: Any]])?.count == 3)
            let hint = try await client.resolve("shuh vaughn kelly", user: "alice", token: token, extra: #", "explain": true"#)
            let candidate = (hint.json?["candidates"] as? [[String: Any]])?.first
            #expect(candidate?["identifier"] as? String == "c-17")
            #expect(candidate?["reading"] as? String == "pronunciation")
            #expect(hint.json?["considered"] != nil)
            let nothing = try await client.resolve("  ", user: "alice", token: token)
            #expect(nothing.json?["outcome"] as? String == "needsValue")
        }
    }

    @Test("Alternatives are weighed with the query: the hypotheses and what they said of each candidate are reported")
    func alternatives() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Rosalind Kerrigan", "Desmond Achebe", "Felix Brandt"], user: "alice", token: token)
            let answer = try await client.resolve("Rose a lint carry gun.", user: "alice", token: token, extra: """
                , "language": "en-US", "explain": true, "alternatives": [{"text": "Rosalind Carrigan.", "confidence": 0.3},
                  {"text": "Rose lint carry gun", "score": -1.2}, {"text": "Rose a lint carry gun", "confidence": null}]
                """)
            #expect(answer.status == .ok, "\(answer.text)")
            let hypotheses = try #require(answer.json?["hypotheses"] as? [[String: Any]])
            #expect(hypotheses.count >= 3, "\(hypotheses)")  // the last one reads as the query: merged with it
            #expect(hypotheses.first?["text"] as? String == "Rose a lint carry gun.")
            let best = try #require((answer.json?["considered"] as? [[String: Any]])?.first)
            #expect(best["term"] as? String == "Rosalind Kerrigan")
            let said = try #require(best["alternatives"] as? [[String: Any]])
            #expect(said.map { $0["name"] as? String } == AlternativeFeatures.names)
        }
    }

    @Test("An alternative of phones, as a phone recognizer heard them, is weighed and reported as its phones")
    func phonesAlternative() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Rosalind Kerrigan", "Rosalind Kemper", "Felix Brandt"], user: "alice", token: token)
            let answer = try await client.resolve("rosalind kerrigan", user: "alice", token: token, extra: """
                , "language": "en-US", "alternatives": [{"phones": "SIL R AA Z OW L EH NG K EH G N SIL"}]
                """)
            #expect(answer.status == .ok, "\(answer.text)")
            let hypotheses = try #require(answer.json?["hypotheses"] as? [[String: Any]])
            #expect(hypotheses.map { $0["text"] as? String } == ["rosalind kerrigan", "/R AA Z OW L EH NG K EH G N/"])
        }
    }

    @Test("A named recognizer's profile decides, and the answer says which; fast and full bodies read it alike")
    func recognizerProfile() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Rosalind Kerrigan", "Desmond Achebe", "Felix Brandt"], user: "alice", token: token)
            let flat = try await client.resolve("Rosalind Kerrigan", user: "alice", token: token,
                                                extra: #", "language": "en-US", "recognizer": "whisper""#)
            #expect(flat.status == .ok, "\(flat.text)")
            #expect(flat.json?["recognizer"] as? String == "whisper")
            #expect(flat.json?["outcome"] as? String == "success")
            let full = try await client.resolve("Rosalind Kerrigan", user: "alice", token: token, extra: """
                , "language": "en-US", "recognizer": "whisper", "alternatives": [{"text": "Rosalind Carrigan"}]
                """)
            #expect(full.json?["recognizer"] as? String == "whisper", "\(full.text)")
            let shared = try await client.resolve("Rosalind Kerrigan", user: "alice", token: token, extra: #", "language": "en-US""#)
            #expect(shared.json?["recognizer"] == nil)
        }
    }

    @Test("The user's stored language is used when the request names none")
    func storedLanguage() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Bobo"], user: "alice", token: token)
            _ = try await client.send(.put, "/v1/users/alice/language", token: token, json: #"{"code": "it-IT"}"#)
            let answer = try await client.resolve("bobo", user: "alice", token: token)
            let locale = answer.json?["locale"] as? [String: Any]
            #expect(locale?["used"] as? String == "it-IT")
            #expect(locale?["source"] as? String == "userSetting")
        }
    }

    @Test("A replace or removal is visible to the very next request")
    func nextRequestSeesChanges() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Bobo le Grand"], user: "alice", token: token)
            #expect(try await client.resolve("bobo le grand", user: "alice", token: token).json?["outcome"] as? String
                == "success")
            try await client.put(["Zoé Martin"], user: "alice", token: token)
            #expect(try await client.resolve("bobo le grand", user: "alice", token: token).json?["outcome"] as? String
                == "unsupported")
            #expect(try await client.resolve("zoe martin", user: "alice", token: token).json?["outcome"] as? String
                == "success")
            _ = try await client.send(.delete, "/v1/users/alice/vocabulary/contactName", token: token)
            let gone = try await client.resolve("zoe martin", user: "alice", token: token)
            #expect(gone.status == .notFound)
            #expect(gone.field == "type")
        }
    }

    @Test("Bad resolve requests name their field", arguments: [
        (#"{"query": "bobo", "type": "contactNames"}"#, 422, "type"),
        (#"{"query": "bobo", "language": "xx_@@"}"#, 422, "language"),
        (#"{"query": 3}"#, 422, "query"),
        (#"{"qurey": "bobo"}"#, 422, "qurey"),
        (#"{"query": "\#(String(repeating: "a", count: 65))"}"#, 422, "query"),
        (#"{"query": "bobo", "explain": "yes"}"#, 422, "explain"),
        (#"{"query": "bo\u001bbo"}"#, 422, "query"),
        (#"{"query": "bobo", "alternatives": [{"text": "bobo"}, {"text": "  "}]}"#, 422, "alternatives[1]"),
        (#"{"query": "bobo", "alternatives": [{"text": "bobo", "confidence": 1.5}]}"#, 422, "alternatives[0]"),
        (#"{"query": "bobo", "alternatives": [{"text": "bobo", "weight": 1}]}"#, 422, "alternatives[0].weight"),
        (#"{"query": "bobo", "alternatives": [{"confidence": 0.5}]}"#, 422, "alternatives[0].text"),
        (#"{"query": "bobo", "alternatives": "bobo"}"#, 422, "alternatives"),
        (#"{"query": "bobo", "alternatives": [{"phones": "B OW Q"}]}"#, 422, "alternatives[0]"),
        (#"{"query": "bobo", "alternatives": [{"phones": "SIL +NSN+"}]}"#, 422, "alternatives[0]"),
        (#"{"query": "bobo", "alternatives": [{"phones": "B OW", "text": "bo"}]}"#, 422, "alternatives[0]"),
        (#"{"query": "bobo", "recognizer": "kaldi"}"#, 422, "recognizer"),
        (#"{"query": "bobo", "recognizer": 3}"#, 422, "recognizer"),
        (#"{"query": "bobo", "alternatives": [\#(Array(repeating: #"{"text": "bobo"}"#, count: 11).joined(separator: ", "))]}"#,
         422, "alternatives"),
    ] as [(String, Int, String)])
    func badRequests(body: String, status: Int, field: String) async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Bobo"], user: "alice", token: token)
            let answer = try await client.send(.post, "/v1/users/alice/resolve", token: token, json: body)
            #expect(answer.status.code == status, "\(answer.text)")
            #expect(answer.field == field, "\(answer.text)")
        }
    }

    @Test("App vocabulary resolves with any valid token; an unknown parameter is 404; no token is 401")
    func appVocabulary() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            let path = "/v1/locales/fr-FR/parameters/INStartWorkoutIntent.workoutName/resolve"
            let listing = try String(contentsOf: ServiceHarness.repository
                .appendingPathComponent("Locales/fr-FR/AppIntentVocabulary.plist"), encoding: .utf8)
            #expect(listing.contains("INStartWorkoutIntent.workoutName"))
            let answer = try await client.send(.post, path, token: token, json: #"{"query": "couic hitte"}"#)
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(answer.json?["parameter"] as? String == "INStartWorkoutIntent.workoutName")
            let asAdmin = try await client.send(.post, path, token: ServiceHarness.adminToken, json: #"{"query": "x"}"#)
            #expect(asAdmin.status == .ok)
            let unknown = try await client.send(.post, "/v1/locales/fr-FR/parameters/Nope/resolve", token: token,
                                                json: #"{"query": "x"}"#)
            #expect(unknown.status == .notFound)
            #expect(unknown.field == "parameter")
            #expect(try await client.send(.post, path, json: #"{"query": "x"}"#).status == .unauthorized)
            let badLocale = try await client.send(.post, "/v1/locales/@@/parameters/Nope/resolve", token: token,
                                                  json: #"{"query": "x"}"#)
            #expect(badLocale.field == "locale")
        }
    }
}
