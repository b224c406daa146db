import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import VocabCore

/// The localizer's console: the page and its two files at `/console`, and what it asks beside the user routes
/// (`/v1/speech`, `/v1/locales/lint`). The page calls the public API with the token the person types; it
/// adds no authority of its own.
struct ConsoleRoutes {
    let service: VocabularyService

    func register(on router: Router<VocabRequestContext>) {
        router.get("console") { _, _ in try ConsoleFiles.response(for: "index.html") }
        router.get("console/:file") { _, context in try ConsoleFiles.response(for: try context.parameters.require("file")) }
        router.get("v1/locales/lint") { _, _ in try JSONAnswer.response(service.lintAnswer()) }
        router.get("v1/speech") { request, _ in
            let token = try await Authorization(service: service).requireAnyToken(request)
            let query = request.uri.queryParameters
            let wav = try await service.speech(query["text"].map(String.init), language: query["language"].map(String.init),
                                               caller: AccessTokens.digest(of: token))
            var headers = HTTPFields()
            headers[.contentType] = "audio/wav"
            headers[.cacheControl] = "private, max-age=3600"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: wav)))
        }
    }
}

/// The console's static files, shipped as the package's resources (`Sources/VocabService/Console`) and read
/// once.
enum ConsoleFiles {
    /// The files the console has, by name, with their media types.
    static let types = ["index.html": "text/html; charset=utf-8", "console.js": "text/javascript; charset=utf-8",
                        "console.css": "text/css; charset=utf-8"]

    private static let contents: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for name in types.keys {
            let url = Bundle.module.resourceURL?.appendingPathComponent("Console").appendingPathComponent(name)
            if let url, let data = try? Data(contentsOf: url) { files[name] = Array(data) }
        }
        return files
    }()

    /// A file as a response, with a content security policy that allows only the page's own files and API.
    ///
    /// - Throws: ``Problem`` 404 for a name the console does not have; 500 when the resources are missing.
    static func response(for name: String) throws -> Response {
        guard let type = types[name] else {
            throw Problem(.notFound, "the console has no file '\(name)'; it has \(types.keys.sorted().joined(separator: ", "))")
        }
        guard let bytes = contents[name] else {
            throw Problem(.internalServerError, "the console's file \(name) is missing from this build's resources "
                + "(vocab_VocabService.resources beside the binary)")
        }
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'self'; media-src 'self' blob:; img-src 'self' data:; frame-ancestors 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
