internal import CICUShim

/// An opened ICU transliterator, shared across threads.
///
/// ICU's rule-based transliteration is safe to call on one instance from several threads (it takes a
/// process-wide mutex inside), so instances are opened once and cached by ``ICUTransliterator/shared(_:)``:
/// opening costs 10–16 ms the first time in a process (80 ms for Han-Latin).
public final class ICUTransliterator: @unchecked Sendable {
    /// The transform ID or rule set name.
    public let id: String
    private let handle: UnsafeMutableRawPointer

    /// Opens a transliterator from an ICU transform ID, e.g. `[:^ASCII:] Any-Latin; Latin-ASCII`.
    ///
    /// - Throws: ``ICUError`` naming the ID when ICU does not know it.
    public convenience init(id: String) throws(ICUError) {
        try self.init(id: id, rules: nil)
    }

    /// Compiles custom transform rules (ICU's rule syntax) under a name.
    ///
    /// - Throws: ``ICUError`` locating the rule error by line and offset.
    public convenience init(name: String, rules: String) throws(ICUError) {
        try self.init(id: name, rules: rules)
    }

    private init(id: String, rules: String?) throws(ICUError) {
        self.id = id
        let idUnits = Array(id.utf16)
        let ruleUnits = rules.map { Array($0.utf16) }
        var status: Int32 = 0
        var line: Int32 = 0
        var offset: Int32 = 0
        let opened: UnsafeMutableRawPointer? = idUnits.withUnsafeBufferPointer { idBuffer in
            if let ruleUnits {
                return ruleUnits.withUnsafeBufferPointer { ruleBuffer in
                    vocab_icu_transliterator_open(idBuffer.baseAddress, Int32(idBuffer.count), ruleBuffer.baseAddress,
                                                  Int32(ruleBuffer.count), &line, &offset, &status)
                }
            }
            return vocab_icu_transliterator_open(idBuffer.baseAddress, Int32(idBuffer.count), nil, 0,
                                                 &line, &offset, &status)
        }
        guard let opened, status == 0 else {
            let place = rules != nil ? " at rule line \(line), offset \(offset)" : ""
            throw ICUError(operation: "transliterator '\(id)' failed to open\(place)", code: status)
        }
        handle = opened
    }

    deinit { vocab_icu_transliterator_close(handle) }

    /// Transliterates UTF-16 text.
    ///
    /// - Throws: ``ICUError`` if ICU fails.
    public func transliterate(_ text: [UInt16]) throws(ICUError) -> [UInt16] {
        var capacity = max(text.count * 3 + 16, 64)
        for _ in 0..<4 {
            var buffer = text
            buffer.append(contentsOf: repeatElement(0, count: capacity - text.count))
            var status: Int32 = 0
            let length = buffer.withUnsafeMutableBufferPointer {
                vocab_icu_transliterate(handle, $0.baseAddress, Int32(text.count), Int32(capacity), &status)
            }
            if status == UTF16Transform.bufferOverflow {
                capacity = max(capacity * 2, Int(length) + 16)
                continue
            }
            if status != 0 { throw ICUError(operation: "transliteration with '\(id)' failed", code: status) }
            buffer.removeSubrange(Int(length)...)
            return buffer
        }
        throw ICUError(operation: "transliteration with '\(id)' failed", code: UTF16Transform.bufferOverflow)
    }

    /// Transliterates a string.
    public func transliterate(_ text: String) throws(ICUError) -> String {
        UTF16Conversion.string(try transliterate(UTF16Conversion.units(of: text)))
    }

    private static let cache = InstanceCache<ICUTransliterator>()

    /// The process-wide instance for an ID, opened on first use.
    ///
    /// - Throws: ``ICUError`` when ICU does not know the ID (failures are not cached).
    public static func shared(_ id: String) throws(ICUError) -> ICUTransliterator {
        try cache.value(for: id) { () throws(ICUError) in try ICUTransliterator(id: id) }
    }
}
