/// Turns a text into the forms the matcher compares, following a locale's rules.
///
/// The ICU implementation lives in `VocabICU` (`ICUTextNormalizer`); the core only defines the seam.
/// Implementations are shared across threads.
public protocol TextNormalizer: Sendable {
    /// Normalizes a name or a query.
    ///
    /// - Parameters:
    ///   - text: The text, e.g. `Matthieu Lefèvre` or what a recognizer wrote, `matieu lefevre`.
    ///   - profile: The locale's profile.
    /// - Returns: All forms of the text.
    /// - Throws: An adapter error when the underlying library fails.
    func normalize(_ text: String, in profile: LocaleProfile) throws -> NormalizedText

    /// Folds one word the way tokens are folded: faithful case folding, then marks removed and ASCII
    /// folding (`Père` → `pere`).
    func fold(_ word: String, in code: SiriLanguageCode) throws -> String
}
