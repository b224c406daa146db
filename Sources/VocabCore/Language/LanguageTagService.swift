import Foundation

/// Parses and canonicalizes language tags and knows each language's likely script and region.
///
/// The core holds no locale tables: an adapter (ICU in `VocabICU`) answers from CLDR data. An in-memory
/// twin for tests can answer from a dictionary.
public protocol LanguageTagService: Sendable {
    /// Parses a code such as `fr_FR`, `fr-fr` or `iw` into its canonical form (`fr-FR`, `fr-FR`, `he`).
    ///
    /// - Parameter input: The code as a user or a setting wrote it.
    /// - Returns: The canonical code.
    /// - Throws: ``LanguageCodeError`` when the input is not a well-formed language tag in full.
    func canonicalize(_ input: String) throws(LanguageCodeError) -> SiriLanguageCode

    /// The code with likely subtags added (`fr` becomes `fr-Latn-FR`, `pt` becomes `pt-Latn-BR`).
    func likelySubtags(of code: SiriLanguageCode) -> SiriLanguageCode
}

extension LanguageTagService {
    /// Checks the characters a tag may hold before handing it to the parser, and accepts `_` as a
    /// separator (ICU's own locale IDs and Apple's `Locale.identifier` use it: `fr_FR`).
    ///
    /// The language subtag must have two or three letters (ISO 639): BCP 47 also allows five to eight,
    /// reserved for registration, which would let a folder named `french` pass for a locale.
    ///
    /// - Returns: The input with `-` separators, ready for a strict BCP 47 parser.
    /// - Throws: ``LanguageCodeError`` for empty input or characters no tag may contain.
    public static func preparedTag(_ input: String) throws(LanguageCodeError) -> String {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        let allowed = trimmed.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
        guard !trimmed.isEmpty, allowed, !trimmed.hasPrefix("-"), !trimmed.hasPrefix("_"),
              !trimmed.contains("--"), !trimmed.contains("__")
        else { throw LanguageCodeError(value: input) }
        let language = trimmed.prefix(while: { $0 != "-" && $0 != "_" })
        guard (2...3).contains(language.count), language.allSatisfy(\.isLetter) else {
            throw LanguageCodeError(value: input)
        }
        return trimmed.replacingOccurrences(of: "_", with: "-")
    }
}
