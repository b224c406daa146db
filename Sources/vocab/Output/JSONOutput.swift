import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes machine-readable output: pretty-printed JSON with sorted keys, so that output is stable.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        StandardOutput.write(Array(data))
    }
}

/// Writes a line of results to standard output, checked: the CLI's `print` (it shadows the standard
/// library's within this module, so every result line is buffered here and a failed write is found).
func print(_ line: String) {
    StandardOutput.write(Array((line + "\n").utf8))
}

/// Standard output, buffered and checked. The standard library's `print` loses write errors silently, and
/// `FileHandle.write` traps on them (SIGILL); here the first failure is kept and reported by ``finish()``,
/// which the command's `main` calls after every subcommand: a full disk or a closed pipe reader is an error
/// with exit status 1, in text and JSON alike.
enum StandardOutput {
    private struct State {
        var pending: [UInt8] = []
        var failure: Int32?
    }

    private static let state = Mutex(State())
    /// Output is written out whenever this much is pending.
    private static let flushThreshold = 64 * 1024

    /// Queues bytes for standard output.
    static func write(_ bytes: [UInt8]) {
        state.withLock { state in
            state.pending += bytes
            if state.pending.count >= flushThreshold { flush(&state) }
        }
    }

    /// Writes out what is pending now; a failure is kept for ``finish()`` to report.
    static func writePending() {
        state.withLock { state in
            if !state.pending.isEmpty { flush(&state) }
        }
    }

    /// Writes out what is pending.
    ///
    /// - Throws: ``CommandFailure`` with the system's reason when any write to standard output failed.
    static func finish() throws {
        let failure = state.withLock { state in
            flush(&state)
            return state.failure
        }
        if let failure {
            throw CommandFailure(description: "cannot write to standard output (\(String(cString: strerror(failure)))); "
                + "the output is incomplete")
        }
    }

    private static func flush(_ state: inout State) {
        defer { state.pending.removeAll(keepingCapacity: true) }
        guard state.failure == nil else { return }
        var offset = 0
        while offset < state.pending.count {
            let written = state.pending[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                state.failure = errno
                return
            }
            offset += written
        }
    }
}

/// Writes to standard error, for diagnostics and progress.
enum StandardError {
    static func print(_ line: String) {
        // The results printed before go out first, so that on a terminal (where both show) the two come in the
        // order they were written: a command's summary after its results, not above them.
        StandardOutput.writePending()
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
