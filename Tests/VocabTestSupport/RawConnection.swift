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
            if count <= 0 {
                return (String(decoding: received, as: UTF8.self), true, ContinuousClock.now - started)
            }
            received.append(contentsOf: buffer[0..<count])
        }
        return (String(decoding: received, as: UTF8.self), false, ContinuousClock.now - started)
    }
}

/// A raw connection that could not be made.
public struct RawConnectionError: Error, CustomStringConvertible {
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
