/// Gathers the pronunciations of a vocabulary's terms while its index is built, reading each distinct word
/// once per language.
struct PronunciationCollector {
    let pronouncer: Pronouncer?
    private var collected: [(term: Int32, language: String, phones: [Phone])] = []
    /// Phones by reader, then word.
    private var cache: [String: [String: [Phone]]] = [:]
    /// Origin cues met, by word.
    private var cues: [String: [String]] = [:]

    init(pronouncer: Pronouncer?) { self.pronouncer = pronouncer }

    /// Adds a term's pronunciations: its primary reading in the listener's and its origins' languages, and
    /// its other readings (a romanization, a pronunciation hint) in the listener's language.
    mutating func add(_ readings: [TermPreparer.Reading], of term: Int32) {
        guard let pronouncer, let primary = readings.first else { return }
        var found: [(String, [Phone])] = []
        let spellings = primary.words.map(\.spelling)
        let cued = spellings.map { word in
            if let known = cues[word] { return known }
            let found = pronouncer.origins.cuedLanguages(of: word)
            cues[word] = found
            return found
        }
        for language in pronouncer.languages(ofTerm: spellings, cued: cued) {
            append(spellings, in: language, to: &found)
        }
        for reading in readings.dropFirst() where reading.name == "romanized" || reading.name == "pronunciation" {
            append(reading.words.map(\.spelling), in: pronouncer.language, to: &found)
        }
        for (language, phones) in found { collected.append((term, language, phones)) }
    }

    private mutating func append(_ words: [String], in language: String, to found: inout [(String, [Phone])]) {
        var phones: [Phone] = []
        for word in words {
            let reader = Pronouncer.scriptReader(of: word) ?? language
            let read: [Phone]
            if let cached = cache[reader]?[word] { read = cached } else {
                read = pronouncer!.phones(of: word, in: reader)
                cache[reader, default: [:]][word] = read
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
