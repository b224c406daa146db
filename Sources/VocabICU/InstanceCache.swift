import Synchronization

/// A process-wide cache of opened ICU objects by key: opened once on first use, then shared.
/// Failures are not cached. Two threads racing on a first use may both open; one instance wins.
final class InstanceCache<Value: Sendable>: Sendable {
    private let entries = Mutex<[String: Value]>([:])

    func value(for key: String, open: () throws(ICUError) -> Value) throws(ICUError) -> Value {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let opened = try open()
        return entries.withLock { entries in
            if let raced = entries[key] { return raced }
            entries[key] = opened
            return opened
        }
    }
}
