import Foundation

/// Nicknames and hypocorisms of a locale: Bill and Will for William, Peggy for Margaret, Pepe for José.
///
/// Read from `Locales/<code>/nicknames.tsv` (one formal name per line, then its nicknames). A query's
/// token matches a term's token when one is a nickname of the other; two nicknames of one name do not
/// match each other (Bill is not Will). Names are stored folded.
public struct NicknameTable: Sendable, Hashable {
    private var related: [String: Set<String>] = [:]
    /// The same relation over UTF-8 bytes, for the matcher's hot path (no string is built per comparison).
    private var relatedBytes: [[UInt8]: Set<[UInt8]>] = [:]

    /// An empty table.
    public init() {}

    /// Builds a table from formal names and their nicknames, already folded.
    public init(groups: [(formal: String, nicknames: [String])]) {
        for (formal, nicknames) in groups {
            for nickname in nicknames where nickname != formal {
                related[formal, default: []].insert(nickname)
                related[nickname, default: []].insert(formal)
                relatedBytes[Array(formal.utf8), default: []].insert(Array(nickname.utf8))
                relatedBytes[Array(nickname.utf8), default: []].insert(Array(formal.utf8))
            }
        }
    }

    /// Parses the `nicknames.tsv` format: `formal<TAB>nick, nick, ...`; `#` lines are comments.
    ///
    /// - Parameters:
    ///   - text: The file's content.
    ///   - source: How messages name the file.
    ///   - fold: Folds each name the way tokens are folded.
    /// - Throws: ``VocabularyError`` naming the line of a malformed entry.
    public init(parsing text: String, source: String, fold: (String) throws -> String) throws {
        var groups: [(String, [String])] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = String(line).trimmingWhitespace()
            if content.isEmpty || content.hasPrefix("#") { continue }
            let columns = content.split(separator: "\t", omittingEmptySubsequences: false)
            let nicknames = columns.count == 2
                ? columns[1].split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty } : []
            guard columns.count == 2, !String(columns[0]).trimmingWhitespace().isEmpty, !nicknames.isEmpty else {
                throw VocabularyError(subject: "\(source):\(index + 1):",
                                      problem: "expected 'formal name<TAB>nickname, nickname, ...'")
            }
            groups.append((try fold(String(columns[0]).trimmingWhitespace()), try nicknames.map(fold)))
        }
        self.init(groups: groups)
    }

    /// The names a folded name is related to (its formal names or its nicknames).
    public func related(to name: String) -> Set<String> { related[name] ?? [] }

    /// Whether two folded names are a name and its nickname.
    public func areRelated(_ first: String, _ second: String) -> Bool {
        related[first]?.contains(second) ?? false
    }

    /// The folded spellings (UTF-8) related to one (its formal names or its nicknames), `nil` when none: looked
    /// up once for a query word that is compared with many words.
    func relatedSpellings(of spelling: [UInt8]) -> Set<[UInt8]>? {
        relatedBytes.isEmpty ? nil : relatedBytes[spelling]
    }

    /// How many names the table knows.
    public var count: Int { related.count }
}
