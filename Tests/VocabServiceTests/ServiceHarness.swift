import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import VocabCore
import VocabLocales
import VocabService
import VocabTestSupport

/// A service over an in-memory store and the repository's locales, driven through Hummingbird's
/// in-process test client (no socket).
struct ServiceHarness {
    static let adminToken = "admin-token-for-tests-0123456789"
    let service: VocabularyService

    init(configuration: ServiceConfiguration = ServiceConfiguration(),
         store: any VocabularyStore & AccessTokenStore = MemoryVocabularyStore()) throws {
        let locales = try LanguageContexts(directory: LocaleDirectory(url: Self.repository.appendingPathComponent("Locales")))
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        service = VocabularyService(store: store, storePath: nil, locales: locales,
                                    adminToken: try AdminToken(Self.adminToken, source: "test"),
                                    configuration: configuration, logger: logger)
    }

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// One answer: status, headers and the body parsed as JSON (or `nil`).
    struct Answer {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let text: String
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] }
        var contentType: String? { headers[.contentType] }
        /// The `field` of a problem document.
        var field: String? { json?["field"] as? String }
        var detail: String? { json?["detail"] as? String }
    }

    /// A client session: requests go through the router in process.
    struct Client {
        let client: any TestClientProtocol

        func send(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil,
                  headers extra: HTTPFields = [:]) async throws -> Answer {
            var headers = extra
            if let token { headers[.authorization] = "Bearer \(token)" }
            if json != nil { headers[.contentType] = "application/json" }
            return try await client.execute(uri: path, method: method, headers: headers,
                                            body: json.map { ByteBuffer(string: $0) }) { response in
                Answer(status: response.status, headers: response.headers, text: String(buffer: response.body))
            }
        }

        /// Mints a token for a user with the admin token.
        func mint(_ user: String) async throws -> String {
            let answer = try await send(.post, "/v1/admin/users/\(user)/tokens", token: ServiceHarness.adminToken)
            guard let token = answer.json?["token"] as? String else {
                throw HarnessError("minting failed: \(answer.status) \(answer.text)")
            }
            return token
        }

        /// Puts a set of plain terms.
        @discardableResult
        func put(_ terms: [String], user: String, token: String, type: String = "contactName") async throws -> Answer {
            let body = try JSONSerialization.data(withJSONObject: ["terms": terms])
            return try await send(.put, "/v1/users/\(user)/vocabulary/\(type)", token: token,
                                  json: String(decoding: body, as: UTF8.self))
        }

        func resolve(_ query: String, user: String, token: String, extra: String = "") async throws -> Answer {
            let quoted = String(decoding: try JSONSerialization.data(withJSONObject: query, options: .fragmentsAllowed),
                                as: UTF8.self)
            return try await send(.post, "/v1/users/\(user)/resolve", token: token, json: #"{"query": \#(quoted)\#(extra)}"#)
        }
    }

    /// Runs `body` with a client of a fresh application over this service.
    func run(_ body: @escaping @Sendable (Client) async throws -> Void) async throws {
        let application = Application(router: ServiceApplication.router(for: service))
        try await application.test(.router) { client in try await body(Client(client: client)) }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
