import Foundation
import HTTPTypes
import Testing
import VocabCore
@testable import VocabService

/// The console's page and what it asks of the API: comparisons, speech, lint.
@Suite struct ConsoleRouteTests {
    static let terms = #"["Chiara Rossi", "Mathieu Lefèvre", "Jürgen Müller", "João Silva"]"#

    @Test("A comparison answers one cell per language, with phones, the rule lines behind them and the aligned steps")
    func compares() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            let answer = try await client.send(.post, "/v1/users/alice/compare", token: token, json: """
                {"query": "kiara", "languages": ["en-US", "fr-FR", "it-IT"], "terms": \(Self.terms)}
                """)
            #expect(answer.status == .ok, "\(answer.text)")
            let cells = try #require(answer.json?["cells"] as? [[String: Any]])
            #expect(cells.map { $0["language"] as? String } == ["en-US", "fr-FR", "it-IT"])
            let italian = cells[2]
            #expect(italian["heard"] as? String == "k j a r a")
            let word = try #require((italian["words"] as? [[String: Any]])?.first)
            #expect(word["source"] as? String == "rules")
            #expect((word["file"] as? String)?.hasSuffix("it-IT/letter-to-sound.txt") == true)
            let rules = try #require(word["rules"] as? [[String: Any]])
            #expect(rules.map { $0["letters"] as? String ?? "" }.joined() == "kiara")
            #expect(rules.allSatisfy { $0["line"] is Int })
            let best = try #require((italian["best"] as? [[String: Any]])?.first)
            #expect(best["term"] as? String == "Chiara Rossi")
            let phones = try #require(best["phones"] as? [String: Any])
            let steps = try #require(phones["alignment"] as? [[String: Any]])
            #expect(steps.count == 5 && steps.allSatisfy { $0["cost"] as? Double == 0 }, "\(steps)")
            #expect(italian["outcome"] as? String == "success")
            #expect((italian["features"] as? [[String: Any]])?.isEmpty == false)
            // The English listener's dictionary reading of the term names the dictionary's line.
            let english = try #require((cells[0]["best"] as? [[String: Any]])?.first?["words"] as? [[String: Any]])
            #expect(english.first?["source"] as? String == "dictionary")
            #expect((english.first?["entry"] as? String)?.hasPrefix("chiara ") == true)
        }
    }

    @Test("A comparison reads a stored set and a locale's app vocabulary, naming the synonym or hint that matched")
    func comparesStoredSetsAndAppVocabulary() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Chiara Rossi", "Bobo le Grand"], user: "alice", token: token)
            let stored = try await client.send(.post, "/v1/users/alice/compare", token: token, json: """
                {"query": "bobo le grand", "languages": ["fr-FR"], "type": "contactName"}
                """)
            #expect((stored.json?["cells"] as? [[String: Any]])?.first?["outcome"] as? String == "success", "\(stored.text)")
            let app = try await client.send(.post, "/v1/users/alice/compare", token: token, json: """
                {"query": "couic hitte", "languages": ["fr-FR"], "parameter": "INStartWorkoutIntent.workoutName"}
                """)
            let best = try #require(((app.json?["cells"] as? [[String: Any]])?.first?["best"] as? [[String: Any]])?.first,
                                    "\(app.text)")
            #expect(best["via"] as? String == "pronunciation")
            #expect(best["pronunciation"] as? String == "couic hitte")
            #expect(best["term"] as? String == "Qwik HIIT")
        }
    }

    @Test("Bad comparisons are refused naming the field: empty phrase, malformed or locale-less language, no vocabulary or two, missing set")
    func refusesBadComparisons() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            func compare(_ body: String) async throws -> ServiceHarness.Answer {
                try await client.send(.post, "/v1/users/alice/compare", token: token, json: body)
            }
            let empty = try await compare(#"{"query": "  ", "languages": ["en-US"], "terms": ["Bo"]}"#)
            #expect(empty.status == .unprocessableContent && empty.field == "query")
            let unknown = try await compare(#"{"query": "bo", "languages": ["en-US", "zz-ZZ"], "terms": ["Bo"]}"#)
            #expect(unknown.status == .notFound && unknown.field == "languages[1]")
            #expect(unknown.detail?.contains("no locale for the language of 'zz-ZZ'") == true, "\(unknown.text)")
            let malformed = try await compare(#"{"query": "bo", "languages": ["not a code"], "terms": ["Bo"]}"#)
            #expect(malformed.status == .unprocessableContent && malformed.field == "languages[0]")
            let none = try await compare(#"{"query": "bo", "languages": ["en-US"]}"#)
            #expect(none.status == .unprocessableContent && none.field == "type")
            let two = try await compare(#"{"query": "bo", "languages": ["en-US"], "terms": ["Bo"], "type": "contactName"}"#)
            #expect(two.status == .unprocessableContent && two.field == "type")
            let noSet = try await compare(#"{"query": "bo", "languages": ["en-US"], "type": "contactName"}"#)
            #expect(noSet.status == .notFound && noSet.field == "type")
            let tooMany = try await compare(#"{"query": "bo", "languages": [], "terms": ["Bo"]}"#)
            #expect(tooMany.status == .unprocessableContent && tooMany.field == "languages")
            let badTerm = try await compare(#"{"query": "bo", "languages": ["en-US"], "terms": ["Bo", "  "]}"#)
            #expect(badTerm.status == .unprocessableContent && badTerm.field?.hasPrefix("terms[1]") == true, "\(badTerm.text)")
            let other = try await client.mint("bob")
            let foreign = try await client.send(.post, "/v1/users/alice/compare", token: other,
                                                json: #"{"query": "bo", "languages": ["en-US"], "terms": ["Bo"]}"#)
            #expect(foreign.status == .forbidden)
        }
    }

    @Test("Speech needs a token, a language with a voice and a short text, and is rate-limited per token")
    func speech() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            #expect(try await client.send(.get, "/v1/speech?language=fr-FR&text=bonjour").status == .unauthorized)
            let missing = try await client.send(.get, "/v1/speech?text=bonjour", token: token)
            #expect(missing.status == .unprocessableContent && missing.field == "language")
            let long = String(repeating: "a", count: 101)
            let tooLong = try await client.send(.get, "/v1/speech?language=fr-FR&text=\(long)", token: token)
            #expect(tooLong.status == .unprocessableContent && tooLong.field == "text")
            let answer = try await client.send(.get, "/v1/speech?language=fr-FR&text=Chiara%20Rossi", token: token)
            guard answer.status == .ok else {
                // A machine without espeak-ng answers 503 saying how to install it.
                #expect(answer.status == .serviceUnavailable && answer.detail?.contains("apt-get install espeak-ng") == true,
                        "\(answer.status) \(answer.text)")
                return
            }
            #expect(answer.contentType == "audio/wav")
            #expect(answer.text.hasPrefix("RIFF"))
        }
    }

    @Test("The speech rate allows 30 a minute per caller and says how long to wait")
    func speechRate() {
        let rate = SpeechRate()
        let start = ContinuousClock.now
        for _ in 0..<SpeechRate.perMinute { #expect(rate.take("a", now: start) == nil) }
        let wait = rate.take("a", now: start + .seconds(10))
        #expect(wait == 51)
        #expect(rate.take("b", now: start + .seconds(10)) == nil)
        #expect(rate.take("a", now: start + .seconds(61)) == nil)
    }

    @Test("Lint answers every locale's findings with paths relative to the locales folder")
    func lint() async throws {
        try await ServiceHarness().run { client in
            let answer = try await client.send(.get, "/v1/locales/lint")
            #expect(answer.status == .ok)
            #expect(answer.json?["files"] as? Int == 6)
            #expect(answer.json?["errors"] as? Int == 0, "\(answer.text)")
        }
    }

    @Test("The console's page and files are served with their types and a content security policy; others are 404")
    func pages() async throws {
        try await ServiceHarness().run { client in
            let page = try await client.send(.get, "/console")
            #expect(page.status == .ok)
            #expect(page.contentType == "text/html; charset=utf-8")
            #expect(page.text.contains("/console/console.js"))
            #expect(page.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("default-src 'self'") == true)
            let script = try await client.send(.get, "/console/console.js")
            #expect(script.contentType == "text/javascript; charset=utf-8")
            #expect(script.text.contains("/v1/users/"))
            #expect(try await client.send(.get, "/console/console.css").status == .ok)
            let missing = try await client.send(.get, "/console/secrets.txt")
            #expect(missing.status == .notFound)
        }
    }
}

/// `GET /v1/users/{user}/vocabulary/{type}/hints`: a stored set as recognizer hints.
@Suite struct HintsRouteTests {
    @Test("Hints answer from the set's index in the user's language, within the budget, in each format")
    func hints() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Siobhán Okonkwo", "Chidi Okonkwo", "Mary Smith", "Ngozi Adeyemi"], user: "alice", token: token)
            let prompt = try await client.send(.get, "/v1/users/alice/vocabulary/contactName/hints?budget=40&language=en-US",
                                               token: token)
            #expect(prompt.status == .ok, "\(prompt.text)")
            #expect(prompt.json?["format"] as? String == "prompt")
            #expect((prompt.json?["used"] as? Int ?? 99) <= 40)
            #expect((prompt.json?["prompt"] as? String)?.contains("Okonkwo") == true)
            #expect(prompt.json?["choices"] == nil)
            let explained = try await client.send(.get, "/v1/users/alice/vocabulary/contactName/hints?format=phrases&explain=true",
                                                  token: token)
            #expect((explained.json?["phrases"] as? [[String: Any]])?.count == 4)
            #expect((explained.json?["choices"] as? [[String: Any]])?.count == 4)
            let lexicon = try await client.send(.get, "/v1/users/alice/vocabulary/contactName/hints?format=lexicon", token: token)
            #expect((lexicon.json?["grammar"] as? String)?.hasPrefix("#JSGF") == true, "\(lexicon.text)")
            // A second pass: the contacts that sound like the first transcript lead the prompt.
            let second = try await client.send(.get, "/v1/users/alice/vocabulary/contactName/hints?language=en-US"
                + "&heard=Ngozi%20Adeyemy&heard=the%20zee%20adeyemi", token: token)
            #expect(second.status == .ok, "\(second.text)")
            #expect((second.json?["prompt"] as? String)?.hasPrefix("Ngozi Adeyemi, ") == true, "\(second.text)")
        }
    }

    @Test("Bad hint requests are refused naming the parameter; a missing set is 404; another user's token 403")
    func refusals() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            let base = "/v1/users/alice/vocabulary/contactName/hints"
            let missing = try await client.send(.get, base, token: token)
            #expect(missing.status == .notFound && missing.field == "type")
            try await client.put(["Mary Smith"], user: "alice", token: token)
            for (query, field) in [("format=grammar", "format"), ("budget=0", "budget"), ("budget=1000001", "budget"),
                                   ("budget=many", "budget"), ("explain=maybe", "explain"), ("language=xx_@@", "language"),
                                   ("heard=mary&heard=%20", "heard"), ("heard=a%07b", "heard")] {
                let answer = try await client.send(.get, "\(base)?\(query)", token: token)
                #expect(answer.status == .unprocessableContent && answer.field == field, "\(query): \(answer.text)")
            }
            let blank = try await client.send(.get, "\(base)?heard=mary&heard=%20", token: token)
            #expect(blank.text.contains("heard[1] has no words"), "\(blank.text)")
            let other = try await client.mint("bob")
            #expect(try await client.send(.get, base, token: other).status == .forbidden)
        }
    }
}
