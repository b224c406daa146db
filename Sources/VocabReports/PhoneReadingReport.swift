public import VocabCore

/// A text's phones: as a query (read in the listener's language) and as a term (each plausible
/// pronunciation with the language it was read in), written in the shared inventory's symbols.
public struct PhoneReadingReport: Sendable, Encodable {
    /// One pronunciation of the text as a term.
    public struct Reading: Sendable, Encodable {
        public let language: String
        public let phones: String
    }

    /// The listener's language.
    public let listener: String
    /// The query reading (`|` between words).
    public let query: String
    /// The term readings.
    public let term: [Reading]

    /// Reads a normalized text.
    public init(_ text: NormalizedText, pronouncer: Pronouncer) {
        let spellings = text.tokens.map { $0.text.replacingApostrophes().lowercased() }
        listener = pronouncer.language
        query = pronouncer.inventory.write(pronouncer.queryPhones(spellings).phones)
        term = pronouncer.termPronunciations(spellings).map {
            Reading(language: $0.language, phones: pronouncer.inventory.write($0.phones))
        }
    }
}
