/// Turns an ordered vocabulary into what a recognizer needs to hear it: a text prompt (Whisper), a phrase list
/// with boosts (cloud phrase hints, Vosk/Kaldi grammars), or pronunciation entries with a grammar and a keyword
/// list (PocketSphinx), each within a budget.
///
/// What goes in when not everything fits: the user's order first, in two passes. The first takes, in order,
/// the terms with a word the recognizer would likely write wrong without help (``HintRisk``): only those words
/// go into a prompt (its budget is tokens), the whole term into a phrase list, and the words its dictionary
/// lacks into a lexicon. The second fills what room is left with the other terms, in order. Every term's choice
/// and its reason are kept for `--explain`.
public struct RecognizerHints: Sendable {
    /// What a recognizer takes.
    public enum Format: String, Sendable, CaseIterable {
        /// A Whisper-style text prompt; the budget is in the recognizer's tokens.
        case prompt
        /// Phrases with boosts; the budget is a count of phrases.
        case phrases
        /// Pronunciation entries (CMU/ARPAbet) for the words the dictionary lacks, with a JSGF grammar of the
        /// terms and a keyword list; the budget is a count of entries.
        case lexicon

        /// The budget when none is given: Whisper's prompt holds 223 tokens of text (half its 448-token context,
        /// less the start-of-prompt token); cloud phrase lists take about 500 phrases per request; a lexicon of
        /// 1,000 entries.
        public var defaultBudget: Int {
            switch self {
            case .prompt: 223
            case .phrases: 500
            case .lexicon: 1_000
            }
        }

        /// The largest budget accepted.
        public static let maximumBudget = 100_000
    }

    /// A term to hint, in the user's order.
    public struct Term: Sendable, Hashable {
        public let text: String
        /// The term's pronunciation hint (a speakable string's), read for the lexicon instead of its spelling.
        public let pronunciation: String?

        public init(text: String, pronunciation: String? = nil) {
            self.text = text
            self.pronunciation = pronunciation
        }
    }

    /// What happened to one term.
    public struct Choice: Sendable, Hashable, Encodable {
        /// The term's position in the user's order (0 first).
        public let rank: Int
        public let term: String
        /// Whether it went in.
        public let included: Bool
        /// What went in of it (a prompt's words, a phrase, a lexicon's words).
        public let entries: [String]
        /// The largest risk among its words.
        public let risk: Double
        /// Why it is in or out, in words.
        public let reason: String
        /// Each word's assessment (with `explain`).
        public let words: [HintRisk.Word]?
    }

    /// A phrase with its boost (0…20, as cloud recognizers' phrase hints take it).
    public struct Phrase: Sendable, Hashable, Encodable {
        public let phrase: String
        public let boost: Double
    }

    /// A lexicon entry: a word as the grammar writes it and its ARPAbet phones.
    public struct LexiconEntry: Sendable, Hashable, Encodable {
        public let word: String
        public let phones: [String]
    }

    /// The hints for one format.
    public struct Plan: Sendable, Encodable {
        public let format: String
        public let language: String
        public let budget: Int
        /// How much of the budget is used (tokens, phrases or entries).
        public let used: Int
        /// How the prompt's tokens were counted.
        public let tokenizer: String?
        /// The prompt.
        public let prompt: String?
        /// The phrases, in order.
        public let phrases: [Phrase]?
        /// The lexicon's entries (`word PH ON ES` lines in the CMU format), the grammar and the keyword list.
        public let lexicon: [LexiconEntry]?
        public let grammar: String?
        public let keywords: String?
        /// Each term considered, in order, with why it is in or out (with `explain`).
        public let choices: [Choice]?
        /// How many terms were considered (a walk stops once the budget is spent and no term can fit).
        public let considered: Int
        public let included: Int
    }

    public let risk: HintRisk
    /// Writes a reading's phones in ARPAbet (the lexicon).
    public let arpabet: ARPAbetWriter?

    public init(risk: HintRisk, arpabet: ARPAbetWriter?) {
        self.risk = risk
        self.arpabet = arpabet
    }

