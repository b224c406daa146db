/// Resolves what a recognizer wrote against an indexed vocabulary.
///
/// `"matieu lefevre"` against fr-FR contacts holding "Matthieu Lefèvre" → `.success`; `"bobo"` against
/// "Bobo le Grand", "Bobo Jr.", "Petit Bobo" → `.disambiguation` of the three.
public struct Resolver: Sendable {
    /// The vocabulary.
    public let index: VocabularyIndex
    /// The word-level thresholds: which word candidates are plausible, and the decision of a language
    /// without a ``DecisionModel``.
    public let policy: ResolutionPolicy
    /// The recognizer whose own calibration decides, when the caller named one (`nil`: the language's shared
    /// decision, trained on every recognizer at once).
    public let recognizer: RecognizerProfile?

    /// The decision weighed: the recognizer's own when one was named, else the language's (at the language's own
    /// accept point when the model gives it one).
    public let decisionModel: DecisionModel?
    /// How alternatives are weighed: the recognizer's own when it has one (its model for the listener's language
    /// when it has that, at the language's own accept point when the model gives it one), else the shared model.
    public let alternativesModel: DecisionModel?

    /// Creates a resolver.
    public init(index: VocabularyIndex, policy: ResolutionPolicy = .standard, recognizer: RecognizerProfile? = nil) {
        self.index = index
        self.policy = policy
        self.recognizer = recognizer
        // Chosen once: a resolution reads them several times.
        let phonetics = index.preparer.phonetics
        let language = phonetics.pronouncer?.language
        decisionModel = (recognizer?.decision ?? phonetics.decision)?.accepting(inLanguage: language)
        alternativesModel = recognizer?.alternatives(inLanguage: language) ?? phonetics.alternatives
    }

    /// The name that asks for the shared decision, trained on every recognizer's output (what no name asks for).
    public static let sharedDecisionName = "shared"

    /// Creates a resolver that decides as a named recognizer's profile says (`nil`, empty or
    /// ``sharedDecisionName``: the shared decision).
    ///
    /// - Throws: ``VocabularyError`` naming the recognizer when the index's locale data has no profile by that
    ///   name, with the names it has.
    public init(index: VocabularyIndex, policy: ResolutionPolicy = .standard, recognizerNamed name: String?) throws {
        guard let name, !name.isEmpty, name != Self.sharedDecisionName else {
            self.init(index: index, policy: policy)
            return
        }
        let profiles = index.preparer.phonetics.recognizers
        guard let profile = profiles[name] else {
            let known = profiles.keys.sorted()
            throw VocabularyError(subject: "the recognizer '\(name)'", problem: known.isEmpty
                ? "is unknown: the locale data has no recognizer profiles (Locales/shared/recognizers/)"
                : "is unknown; expected one of " + known.joined(separator: ", "))
        }
        self.init(index: index, policy: policy, recognizer: profile)
    }

    /// What one resolution found.
    public struct Result: Sendable {
        /// The outcome.
        public let resolution: Resolution
        /// The query's tokens as matched.
        public let queryTokens: [MatchToken]
        /// Every candidate scored, best first: by probability when the decision model scored them, else by
        /// word score (for explanations).
        public let ranked: [Candidate]
        /// The query's phones, when the phone matcher was asked.
        public var phoneQuery: PhoneQuery? = nil
        /// The hypotheses weighed, when a recognizer's alternatives were given (the query first).
        public var hypotheses: [WeighedHypothesis] = []

        /// The tokens of the hypothesis a candidate's words were aligned in (its alignment's query positions).
        public func queryTokens(of candidate: Candidate) -> [MatchToken] {
            candidate.hypothesis > 0 && candidate.hypothesis < hypotheses.count
                ? hypotheses[candidate.hypothesis].queryTokens : queryTokens
        }
    }

