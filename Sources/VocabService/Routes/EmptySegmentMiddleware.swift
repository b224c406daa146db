import Hummingbird

/// Answers `404` for a path with an empty segment (`/v1/users//vocabulary`), which the router would
/// otherwise collapse and route as another path (there, as the user `vocabulary`).
struct EmptySegmentMiddleware: RouterMiddleware {
    typealias Context = VocabRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        let path = request.uri.path
        if path.contains("//") || (path.count > 1 && path.hasSuffix("/")) {
            throw Problem(.notFound, "no route for \(request.method) \(path): the path has an empty segment")
        }
        return try await next(request, context)
    }
}