    /// The words of a term as a recognizer's vocabulary writes them: lowercase, split at spaces and hyphens,
    /// accents and apostrophes kept.
    public static func words(of text: String) -> [String] {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "," || $0 == "." }).map(String.init)
    }

    /// Plans the hints.
    ///
    /// - Parameters:
    ///   - terms: The terms, in the user's order; read lazily, so a walk that fills its budget early never
    ///     reads the rest of a large set.
    ///   - counter: How a prompt's tokens are counted.
    ///   - explain: Whether every word's assessment is kept.
    public func plan(_ terms: some Collection<Term>, format: Format, budget: Int, counter: any PromptTokenCounter,
                     explain: Bool) -> Plan {
        var assessed: [String: HintRisk.Word] = [:]
        func assess(_ word: String) -> HintRisk.Word {
            if let known = assessed[word] { return known }
            let result = risk.assess(word)
            assessed[word] = result
            return result
        }
        var choices: [Choice?] = Array(repeating: nil, count: 0)
        var used = 0
        var promptParts: [String] = []
        var promptWords = Set<String>()
        var phrases: [Phrase] = []
        var lexicon: [LexiconEntry] = []
        var lexiconWords = Set<String>()
        var grammarTerms: [String] = []
        var deferred: [(rank: Int, term: Term, words: [HintRisk.Word])] = []
        let dictionary = risk.pronouncer.dictionary
        var considered = 0

        /// Tries to add a term; the entries added, or `nil` when it does not fit.
        func add(_ term: Term, words: [HintRisk.Word], onlyRisky: Bool) -> [String]? {
            switch format {
            case .prompt:
                let chosen = words.filter { (!onlyRisky || $0.risk >= risk.threshold) && !promptWords.contains($0.word) }
                guard !chosen.isEmpty else { return [] }
                let spelled = Self.spelling(of: chosen.map(\.word), in: term.text)
                let segment = (promptParts.isEmpty ? " " : ", ") + spelled
                let cost = counter.count(segment)
                guard used + cost <= budget else { return nil }
                used += cost
                promptParts.append(spelled)
                for word in chosen { promptWords.insert(word.word) }
                return [spelled]
            case .phrases:
                guard phrases.count < budget else { return nil }
                let top = words.map(\.risk).max() ?? 0
                phrases.append(Phrase(phrase: term.text, boost: (100 * (5 + 15 * top)).rounded() / 100))
                used = phrases.count
                return [term.text]
            case .lexicon:
                let folded = words.map { Self.folded($0.word) }
                let missing = zip(words, folded).filter { word, spelled in
                    !lexiconWords.contains(spelled)
                        && (dictionary == nil || dictionary!.pronunciations(of: spelled).isEmpty)
                        && (!onlyRisky || word.risk >= risk.threshold || dictionary != nil)
                }
                let entries = missing.flatMap { word, spelled in lexiconEntries(for: word.word, spelled: spelled, term: term) }
                guard lexicon.count + entries.count <= budget else { return nil }
                lexicon += entries
                for (_, spelled) in missing { lexiconWords.insert(spelled) }
                used = lexicon.count
                return entries.map(\.word)
            }
        }

        for (rank, term) in terms.enumerated() {
            considered = rank + 1
            let words = Self.words(of: term.text).map(assess)
            let top = words.map(\.risk).max() ?? 0
            let needsHelp = words.contains { $0.risk >= risk.threshold }
                || (format == .lexicon && dictionary != nil && words.contains {
                    dictionary!.pronunciations(of: Self.folded($0.word)).isEmpty })
            if needsHelp, let entries = add(term, words: words, onlyRisky: true) {
                choices.append(Choice(rank: rank, term: term.text, included: true, entries: entries, risk: top,
                                      reason: Self.reason(needing: words, threshold: risk.threshold, format: format),
                                      words: explain ? words : nil))
            } else if needsHelp {
                choices.append(Choice(rank: rank, term: term.text, included: false, entries: [], risk: top,
                                      reason: "the budget is spent", words: explain ? words : nil))
            } else {
                deferred.append((rank, term, words))
                choices.append(nil)
            }
            if Self.isFull(format: format, used: used, budget: budget) { break }
        }
        // The second pass, for a prompt: what room is left first completes the terms already in, in order (their
        // words the recognizer likely writes right alone).
        if format == .prompt {
            for (index, choice) in choices.enumerated() {
                guard let choice, choice.included, !Self.isFull(format: format, used: used, budget: budget) else { continue }
                let words = Self.words(of: choice.term).map(assess)
                if let more = add(Term(text: choice.term), words: words, onlyRisky: false), !more.isEmpty {
                    choices[index] = Choice(rank: choice.rank, term: choice.term, included: true, entries: choice.entries + more,
                                            risk: choice.risk, reason: choice.reason + "; its other words as room was left",
                                            words: choice.words)
                }
            }
        }
        // Then the terms that need no help, in order.
        var fillers: [Int: Choice] = [:]
        for (rank, term, words) in deferred {
            let top = words.map(\.risk).max() ?? 0
            if !Self.isFull(format: format, used: used, budget: budget), let entries = add(term, words: words, onlyRisky: false) {
                fillers[rank] = Choice(rank: rank, term: term.text, included: !entries.isEmpty || format != .prompt,
                                       entries: entries, risk: top,
                                       reason: entries.isEmpty && format == .prompt ? "its words are in the prompt already"
                                           : "room was left (the recognizer likely writes it right alone)",
                                       words: explain ? words : nil)
            } else {
                fillers[rank] = Choice(rank: rank, term: term.text, included: false, entries: [], risk: top,
                                       reason: "the recognizer likely writes it right (risk \(Self.percent(top)) under "
                                           + "\(Self.percent(risk.threshold))), and no room was left",
                                       words: explain ? words : nil)
            }
        }
        let final = choices.enumerated().map { $0.element ?? fillers[$0.offset]! }
        if format == .lexicon {
            // The grammar reaches every term whose words the recognizer can say: in its dictionary or the lexicon.
            var sayable: [String: Bool] = [:]
            func canSay(_ word: String) -> Bool {
                if let known = sayable[word] { return known }
                let answer = lexiconWords.contains(word) || !(dictionary?.pronunciations(of: word).isEmpty ?? true)
                sayable[word] = answer
                return answer
            }
            grammarTerms = terms.compactMap { term in
                let folded = Self.words(of: term.text).map(Self.folded)
                return !folded.isEmpty && folded.allSatisfy(canSay) ? folded.joined(separator: " ") : nil
            }
            var seen = Set<String>()
            grammarTerms = grammarTerms.filter { seen.insert($0).inserted }
        }
        let grammar = format == .lexicon
            ? "#JSGF V1.0;\ngrammar vocabulary;\npublic <term> = " + (grammarTerms.isEmpty ? "<NULL>" : grammarTerms.joined(separator: "\n    | ")) + " ;\n"
            : nil
        let keywords = format == .lexicon ? grammarTerms.map { "\($0) /1e-20/" }.joined(separator: "\n") + "\n" : nil
        return Plan(format: format.rawValue, language: risk.pronouncer.language, budget: budget, used: used,
                    tokenizer: format == .prompt ? counter.description : nil,
                    prompt: format == .prompt ? promptParts.joined(separator: ", ") : nil,
                    phrases: format == .phrases ? phrases : nil, lexicon: format == .lexicon ? lexicon : nil,
                    grammar: grammar, keywords: keywords, choices: explain ? final : nil, considered: considered,
                    included: final.count { $0.included })
    }

    /// A word's lexicon entries: its reading in the listener's language (from the term's pronunciation hint
    /// when the hint has as many words as the term), then, as `word(2)`, its reading in the language its
    /// spelling points to when that differs.
    private func lexiconEntries(for word: String, spelled: String, term: Term) -> [LexiconEntry] {
        guard let arpabet else { return [] }
        let pronouncer = risk.pronouncer
        var readings: [[Phone]] = []
        let termWords = Self.words(of: term.text)
        if let hint = term.pronunciation, let position = termWords.firstIndex(of: word) {
            let hintWords = Self.words(of: hint)
            if hintWords.count == termWords.count { readings.append(pronouncer.phones(of: hintWords[position], in: pronouncer.language)) }
        }
        readings.append(pronouncer.phones(of: word, in: pronouncer.language))
        if let origin = OriginCues.ranked([pronouncer.origins.cuedLanguages(of: word)]).first, origin != pronouncer.language {
            readings.append(pronouncer.phones(of: word, in: origin))
        }
        var entries: [LexiconEntry] = []
        for reading in readings {
            let phones = arpabet.write(reading)
            guard !phones.isEmpty, !entries.contains(where: { $0.phones == phones }) else { continue }
            entries.append(LexiconEntry(word: entries.isEmpty ? spelled : "\(spelled)(\(entries.count + 1))", phones: phones))
        }
        return entries
    }

    /// The words as the term spells them (its capitals and accents), for a prompt.
    static func spelling(of words: [String], in text: String) -> String {
        let original = text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "," || $0 == "." }).map(String.init)
        return words.map { word in original.first { $0.lowercased() == word } ?? word }.joined(separator: " ")
    }

    /// A word without accents, as a pronouncing dictionary and a grammar write it (ASCII words as they are).
    static func folded(_ word: String) -> String {
        word.utf8.allSatisfy { $0 < 0x80 } ? word : Pronouncer.withoutAccents(word)
    }

    static func isFull(format: Format, used: Int, budget: Int) -> Bool {
        switch format {
        case .prompt: used >= budget - 1  // no name fits in one token with its separator
        case .phrases, .lexicon: used >= budget
        }
    }

    static func reason(needing words: [HintRisk.Word], threshold: Double, format: Format) -> String {
        let risky = words.filter { $0.risk >= threshold }.sorted { $0.risk > $1.risk }
        guard !risky.isEmpty else { return "its dictionary lacks a word" }
        return "likely misheard without help: " + risky.map { word in
            "'\(word.word)' \(percent(word.risk))" + (word.reasons.isEmpty ? "" : " (\(word.reasons.joined(separator: ", ")))")
        }.joined(separator: "; ")
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}
