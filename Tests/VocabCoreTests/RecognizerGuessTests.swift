import Testing
import VocabCore

/// Guessing which recognizer wrote a batch of queries from how the batch is written as a whole.
@Suite("Recognizer guess")
struct RecognizerGuessTests {
    static let profiles: Set<String> = ["typed", "pocketsphinx", "pocketsphinx-grammar", "whisper", "whisper-phones",
                                        "whisper-prompted"]

    /// A batch of `count` queries, the first `capital` with a capital, and so on for each property.
    static func evidence(count: Int = 100, capital: Int = 0, punctuation: Int = 0, english: Int = 100,
                         unknownWord: Int = 0, listed: Int = 0, phones: Int = 0,
                         hasDictionary: Bool = true) -> WritingEvidence {
        var evidence = WritingEvidence(hasDictionary: hasDictionary)
        for position in 0..<count {
            evidence.add(WritingEvidence.Look(
                hasCapital: position < capital, hasPunctuation: position < punctuation, isEnglish: position < english,
                hasUnknownWord: position < unknownWord, isWrittenAsListed: position < listed,
                hasPhoneAlternative: position < phones))
        }
        return evidence
    }

    static func guess(_ evidence: WritingEvidence, profiles: Set<String> = profiles) -> String? {
        RecognizerGuess.guess(from: evidence, profiles: profiles).recognizer
    }

    @Test("Whisper without a prompt: mostly capitalized sentences, few names written as listed")
    func unpromptedWhisper() {
        #expect(Self.guess(Self.evidence(capital: 84, punctuation: 54, english: 17, listed: 4)) == "whisper")
    }

    @Test("Whisper prompted with the list: every query capitalized, or many names written as listed")
    func promptedWhisper() {
        #expect(Self.guess(Self.evidence(capital: 100, punctuation: 28, english: 17, listed: 19)) == "whisper-prompted")
        // Either sign alone leans to the prompted profile, the one that costs least when wrong.
        #expect(Self.guess(Self.evidence(capital: 85, punctuation: 60, english: 17, listed: 20)) == "whisper-prompted")
        #expect(Self.guess(Self.evidence(capital: 100, punctuation: 60, english: 17, listed: 2)) == "whisper-prompted")
    }

    @Test("PocketSphinx: lowercase English words of the dictionary or the list, nothing else")
    func pocketSphinx() {
        #expect(Self.guess(Self.evidence()) == "pocketsphinx")
        #expect(Self.guess(Self.evidence(unknownWord: 2)) == "pocketsphinx")
        // Its dictionary's letters come with a full stop ("read the co e."), now and then.
        #expect(Self.guess(Self.evidence(punctuation: 1)) == "pocketsphinx")
        // Its phone loop's phones beside each query: the grammar's profile.
        #expect(Self.guess(Self.evidence(phones: 100)) == "pocketsphinx-grammar")
    }

    @Test("Whisper's text with a phone loop's phones of the same audio, in English and the other languages")
    func whisperWithPhones() {
        #expect(Self.guess(Self.evidence(capital: 86, punctuation: 70, phones: 100)) == "whisper-phones")
        // The profile weighs the other five languages' phones too (English's with a model of its own).
        #expect(Self.guess(Self.evidence(capital: 86, punctuation: 70, english: 0, phones: 100)) == "whisper-phones")
        #expect(Self.guess(Self.evidence(capital: 86, punctuation: 70, english: 17, phones: 100)) == "whisper-phones")
        // Without the profile in the locale data: the shared decision, saying so.
        let missing = RecognizerGuess.guess(from: Self.evidence(capital: 86, punctuation: 70, phones: 100),
                                            profiles: Self.profiles.subtracting(["whisper-phones"]))
        #expect(missing.recognizer == nil)
        #expect(missing.reason.hasSuffix("the locale data has no 'whisper-phones' profile"))
    }

    @Test("Typed names: lowercase, no sentence punctuation, respelled words of no dictionary or other languages")
    func typed() {
        #expect(Self.guess(Self.evidence(capital: 11, english: 19, unknownWord: 4)) == "typed")
        // English alone, but words the dictionary does not hold: typed, not PocketSphinx.
        #expect(Self.guess(Self.evidence(unknownWord: 18)) == "typed")
        // A few such words: PocketSphinx's or typed, not told apart, and each profile costs the other's output dearly.
        let between = RecognizerGuess.guess(from: Self.evidence(unknownWord: 5), profiles: Self.profiles)
        #expect(between.recognizer == nil)
        #expect(between.reason.hasSuffix("PocketSphinx's or typed English, not told apart"))
        // A capital here and there does not make it PocketSphinx's.
        #expect(Self.guess(Self.evidence(capital: 5)) == "typed")
    }

    @Test("Too few queries, a mixed batch or a missing profile leave the shared decision, and say why")
    func sharedWhenUnsure() {
        let few = RecognizerGuess.guess(from: Self.evidence(count: 19), profiles: Self.profiles)
        #expect(few.recognizer == nil)
        #expect(few.reason.contains("19 queries are too few"))
        // Capitalized sentences from Whisper and lowercase names from elsewhere, half and half.
        #expect(Self.guess(Self.evidence(capital: 50, punctuation: 5, english: 50)) == nil)
        let missing = RecognizerGuess.guess(from: Self.evidence(capital: 84, punctuation: 54, listed: 4),
                                            profiles: ["typed"])
        #expect(missing.recognizer == nil)
        #expect(missing.reason.contains("no 'whisper' profile"))
    }

    @Test("Lowercase English cannot be told PocketSphinx's without the dictionary to check its words")
    func noDictionary() {
        let guess = RecognizerGuess.guess(from: Self.evidence(hasDictionary: false), profiles: Self.profiles)
        #expect(guess.recognizer == nil)
        #expect(guess.reason.contains("pronouncing dictionary"))
    }

    @Test("A query's capitals and sentence punctuation; a name's apostrophe and hyphen are neither")
    func surface() {
        #expect(WritingEvidence.Look.surface(of: "Rosalind care.") == (true, true))
        #expect(WritingEvidence.Look.surface(of: "o'brien-smith") == (false, false))
        #expect(WritingEvidence.Look.surface(of: "¿maría?") == (false, true))
        #expect(WritingEvidence.Look.surface(of: "Ólafur") == (true, false))
    }
}
