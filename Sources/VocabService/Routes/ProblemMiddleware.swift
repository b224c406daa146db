import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import VocabCore
import VocabStore

/// Turns every error into an `application/problem+json` answer: ``Problem``s as they are, Hummingbird's
/// own errors (no route, body too large) with their status, store failures as 503 and anything else as 500
/// (details logged, not shown). Each answer is logged with its route, status and duration.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = VocabRequestContext
    /// Told when the store's disk is full (for `/readyz`).
    let service: VocabularyService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        let started = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch let problem as Problem {
            response = Problem.render(problem)
        } catch let error as any HTTPResponseError {
            let allowed = error.status == .notFound ? RouteTable.methods(for: request.uri.path) : []
            if !allowed.isEmpty {
                let names = allowed.map(\.rawValue).joined(separator: ", ")
                response = Problem.render(Problem(.methodNotAllowed, "\(request.uri.path) answers \(names), not \(request.method)",
                                                  headers: [(.allow, names)]))
            } else {
                let detail = error.status == .notFound ? "no route for \(request.method) \(request.uri.path)"
                    : error.status.reasonPhrase
                response = Problem.render(Problem(error.status, detail))
            }
        } catch let error as VocabularyStoreError where error.isStorageFull {
            service.noteStorageFull(error)
            response = Problem.render(Problem(HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), "the vocabulary store's disk is full; nothing "
                + "was changed. Free space on the store's disk, then retry"))
        } catch let error as VocabularyStoreError {
            context.logger.error("store failure", metadata: ["error": "\(error)"])
            response = Problem.render(Problem(.serviceUnavailable, "the vocabulary store is unavailable; try again"))
        } catch where Self.isClientGone(error) {
            // The client closed its connection mid-request, or the server is shutting down: nobody reads
            // this answer, and nothing is wrong with the service.
            context.logger.info("request ended early", metadata: [
                "reason": "\(error is CancellationError ? "cancelled" : "client disconnected")", "error": "\(error)",
            ])
            response = Problem.render(Problem(.serviceUnavailable, "the request ended before it was answered"))
        } catch {
            context.logger.error("unexpected failure", metadata: ["error": "\(error)"])
            response = Problem.render(Problem(.internalServerError, "an unexpected error; it has been logged"))
        }
        let elapsed = ContinuousClock.now - started
        context.logger.debug("answered", metadata: [
            "route": "\(context.endpointPath ?? "unmatched")", "method": "\(request.method)",
            "status": "\(response.status.code)",
            "duration_us": "\(elapsed.components.attoseconds / 1_000_000_000_000 + elapsed.components.seconds * 1_000_000)",
        ])
        return response
    }

    /// Whether `error` says the request's connection went away (the client disconnected mid-body, the
    /// server closed it) or its task was cancelled (shutdown), rather than that the service failed.
    static func isClientGone(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError: true
        case HTTPParserError.invalidEOFState: true
        case let error as ChannelError:
            [.ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed].contains(error)
        default: false
        }
    }
}
