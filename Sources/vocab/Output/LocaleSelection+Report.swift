import VocabCore

extension LocaleSelection {
    /// The chain on one line: `fr-CA (missing) → fr (missing) → fr-FR (available)`.
    var chainLine: String {
        chain.map { "\($0.code) (\($0.isAvailable ? "available" : "missing"))" }.joined(separator: " → ")
    }
}