    /// One hypothesis as weighed: its text, its weight, and its phones (for explanations).
    public struct WeighedHypothesis: Sendable {
        /// What the recognizer wrote.
        public let text: String
        /// Its share of the weight (see ``Hypothesis/weights(of:)``); hypotheses that read the same share one.
        public let weight: Double
        /// Its tokens as matched.
        public let queryTokens: [MatchToken]
        /// Its phones, when the phone matcher was asked.
        public let phoneQuery: PhoneQuery?
        /// Whether it is a phone recognizer's phones (``Hypothesis/phones``), aligned with
        /// ``Pronouncer/heardPhoneCosts`` where the language has them.
        public var isPhones = false
    }

    /// How a candidate's phones met the query's, step by step, when the phone matcher scored it (for
    /// `--explain`): `k i a r a` against `k j a r a` is `k i>j a r a`.
    ///
    /// - Returns: The query's phones, the term's phones as aligned (with the language they were read in),
    ///   and the steps written out; `nil` when the phones were not heard or did not reach this candidate.
    public func phoneExplanation(of candidate: Candidate, in result: Result) -> PhoneExplanation? {
        let byHypothesis = candidate.hypothesis > 0 && candidate.hypothesis < result.hypotheses.count
            ? result.hypotheses[candidate.hypothesis] : nil
        let heard = byHypothesis.map(\.phoneQuery) ?? result.phoneQuery
        guard let match = candidate.phones, let query = heard, let wordsMatcher = index.phoneMatcher,
              let inventory = index.preparer.phonetics.pronouncer?.inventory else { return nil }
        // Phones are shown as they were aligned: with the costs learned of a phone recognizer, where there are some.
        let matcher = byHypothesis?.isPhones == true ? heardPhonesMatcher(wordsMatcher) : wordsMatcher
        let steps = matcher.steps(query.prepared, match: match)
        let aligned = steps.map { step -> PhoneExplanation.AlignedPhone in
            switch step {
            case .pair(let a, let b, let cost):
                .init(query: inventory.write([a]), term: inventory.write([b]), cost: Self.rounded(cost), filler: false)
            case .extraInQuery(let a, let cost, let isFiller):
                .init(query: inventory.write([a]), term: nil, cost: Self.rounded(cost), filler: isFiller)
            case .missingFromQuery(let b, let cost):
                .init(query: nil, term: inventory.write([b]), cost: Self.rounded(cost), filler: false)
            }
        }
        // A reading with the term's particles and titles left unsaid names them.
        let unsaid = matcher.leavesUnsaid(match)
            ? candidate.termTokens.filter { !$0.role.countsForCoverage }.map(\.text) : nil
        return PhoneExplanation(query: inventory.write(query.phones), term: inventory.write(matcher.variantPhones(of: match)),
                                language: match.language, similarity: match.similarity, weakestWord: match.weakestWord,
                                unsaid: unsaid,
                                steps: aligned.map(\.written).joined(separator: " "), alignment: aligned)
    }

    private static func rounded(_ cost: Float) -> Double { (Double(cost) * 100).rounded() / 100 }

    /// A candidate's phones against the query's (see ``phoneExplanation(of:in:)``).
    public struct PhoneExplanation: Sendable, Hashable, Encodable {
        /// The query's phones (`|` between words).
        public let query: String
        /// The term's phones as aligned (its words in the order aligned).
        public let term: String
        /// The language the term's phones were read in.
        public let language: String
        /// The phone similarity, 0…1.
        public let similarity: Double
        /// The similarity of the worst-said term word, when computed.
        public let weakestWord: Double?
        /// The term's words its phones were read without (particles and titles, "de" of Maya de Lima heard as
        /// "maya lima"); `nil` when read with all of them.
        public let unsaid: [String]?
        /// The alignment: `a` the same phone, `a>b` query phone a for term phone b, `+a` a query phone the
        /// term lacks (`(+a)` in a filler word), `-b` a term phone the query lacks.
        public let steps: String
        /// The same alignment, one entry per step with its cost (0 for the same phone; a full substitution,
        /// insertion or deletion costs about 1), for views that colour phones by cost.
        public let alignment: [AlignedPhone]

