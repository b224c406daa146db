public import Foundation

/// A plain TCP connection to a loopback port, for speaking HTTP/1 byte by byte the way a slow, idle or
/// malformed client would (what URLSession never does).
public final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) throws {
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            Foundation.close(socket)
            throw RawConnectionError("cannot connect to 127.0.0.1:\(port): errno \(errno)")
        }
    }

    deinit { Foundation.close(socket) }

    /// Sends bytes; `false` when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Sends bytes; `false` when the server has closed the connection.
    @discardableResult
    public func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Foundation.send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Reads until the server closes the connection or `timeout` passes.
    ///
    /// - Returns: What arrived, whether the server closed the connection, and when the read ended.
    public func readUntilClosed(timeout: Duration) -> (text: String, closed: Bool, elapsed: Duration) {
        let (bytes, closed, elapsed) = readBytesUntilClosed(timeout: timeout)
        return (String(decoding: bytes, as: UTF8.self), closed, elapsed)
    }
}

/// A raw connection that could not be made.
public struct RawConnectionError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// An HTTP/1 answer as text: its status and body.
public struct RawAnswer: Sendable {
    public let status: Int?
    public let headers: [String: String]
    public let body: String

    /// Parses the first answer in `text` (nil status when there is none).
    public init(_ text: String) {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first?.components(separatedBy: "\r\n") ?? []
        status = head.first.flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = parts.dropFirst().joined(separator: "\r\n\r\n")
    }

    /// The body as a JSON object, if it is one.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
    }
}

extension RawConnection {
    /// One HTTP/1.1 request with `Connection: close`, answered within `timeout` or failed saying what it
    /// waited for: the status and the body (chunked bodies decoded). Blocking: call it off Swift's
    /// cooperative threads (``OffThread``).
    public static func exchange(port: Int, method: String, path: String, headers: [String: String] = [:],
                                body: Data? = nil, timeout: Duration = .seconds(60)) throws -> (status: Int, body: Data) {
        let connection = try RawConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body?.count ?? 0)\r\n\r\n"
        guard connection.send(Data(head.utf8) + (body ?? Data())) else {
            throw RawConnectionError("\(method) \(path): the server closed the connection before the request was sent")
        }
        let (bytes, closed, _) = connection.readBytesUntilClosed(timeout: timeout)
        guard closed else {
            throw RawConnectionError("\(method) \(path): no complete answer from 127.0.0.1:\(port) within \(timeout)")
        }
        guard let split = bytes.firstRange(of: Data("\r\n\r\n".utf8)) else {
            throw RawConnectionError("\(method) \(path): the answer has no complete head (\(bytes.count) bytes)")
        }
        let answer = RawAnswer(String(decoding: bytes[..<split.lowerBound], as: UTF8.self) + "\r\n\r\n")
        guard let status = answer.status else {
            throw RawConnectionError("\(method) \(path): the answer has no status line")
        }
        var payload = Data(bytes[split.upperBound...])
        if answer.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            payload = try dechunk(payload)
        }
        return (status, payload)
    }

    private static func dechunk(_ data: Data) throws -> Data {
        var output = Data()
        var index = data.startIndex
        while index < data.endIndex {
            guard let lineEnd = data[index...].firstRange(of: Data("\r\n".utf8)),
                  let size = Int(String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self)
                      .split(separator: ";").first ?? "", radix: 16) else {
                throw RawConnectionError("a chunked body has a malformed chunk size")
            }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard data.distance(from: start, to: data.endIndex) >= size else {
                throw RawConnectionError("a chunked body ends inside a chunk")
            }
            let end = data.index(start, offsetBy: size)
            output.append(data[start..<end])
            index = data.index(end, offsetBy: 2, limitedBy: data.endIndex) ?? data.endIndex
        }
        return output
    }

    /// ``readUntilClosed(timeout:)`` as bytes.
    public func readBytesUntilClosed(timeout: Duration) -> (bytes: Data, closed: Bool, elapsed: Duration) {
        let started = ContinuousClock.now
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now - started < timeout {
            var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let remaining = timeout - (ContinuousClock.now - started)
            let milliseconds = Int32(max(1, remaining.components.seconds * 1_000
                + remaining.components.attoseconds / 1_000_000_000_000_000))
            guard Foundation.poll(&poll, 1, milliseconds) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return (received, true, ContinuousClock.now - started) }
            received.append(contentsOf: buffer[0..<count])
        }
        return (received, false, ContinuousClock.now - started)
    }
}
