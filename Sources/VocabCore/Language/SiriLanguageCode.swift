import Foundation

/// A canonical Siri language code, the BCP 47 tag an assistant listens in (`fr-FR`, `pt-BR`, `zh-Hant-TW`).
///
/// `INPreferences.siriLanguageCode` selects which app vocabulary applies, how text is normalized and how
/// names sound. Values of this type are always canonical: produce them with a ``LanguageTagService``
/// (which maps `fr_FR` and `fr-fr` to `fr-FR` and the deprecated `iw` to `he`), or from a tag that is
/// already canonical with ``init(canonical:)``.
public struct SiriLanguageCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The canonical tag, e.g. `fr-FR`.
    public let identifier: String
    /// The language subtag, e.g. `fr`.
    public let language: String
    /// The four-letter script subtag, e.g. `Hant`, when the tag has one.
    public let script: String?
    /// The region subtag, e.g. `FR` or `419`, when the tag has one.
    public let region: String?
    /// The ICU locale name (`fr_FR`), for APIs that take one.
    public let icuLocaleName: String

    /// The default language: what Siri uses when nothing else is set.
    public static let fallback = SiriLanguageCode(canonical: "en-US")

    /// Splits a tag that is already canonical into its subtags.
    ///
    /// No validation happens here; use ``LanguageTagService/canonicalize(_:)`` for user input.
    /// - Parameter identifier: A canonical BCP 47 tag such as `fr-FR`.
    public init(canonical identifier: String) {
        self.identifier = identifier
        let subtags = identifier.split(separator: "-").map(String.init)
        language = subtags.first ?? identifier
        var script: String?
        var region: String?
        for subtag in subtags.dropFirst() {
            if subtag.count == 4, subtag.first?.isLetter == true, script == nil, region == nil {
                script = subtag
            } else if region == nil, subtag.count == 2 || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)) {
                region = subtag
            } else {
                break  // variants and extensions follow; they do not select a folder
            }
        }
        self.script = script
        self.region = region
        icuLocaleName = identifier.split(separator: "-", omittingEmptySubsequences: false).joined(separator: "_")
    }

    /// The tag with only language and region (`fr-FR` for `fr-Latn-FR`), or the language alone.
    public var languageAndRegion: SiriLanguageCode {
        SiriLanguageCode(canonical: region.map { "\(language)-\($0)" } ?? language)
    }

    public var description: String { identifier }

    public static func < (lhs: SiriLanguageCode, rhs: SiriLanguageCode) -> Bool {
        lhs.identifier < rhs.identifier
    }
}
