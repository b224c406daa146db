internal import CICUShim

/// ICU word segmentation for a locale.
///
/// The opened iterator is a template: each call segments with a private clone, so one instance serves
/// every thread. On "Jean-Luc O'Connor-Smith Jr." it finds `Jean`, `Luc`, `O'Connor`, `Smith`, `Jr`:
/// hyphens split words, apostrophes do not.
public final class ICUWordBreaker: @unchecked Sendable {
    /// The ICU locale name.
    public let locale: String
    private let template: UnsafeMutableRawPointer

    /// Opens a word breaker for an ICU locale name such as `fr_FR`.
    ///
    /// - Throws: ``ICUError`` if ICU fails.
    public init(locale: String) throws(ICUError) {
        self.locale = locale
        var status: Int32 = 0
        guard let opened = vocab_icu_word_breaker_open(locale, &status), status == 0 else {
            throw ICUError(operation: "word breaker for '\(locale)' failed to open", code: status)
        }
        template = opened
    }

    deinit { vocab_icu_word_breaker_close(template) }

    /// The UTF-16 ranges of the words (letters, numbers, kana or ideographs) in `text`.
    ///
    /// - Throws: ``ICUError`` if ICU fails.
    public func words(in text: [UInt16]) throws(ICUError) -> [Range<Int>] {
        var capacity = max(text.count / 2 + 1, 8)
        while true {
            var starts = [Int32](repeating: 0, count: capacity)
            var ends = [Int32](repeating: 0, count: capacity)
            var status: Int32 = 0
            let count = text.withUnsafeBufferPointer { buffer in
                vocab_icu_word_segments(template, buffer.baseAddress, Int32(buffer.count), &starts, &ends,
                                        Int32(capacity), &status)
            }
            if status != 0 { throw ICUError(operation: "word breaking for '\(locale)' failed", code: status) }
            if Int(count) > capacity {
                capacity = Int(count)
                continue
            }
            return (0..<Int(count)).map { Int(starts[$0])..<Int(ends[$0]) }
        }
    }

    private static let cache = InstanceCache<ICUWordBreaker>()

    /// The process-wide breaker for a locale, opened on first use.
    public static func shared(locale: String) throws(ICUError) -> ICUWordBreaker {
        try cache.value(for: locale) { () throws(ICUError) in try ICUWordBreaker(locale: locale) }
    }
}
