internal import CICUShim

/// A failure reported by ICU, with the operation that failed and ICU's error name.
///
/// For example `ICU transliterator 'Any-Latn' failed to open: U_INVALID_ID`.
public struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. `transliterator 'Any-Latn' failed to open`.
    public let operation: String
    /// ICU's `UErrorCode` value.
    public let code: Int32

    /// Creates an error.
    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// ICU's name for the code, e.g. `U_INVALID_ID`.
    public var name: String { String(cString: vocab_icu_error_name(code)) }

    public var description: String { "ICU \(operation): \(name)" }
}

/// Information about the ICU library in use.
public enum ICULibrary {
    /// The version of the system ICU linked, e.g. `72.1`.
    public static var version: String {
        var buffer = [CChar](repeating: 0, count: 32)
        vocab_icu_version(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
