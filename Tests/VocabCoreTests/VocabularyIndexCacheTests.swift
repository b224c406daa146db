import Testing
import VocabCore
import VocabTestSupport

@Suite struct VocabularyIndexCacheTests {
    let alice: UserID = "alice"

    @Test("The index is reused while the change stamp stays, and rebuilt when it moves")
    func rebuildsOnChange() async throws {
        let store = MemoryVocabularyStore()
        let cache = VocabularyIndexCache(store: store)
        let preparer = TermPreparer.simple()
        try await store.replace(["Bobo le Grand"], for: alice, type: .contactName)
        let first = try await cache.index(for: alice, type: .contactName, preparer: preparer)
        let again = try await cache.index(for: alice, type: .contactName, preparer: preparer)
        #expect(first.version == again.version)
        #expect(again.terms.map(\.text) == ["Bobo le Grand"])

        try await store.replace(["Zoe Martin"], for: alice, type: .contactName)
        let rebuilt = try await cache.index(for: alice, type: .contactName, preparer: preparer)
        #expect(rebuilt.version != first.version)
        #expect(rebuilt.terms.map(\.text) == ["Zoe Martin"])
    }

    @Test("A removed set resolves against nothing at the next call")
    func removalIsImmediate() async throws {
        let store = MemoryVocabularyStore()
        let cache = VocabularyIndexCache(store: store)
        let preparer = TermPreparer.simple()
        try await store.replace(["Bobo"], for: alice, type: .contactName)
        let before = Resolver(index: try await cache.index(for: alice, type: .contactName, preparer: preparer))
        #expect(try before.resolve("bobo").resolution.name == "success")
        try await store.removeAll(for: alice)
        let after = Resolver(index: try await cache.index(for: alice, type: .contactName, preparer: preparer))
        #expect(try after.resolve("bobo").resolution == .unsupported)
    }
}
