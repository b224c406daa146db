/// Aligns a query's phones with a term's, across word boundaries: a weighted edit distance whose costs come
/// from ``PhoneCosts`` (cheap for voicing, vowel quality, dropped h or r, or for what the listener's recognizer
/// was seen to confuse), and where the query's filler
/// words ("the", "and") are cheap to skip. Boundaries are ignored, so a surname split into two words
/// ("sand oval") or particles said as one word ("vandenberg") align like any other phones.
public struct PhoneAligner: Sendable {
    /// The costs.
    public let costs: PhoneCosts
    /// What skipping one phone of a filler word costs.
    public static let fillerCost: Float = 0.08

    /// Creates an aligner.
    public init(costs: PhoneCosts) { self.costs = costs }

    /// The similarity of two phone strings, 0…1: one minus the alignment's cost over the larger of the two
    /// strings' weights (the cost of deleting all of one; filler words weigh nothing).
    ///
    /// - Parameters:
    ///   - query: The query's phones (boundaries allowed; ignored).
    ///   - filler: For each query phone, whether it belongs to a filler word.
    ///   - term: The term's phones (boundaries allowed; ignored).
    public func similarity(query: [Phone], filler: [Bool], term: ArraySlice<Phone>) -> Float {
        let prepared = prepare(query: query, filler: filler)
        let codes = Self.spokenCodes(term)
        return codes.withUnsafeBufferPointer { similarity(prepared, term: $0) }
    }

    /// The codes of a phone string's phones, word boundaries dropped (what the alignments read).
    static func spokenCodes(_ phones: some Sequence<Phone>) -> [UInt8] {
        phones.compactMap { $0 == .boundary ? nil : $0.code }
    }

    /// A query's phones made ready for many alignments: the codes of its phones (boundaries dropped), what
    /// leaving each out costs (``fillerCost`` in a filler word), and its weight (filler words weigh nothing).
    /// (A class: every alignment of a resolution reads it, and as a struct of eight arrays each closure that
    /// captured it retained and released every one.)
    public final class PreparedQuery: Sendable {
        /// The query's phone codes, boundaries dropped.
        let codes: [UInt8]
        /// The codes of the phones outside filler words (what the phone index's keys are read from).
        let saidCodes: [UInt8]
        /// What leaving each of those phones out of an alignment costs.
        let skips: [Float]
        /// Whether each of those phones belongs to a filler word.
        let isFiller: [Bool]
        /// The sum of the weights of the phones outside filler words.
        let weight: Float
        /// The word each of those phones belongs to.
        let wordOf: [Int]
        /// What each word weighs (filler words too).
        let wordWeights: [Float]
        /// Whether each word is a filler word.
        let isFillerWord: [Bool]

        init(codes: [UInt8], saidCodes: [UInt8], skips: [Float], isFiller: [Bool], weight: Float, wordOf: [Int],
             wordWeights: [Float], isFillerWord: [Bool]) {
            self.codes = codes
            self.saidCodes = saidCodes
            self.skips = skips
            self.isFiller = isFiller
            self.weight = weight
            self.wordOf = wordOf
            self.wordWeights = wordWeights
            self.isFillerWord = isFillerWord
        }
    }

    /// Prepares a query's phones once for the alignments of one resolution.
    public func prepare(query: [Phone], filler: [Bool]) -> PreparedQuery {
        var codes: [UInt8] = []
        var saidCodes: [UInt8] = []
        var skips: [Float] = []
        var isFiller: [Bool] = []
        var wordOf: [Int] = []
        var wordWeights: [Float] = []
        var isFillerWord: [Bool] = []
        codes.reserveCapacity(query.count)
        saidCodes.reserveCapacity(query.count)
        skips.reserveCapacity(query.count)
        isFiller.reserveCapacity(query.count)
        wordOf.reserveCapacity(query.count)
        var weight: Float = 0
        costs.withTables { tables in
            var startsWord = true
            for (position, phone) in query.enumerated() {
                if phone == .boundary { startsWord = true; continue }
                if startsWord { wordWeights.append(0); isFillerWord.append(filler[position]); startsWord = false }
                let code = Int(phone.code)
                codes.append(phone.code)
                isFiller.append(filler[position])
                skips.append(filler[position] ? Self.fillerCost : tables.additions[code])
                if !filler[position] {
                    weight += tables.weights[code]
                    saidCodes.append(phone.code)
                }
                wordOf.append(wordWeights.count - 1)
                wordWeights[wordWeights.count - 1] += tables.weights[code]
            }
        }
        return PreparedQuery(codes: codes, saidCodes: saidCodes, skips: skips, isFiller: isFiller, weight: weight,
                             wordOf: wordOf, wordWeights: wordWeights, isFillerWord: isFillerWord)
    }

