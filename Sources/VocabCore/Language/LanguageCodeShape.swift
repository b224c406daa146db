/// The shape a Siri language code must have, as the OpenAPI document states it: a language of 2–3
/// letters, then optionally a script of 4 letters, a region of 2 letters or 3 digits, and a variant
/// (5–8 letters or digits, or a digit and 3 more), separated by `-` or `_` (`fr-FR`, `zh_Hant_TW`,
/// `es-419`). Checked before canonicalization, which would read `fr-FRR` as the language `frr`.
public enum LanguageCodeShape {
    /// Whether `code` has the shape of a language code.
    public static func matches(_ code: String) -> Bool {
        var parts = code.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }[...]
        guard let language = parts.popFirst(), (2...3).contains(language.count), language.allSatisfy(isLetter) else {
            return false
        }
        if let script = parts.first, script.count == 4, script.allSatisfy(isLetter) { parts.removeFirst() }
        if let region = parts.first,
           (region.count == 2 && region.allSatisfy(isLetter)) || (region.count == 3 && region.allSatisfy(isDigit)) {
            parts.removeFirst()
        }
        if let variant = parts.first,
           ((5...8).contains(variant.count) && variant.allSatisfy { isLetter($0) || isDigit($0) })
            || (variant.count == 4 && isDigit(variant.first!) && variant.allSatisfy { isLetter($0) || isDigit($0) }) {
            parts.removeFirst()
        }
        return parts.isEmpty
    }

    private static func isLetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