        /// One step of an alignment: a query phone, a term phone, or both.
        public struct AlignedPhone: Sendable, Hashable, Encodable {
            /// The query's phone; `nil` when the query lacks the term's.
            public let query: String?
            /// The term's phone; `nil` when the query has one the term lacks.
            public let term: String?
            /// What the step cost.
            public let cost: Double
            /// Whether the query's phone belongs to a filler word ("the", "and").
            public let filler: Bool

            /// The step as ``PhoneExplanation/steps`` writes it: `a`, `a>b`, `+a` (`(+a)` in a filler word), `-b`.
            var written: String {
                switch (query, term) {
                case let (a?, b?): a == b ? a : "\(a)>\(b)"
                case let (a?, nil): filler ? "(+\(a))" : "+\(a)"
                case let (nil, b?): "-\(b)"
                case (nil, nil): ""
                }
            }
        }
    }

    /// A query as the phone matcher heard it. (A class: a resolution passes it to every stage and keeps it in
    /// its result, and as a struct of a dozen arrays each pass was a retain and a release of every one.)
    public final class PhoneQuery: Sendable {
        /// Its phones in the listener's language, words separated by the boundary.
        public let phones: [Phone]
        /// Whether each phone belongs to a filler word.
        public let filler: [Bool]
        /// The same, made ready once for every alignment of the resolution.
        let prepared: PhoneAligner.PreparedQuery

        init(phones: [Phone], filler: [Bool], prepared: PhoneAligner.PreparedQuery) {
            self.phones = phones
            self.filler = filler
            self.prepared = prepared
        }
    }

    /// Resolves a query.
    ///
    /// - Parameter query: What the recognizer wrote.
    /// - Returns: The outcome and the ranked candidates.
    /// - Throws: What the normalizer throws.
    public func resolve(_ query: String) throws -> Result {
        try resolve(query, keepingAll: false)
    }

    /// Resolves a query, optionally keeping every candidate in ``Result/ranked``, in three stages:
    ///
    /// 1. **gather**: the terms whose words meet the query's (``wordCandidates(for:keepingAll:)``) and the
    ///    terms whose phones sound like the query's (the phone postings), one candidate per term;
    /// 2. **score**: each candidate's features from both matchers and the list (``CandidateFeatures``), and
    ///    the probability that it is the term meant (``DecisionModel``);
    /// 3. **decide**: the outcome from the probabilities and the model's operating points.
    ///
    /// A language without phone data or a decision model decides on the word candidates alone with the
    /// ``ResolutionPolicy``.
    ///
    /// - Throws: ``VocabularyError`` for a query over ``TextLimits`` (refused before any work), or what the
    ///   normalizer throws.
    public func resolve(_ query: String, keepingAll: Bool) throws -> Result {
        resolve(reading: try primaryReading(of: query), keepingAll: keepingAll)
    }

    /// A query's primary reading, once its length is checked: other readings of a query are not matched, so
    /// their keys are not computed.
    ///
    /// - Throws: ``VocabularyError`` for a query over ``TextLimits``, or what the normalizer throws.
    func primaryReading(of query: String) throws -> TermPreparer.Reading? {
        if let problem = TextLimits.lengthProblem(with: query, noun: "query") {
            throw VocabularyError(subject: "the query", problem: "is refused: \(problem)")
        }
        return try index.preparer.readings(of: query).first
    }

    /// Resolves a query's primary reading (``resolve(_:keepingAll:)`` after normalizing).
    ///
    /// - Parameters:
    ///   - shared: What the other hypotheses of the same utterance found, to reuse: the same result as without
    ///     it, with less work.
    ///   - deciding: Whether the outcome is decided; `false` for a hypothesis whose candidates' probabilities
    ///     are all that is read (its ``Result/resolution`` is then `.unsupported`, not a decision, and its
    ///     ``Result/ranked`` holds the weighed candidates only: the others, kept for explanations, are not made).
    func resolve(reading queryReading: TermPreparer.Reading?, keepingAll: Bool,
                 sharing shared: SharedHypothesisWork? = nil, deciding: Bool = true) -> Result {
        let queryTokens = queryReading.map { index.preparer.queryForm(of: $0).tokens } ?? []
        guard !queryTokens.isEmpty else { return Result(resolution: .needsValue, queryTokens: [], ranked: []) }
        let words = wordCandidates(for: queryTokens, keepingAll: keepingAll, sharing: shared)
        guard let reading = queryReading, let matcher = index.phoneMatcher,
              let pronouncer = index.preparer.phonetics.pronouncer, let model = decisionModel else {
            return Result(resolution: policy.decide(words), queryTokens: queryTokens, ranked: words)
        }
        let (phones, filler) = pronouncer.queryPhones(of: reading)
        return heard(phones, filler: filler, words: words, queryTokens: queryTokens,
                     searching: !Self.isSettledByWords(words, queryWords: queryTokens.count), matcher: matcher,
                     language: pronouncer.language, model: model, sharing: shared, deciding: deciding)
    }

