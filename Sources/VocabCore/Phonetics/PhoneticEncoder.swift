/// Encodes a word as the sound it stands for in one language, so that spellings that sound alike share a
/// key: "Matthieu" and "Mathieu" in French, "Karl" and "Carl" in German, "Vanesa" and "Banesa" in Spanish.
///
/// Encoders take one word, already folded (lowercase ASCII is typical; the published algorithms also
/// accept their own alphabets), and return one or more keys: Double Metaphone has a primary and an
/// alternate. Encoders are values, shared across threads.
public protocol PhoneticEncoder: Sendable {
    /// A short name for explanations and benchmarks, e.g. `double-metaphone`.
    var name: String { get }

    /// The keys of a word, most likely first; empty when the word has no sound the algorithm encodes.
    ///
    /// - Complexity: O(*n*) in the length of the word for the hand-coded algorithms.
    func keys(for word: String) -> [String]
}
