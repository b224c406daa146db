/// Gathers the pronunciations of a vocabulary's terms while its index is built, reading each distinct word
/// once per language (and finding its origin cues once).
struct PronunciationCollector {
    let pronouncer: Pronouncer?
    private var collected: [(term: Int32, language: String, phones: [Phone])] = []
    /// For each pronunciation collected, how many of its first words make one name (``PhoneIndex/leads``).
    private var leads: [Int] = []
    /// For each, whether the phone postings hold it (those with the particles and titles left unsaid are not).
    private var posted: [Bool] = []

    /// What is known of one distinct word: its origin cues and its phones by reader (``readers`` index).
    private struct WordEntry {
        var cues: [String]
        var phones: [[Phone]?]
    }

    private var words: [String: Int] = [:]
    private var entries: [WordEntry] = []
    private var readers: [String] = []

    init(pronouncer: Pronouncer?) { self.pronouncer = pronouncer }

    /// Adds a term's pronunciations: its primary reading in the listener's and its origins' languages (then
    /// the same without its particles and titles), and its other readings (a romanization, a pronunciation
    /// hint, its abbreviations as said) in the listener's language.
    mutating func add(_ readings: [TermPreparer.Reading], of term: Int32) {
        guard let pronouncer, let primary = readings.first else { return }
        // Room for the readings of the listener's and the origins' languages, with and without the particles, and
        // the other readings: grown from empty, these arrays made an eighth of the index build's allocations
        // (callgrind).
        let room = 2 * Pronouncer.maximumPronunciations + readings.count
        var found: [(language: String, phones: [Phone])] = []
        found.reserveCapacity(room)
        var foundLeads: [Int] = []
        foundLeads.reserveCapacity(room)
        let spellings = primary.words.map(\.spelling)
        let joined = primary.words.map(\.isJoinedToPrevious)
        var ids: [Int] = []
        ids.reserveCapacity(spellings.count)
        for word in spellings { ids.append(entry(of: word)) }
        let languages = pronouncer.languages(ofTerm: spellings, cued: ids.map { entries[$0].cues })
        let roles = primary.words.map(\.role)
        for language in languages {
            append(spellings, joined: joined, ids: ids, in: language, to: &found, leads: &foundLeads,
                   givenNames: givenNames(of: roles, in: language))
        }
        let postedCount = found.count
        // Its particles and titles left unsaid, as the word matcher allows (``NameToken/Role/countsForCoverage``:
        // "Maya Lima" for Maya de Lima, a recognizer dropping an unstressed "de" as readily as a speaker does;
        // "Maria Lopez" for Dr. Maria Lopez), when two name words or more remain. Not posted: it is
        // aligned only for a term the words found (a transcript of other words matching "Lili Grande" for Lili il
        // Grande was noise, and the postings' places went to such readings).
        let said = primary.words.indices.filter { primary.words[$0].role.countsForCoverage }
        if said.count < primary.words.count && said.count >= 2 {
            // A word stays joined to the one before it only when that one is said too.
            let saidJoined = said.map { joined[$0] && $0 > 0 && primary.words[$0 - 1].role.countsForCoverage }
            for language in languages {
                append(said.map { spellings[$0] }, joined: saidJoined, ids: said.map { ids[$0] }, in: language,
                       to: &found, leads: &foundLeads, givenNames: givenNames(of: said.map { roles[$0] }, in: language))
            }
        }
        let unposted = found.count
        for reading in readings.dropFirst()
        where reading.name == "romanized" || reading.name == "pronunciation" || reading.name == "spoken" {
            let words = reading.words.map(\.spelling)
            var wordIDs: [Int] = []
            wordIDs.reserveCapacity(words.count)
            for word in words { wordIDs.append(entry(of: word)) }
            append(words, joined: reading.words.map(\.isJoinedToPrevious), ids: wordIDs, in: pronouncer.language,
                   to: &found, leads: &foundLeads,
                   givenNames: givenNames(of: reading.words.map(\.role), in: pronouncer.language))
        }
        for (position, ((language, phones), lead)) in zip(found, foundLeads).enumerated() {
            collected.append((term, language, phones))
            leads.append(lead)
            posted.append(position < postedCount || position >= unposted)
        }
    }

    /// How many of a name's first words are given names by its language's custom: 2 when the language gives two
    /// given names before two family names (``Pronouncer/twoGivenNamesFrom(in:)``, Spanish and Portuguese) and the
    /// name begins with two name words and holds at least as many as the language says (particles, titles and
    /// suffixes aside); otherwise 1.
    private func givenNames(of roles: [NameToken.Role], in language: String) -> Int {
        guard let least = pronouncer?.twoGivenNamesFrom(in: language), roles.count >= 2,
              roles[0] == .name, roles[1] == .name else { return 1 }
        return roles.filter { $0 == .name }.count >= least ? 2 : 1
    }

    /// How many of a name's first words make one name: the first and those a hyphen joins to it ("anne-claire"
    /// of Anne-Claire Clément), or the first two when the name's language gives two given names before two
    /// family names and the name is long enough to hold them all ("Juan Carlos" of Juan Carlos Gutiérrez
    /// Casanovas), when each of them is read as one word of phones and they are not the whole name; otherwise 1.
    /// A first name and a surname written apart in a shorter name ("Mariluz Vaquerizo" of Mariluz Vaquerizo
    /// Frechilla) are not one name: nothing in the text says so.
    ///
    /// - Parameters:
    ///   - joined: For each written word, whether a hyphen joins it to the one before.
    ///   - read: For each written word, how many words of phones it was read as (0 for none).
    ///   - givenNames: How many first words are given names by the language's custom (1, or 2 for a long
    ///     Spanish or Portuguese name).
    static func lead(joined: [Bool], read: [Int], givenNames: Int = 1) -> Int {
        var spelled = 1
        while spelled < joined.count && joined[spelled] { spelled += 1 }
        if spelled == 1 && givenNames == 2 && joined.count >= 2 { spelled = 2 }
        guard spelled > 1, read.count == joined.count, read.prefix(spelled).allSatisfy({ $0 == 1 }) else { return 1 }
        return spelled < read.reduce(0, +) ? spelled : 1
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

    private mutating func append(_ words: [String], joined: [Bool], ids: [Int], in language: String,
                                 to found: inout [(language: String, phones: [Phone])], leads: inout [Int],
                                 givenNames: Int = 1) {
        var position = 0
        var read: [Int] = []
        read.reserveCapacity(words.count)
        let before = found.count
        Pronouncer.addReading(of: words, in: language, to: &found) { word, reader in
            defer { position += 1 }
            let heard = phones(entry: ids[position], word: word, reader: reader)
            var words = 0
            PhoneMatcher.forEachWord(of: heard[...]) { _ in words += 1 }
            read.append(words)
            return heard
        }
        if found.count > before { leads.append(Self.lead(joined: joined, read: read, givenNames: givenNames)) }
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
        return PhoneIndex(pronunciations: collected, leads: leads, posted: posted, inventory: pronouncer.inventory)
    }
}
