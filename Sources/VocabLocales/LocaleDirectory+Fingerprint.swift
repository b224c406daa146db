import Foundation
public import VocabCore
import VocabICU

extension LocaleDirectory {
    /// The files of a locale that decide how terms are prepared for matching.
    static let preparationFileNames = [normalizationFileName, phoneticRulesFileName, nicknamesFileName]

    /// A fingerprint of what prepares terms in a locale, besides the code: the ICU version, the requested
    /// language and the bytes of the locale's preparation files (FNV-1a, 64 bits, in hex).
    ///
    /// - Parameters:
    ///   - code: The locale folder whose data is read.
    ///   - requested: The language requested (ICU's case mapping and spellout follow it).
    public func fingerprint(of code: SiriLanguageCode, requested: SiriLanguageCode) -> String {
        var hash = FNV1a()
        /// Each part ends with a byte UTF-8 never holds, so that parts cannot run into each other.
        func mix(_ bytes: some Sequence<UInt8>) {
            hash.combine(bytes)
            hash.combine(0xFF)
        }
        mix(ICULibrary.version.utf8)
        mix(requested.identifier.utf8)
        mix(code.identifier.utf8)
        for name in Self.preparationFileNames {
            mix(name.utf8)
            mix(FileManager.default.contents(atPath: fileURL(name, in: code).path) ?? Data())
        }
        // The phone matcher reads every language's rules and the shared data (already checked when the
        // context was built, so a failure here cannot happen for a context in use).
        mix(((try? phoneData())??.fingerprint ?? "no phones").utf8)
        return String(hash.value, radix: 16)
    }
}
