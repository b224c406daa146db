import HTTPTypes
import Hummingbird
import NIOCore

/// `/healthz`, `/readyz`, `/metrics` and `/v1/openapi.json`: open, for probes, scrapers and clients.
struct OperationsRoutes {
    let service: VocabularyService

    func register(on router: Router<VocabRequestContext>) {
        router.get("healthz") { _, _ in try JSONAnswer.response(HealthAnswer(status: "ok", detail: nil)) }
        router.get("readyz") { _, _ in
            if let problem = await service.checkStore() {
                return try JSONAnswer.response(HealthAnswer(status: "unavailable", detail: problem),
                                               status: .serviceUnavailable)
            }
            return try JSONAnswer.response(HealthAnswer(
                status: "ready", detail: "\(service.locales.available.count) locales; store answers"))
        }
        router.get("metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers,
                            body: .init(byteBuffer: ByteBuffer(bytes: service.metrics.render(cache: service.cache))))
        }
        router.get("v1/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers,
                            body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
    }
}
