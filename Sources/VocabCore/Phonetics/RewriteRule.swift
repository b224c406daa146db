import Foundation

/// One step of a rule-list phonetic algorithm: a regular expression and its replacement template.
///
/// FONEM, Phonex and fonético are published as ordered lists of regular-expression rewrites; applying them
/// in order, each either to every match or to the first one only (as their JavaScript reference
/// implementations do), reproduces them exactly. ICU's regular expressions (through `NSRegularExpression`)
/// have the lookahead and back-reference syntax the rules use.
struct RewriteRule: @unchecked Sendable {
    let expression: NSRegularExpression
    let template: String
    let isGlobal: Bool
    /// Strings of which a text must hold at least one for the pattern to match in it (a letter or a run of
    /// letters every match holds, or its lookahead requires), as UTF-8; `nil` when none is given. Most rules find
    /// nothing in most words, and this check costs a scan of a few bytes where the regular expression costs
    /// hundreds of instructions (about 670 a call on this platform, matching or not).
    let needs: [[UInt8]]?

    /// Compiles a rule; the patterns are constants of this module, so a bad one is a programming error.
    ///
    /// - Parameters:
    ///   - needs: Letters of which a text must hold one to match, each alone (see ``needs``).
    ///   - needsOneOf: Runs of letters of which a text must hold one to match (`["PH"]` for `PH`: a text with
    ///     a P and an H apart is not looked at). A test checks every rule's against the expression itself on
    ///     generated texts.
    init(_ pattern: String, _ template: String, global: Bool = true, needs: String? = nil, needsOneOf: [String]? = nil) {
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            preconditionFailure("invalid rewrite pattern \(pattern): \(error)")
        }
        precondition(needs == nil || needsOneOf == nil, "a rewrite rule needs letters or runs of letters, not both")
        self.template = template
        isGlobal = global
        self.needs = needsOneOf.map { $0.map { Array($0.utf8) } }
            ?? needs.map { $0.unicodeScalars.map { Array(String($0).utf8) } }
    }

    func apply(to text: String) -> String {
        if let needs, !Self.holds(text, oneOf: needs) { return text }
        return applyingExpression(to: text)
    }

    /// Whether `text` holds one of `runs` (UTF-8 byte strings: a run of letters is a run of their bytes).
    static func holds(_ text: String, oneOf runs: [[UInt8]]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            runs.contains { run in
                guard let first = run.first, run.count <= bytes.count else { return false }
                var start = 0
                while start + run.count <= bytes.count {
                    if bytes[start] == first {
                        var length = 1
                        while length < run.count, bytes[start + length] == run[length] { length += 1 }
                        if length == run.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// The rule applied by the regular expression alone, without the ``needs`` check.
    func applyingExpression(to text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        if isGlobal {
            return expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
        }
        guard let match = expression.firstMatch(in: text, range: range) else { return text }
        let replacement = expression.replacementString(for: match, in: text, offset: 0, template: template)
        return (text as NSString).replacingCharacters(in: match.range, with: replacement)
    }
}

extension Array where Element == RewriteRule {
    /// Applies every rule in order.
    func apply(to text: String) -> String {
        reduce(text) { $1.apply(to: $0) }
    }
}
