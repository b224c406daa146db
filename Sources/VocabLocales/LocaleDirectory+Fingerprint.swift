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
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01b3
        }
        mix(ICULibrary.version.utf8)
        mix(requested.identifier.utf8)
        mix(code.identifier.utf8)
        for name in Self.preparationFileNames {
            mix(name.utf8)
            mix(FileManager.default.contents(atPath: fileURL(name, in: code).path) ?? Data())
        }
        return String(hash, radix: 16)
    }
}
