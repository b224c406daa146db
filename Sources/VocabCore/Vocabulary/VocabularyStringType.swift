/// The kinds of user vocabulary, spelled as in Apple's Intents API (`INVocabularyStringType`).
///
/// Each (user, type) pair holds one ordered set of terms. `contactName` is the MonkeyChat example:
/// screen names such as "Bobo" that a stranger's recognizer would not know.
public enum VocabularyStringType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case contactName
    case contactGroupName
    case photoTag
    case photoAlbumName
    case workoutActivityName
    case carProfileName
    case carName
    case paymentsOrganizationName
    case paymentsAccountNickname
    case notebookItemTitle
    case notebookItemGroupName
    case mediaPlaylistTitle
    case mediaMusicArtistName
    case mediaAudiobookTitle
    case mediaAudiobookAuthorName
    case mediaShowTitle

    public var description: String { rawValue }

    /// Parses a type name, exactly as Apple spells it.
    ///
    /// - Parameter name: e.g. `contactName`.
    /// - Throws: ``VocabularyError`` listing the valid names.
    public init(parsing name: String) throws(VocabularyError) {
        guard let type = VocabularyStringType(rawValue: name) else {
            throw VocabularyError(
                subject: "'\(name)'",
                problem: "is not a vocabulary string type; expected one of "
                    + VocabularyStringType.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = type
    }
}