    /// ``similarity(query:filler:term:)`` of a prepared query and a term's phone codes (no boundaries): two
    /// rows of the cost table on the stack, the term's drop costs gathered once.
    func similarity(_ query: PreparedQuery, term: UnsafeBufferPointer<UInt8>) -> Float {
        similarity(query, term: term, prefix: 0).whole
    }

    /// ``similarity(_:term:)``, and the similarity of the term's first `prefix` phones alone (0 when `prefix`
    /// is 0). The table's columns up to `prefix` are the same as that shorter alignment's (a cell depends only
    /// on the cells to its left and above), and the prefix's weight is summed in the same order, so the value
    /// read off here is bit for bit the one aligning the prefix alone gives: a name's first word comes with
    /// the whole name's alignment.
    func similarity(_ query: PreparedQuery, term: UnsafeBufferPointer<UInt8>, prefix: Int) -> (whole: Float, prefix: Float) {
        let columns = term.count
        precondition((0...columns).contains(prefix), "PhoneAligner: a prefix of at most the term's phones")
        return costs.withTables { tables in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * (columns + 1)) { buffer in
                let base = buffer.baseAddress!
                var previous = base
                var current = base + (columns + 1)
                let drops = base + 2 * (columns + 1)
                previous[0] = 0
                var termWeight: Float = 0
                var prefixWeight: Float = 0
                for column in 0..<columns {
                    let code = Int(term[column])
                    termWeight += tables.weights[code]
                    if column + 1 == prefix { prefixWeight = termWeight }
                    drops[column] = tables.drops[code]
                    previous[column + 1] = previous[column] + drops[column]
                }
                let substitutions = tables.substitutions.baseAddress!
                query.codes.withUnsafeBufferPointer { codes in
                    query.skips.withUnsafeBufferPointer { skips in
                        for row in 0..<codes.count {
                            let addition = skips[row]
                            let costs = substitutions + Int(codes[row]) * tables.count
                            current[0] = previous[0] + addition
                            for column in 0..<columns {
                                let substitution = previous[column] + costs[Int(term[column])]
                                let skipQuery = previous[column + 1] + addition
                                let skipTerm = current[column] + drops[column]
                                current[column + 1] = min(substitution, min(skipQuery, skipTerm))
                            }
                            swap(&previous, &current)
                        }
                    }
                }
                return (Self.similarity(cost: previous[columns], query: query.weight, term: termWeight),
                        prefix > 0 ? Self.similarity(cost: previous[prefix], query: query.weight, term: prefixWeight) : 0)
            }
        }
    }

    /// One minus an alignment's cost over the larger of the two strings' weights, at least 0 (0 when both
    /// weigh nothing).
    @inline(__always)
    static func similarity(cost: Float, query: Float, term: Float) -> Float {
        let weight = max(query, term)
        guard weight > 0 else { return 0 }
        return max(0, 1 - cost / weight)
    }

    /// How well each word of the term and of the query was matched, from one alignment: for each word, one
    /// minus the cost of the best alignment's steps on its phones over the word's weight. On the term's side,
    /// query phones said between two term phones count against the word they precede, filler phones left out
    /// ("Washington Cavalcanti" for "Wellington Cavalcanti" aligns well overall, but its first word does not);
    /// on the query's side, a term phone left unsaid counts against the query word it falls in or before, and
    /// filler words are left out ("jennifer rodriguez" against Jenna Rodriguez: its first word has phones the
    /// term never says).
    public func wordSimilarities(query: [Phone], filler: [Bool], term: ArraySlice<Phone>) -> (term: [Double], query: [Double]) {
        wordSimilarities(prepare(query: query, filler: filler), term: Array(term))
    }

    /// ``wordSimilarities(query:filler:term:)`` with the query already prepared.
    func wordSimilarities(_ query: PreparedQuery, term: [Phone]) -> (term: [Double], query: [Double]) {
        withWordSimilarities(query, term: term) { termWords, queryWords in (Array(termWords), Array(queryWords)) }
    }

    /// The least and the greatest of ``wordSimilarities(query:filler:term:)``'s term words (`nil` when the term
    /// has none), and the least of its query words (0 when none): the same values, without making the arrays.
    func wordExtremes(_ query: PreparedQuery, term: [Phone]) -> (weakest: Double?, strongest: Double?, queryWeakest: Double) {
        withWordSimilarities(query, term: term) { termWords, queryWords in
            (termWords.min(), termWords.max(), queryWords.min() ?? 0)
        }
    }

    /// Runs `body` with the similarity of each term word and of each query word that is not a filler word (see
    /// ``wordSimilarities(query:filler:term:)``), in buffers on the stack: a query's best candidates each take
    /// one of these, and the arrays of their steps and words were a fifth of its cost.
    private func withWordSimilarities<Result>(
        _ query: PreparedQuery, term: [Phone],
        _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> Result
    ) -> Result {
        let capacity = max(1, term.count)
        // The term's codes, the word of each, and what each word weighs (at most one word per phone).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { codes in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { termWordOf in
        withUnsafeTemporaryAllocation(of: Float.self, capacity: capacity + 1) { termWeights in
            var count = 0
            var words = 0
            costs.withTables { tables in
                for phone in term {
                    if phone == .boundary {
                        if words == 0 || termWeights[words - 1] != 0 {
                            termWeights[words] = 0
                            words += 1
                        }
                        continue
                    }
                    if words == 0 {
                        termWeights[0] = 0
                        words = 1
                    }
                    termWordOf[count] = words - 1
                    termWeights[words - 1] += tables.weights[Int(phone.code)]
                    codes[count] = phone.code
                    count += 1
                }
            }
            let wordCount = query.wordWeights.count
            // What each word's phones cost, summed in the order of the alignment's steps.
            return withUnsafeTemporaryAllocation(of: Float.self, capacity: words + wordCount) { spent in
                spent.initialize(repeating: 0)
                let termSpent = UnsafeMutableBufferPointer(rebasing: spent[..<words])
                let querySpent = UnsafeMutableBufferPointer(rebasing: spent[words...])
                let queryWordOf = query.wordOf
                var termPosition = 0
                var queryPosition = 0
                forEachStep(query, term: UnsafeBufferPointer(rebasing: codes[..<count])) { kind, cost in
                    switch kind {
                    case .pair:
                        termSpent[termWordOf[termPosition]] += cost
                        querySpent[queryWordOf[queryPosition]] += cost
                        termPosition += 1
                        queryPosition += 1
                    case .extraInQuery:
                        if !query.isFiller[queryPosition] && count > 0 {
                            termSpent[termWordOf[min(termPosition, count - 1)]] += cost
                        }
                        querySpent[queryWordOf[queryPosition]] += cost
                        queryPosition += 1
                    case .missingFromQuery:
                        termSpent[termWordOf[termPosition]] += cost
                        if !queryWordOf.isEmpty { querySpent[queryWordOf[min(queryPosition, queryWordOf.count - 1)]] += cost }
                        termPosition += 1
                    }
                }
                func similarity(_ spent: Float, _ weight: Float) -> Double { weight > 0 ? Double(max(0, 1 - spent / weight)) : 0 }
                return withUnsafeTemporaryAllocation(of: Double.self, capacity: words + wordCount) { similarities in
                    for word in 0..<words { similarities[word] = similarity(termSpent[word], termWeights[word]) }
                    var said = 0
                    for word in 0..<wordCount where !query.isFillerWord[word] {
                        similarities[words + said] = similarity(querySpent[word], query.wordWeights[word])
                        said += 1
                    }
                    return body(UnsafeBufferPointer(rebasing: similarities[..<words]),
                                UnsafeBufferPointer(rebasing: similarities[words..<(words + said)]))
                }
            }
        }
        }
        }
    }

    /// One step of an explained alignment.
    public enum Step: Sendable, Hashable {
        /// Two phones aligned, with the cost.
        case pair(Phone, Phone, Float)
        /// A query phone with no partner (a filler's phone when `isFiller`).
        case extraInQuery(Phone, Float, isFiller: Bool)
        /// A term phone the query did not say.
        case missingFromQuery(Phone, Float)
    }

    /// The best alignment, step by step (for explanations; the similarity is ``similarity(query:filler:term:)``).
    public func steps(query: [Phone], filler: [Bool], term: ArraySlice<Phone>) -> [Step] {
        steps(prepare(query: query, filler: filler), term: Self.spokenCodes(term))
    }

    /// ``steps(query:filler:term:)`` of a prepared query and a term's phone codes (no boundaries).
    func steps(_ query: PreparedQuery, term: [UInt8]) -> [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(query.codes.count + term.count)
        var row = 0
        var column = 0
        term.withUnsafeBufferPointer { term in
            forEachStep(query, term: term) { kind, cost in
                switch kind {
                case .pair:
                    steps.append(.pair(Phone(code: query.codes[row]), Phone(code: term[column]), cost))
                    row += 1
                    column += 1
                case .extraInQuery:
                    steps.append(.extraInQuery(Phone(code: query.codes[row]), cost, isFiller: query.isFiller[row]))
                    row += 1
                case .missingFromQuery:
                    steps.append(.missingFromQuery(Phone(code: term[column]), cost))
                    column += 1
                }
            }
        }
        return steps
    }

    /// What a step of the best alignment does.
    enum StepKind {
        case pair, extraInQuery, missingFromQuery
    }

    /// Calls `body` with each step of the best alignment of a prepared query and a term's phone codes, first
    /// to last, with its cost: the whole cost table on the stack, the way back through it recorded on the stack
    /// too, then read forward.
    func forEachStep(_ query: PreparedQuery, term: UnsafeBufferPointer<UInt8>, _ body: (StepKind, Float) -> Void) {
        let rows = query.codes.count
        let width = term.count + 1
        costs.withTables { tables in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: (rows + 1) * width) { buffer in
                let table = buffer.baseAddress!
                let substitutions = tables.substitutions.baseAddress!
                func substitution(_ row: Int, _ column: Int) -> Float {
                    substitutions[Int(query.codes[row]) * tables.count + Int(term[column])]
                }
                func drop(_ column: Int) -> Float { tables.drops[Int(term[column])] }
                table[0] = 0
                for column in term.indices { table[column + 1] = table[column] + drop(column) }
                query.codes.withUnsafeBufferPointer { codes in
                    for row in 0..<rows {
                        let above = table + row * width
                        let here = above + width
                        let removal = query.skips[row]
                        let costs = substitutions + Int(codes[row]) * tables.count
                        here[0] = above[0] + removal
                        for column in 0..<term.count {
                            here[column + 1] = min(above[column] + costs[Int(term[column])],
                                                   min(above[column + 1] + removal,
                                                       here[column] + tables.drops[Int(term[column])]))
                        }
                    }
                }
                // The way back, last step first.
                withUnsafeTemporaryAllocation(of: (StepKind, Float).self, capacity: max(1, rows + term.count)) { way in
                    var taken = 0
                    var row = rows
                    var column = term.count
                    while row > 0 || column > 0 {
                        if row > 0, column > 0,
                           table[row * width + column] == table[(row - 1) * width + column - 1] + substitution(row - 1, column - 1) {
                            way[taken] = (.pair, substitution(row - 1, column - 1))
                            row -= 1
                            column -= 1
                        } else if row > 0, table[row * width + column] == table[(row - 1) * width + column] + query.skips[row - 1] {
                            way[taken] = (.extraInQuery, query.skips[row - 1])
                            row -= 1
                        } else {
                            way[taken] = (.missingFromQuery, drop(column - 1))
                            column -= 1
                        }
                        taken += 1
                    }
                    for position in stride(from: taken - 1, through: 0, by: -1) { body(way[position].0, way[position].1) }
                }
            }
        }
    }
}
