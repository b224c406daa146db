import Foundation
public import VocabCore
import VocabICU

extension LocaleDirectory {
    /// The file of ICU transform rules giving a locale's own phonetic key.
    public static let phoneticRulesFileName = "phonetic-rules.txt"
    /// The file of a locale's nicknames.
    public static let nicknamesFileName = "nicknames.tsv"

    /// The phonetic profile of a locale: the built-in encoders its `normalization.json` names, its
    /// `phonetic-rules.txt`, and its `nicknames.tsv`. A locale naming none hears names with Double Metaphone.
    ///
    /// - Parameters:
    ///   - profile: The language's normalization profile (its `dataLocale` is the folder read).
    ///   - normalizer: Folds the nicknames.
    /// - Throws: ``LocaleDataError`` naming the file, key path or line at fault.
    public func phoneticProfile(for profile: LocaleProfile, normalizer: some TextNormalizer) throws -> PhoneticProfile {
        let code = profile.dataLocale
        var encoders: [any PhoneticEncoder] = []
        for (index, name) in profile.rules.phoneticEncoders.enumerated() {
            guard let encoder = PhoneticProfile.builtInEncoder(named: name) else {
                throw LocaleDataError(
                    path: fileURL(Self.normalizationFileName, in: code).path, keyPath: "phoneticEncoders[\(index)]",
                    message: "unknown encoder '\(name)'; expected one of "
                        + PhoneticProfile.builtInEncoderNames.joined(separator: ", "))
            }
            encoders.append(encoder)
        }
        let rulesFile = fileURL(Self.phoneticRulesFileName, in: code)
        if let rules = try readIfPresent(rulesFile) {
            do {
                encoders.append(try TransformPhoneticEncoder(name: "\(code) phonetic rules", rules: rules))
            } catch {
                throw LocaleDataError(path: rulesFile.path, message: "\(error)")
            }
        }
        if encoders.isEmpty, let fallback = PhoneticProfile.builtInEncoder(named: "double-metaphone") {
            encoders.append(fallback)
        }
        var nicknames = NicknameTable()
        let nicknamesFile = fileURL(Self.nicknamesFileName, in: code)
        if let text = try readIfPresent(nicknamesFile) {
            do {
                nicknames = try NicknameTable(parsing: text, source: nicknamesFile.path) {
                    try normalizer.fold($0, in: profile.language)
                }
            } catch let error as VocabularyError {
                throw LocaleDataError(path: nicknamesFile.path, message: error.problem + " (\(error.subject))")
            }
        }
        let phones = try phoneData()
        let pronouncer = phones?.pronouncer(for: profile.language.language)
        return PhoneticProfile(encoders: encoders, nicknames: nicknames, pronouncer: pronouncer, decision: phones?.decision,
                               alternatives: phones?.alternatives, recognizers: phones?.recognizers ?? [:],
                               arpabet: phones?.arpabet ?? [:])
    }

    private func readIfPresent(_ url: URL) throws(LocaleDataError) -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw LocaleDataError(path: url.path, message: "cannot read as UTF-8 text")
        }
    }
}