    /// Resolves a hypothesis of phones (``Hypothesis/phones``, mapped to the inventory) without deciding: the
    /// phone postings gather its candidates, the model scores them as ``resolve(reading:keepingAll:sharing:deciding:)``
    /// scores a query's (no word found them, so their word features are nought), and only those weighed are kept.
    /// Without a phone matcher or a decision model, or with no phones, it has no candidates.
    func resolve(heardPhones phones: [Phone], sharing shared: SharedHypothesisWork? = nil) -> Result {
        guard !phones.isEmpty, let matcher = index.phoneMatcher, let pronouncer = index.preparer.phonetics.pronouncer,
              let model = decisionModel else {
            return Result(resolution: .unsupported, queryTokens: [], ranked: [])
        }
        return heard(phones, filler: [Bool](repeating: false, count: phones.count), words: [], queryTokens: [],
                     searching: true, matcher: heardPhonesMatcher(matcher), language: pronouncer.language, model: model,
                     sharing: shared, deciding: false)
    }

    /// The matcher a phone recognizer's phones are aligned with: a phone recognizer errs in its own way, so with the
    /// costs learned of it where the listener's language has some (``Pronouncer/heardPhoneCosts``), else `matcher`.
    func heardPhonesMatcher(_ matcher: PhoneMatcher) -> PhoneMatcher {
        index.preparer.phonetics.pronouncer?.heardPhoneCosts.map { PhoneMatcher(index: matcher.index, costs: $0) } ?? matcher
    }

    /// The stages once a hypothesis's word candidates are found and its phones known, for words and phones alike.
    /// 1. Gather: the phone postings when `searching` (the words leave a doubt, ``isSettledByWords``; another
    /// hypothesis of the same utterance with the same phones has searched them already), with the word
    /// candidates. 2. Score. 3. Decide, when `deciding`.
    private func heard(_ phones: [Phone], filler: [Bool], words: [Candidate], queryTokens: [MatchToken], searching: Bool,
                       matcher: PhoneMatcher, language: String, model: DecisionModel, sharing shared: SharedHypothesisWork?,
                       deciding: Bool) -> Result {
        let hearing = PhoneQuery(phones: phones, filler: filler, prepared: matcher.prepare(query: phones, filler: filler))
        // A hypothesis that is not decided has no use for a term heard too faintly to be weighed (the postings
        // leave such matches out), and its search reads each pronunciation whole, with its first word alone, not
        // reordered or by its other words alone (``VariantReach/wholes``; a term the words found is still heard
        // by every variant when scored). (The bound is read before the calls: read among a call's arguments, it
        // had the index copied for the call, about 2,700 instructions a query by callgrind.)
        let leastSoundScore = deciding ? 0 : Self.leastEvidence
        let reach: VariantReach = deciding ? .every : .wholes
        func search() -> [PhoneMatcher.Match] {
            matcher.matches(hearing.prepared, limit: Self.explainedCandidates, leastScore: leastSoundScore, reach: reach)
        }
        let matches = searching
            ? shared?.phoneMatches(of: hearing, leastScore: leastSoundScore, reach: reach, search: search) ?? search() : []
        let gathered = Self.gather(words, matches, index: index, leastSoundScore: leastSoundScore)
        let scored = score(gathered, queryTokens: queryTokens, hearing: hearing, matcher: matcher, language: language,
                           model: model, keepingUnweighed: deciding)
        return Result(resolution: deciding ? model.decide(scored) : .unsupported, queryTokens: queryTokens, ranked: scored,
                      phoneQuery: hearing)
    }

