import VocabCore

/// The JSON form of a locale selection, shared by every command's `--json` output.
struct LocaleSelectionReport: Encodable {
    struct Step: Encodable {
        let locale: String
        let available: Bool
        let rule: String
    }

    let requested: String
    let source: String
    let used: String
    let explanation: String
    let chain: [Step]

    init(_ selection: LocaleSelection) {
        requested = selection.request.code.identifier
        source = selection.request.source.kind
        used = selection.used.identifier
        explanation = selection.explanation
        chain = selection.chain.map { Step(locale: $0.code.identifier, available: $0.isAvailable, rule: $0.rule) }
    }
}

extension LocaleSelection {
    /// The chain on one line: `fr-CA (missing) → fr (missing) → fr-FR (available)`.
    var chainLine: String {
        chain.map { "\($0.code) (\($0.isAvailable ? "available" : "missing"))" }.joined(separator: " → ")
    }
}
