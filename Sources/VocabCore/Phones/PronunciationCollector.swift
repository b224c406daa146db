/// Gathers the pronunciations of a vocabulary's terms while its index is built, reading each distinct word
/// once per language (and finding its origin cues once).
struct PronunciationCollector {
    let pronouncer: Pronouncer?
    private var collected: [(term: Int32, language: String, phones: [Phone])] = []

    /// What is known of one distinct word: its origin cues and its phones by reader (``readers`` index).
    private struct WordEntry {
        var cues: [String]
        var phones: [[Phone]?]
    }

    private var words: [String: Int] = [:]
    private var entries: [WordEntry] = []
    private var readers: [String] = []

    init(pronouncer: Pronouncer?) { self.pronouncer = pronouncer }

    /// Adds a term's pronunciations: its primary reading in the listener's and its origins' languages, and
    /// its other readings (a romanization, a pronunciation hint) in the listener's language.
    mutating func add(_ readings: [TermPreparer.Reading], of term: Int32) {
        guard let pronouncer, let primary = readings.first else { return }
        var found: [(language: String, phones: [Phone])] = []
        let spellings = primary.words.map(\.spelling)
        var ids: [Int] = []
        for word in spellings { ids.append(entry(of: word)) }
        for language in pronouncer.languages(ofTerm: spellings, cued: ids.map { entries[$0].cues }) {
            append(spellings, ids: ids, in: language, to: &found)
        }
        for reading in readings.dropFirst() where reading.name == "romanized" || reading.name == "pronunciation" {
            let words = reading.words.map(\.spelling)
            var wordIDs: [Int] = []
            for word in words { wordIDs.append(entry(of: word)) }
            append(words, ids: wordIDs, in: pronouncer.language, to: &found)
        }
        for (language, phones) in found { collected.append((term, language, phones)) }
    }

    private mutating func entry(of word: String) -> Int {
        if let known = words[word] { return known }
        entries.append(WordEntry(cues: pronouncer!.origins.cuedLanguages(of: word),
                                 phones: Array(repeating: nil, count: readers.count)))
        words[word] = entries.count - 1
        return entries.count - 1
    }

    private mutating func readerIndex(_ reader: String) -> Int {
        if let known = readers.firstIndex(of: reader) { return known }
        readers.append(reader)
        return readers.count - 1
    }

    private mutating func append(_ words: [String], ids: [Int], in language: String,
                                 to found: inout [(language: String, phones: [Phone])]) {
        var position = 0
        Pronouncer.addReading(of: words, in: language, to: &found) { word, reader in
            defer { position += 1 }
            return phones(entry: ids[position], word: word, reader: reader)
        }
    }

    /// A word's phones by a reader, read once per distinct word and reader.
    private mutating func phones(entry id: Int, word: String, reader: String) -> [Phone] {
        let slot = readerIndex(reader)
        if entries[id].phones.count <= slot {
            entries[id].phones += Array(repeating: nil, count: slot + 1 - entries[id].phones.count)
        }
        if let cached = entries[id].phones[slot] { return cached }
        let read = pronouncer!.phones(of: word, in: reader)
        entries[id].phones[slot] = read
        return read
    }

    /// The index of what was gathered, or `nil` without a pronouncer.
    func index() -> PhoneIndex? {
        guard let pronouncer else { return nil }
        return PhoneIndex(pronunciations: collected, inventory: pronouncer.inventory)
    }
}
