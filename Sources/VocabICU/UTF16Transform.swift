/// Calls ICU functions that read UTF-16 and write UTF-16 into a caller's buffer, growing the buffer
/// when ICU reports it too small (`U_BUFFER_OVERFLOW_ERROR` with the length needed).
enum UTF16Transform {
    /// ICU's U_BUFFER_OVERFLOW_ERROR.
    static let bufferOverflow: Int32 = 15

    /// The signature of a shim function after its own arguments are bound: source, length, destination,
    /// capacity, status; returns the length written (or needed).
    typealias Call = (UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32

    /// Runs `call` on `source`, retrying once with the exact capacity ICU asked for.
    ///
    /// - Throws: ``ICUError`` naming `operation` when ICU fails.
    static func apply(_ source: [UInt16], operation: @autoclosure () -> String, _ call: Call) throws(ICUError) -> [UInt16] {
        var capacity = max(source.count * 2 + 8, 32)
        for _ in 0..<2 {
            var status: Int32 = 0
            var output = [UInt16](repeating: 0, count: capacity)
            // ICU rejects a NULL source even with length 0, so an empty input still points at one unit.
            let input = source.isEmpty ? [0] : source
            let length = input.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    call(input.baseAddress!, Int32(source.count), out.baseAddress!, Int32(capacity), &status)
                }
            }
            if status == bufferOverflow {
                capacity = Int(length) + 1
                continue
            }
            if status != 0 { throw ICUError(operation: operation(), code: status) }
            output.removeSubrange(Int(length)...)
            return output
        }
        throw ICUError(operation: operation(), code: bufferOverflow)
    }

}
