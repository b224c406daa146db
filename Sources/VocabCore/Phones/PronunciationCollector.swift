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
        var found: [(String, [Phone])] = []
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

    private mutating func append(_ words: [String], ids: [Int], in language: String, to found: inout [(String, [Phone])]) {
        var phones: [Phone] = []
        for (word, id) in zip(words, ids) {
            let reader = Pronouncer.scriptReader(of: word) ?? language
            let slot = readerIndex(reader)
            if entries[id].phones.count <= slot {
                entries[id].phones += Array(repeating: nil, count: slot + 1 - entries[id].phones.count)
            }
            let read: [Phone]
            if let cached = entries[id].phones[slot] { read = cached } else {
                read = pronouncer!.phones(of: word, in: reader)
                entries[id].phones[slot] = read
            }
            guard !read.isEmpty else { continue }
            if !phones.isEmpty { phones.append(.boundary) }
            phones += read
        }
        let label = !words.isEmpty && words.allSatisfy({ Pronouncer.scriptReader(of: $0) != nil })
            ? Pronouncer.scriptReader(of: words[0])! : language
        if !phones.isEmpty && !found.contains(where: { $0.1 == phones }) { found.append((label, phones)) }
    }

    /// The index of what was gathered, or `nil` without a pronouncer.
    func index() -> PhoneIndex? {
        guard let pronouncer else { return nil }
        return PhoneIndex(pronunciations: collected, inventory: pronouncer.inventory)
    }
}
