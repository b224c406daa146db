import Foundation
import HTTPTypes
import Testing
import VocabCore
import VocabService

@Suite struct OperationsRouteTests {
    @Test("healthz and readyz answer without a token")
    func probes() async throws {
        try await ServiceHarness().run { client in
            let health = try await client.send(.get, "/healthz")
            #expect(health.status == .ok)
            #expect(health.json?["status"] as? String == "ok")
            let ready = try await client.send(.get, "/readyz")
            #expect(ready.status == .ok)
            #expect(ready.json?["status"] as? String == "ready")
        }
    }

    @Test("The served OpenAPI document is docs/openapi.json, version 3.1, and names every route")
    func openAPIDocument() async throws {
        let file = try String(contentsOf: ServiceHarness.repository.appendingPathComponent("docs/openapi.json"),
                              encoding: .utf8)
        try await ServiceHarness().run { client in
            let answer = try await client.send(.get, "/v1/openapi.json")
            #expect(answer.status == .ok)
            #expect(answer.contentType == "application/json")
            #expect(answer.text == file.trimmingCharacters(in: .newlines),
                    "run scripts/embed-openapi.sh after editing docs/openapi.json")
            #expect(answer.json?["openapi"] as? String == "3.1.0")
            let paths = Set((answer.json?["paths"] as? [String: Any])?.keys.map { $0 } ?? [])
            #expect(paths == [
                "/healthz", "/readyz", "/metrics", "/v1/openapi.json", "/v1/locales",
                "/v1/locales/{locale}/parameters/{parameter}/resolve", "/v1/admin/users/{user}/tokens",
                "/v1/admin/users/{user}/tokens/{id}", "/v1/users/{user}", "/v1/users/{user}/vocabulary",
                "/v1/users/{user}/vocabulary/{type}", "/v1/users/{user}/language", "/v1/users/{user}/resolve",
                "/v1/users/{user}/compare", "/v1/users/{user}/vocabulary/{type}/hints", "/v1/speech", "/v1/locales/lint", "/console", "/console/{file}",
            ])
        }
    }

    @Test("metrics count requests by route and status, and the cache's hits and misses")
    func metrics() async throws {
        try await ServiceHarness().run { client in
            let token = try await client.mint("alice")
            try await client.put(["Bobo le Grand", "Zoé Martin"], user: "alice", token: token)
            _ = try await client.resolve("bobo", user: "alice", token: token)
            _ = try await client.resolve("zoe martin", user: "alice", token: token)
            _ = try await client.send(.get, "/v1/nothing")
            let text = try await client.send(.get, "/metrics").text
            #expect(text.contains(#"vocab_http_requests_total{route="/v1/users/{user}/resolve",method="POST",status="200"} 2"#))
            #expect(text.contains(#"status="404"} 1"#))
            #expect(text.contains("vocab_index_cache_misses_total 1"))
            #expect(text.contains("vocab_index_cache_hits_total 1"))
            #expect(text.contains("vocab_index_cache_entries 1"))
            #expect(text.contains("vocab_resolve_duration_seconds_count 2"))
            #expect(text.contains("vocab_index_build_duration_seconds_count 1"))
        }
    }

    @Test("An unknown route is a 404 problem document")
    func unknownRoute() async throws {
        try await ServiceHarness().run { client in
            let answer = try await client.send(.get, "/v1/users")
            #expect(answer.status == .notFound)
            #expect(answer.contentType == "application/problem+json")
            #expect(answer.json?["status"] as? Int == 404)
        }
    }

    @Test("A known path asked with another method is 405 with Allow; the route table matches the document")
    func methodNotAllowed() async throws {
        try await ServiceHarness().run { client in
            let answer = try await client.send(.patch, "/v1/users/alice/vocabulary/contactName")
            #expect(answer.status == .methodNotAllowed)
            #expect(answer.headers[.allow] == "PUT, GET, DELETE")
            #expect(answer.contentType == "application/problem+json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8))
                as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            for (path, item) in paths {
                let documented = Set(item.keys.filter { $0 != "parameters" }.map { $0.uppercased() })
                let concrete = path.replacingOccurrences(of: #"\{[a-z]+\}"#, with: "x", options: .regularExpression)
                let probe = try await client.send(.trace, concrete)
                #expect(probe.status == .methodNotAllowed, "\(path)")
                let allowed = Set((probe.headers[.allow] ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                })
                #expect(allowed == documented, "\(path)")
            }
        }
    }

    @Test("Locales are listed without a token, with the default and app vocabulary marked")
    func locales() async throws {
        try await ServiceHarness().run { client in
            let answer = try await client.send(.get, "/v1/locales")
            let locales = answer.json?["locales"] as? [[String: Any]] ?? []
            #expect(locales.contains { $0["locale"] as? String == "en-US" && $0["isDefault"] as? Bool == true })
            #expect(locales.contains { $0["locale"] as? String == "fr-FR" && $0["hasAppVocabulary"] as? Bool == true })
        }
    }
}