    /// Whether the words alone found a strong candidate (a strong score, every query word strong): the phone
    /// postings would only add sound-alikes of words already found, so they are not searched (the gather stage's
    /// fast path; the word candidates' own phones are still heard when they are scored). The postings cost most
    /// of a query's time (measured: 10,000 terms p50 76 µs without them against 150 µs with them).
    ///
    /// - A query of several words is settled when no other word candidate is near: contacts named alike are
    ///   searched by sound too, since another whose name sounds the same but is spelled otherwise belongs among
    ///   the options (and the options weighed together change each one's probability: "Maya Lima" heard for
    ///   Maya de Lima, with both listed, is asked about, not answered).
    /// - A query of one word that is a word of the list as written is settled however many contacts share it:
    ///   the word table already finds its other spellings (an edit away, or the same sound key), and every
    ///   contact holding it is a word candidate. A first name said alone cost twice a full name for the postings'
    ///   sake (10,000 terms, p50 207 µs against 105 µs without; 2026-11-27), for no change of top-1, recall or
    ///   false accepts on any development set (4 of their 2,518 cases offer one name more or fewer).
    /// - So is a query of several words, all as the list writes them, that is part of several contacts' names
    ///   alike (the best two word candidates score the same, and neither is named whole): a compound first name
    ///   said alone ("carlos eduardo" of Carlos Eduardo Lima and Carlos Eduardo Souza). One contact's whole name
    ///   is not: Maya Lima, answered without the postings' candidates beside it, was a false accept for Maya de
    ///   Lima. First names alone at 10,000 terms: 10% fewer instructions; no development set's answer changed.
    static func isSettledByWords(_ words: [Candidate], queryWords: Int) -> Bool {
        guard let best = words.first, best.score >= settledWord, best.alignment.weakestQueryWord >= settledWord else {
            return false
        }
        let exact = best.alignment.weakestQueryWord >= exactWord
        if exact && queryWords == 1 { return true }
        guard let second = words.dropFirst().first else { return true }
        if exact && best.alignment.termCoverage < 1 && second.score == best.score { return true }
        return second.score < best.score - aloneByWords
    }

    /// The least word score, and weakest word, of a candidate the words find strongly. 0.8 rather than 0.85
    /// (2026-11-27): a name said with a slip in one short word ("jonh", "athy") and no rival near is settled
    /// without the postings, the typo and phonetic queries at 10,000 terms 29% fewer instructions; on the six
    /// development sets no count fell, by default, with `--recognizer` or padded to 10,000 names, and each
    /// five-best set gained a right answer (a choice became the answer). 0.75 did as well; 0.7 lost asr-dev a
    /// case of recall@10 and added a false accept.
    static let settledWord = 0.8

    /// A query word this similar to a term word is that word as written (the same spelling or sound key).
    static let exactWord = 0.97

    /// How far the next word candidate must be for a term to be named "alone" by the words (a feature).
    static let aloneByWords = 0.1

    /// The least word score or phone score for a candidate to be weighed by the model. (0.45 and 15 scored,
    /// with the phone search's 48 candidates at a key share of 0.2, against 0.5, 10, 24 and 0.3 before, the
    /// decision relearned: recall@10 on whisper-dev 65.0% → 74.5%, on asr-dev 62.7% → 71.8%; BENCHMARKS.md,
    /// "A wider search".)
    static let leastEvidence = 0.45

    /// How many candidates are scored: the best by either matcher.
    static let scoredCandidates = 15

