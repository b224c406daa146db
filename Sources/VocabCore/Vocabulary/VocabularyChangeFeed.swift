/// A change to one user's stored state, announced by a store that several processes share.
public struct VocabularyChange: Sendable, Hashable {
    /// Whose state changed.
    public let user: UserID
    /// The set that was replaced or removed; `nil` when the change is not about one set (the language,
    /// tokens, or all of the user's sets at once).
    public let type: VocabularyStringType?
    /// The set's new change stamp after a replace; `nil` after a removal or a change that is not a replace.
    public let changeStamp: Int64?

    /// Creates a change.
    public init(user: UserID, type: VocabularyStringType? = nil, changeStamp: Int64? = nil) {
        self.user = user
        self.type = type
        self.changeStamp = changeStamp
    }

    /// The change as one line of text (for a notification payload): `stamp type user`, with `-` for an
    /// absent stamp or type. The user comes last because it is the only part that may hold spaces.
    public var payload: String {
        "\(changeStamp.map(String.init) ?? "-") \(type?.rawValue ?? "-") \(user.rawValue)"
    }

    /// Reads a ``payload``; `nil` for text that is not one.
    public init?(payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let user = try? UserID(validating: String(parts[2])) else { return nil }
        let stamp = parts[0] == "-" ? nil : Int64(parts[0])
        let type = parts[1] == "-" ? nil : VocabularyStringType(rawValue: String(parts[1]))
        guard (parts[0] == "-") == (stamp == nil), (parts[1] == "-") == (type == nil) else { return nil }
        self.init(user: user, type: type, changeStamp: stamp)
    }
}

/// What a change feed reports to its follower.
public enum VocabularyChangeEvent: Sendable, Hashable {
    /// The feed is listening: every change committed from now on will be announced. Changes committed
    /// while it was not listening were missed, so whatever the follower remembers may be stale.
    case listening
    /// The feed lost its connection: until the next ``listening``, changes are not announced and the
    /// follower must read the store instead of trusting memory.
    case interrupted(reason: String)
    /// A committed change (possibly made by this very process).
    case changed(VocabularyChange)
}

/// A store shared by several processes that announces committed changes, so that each process can drop
/// what it remembers about a user (see the service's hot-state and index caches).
public protocol VocabularyChangeFeed: Sendable {
    /// Follows the store's changes until the calling task is cancelled, reconnecting after failures.
    ///
    /// - Parameter handle: Called for every event, in order, never concurrently.
    func followChanges(_ handle: @escaping @Sendable (VocabularyChangeEvent) -> Void) async
}
