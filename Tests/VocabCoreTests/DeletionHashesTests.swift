import Testing
import VocabTestSupport
@testable import VocabCore

@Suite struct DeletionHashesTests {
    @Test("A deletion's hash equals the hash of the word written without those letters")
    func deletionsMatchTheShortenedWords() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let length = 1 + Int(generator.next() % 30)
            let word = (0..<length).map { _ in UInt8(97 + generator.next() % 4) }
            DeletionHashes.with(word) { hashes in
                for first in word.indices {
                    var once = word
                    once.remove(at: first)
                    #expect(hashes.deleting(first) == wholeHash(once), "\(word) without \(first)")
                    for second in (first + 1)..<word.count {
                        var twice = word
                        twice.remove(at: second)
                        twice.remove(at: first)
                        #expect(hashes.deleting(first, second) == wholeHash(twice), "\(word) without \(first), \(second)")
                    }
                }
            }
        }
    }

    private func wholeHash(_ word: [UInt8]) -> Int { DeletionHashes.with(word) { $0.whole } }

    @Test("Words that differ, or differ only in length, hash apart")
    func distinctWordsHashApart() {
        let words: [[UInt8]] = [[], [0], [0, 0], Array("ab".utf8), Array("ba".utf8), Array("abc".utf8)]
        #expect(Set(words.map(wholeHash)).count == words.count)
    }

    @Test("A long word's neighbourhood is linear in its length; past the fuzzy bound it has none")
    func neighbourhoodSizeIsBounded() {
        let long = [UInt8](repeating: 97, count: WordTable.longestFuzzyWord)
        #expect(WordTable.neighbourhood(of: long, depth: 2).count == long.count + 1)
        let tooLong = [UInt8](repeating: 97, count: WordTable.longestFuzzyWord + 1)
        #expect(WordTable.neighbourhood(of: tooLong, depth: 2).isEmpty)
        let twoEdit = [UInt8](repeating: 97, count: WordTable.longestTwoEditWord)
        #expect(WordTable.neighbourhood(of: twoEdit, depth: 2).count == 1 + 24 + 24 * 23 / 2)
    }
}