    /// One candidate per term from both matchers: a term found both ways keeps its word figures and takes the
    /// phone match; a term found by sound alone gets a candidate of its own when its match scores at least
    /// `leastSoundScore` (below ``leastEvidence`` it is never weighed, only explained).
    static func gather(_ words: [Candidate], _ matches: [PhoneMatcher.Match], index: VocabularyIndex,
                       leastSoundScore: Double = 0) -> [Candidate] {
        guard !matches.isEmpty else { return words }  // the words settled it: the postings were not searched
        var gathered = words
        // A term the words found takes the match (its first candidate, found by a scan: a dozen matches against
        // a few word candidates cost less than a dictionary of their positions, which callgrind put at about
        // 13,000 instructions a query). The matches name each term once, so a term found by sound alone is not
        // met again.
        assert(Set(matches.map(\.term)).count == matches.count, "Resolver.gather: the phone matches name each term once")
        for match in matches.prefix(explainedCandidates) {
            if let known = words.firstIndex(where: { $0.rank == match.term }) {
                gathered[known] = gathered[known].hearing(match)
                continue
            }
            guard match.score >= leastSoundScore else { continue }
            let alignment = NameAlignment(links: [], score: 0, weakestQueryWord: 0, termCoverage: 0)
            gathered.append(Candidate(term: index.store.text(of: match.term), rank: match.term, score: match.score,
                                      alignment: alignment, reading: soundOnly,
                                      termTokens: index.firstReadingTokens(ofTermAt: match.term),
                                      identifier: index.identifier(of: match.term), phones: match))
        }
        return gathered
    }

    /// The reading named on a candidate only the phones found.
    static let soundOnly = "sound only"

