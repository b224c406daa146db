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
    /// Letters of which a text must hold at least one for the pattern to match in it (a letter every match
    /// holds, or its lookahead requires); `nil` when no such set is given. Most rules find nothing in most
    /// words, and this check costs a scan of a few letters where the regular expression costs hundreds of
    /// instructions.
    let needs: [Unicode.Scalar]?

    /// Compiles a rule; the patterns are constants of this module, so a bad one is a programming error.
    ///
    /// - Parameter needs: Letters of which a text must hold one to match (see ``needs``); a test checks every
    ///   rule's against the expression itself on generated texts.
    init(_ pattern: String, _ template: String, global: Bool = true, needs: String? = nil) {
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            preconditionFailure("invalid rewrite pattern \(pattern): \(error)")
        }
        self.template = template
        isGlobal = global
        self.needs = needs.map { Array($0.unicodeScalars) }
    }

    func apply(to text: String) -> String {
        if let needs, !text.unicodeScalars.contains(where: needs.contains) { return text }
        return applyingExpression(to: text)
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
