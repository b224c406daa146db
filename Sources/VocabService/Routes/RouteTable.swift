import HTTPTypes

/// The routes of the API and the methods each answers, so that a known path asked with another method
/// gets 405 Method Not Allowed with an `Allow` header (the router alone would say 404).
///
/// Kept in step with the registered routes and the OpenAPI document by a test.
enum RouteTable {
    /// Path patterns (`:name` matches one segment) and their methods.
    static let routes: [(pattern: String, methods: [HTTPRequest.Method])] = [
        ("/healthz", [.get]),
        ("/readyz", [.get]),
        ("/metrics", [.get]),
        ("/v1/openapi.json", [.get]),
        ("/v1/locales", [.get]),
        ("/v1/locales/:locale/parameters/:parameter/resolve", [.post]),
        ("/v1/admin/users/:user/tokens", [.post, .get, .delete]),
        ("/v1/admin/users/:user/tokens/:id", [.delete]),
        ("/v1/users/:user", [.delete]),
        ("/v1/users/:user/vocabulary", [.get]),
        ("/v1/users/:user/vocabulary/:type", [.put, .get, .delete]),
        ("/v1/users/:user/vocabulary/:type/hints", [.get]),
        ("/v1/users/:user/language", [.get, .put, .delete]),
        ("/v1/users/:user/resolve", [.post]),
        ("/v1/users/:user/compare", [.post]),
        ("/v1/locales/lint", [.get]),
        ("/v1/speech", [.get]),
        ("/console", [.get]),
        ("/console/:file", [.get]),
    ]

    /// The methods the route matching `path` answers, or none when no route matches.
    static func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        for route in routes {
            let pattern = route.pattern.split(separator: "/")
            guard pattern.count == segments.count else { continue }
            if zip(pattern, segments).allSatisfy({ $0.hasPrefix(":") || $0 == $1 }) { return route.methods }
        }
        return []
    }
}
