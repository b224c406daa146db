import Foundation
import NIOCore
import PostgresNIO
import Synchronization

/// Answers the requests running on a connection when that connection closes under them.
///
/// A query sent as a connection closes is never answered by postgres-nio 1.33.2 (it is written with no
/// promise to fail), so a request whose connection has closed gets a moment to end on its own and is then
/// answered with the loss. One close callback per connection (a callback per request would pile up on a
/// long-lived connection's close future), and requests leave the watch when they end.
final class ConnectionWatch: Sendable {
    private struct Entry {
        var requests: [UInt64: @Sendable () -> Void] = [:]
    }
    private let entries = Mutex<[PostgresConnection.ID: Entry]>([:])
    private let nextToken = Atomic<UInt64>(0)
    /// How long a request on a closed connection may still end by itself.
    let grace: Duration

    init(grace: Duration = .milliseconds(250)) {
        self.grace = grace
    }

    /// Watches `connection` for the request whose `onLost` answers it; returns the token that ends the watch.
    func add(_ connection: PostgresConnection, onLost: @escaping @Sendable () -> Void) -> UInt64 {
        let token = nextToken.add(1, ordering: .relaxed).newValue
        let isNew = entries.withLock { entries in
            let isNew = entries[connection.id] == nil
            entries[connection.id, default: Entry()].requests[token] = onLost
            return isNew
        }
        if isNew {
            let id = connection.id
            connection.closeFuture.whenComplete { [self] _ in
                let lost = entries.withLock { $0.removeValue(forKey: id)?.requests.values.map { $0 } ?? [] }
                guard !lost.isEmpty else { return }
                Task { [grace] in
                    try? await Task.sleep(for: grace)
                    lost.forEach { $0() }
                }
            }
        }
        return token
    }

    /// Ends the watch of one request (it has ended).
    func remove(_ connection: PostgresConnection, token: UInt64) {
        entries.withLock { entries in
            _ = entries[connection.id]?.requests.removeValue(forKey: token)
        }
    }

    /// The connections watched now (for tests).
    var count: Int { entries.withLock { $0.count } }
}
