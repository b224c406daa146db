import Foundation
import Testing
import VocabTestSupport

/// `vocab serve` against clients that are idle, slow, too many or malformed: each is answered or closed
/// within a stated bound, with a problem document wherever the server can still write one.
@Suite(.serialized) struct HTTPHardeningTests {
    static let admin = "hardening-test-admin-token-0123456789"

    /// A server with short bounds: 2 s idle, 1 s to read a body (shorter, so that a stalled body gets its
    /// 408 before the idle close), 4 connections.
    private func server() async throws -> RunningServer {
        let work = Workspace()
        return try await OffThread.run {
            try RunningServer(arguments: ["--store", work.store, "--idle-timeout", "2", "--read-timeout", "1",
                                          "--max-connections", "4"],
                              environment: ["VOCAB_ADMIN_TOKEN": Self.admin])
        }
    }

    @Test("An idle connection, a connect-only socket and a client sending its head a byte at a time are closed")
    func idleAndSlowHeadsClosed() async throws {
        let server = try await server()
        defer { _ = server.stop() }
        let connectOnly = try RawConnection(port: server.port)
        let silent = connectOnly.readUntilClosed(timeout: .seconds(5))
        #expect(silent.closed && silent.elapsed < .seconds(4), "connect-only: \(silent)")

        let keptAlive = try RawConnection(port: server.port)
        keptAlive.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        let idle = keptAlive.readUntilClosed(timeout: .seconds(5))
        #expect(RawAnswer(idle.text).status == 200)
        #expect(idle.closed && idle.elapsed < .seconds(4), "idle keep-alive: \(idle)")

        let slow = try RawConnection(port: server.port)
        let started = ContinuousClock.now
        var stillOpen = true
        for byte in "GET /healthz HTTP/1.1\r\nHost: test\r\n" where stillOpen {
            stillOpen = slow.send(String(byte))
            try await Task.sleep(for: .milliseconds(200))
        }
        let slowHead = slow.readUntilClosed(timeout: .seconds(6))
        #expect(!stillOpen || slowHead.closed, "a head sent at 5 bytes a second was never cut off")
        #expect(ContinuousClock.now - started < .seconds(12))
        #expect(try await server.send("GET", "/healthz").0 == 200)
    }

    @Test("A body that does not arrive within the read timeout is answered 408 and its connection closed")
    func slowBodyAnswered408() async throws {
        let server = try await server()
        defer { _ = server.stop() }
        let (_, minted) = try await server.send("POST", "/v1/admin/users/alice/tokens", token: Self.admin)
        let token = try #require((try JSONSerialization.jsonObject(with: minted) as? [String: Any])?["token"] as? String)
        let client = try RawConnection(port: server.port)
        client.send("PUT /v1/users/alice/vocabulary/contactName HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"terms\": [\"Bo")
        let read = client.readUntilClosed(timeout: .seconds(5))
        let answer = RawAnswer(read.text)
        #expect(answer.status == 408, "\(read)")
        #expect(answer.headers["content-type"] == "application/problem+json")
        #expect((answer.json?["detail"] as? String)?.contains("did not arrive within 1.0 seconds") == true)
        #expect(read.closed && read.elapsed < .seconds(3))
        // Nothing was stored, and the cut-off request is not logged as a failure of the service.
        #expect(try await server.send("GET", "/v1/users/alice/vocabulary", token: token).0 == 200)
        try await Task.sleep(for: .milliseconds(200))
        #expect(!server.logText.contains("unexpected failure"), "\(server.logText)")
        #expect(!server.logText.contains(" error "), "\(server.logText)")
    }

    @Test("Beyond --max-connections a new connection gets 503 with a problem document; then service resumes")
    func connectionLimit() async throws {
        let server = try await server()
        defer { _ = server.stop() }
        var held: [RawConnection] = []
        for _ in 0..<4 { held.append(try RawConnection(port: server.port)) }
        try await Task.sleep(for: .milliseconds(300))
        let extra = try RawConnection(port: server.port)
        let read = extra.readUntilClosed(timeout: .seconds(3))
        let answer = RawAnswer(read.text)
        #expect(answer.status == 503, "\(read)")
        #expect((answer.json?["detail"] as? String)?.contains("most connections open (4)") == true)
        #expect(read.closed && read.elapsed < .milliseconds(900), "answered by the limit, not the idle timeout")
        held.removeAll()
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await server.send("GET", "/healthz").0 == 200)
        let (_, metrics) = try await server.send("GET", "/metrics")
        #expect(String(decoding: metrics, as: UTF8.self).contains(#"vocab_http_connections_refused_total{reason="connection_limit"} 1"#))
    }

    @Test("HTTP/1.0 without keep-alive, and Connection: close, get Connection: close and a closed connection")
    func connectionCloseHonoured() async throws {
        let server = try await server()
        defer { _ = server.stop() }
        for request in ["GET /healthz HTTP/1.0\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"] {
            let client = try RawConnection(port: server.port)
            client.send(request)
            let read = client.readUntilClosed(timeout: .seconds(5))
            let answer = RawAnswer(read.text)
            #expect(answer.status == 200)
            #expect(answer.headers["connection"] == "close")
            #expect(read.closed && read.elapsed < .milliseconds(500), "\(request): \(read)")
        }
        let keepAlive = try RawConnection(port: server.port)
        keepAlive.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /healthz HTTP/1.0\r\n\r\n")
        let read = keepAlive.readUntilClosed(timeout: .seconds(5))
        #expect(read.text.components(separatedBy: "HTTP/1.1 200").count == 3, "two answers on one connection: \(read)")
    }

    @Test("Requests the HTTP parser refuses get problem documents naming the fault", arguments: [
        ("GET /healthz?\(String(repeating: "q", count: 100_000)) HTTP/1.1\r\nHost: t\r\n\r\n", 431, "too large"),
        ("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "h", count: 1_000_000))\r\n\r\n", 431, "too large"),
        ("GET /healthz HTTP/1.1\r\nHost: t\r\n" + (0..<10_000).map { "X-\($0): y\r\n" }.joined() + "\r\n", 431, "200 fields"),
        ("POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc", 400, "well-formed"),
        ("POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", 400, "Content-Length twice"),
    ])
    func parserRejections(request: String, status: Int, detail: String) async throws {
        let server = try await server()
        defer { _ = server.stop() }
        let client = try RawConnection(port: server.port)
        client.send(request)
        let read = client.readUntilClosed(timeout: .seconds(5))
        let answer = RawAnswer(read.text)
        #expect(answer.status == status, "\(read.text.prefix(300))")
        #expect(answer.headers["content-type"] == "application/problem+json")
        #expect((answer.json?["detail"] as? String)?.contains(detail) == true, "\(answer.body)")
        #expect(read.closed)
    }
}
