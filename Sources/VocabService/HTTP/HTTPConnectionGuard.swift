import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// The bounds one HTTP/1 connection lives under, enforced below the router where a client that never
/// finishes a request can still be answered.
///
/// - Beyond ``maximumConnections`` open connections a new one is answered `503` with a problem document and
///   closed at once (instead of waiting in the listen backlog or exhausting the process's file descriptors).
/// - A request whose body has not fully arrived ``readTimeout`` after its head is answered `408` and closed.
/// - A request that does not keep the connection alive (HTTP/1.0 without `Connection: keep-alive`, or
///   `Connection: close`) gets `Connection: close` and the connection closes after its answer.
/// - A request the HTTP parser refuses (a header too large, conflicting lengths, a malformed line) is
///   answered with a problem document and the connection closed, never an empty `400`.
///
/// Idle connections and requests whose head never completes are closed by Hummingbird's own idle timeout.
final class HTTPConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: HTTPConnectionLimits
    private let onRefusal: @Sendable (HTTPRefusal) -> Void
    private var counted = false
    /// Whether each request in flight (oldest first) keeps the connection open after its answer.
    private var keepAlive: [Bool] = []
    private var isResponding = false
    /// Set once this handler has answered the connection itself: nothing more is read or written.
    private var isAnswered = false
    private var readDeadline: Scheduled<Void>?

    init(limits: HTTPConnectionLimits, onRefusal: @escaping @Sendable (HTTPRefusal) -> Void) {
        self.limits = limits
        self.onRefusal = onRefusal
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func admit(context: ChannelHandlerContext) {
        guard !counted else { return }
        counted = true
        if !limits.open() {
            // Answered once the pipeline is complete (this runs while it is being built).
            context.eventLoop.assumeIsolated().execute { [self] in
                answer(.connectionLimit(limits.maximumConnections), context: context)
            }
        }
    }

    private func release() {
        readDeadline?.cancel()
        readDeadline = nil
        if counted { limits.close() }
        counted = false
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isAnswered else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            keepAlive.append(head.isKeepAlive)
            let deadline = limits.readTimeout
            readDeadline?.cancel()
            readDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: deadline) { [self] in
                readDeadline = nil
                answer(.readTimeout(deadline), context: context)
            }
        case .body:
            break
        case .end:
            readDeadline?.cancel()
            readDeadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isAnswered else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head):
            isResponding = true
            if keepAlive.first == false {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                context.write(wrapOutboundOut(.head(head)), promise: promise)
            } else {
                context.write(data, promise: promise)
            }
        case .body:
            context.write(data, promise: promise)
        case .end:
            isResponding = false
            let closes = keepAlive.isEmpty ? false : !keepAlive.removeFirst()
            if closes {
                let written = promise ?? context.eventLoop.makePromise()
                context.writeAndFlush(data, promise: written)
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            } else {
                context.write(data, promise: promise)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, !isResponding, !isAnswered, context.channel.isActive,
              parserError != .invalidEOFState else {
            context.fireErrorCaught(error)
            return
        }
        answer(.malformed(parserError), context: context)
    }

    /// Answers the connection with a problem document and closes it; what the application writes after
    /// that is dropped.
    private func answer(_ refusal: HTTPRefusal, context: ChannelHandlerContext) {
        guard !isAnswered else { return }
        isAnswered = true
        onRefusal(refusal)
        guard !isResponding else {
            context.close(promise: nil)
            return
        }
        let body = refusal.problemDocument
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/problem+json")
        headers.add(name: "content-length", value: String(body.utf8.count))
        headers.add(name: "connection", value: "close")
        let status = HTTPResponseStatus(statusCode: refusal.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                      promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

/// The open connections of one server, counted against its bound, and the bounds themselves.
final class HTTPConnectionLimits: Sendable {
    /// The most connections open at once; more are answered `503` and closed.
    let maximumConnections: Int
    /// How long a request's body may take to arrive after its head.
    let readTimeout: TimeAmount
    private let openConnections = Atomic<Int>(0)

    init(maximumConnections: Int, readTimeout: TimeAmount) {
        self.maximumConnections = maximumConnections
        self.readTimeout = readTimeout
    }

    /// The connections open now.
    var count: Int { openConnections.load(ordering: .relaxed) }

    /// Counts a new connection; `false` when it is one too many (it is counted all the same, until closed).
    func open() -> Bool {
        openConnections.add(1, ordering: .relaxed).newValue <= maximumConnections
    }

    func close() {
        openConnections.subtract(1, ordering: .relaxed)
    }
}

/// Why the server answered a connection below the router.
enum HTTPRefusal: Sendable, Equatable {
    case connectionLimit(Int)
    case readTimeout(TimeAmount)
    case malformed(HTTPParserError)

    /// The HTTP status of the answer.
    var status: Int {
        switch self {
        case .connectionLimit: 503
        case .readTimeout: 408
        case .malformed(.headerOverflow): 431
        case .malformed: 400
        }
    }

    /// A short name for logs and metrics.
    var reason: String {
        switch self {
        case .connectionLimit: "connection_limit"
        case .readTimeout: "read_timeout"
        case .malformed: "malformed_request"
        }
    }

    var detail: String {
        switch self {
        case .connectionLimit(let maximum):
            "the server has its most connections open (\(maximum)); try again shortly"
        case .readTimeout(let timeout):
            "the request body did not arrive within \(Double(timeout.nanoseconds) / 1e9) seconds of its head"
        case .malformed(.headerOverflow):
            "the request line or headers are too large (at most 16 KB a line, 64 KB in all, 200 fields)"
        case .malformed(.unexpectedContentLength):
            "the request has both Content-Length and Transfer-Encoding, or Content-Length twice"
        case .malformed(.invalidContentLength):
            "the request's Content-Length is not one number"
        case .malformed(let error):
            "the request is not well-formed HTTP/1.1 (\(error))"
        }
    }

    /// The RFC 9457 document of the answer (the same fields as the router's problems).
    var problemDocument: String {
        let status = status
        let title = HTTPResponseStatus(statusCode: status).reasonPhrase
        let fields: [String: Any] = ["type": "about:blank", "title": title, "status": status, "detail": detail]
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
