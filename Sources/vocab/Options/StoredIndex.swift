import VocabCore
import VocabLocales
import VocabStore

/// The index of a user's stored set, for the commands that read one (`resolve --user`, `hints --user`).
enum StoredIndex {
    /// Loads the index from beside the store when a current one was kept (``PersistedIndexes``), else builds it
    /// from the set and keeps it for the next call; with the language context in force (`--language`, else the
    /// user's stored language, else the default).
    ///
    /// - Throws: ``CommandFailure`` when there is no store or the user has no such set; what the options throw
    ///   for a bad user id, type or language.
    static func load(user: String?, type: String?, store storeOptions: UserStoreOptions, language languageOptions: LanguageOptions,
                     directory: LocaleDirectory) async throws -> (VocabularyIndex, LanguageContext) {
        let id = try UserID(validating: user ?? "")
        let type = try TypeArgument.parse(type ?? VocabularyStringType.contactName.rawValue)
        guard let opened = try await storeOptions.open(for: .readExisting) else {
            throw CommandFailure(description: "no vocabulary store")
        }
        defer { opened.close() }
        let store = opened.store
        // The change stamp alone first (cheap): the terms are read only when the index must be built.
        guard let stamp = try await store.changeStamp(for: id, type: type) else {
            _ = try await storeOptions.storedSet(of: id, type: type, in: opened)  // throws, saying what is missing
            throw CommandFailure(description: "user '\(id)' has no \(type) vocabulary")
        }
        let stored = try await store.language(for: id).map { (code: $0, user: id.rawValue) }
        let context = try LanguageContext(request: try languageOptions.request(userSetting: stored), directory: directory)
        let key = IndexArchive.Key(user: id.rawValue, type: type.rawValue, changeStamp: stamp,
                                   language: context.preparer.profile.language.identifier,
                                   dataFingerprint: context.dataFingerprint)
        let indexes = opened.sqlitePath.map(PersistedIndexes.init(storePath:))
        switch indexes?.load(key, preparer: context.preparer) ?? .missing {
        case .loaded(let index): return (index, context)
        case .refused(let reason): StandardError.print("note: rebuilding the index of user '\(id)' (\(reason))")
        case .missing: break
        }
        let set = try await storeOptions.storedSet(of: id, type: type, in: opened)
        let index = try IndexBuild.index(of: set.entries, preparer: context.preparer, version: set.version,
                                         source: "user '\(id)'")
        if set.version == stamp {
            // A store the process may not write (read-only file or folder) still resolves, rebuilding each time.
            try? indexes?.save(index, for: key)
        }
        return (index, context)
    }
}
