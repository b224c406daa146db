public import VocabCore

/// The JSON form of a locale selection, shared by every command's `--json` output.
public struct LocaleSelectionReport: Encodable, Sendable {
    public struct Step: Encodable, Sendable {
        public let locale: String
        public let available: Bool
        public let rule: String
    }

    public let requested: String
    public let source: String
    public let used: String
    public let explanation: String
    public let chain: [Step]

    /// The report of a selection.
    public init(_ selection: LocaleSelection) {
        requested = selection.request.code.identifier
        source = selection.request.source.kind
        used = selection.used.identifier
        explanation = selection.explanation
        chain = selection.chain.map { Step(locale: $0.code.identifier, available: $0.isAvailable, rule: $0.rule) }
    }
}
