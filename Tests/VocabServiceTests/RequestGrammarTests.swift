import Foundation
import HTTPTypes
import Testing
import VocabCore
import VocabLocales
import VocabService
import VocabTestSupport

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

    @Test("An alternative's phones match the document's pattern exactly when the shipped locale data accepts them")
    func phonesPattern() throws {
        let document = try #require(JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let phones = ((schemas?["Alternative"] as? [String: Any])?["properties"] as? [String: Any])?["phones"] as? [String: Any]
        let pattern = try NSRegularExpression(pattern: try #require(phones?["pattern"] as? String))
        let data = try #require(try LocaleDirectory(url: ServiceHarness.repository.appendingPathComponent("Locales")).phoneData())
        let arpabet = try #require(data.arpabet)
        func accepted(_ phones: String) -> Bool {
            Hypothesis.phonesProblem(phones) == nil && Hypothesis.phoneSymbols(of: phones).allSatisfy { arpabet[$0] != nil }
        }
        // The recognizers' forms, and the near misses a generator finds: a lone letter ARPAbet has not, only silence,
        // a stress digit past 2, a filler alone, a symbol run together with another.
        var samples = ["R AA Z OW L IH N D", "r aa1 z ow0 l ih0 n d", "SIL R AA SIL", "+NSN+ K AE1 T +SPN+", "\tB\tD ",
                       "A", "SIL", "sp sil0", "AA3", "+NSN+", "AAB", "B_", "0 B", "B 2", "+ B +", "", " "]
        var generator = SplitMix64(seed: 22)
        let pieces = Array(arpabet.keys) + ["A", "SIL", "SP", "+NSN+", "+", "_", "0", "1", "3", "x", "Q"]
        for _ in 0..<2_000 {
            let count = 1 + Int(generator.next() % 4)
            samples.append((0..<count).map { _ in
                pieces[Int(generator.next() % UInt64(pieces.count))] + (generator.next() % 4 == 0 ? "1" : "")
            }.joined(separator: generator.next() % 5 == 0 ? "" : " "))
        }
        for sample in samples {
            let matched = pattern.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil
            #expect(matched == accepted(sample), "'\(sample)': the pattern \(matched ? "matches" : "does not match")")
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