    /// The score stage: the best candidates by either matcher (at least ``leastEvidence`` by one of them), each
    /// heard in full (its phones aligned with the query's when the postings did not reach it), their features
    /// computed against each other, and their probabilities; most probable first, then the rest unweighed
    /// (up to ``explainedCandidates`` in all) when `keepingUnweighed`.
    func score(_ gathered: [Candidate], queryTokens: [MatchToken], hearing: PhoneQuery, matcher: PhoneMatcher,
               language: String, model: DecisionModel, keepingUnweighed: Bool = true) -> [Candidate] {
        func wordScore(_ candidate: Candidate) -> Double { candidate.isFoundBySoundOnly ? 0 : candidate.score }
        func combined(_ candidate: Candidate) -> Double { max(wordScore(candidate), candidate.phones?.score ?? 0) }
        // Best first by the better of the two scores, then by rank, then as gathered. Each score is worked out
        // once and the positions sorted, not the candidates: a comparison read both sides' scores (whether a
        // candidate was found by sound alone is a comparison of strings), and a candidate is a large value to move.
        let gatheredScores = gathered.map(combined)
        let order = gathered.indices.sorted { a, b in
            if gatheredScores[a] != gatheredScores[b] { return gatheredScores[a] > gatheredScores[b] }
            return gathered[a].rank != gathered[b].rank ? gathered[a].rank < gathered[b].rank : a < b
        }
        // A term neither matcher finds at least half similar is not weighed (and keeps no probability): the
        // model was not trained on such noise, and an answer or a question about it would make no sense.
        let weighedCount = order.prefix { gatheredScores[$0] >= Self.leastEvidence }.count
        var best = order.prefix(min(weighedCount, Self.scoredCandidates)).map { gathered[$0] }
        let unweighed = keepingUnweighed
            ? order.dropFirst(best.count).prefix(max(0, Self.explainedCandidates - best.count)).map { gathered[$0] } : []
        // Heard in full: the candidates the phones did not reach or did not detail, and a term the words found
        // with a pronunciation the postings do not hold ("maya lima" of Maya de Lima), whose postings' match may
        // not be its best.
        let unheard = best.indices.filter {
            best[$0].phones == nil || best[$0].phones?.weakestQueryWord == nil
                || (!best[$0].isFoundBySoundOnly && matcher.hasUnpostedPronunciation(ofTerm: best[$0].rank))
        }
        // A candidate the postings reached keeps its pronunciation's match: only the term's others are aligned.
        let known = unheard.contains { best[$0].phones != nil } ? unheard.map { best[$0].phones } : []
        let heardMatches = matcher.matches(hearing.prepared, terms: unheard.map { best[$0].rank }, known: known)
        for (position, heard) in zip(unheard, heardMatches) {
            let candidate = best[position]
            if let heard, heard.score >= (candidate.phones?.score ?? 0) { best[position] = candidate.hearing(heard) }
            else if let known = candidate.phones, known.weakestQueryWord == nil {
                best[position] = candidate.hearing(matcher.detailed(known, prepared: hearing.prepared))
            }
        }
        // The query's words that are, as written, words of the list: one of them missing from a candidate is
        // another contact's name clearly heard ("wellington cavalcanti" against Washington Cavalcanti and
        // Wellington Lima).
        let listWords = queryTokens.filter { index.words.id(of: $0.folded).map { !index.words.postings(of: Int($0)).isEmpty } ?? false }
        // The prepared query holds them: its codes are the phones without boundaries, its said codes those
        // outside filler words.
        let queryPhones = hearing.prepared.codes.count
        let fillerPhones = queryPhones - hearing.prepared.saidCodes.count
        let scores = best.map(combined)
        let wordScores = best.map(wordScore)
        let phoneScores = best.map { $0.phones?.score ?? 0 }
        func bestOther(_ values: [Double], _ position: Int) -> Double {
            var best: Double?
            for (other, value) in values.enumerated() where other != position { best = max(best ?? value, value) }
            return best ?? 0
        }
        // Worked out for all before any is stored: a candidate read from an array changed in the same loop was
        // copied (a dozen reference-counted fields).
        let features = best.indices.map { position -> CandidateFeatures in
            let candidate = best[position]
            let own = scores[position]
            var inputs = CandidateFeatures.Inputs()
            if !candidate.isFoundBySoundOnly {
                inputs.wordScore = candidate.score
                inputs.wordWeakest = candidate.alignment.weakestQueryWord
                inputs.wordCoverage = candidate.alignment.termCoverage
                inputs.exactWords = candidate.alignment.weakestQueryWord >= Self.exactWord
            }
            if let heard = candidate.phones {
                inputs.phoneSimilarity = heard.similarity
                inputs.phoneScore = heard.score
                inputs.phoneWeakest = heard.weakestWord ?? heard.similarity
                inputs.phoneQueryWeakest = matcher.weakestQueryWord(of: heard, query: hearing.prepared)
                inputs.phoneCoverage = heard.coverage
                if let strongest = heard.strongestWord, let weakest = heard.weakestWord { inputs.phoneSpread = strongest - weakest }
                inputs.termPhones = matcher.variantPhoneCount(of: heard)
            }
            inputs.gap = own - bestOther(scores, position)
            inputs.wordGap = wordScores[position] - bestOther(wordScores, position)
            inputs.phoneGap = phoneScores[position] - bestOther(phoneScores, position)
            inputs.nearCount = scores.indices.reduce(0) { $0 + ($1 != position && scores[$1] >= own - 0.05 ? 1 : 0) }
            inputs.sharedWords = index.termsSharingWords(with: candidate.rank)
            inputs.listSize = index.count
            inputs.fillerShare = queryPhones > 0 ? Double(fillerPhones) / Double(queryPhones) : 0
            inputs.queryPhones = queryPhones - fillerPhones
            inputs.language = language
            inputs.wholeAndAlone = inputs.exactWords && inputs.wordCoverage >= 1 && inputs.wordGap >= Self.aloneByWords
            inputs.exactAndAlone = inputs.exactWords && inputs.wordGap >= Self.aloneByWords
            inputs.contradicted = listWords.contains { word in !candidate.termTokens.contains { $0.folded == word.folded } }
            return CandidateFeatures(inputs)
        }
        let probabilities = model.probabilities(features)
        for position in best.indices {
            best[position].features = features[position]
            best[position].probability = probabilities[position]
        }
        // Sorted and extended in place: `sorted` and `+` each copied every candidate.
        best.sort { $0.probability! != $1.probability! ? $0.probability! > $1.probability! : $0.rank < $1.rank }
        best.append(contentsOf: unweighed)
        return best
    }

    /// How many of the best candidates are kept for explanations.
    static let explainedCandidates = 12
}
