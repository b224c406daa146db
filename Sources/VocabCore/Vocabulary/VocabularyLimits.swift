/// The priority bound: how many terms one set, and one user in all, may hold.
///
/// A set over the bound keeps its most important terms (the first ones) and reports the rest as dropped.
/// Defaults: 100,000 terms per (user, type) — the largest vocabulary the matcher is benchmarked at — and
/// 200,000 per user over all types, which keeps one user's loaded index within about 200 MB at the matcher's
/// budget of 1 KB per term.
public struct VocabularyLimits: Sendable, Hashable, Codable {
    /// The most terms one (user, type) set may hold.
    public var perType: Int
    /// The most terms one user may hold over all types.
    public var perUser: Int

    /// The store-wide default.
    public static let standard = VocabularyLimits(uncheckedPerType: 100_000, perUser: 200_000)

    /// Creates limits.
    ///
    /// - Throws: ``VocabularyError`` when a limit is not positive.
    public init(perType: Int, perUser: Int) throws(VocabularyError) {
        guard perType > 0 else {
            throw VocabularyError(subject: "--capacity '\(perType)'", problem: "must be a positive number of terms")
        }
        guard perUser > 0 else {
            throw VocabularyError(subject: "--user-capacity '\(perUser)'", problem: "must be a positive number of terms")
        }
        self.perType = perType
        self.perUser = perUser
    }

    private init(uncheckedPerType perType: Int, perUser: Int) {
        self.perType = perType
        self.perUser = perUser
    }

    /// Splits an ordered set into what fits and what is dropped.
    ///
    /// - Parameters:
    ///   - terms: The set, most important first.
    ///   - otherTypes: How many terms the user holds in other types (they keep their place).
    /// - Returns: The kept prefix and the report of the dropped suffix.
    /// - Complexity: O(*n*) in the number of terms.
    public func admit(_ terms: [String], otherTypes: Int) -> (kept: [String], dropped: DropReport) {
        admit(terms, otherTypes: otherTypes, named: { $0 })
    }

    /// Splits an ordered set of entries into what fits and what is dropped; the report names dropped entries
    /// by `name`.
    public func admit<Entry>(_ terms: [Entry], otherTypes: Int, named name: (Entry) -> String)
        -> (kept: [Entry], dropped: DropReport) {
        let room = Swift.max(0, Swift.min(perType, perUser - otherTypes))
        guard terms.count > room else { return (terms, DropReport(count: 0, first: [], reason: nil)) }
        let reason = room == perType && perType <= perUser - otherTypes
            ? DropReport.Reason.typeCapacity(perType)
            : DropReport.Reason.userCapacity(limit: perUser, heldInOtherTypes: otherTypes)
        let dropped = terms[room...]
        return (Array(terms[..<room]),
                DropReport(count: dropped.count, first: dropped.prefix(DropReport.shownCount).map(name), reason: reason))
    }
}

/// What a replace left out because of the priority bound. Nothing is dropped silently.
public struct DropReport: Sendable, Hashable, Codable {
    /// How many of the first dropped terms the report names.
    public static let shownCount = 5

    /// Why terms were dropped.
    public enum Reason: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The set is over the per-type capacity.
        case typeCapacity(Int)
        /// The user's total is over the per-user capacity.
        case userCapacity(limit: Int, heldInOtherTypes: Int)

        public var description: String {
            switch self {
            case .typeCapacity(let limit): "over the capacity of \(limit) terms per type"
            case .userCapacity(let limit, let held):
                "over the capacity of \(limit) terms per user (\(held) held in other types)"
            }
        }
    }

    /// How many terms were dropped.
    public let count: Int
    /// The first few dropped terms, most important first.
    public let first: [String]
    /// Why, or `nil` when nothing was dropped.
    public let reason: Reason?

    /// Whether anything was dropped.
    public var isEmpty: Bool { count == 0 }
}
