import Foundation

/// Turns an ordered vocabulary into what a recognizer needs to hear it: a text prompt (Whisper), a phrase list
/// with boosts (cloud phrase hints, Vosk/Kaldi grammars), or pronunciation entries with a grammar and a keyword
/// list (PocketSphinx), each within a budget.
///
/// What goes in when not everything fits: the user's order first (an assistant's callers ask for their first
/// contacts most), then what the recognizer would write wrong without help (``HintRisk``): a prompt says each
/// term whole, leaving out only the words the recognizer writes right alone (risk under ``HintRisk/rightAlone``);
/// a phrase list boosts a term by its risk; a lexicon spends its entries on the words the pronouncing
/// dictionary lacks. Every term's choice and its reason are kept for `--explain`.
///
/// A second pass: given the terms that sound like what the recognizer wrote the first time (``NearTerm``, from
/// ``Resolver/nearestTerms(to:limit:floor:)``), those go in first, within ``nearShare`` of the budget, and the user's
/// order fills the rest; the recognizer hears the same audio again with the contacts it was near in its prompt.
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

        /// What the budget counts, for messages: `tokens; Whisper's prompt holds 223`, `phrases`, `entries`.
        public var budgetUnit: String {
            switch self {
            case .prompt: "tokens; Whisper's prompt holds \(defaultBudget)"
            case .phrases: "phrases"
            case .lexicon: "entries"
            }
        }
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

        /// An app vocabulary parameter's terms: every synonym's phrase with its pronunciation hint, in file order.
        public static func terms(of items: [AppVocabulary.Item]) -> [Term] {
            items.flatMap { item in item.synonyms.map { Term(text: $0.phrase, pronunciation: $0.pronunciation) } }
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
        text.lowercased().split(whereSeparator: isSeparator).map(String.init)
    }

    /// What separates a term's words: spaces, hyphens, commas and full stops.
    static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "-" || character == "," || character == "."
    }

    /// A term that sounds like what the recognizer heard on a first pass, to go in before the user's order.
    public typealias NearTerm = Resolver.NearTerm

    /// The share of the budget that near terms take at most when a first pass was heard; the user's order has
    /// the rest, so the contacts called most stay in when the first transcript missed the name.
    public static let nearShare = 0.5

    /// The most near terms looked for: more than half of Whisper's prompt holds.
    public static let nearLimit = 48

    /// Plans the hints.
    ///
    /// - Parameters:
    ///   - terms: The terms, in the user's order; read lazily, so a walk that fills its budget early never
    ///     reads the rest of a large set.
    ///   - near: Terms that sound like a first pass's transcript, nearest first: they go in first, within
    ///     ``nearShare`` of the budget, then the user's order fills the rest.
    ///   - counter: How a prompt's tokens are counted.
    ///   - explain: Whether every term's choice and every word's assessment are kept.
    public func plan(_ terms: some RandomAccessCollection<Term>, near: [NearTerm] = [], format: Format, budget: Int,
                     counter: any PromptTokenCounter, explain: Bool) -> Plan {
        var assessed: [String: HintRisk.Word] = [:]
        func assess(_ word: String) -> HintRisk.Word {
            if let known = assessed[word] { return known }
            let result = risk.assess(word)
            assessed[word] = result
            return result
        }
        var choices: [Choice] = []
        var used = 0
        var promptParts: [String] = []
        var promptWords = Set<String>()  // the chosen words of each term in the prompt, joined
        var phrases: [Phrase] = []
        var lexicon: [LexiconEntry] = []
        var lexiconWords = Set<String>()
        let dictionary = risk.pronouncer.dictionary
        var considered = 0
        var full = false
        // The walk: near terms first (each once, within their share), then the user's order.
        var nearQueue = near.filter { $0.rank >= 0 && $0.rank < terms.count }[...]
        let nearBudget = Int((Double(budget) * Self.nearShare).rounded(.down))
        var nearRanks = Set<Int>()
        var nearPhase = !nearQueue.isEmpty
        var nextInOrder = 0

        while true {
            let next: (rank: Int, near: NearTerm?)
            if nearPhase, let step = nearQueue.popFirst() {
                guard nearRanks.insert(step.rank).inserted else { continue }
                next = (step.rank, step)
            } else {
                nearPhase = false
                guard nextInOrder < terms.count else { break }
                next = (nextInOrder, nil)
                nextInOrder += 1
                if nearRanks.contains(next.rank) { continue }
            }
            let rank = next.rank
            let term = terms[terms.index(terms.startIndex, offsetBy: rank)]
            considered += 1
            let words = Self.words(of: term.text).map(assess)
            let top = words.map(\.risk).max() ?? 0
            // A near term is in for what was heard, whatever its words' risk.
            let nearReason = next.near.map { "sounds like what was heard first ('\($0.heard)', \(Self.percent($0.score)) alike)" }
            func choice(_ included: Bool, _ entries: [String], _ reason: String) -> Choice {
                Choice(rank: rank, term: term.text, included: included, entries: entries, risk: top,
                       reason: included ? nearReason ?? reason : reason, words: explain ? words : nil)
            }
            // A near term that would take the near terms past their share ends their phase: the user's order
            // takes the rest of the budget (and may still take that term).
            let limit = next.near == nil ? budget : nearBudget
            func leavesNearPhase() -> Bool {
                guard next.near != nil else { return false }
                nearPhase = false
                nearRanks.remove(rank)
                considered -= 1
                return true
            }
            switch format {
            case .prompt:
                // The term whole, less the words the recognizer writes right alone. A word another term already
                // put in is said again: Whisper copies a name from its prompt as a sequence of words (measured:
                // saying a shared family name once cost 4–6 points of top-1, scripts/hints/measure_hints.py).
                // A near term is said whole: the second pass is to hear it as the user's list writes it.
                let alone = next.near == nil ? words.filter { $0.risk < risk.rightAlone } : []
                let chosen = next.near == nil ? words.filter { $0.risk >= risk.rightAlone } : words
                let key = chosen.map(\.word).joined(separator: " ")
                if chosen.isEmpty || promptWords.contains(key) {
                    choices.append(choice(!words.isEmpty, [], words.isEmpty ? "no words"
                        : chosen.isEmpty ? "written right alone" + Self.leftOut(alone, risk.rightAlone)
                        : "the same words are in the prompt already"))
                    continue
                }
                // The term as written when all of it goes in (Anne-Claire keeps its hyphen), else its chosen words.
                let spelled = chosen.count == words.count
                    ? term.text.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
                    : Self.spelling(of: chosen.map(\.word), in: term.text)
                let cost = counter.count((promptParts.isEmpty ? " " : ", ") + spelled)
                guard used + cost <= limit else {
                    if leavesNearPhase() { continue }
                    choices.append(choice(false, [], "the budget is spent (it needs \(cost) more tokens)"))
                    full = true
                    break
                }
                used += cost
                promptParts.append(spelled)
                promptWords.insert(key)
                choices.append(choice(true, [spelled], Self.reason(words, threshold: risk.threshold)
                    + Self.leftOut(alone, risk.rightAlone)))
            case .phrases:
                guard phrases.count < limit else {
                    if leavesNearPhase() { continue }
                    choices.append(choice(false, [], "the budget is spent"))
                    full = true
                    break
                }
                let boost = (100 * (5 + 15 * top)).rounded() / 100
                phrases.append(Phrase(phrase: term.text, boost: boost))
                used = phrases.count
                choices.append(choice(true, [term.text], "boost \(boost): " + Self.reason(words, threshold: risk.threshold)))
            case .lexicon:
                let missing = words.map { ($0, Self.folded($0.word)) }.filter { _, spelled in
                    !lexiconWords.contains(spelled) && dictionary?.firstPronunciation(of: spelled) == nil
                }
                let entries = missing.flatMap { word, spelled in lexiconEntries(for: word.word, spelled: spelled, term: term) }
                guard lexicon.count + entries.count <= limit else {
                    if leavesNearPhase() { continue }
                    choices.append(choice(false, [], "the budget is spent (it needs \(entries.count) more entries)"))
                    full = true
                    break
                }
                lexicon += entries
                for (_, spelled) in missing { lexiconWords.insert(spelled) }
                used = lexicon.count
                choices.append(choice(true, entries.map(\.word), entries.isEmpty ? "the dictionary has its words"
                    : "the dictionary lacks " + missing.map { "'\($0.1)'" }.joined(separator: ", ")))
            }
            if full { break }
        }
        var grammarTerms: [String] = []
        if format == .lexicon {
            // The grammar reaches every term whose words the recognizer can say: in its dictionary or the lexicon.
            var sayable: [String: Bool] = [:]
            func canSay(_ word: String) -> Bool {
                if let known = sayable[word] { return known }
                let answer = lexiconWords.contains(word) || dictionary?.firstPronunciation(of: word) != nil
                sayable[word] = answer
                return answer
            }
            var seen = Set<String>()
            grammarTerms = terms.compactMap { term in
                let folded = Self.words(of: term.text).map(Self.folded)
                let written = folded.joined(separator: " ")
                return !folded.isEmpty && folded.allSatisfy(canSay) && seen.insert(written).inserted ? written : nil
            }
        }
        let grammar = format == .lexicon
            ? "#JSGF V1.0;\ngrammar vocabulary;\npublic <term> = " + (grammarTerms.isEmpty ? "<NULL>" : grammarTerms.joined(separator: "\n    | ")) + " ;\n"
            : nil
        let keywords = format == .lexicon ? grammarTerms.map { "\($0) /1e-20/" }.joined(separator: "\n") + "\n" : nil
        return Plan(format: format.rawValue, language: risk.pronouncer.language, budget: budget, used: used,
                    tokenizer: format == .prompt ? counter.description : nil,
                    prompt: format == .prompt ? promptParts.joined(separator: ", ") : nil,
                    phrases: format == .phrases ? phrases : nil, lexicon: format == .lexicon ? lexicon : nil,
                    grammar: grammar, keywords: keywords, choices: explain ? choices : nil, considered: considered,
                    included: choices.count { $0.included })
    }

    /// The terms a recognizer's prompt holds with the default budget and an estimated count (for `vocab
    /// compare` and the console: whether a term would be in that locale's hints).
    public func prompted(_ terms: some RandomAccessCollection<Term>) -> Set<String> {
        let plan = plan(terms, format: .prompt, budget: Format.prompt.defaultBudget, counter: EstimatedTokenCounter(),
                        explain: true)
        return Set((plan.choices ?? []).filter(\.included).map(\.term))
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
        let original = text.split(whereSeparator: isSeparator).map(String.init)
        return words.map { word in original.first { $0.lowercased() == word } ?? word }.joined(separator: " ")
    }

    /// A word without accents, as a pronouncing dictionary and a grammar write it (ASCII words as they are).
    static func folded(_ word: String) -> String {
        word.allUTF8Bytes(satisfy: { $0 < 0x80 }) ? word : Pronouncer.withoutAccents(word)
    }

    /// Why a term's words matter: those likely misheard without help, or that it comes in the user's order.
    static func reason(_ words: [HintRisk.Word], threshold: Double) -> String {
        let risky = words.filter { $0.risk >= threshold }.sorted { $0.risk > $1.risk }
        guard !risky.isEmpty else {
            return "in the user's order (risk \(percent(words.map(\.risk).max() ?? 0)), under the \(percent(threshold)) of a likely mishearing)"
        }
        return "likely misheard without help: " + risky.map { word in
            "'\(word.word)' \(percent(word.risk))" + (word.reasons.isEmpty ? "" : " (\(word.reasons.joined(separator: ", ")))")
        }.joined(separator: "; ")
    }

    /// The words a prompt leaves out because the recognizer writes them right alone, said.
    static func leftOut(_ words: [HintRisk.Word], _ point: Double) -> String {
        words.isEmpty ? "" : "; left out as written right alone (risk under \(percent(point))): "
            + words.map { "'\($0.word)' \(percent($0.risk))" }.joined(separator: ", ")
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}
