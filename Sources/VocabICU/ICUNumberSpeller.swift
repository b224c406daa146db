internal import CICUShim
import Synchronization

/// Spells numbers in a locale's words with ICU's rule-based number format (`UNUM_SPELLOUT`).
///
/// One formatter per locale, guarded by a lock: formatting is quick and rare (only texts with digits).
public final class ICUNumberSpeller: Sendable {
    /// The ICU locale name.
    public let locale: String
    /// Whether ICU had no spellout rules for the locale and used the root rules.
    public let usesFallbackRules: Bool
    private let formatter: Mutex<Handle>

    private struct Handle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer }

    /// Opens a speller for an ICU locale name such as `fr_FR`.
    ///
    /// - Throws: ``ICUError`` if ICU fails.
    public init(locale: String) throws(ICUError) {
        self.locale = locale
        var status: Int32 = 0
        var usedFallback: Int32 = 0
        guard let opened = vocab_icu_spellout_open(locale, &usedFallback, &status), status == 0 else {
            throw ICUError(operation: "spellout for '\(locale)' failed to open", code: status)
        }
        usesFallbackRules = usedFallback != 0
        formatter = Mutex(Handle(pointer: opened))
    }

    deinit { formatter.withLock { vocab_icu_spellout_close($0.pointer) } }

    /// The words for a number, e.g. `deux` for 2 in French. Soft hyphens and zero-width spaces that some
    /// locales' rules emit are left in; ``VocabCore/DigitSpelling`` removes them.
    ///
    /// - Throws: ``ICUError`` if ICU fails.
    public func spell(_ value: Int64) throws(ICUError) -> String {
        let units: [UInt16] = try formatter.withLock { (handle: inout Handle) throws(ICUError) -> [UInt16] in
            try UTF16Transform.apply([], operation: "spelling \(value) in '\(locale)' failed") { _, _, dest, capacity, status in
                vocab_icu_spellout_format(handle.pointer, value, dest, capacity, status)
            }
        }
        return UTF16Conversion.string(units)
    }

    private static let cache = InstanceCache<ICUNumberSpeller>()

    /// The process-wide speller for a locale, opened on first use.
    public static func shared(locale: String) throws(ICUError) -> ICUNumberSpeller {
        try cache.value(for: locale) { () throws(ICUError) in try ICUNumberSpeller(locale: locale) }
    }
}
