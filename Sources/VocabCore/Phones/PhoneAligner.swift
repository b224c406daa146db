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
        costs.withTables { tables in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * (term.count + 1)) { buffer in
                var previous = UnsafeMutableBufferPointer(rebasing: buffer[0..<(term.count + 1)])
                var current = UnsafeMutableBufferPointer(rebasing: buffer[(term.count + 1)...])
                previous[0] = 0
                var termWeight: Float = 0
                var columns = 1
                for phone in term where phone != .boundary {
                    termWeight += tables.weights[Int(phone.code)]
                    previous[columns] = previous[columns - 1] + tables.drops[Int(phone.code)]
                    columns += 1
                }
                var queryWeight: Float = 0
                for (row, phone) in query.enumerated() where phone != .boundary {
                    let addition = filler[row] ? Self.fillerCost : tables.additions[Int(phone.code)]
                    if !filler[row] { queryWeight += tables.weights[Int(phone.code)] }
                    current[0] = previous[0] + addition
                    var column = 1
                    let base = Int(phone.code) * tables.count
                    for other in term where other != .boundary {
                        let substitution = previous[column - 1] + tables.substitutions[base + Int(other.code)]
                        let skipQuery = previous[column] + addition
                        let skipTerm = current[column - 1] + tables.drops[Int(other.code)]
                        current[column] = min(substitution, min(skipQuery, skipTerm))
                        column += 1
                    }
                    swap(&previous, &current)
                }
                let weight = max(queryWeight, termWeight)
                guard weight > 0 else { return 0 }
                return max(0, 1 - previous[columns - 1] / weight)
            }
        }
    }

    /// How well each word of the term and of the query was matched, from one alignment: for each word, one
    /// minus the cost of the best alignment's steps on its phones over the word's weight. On the term's side,
    /// query phones said between two term phones count against the word they precede, filler phones left out
    /// ("Washington Cavalcanti" for "Wellington Cavalcanti" aligns well overall, but its first word does not);
    /// on the query's side, a term phone left unsaid counts against the query word it falls in or before, and
    /// filler words are left out ("jennifer rodriguez" against Jenna Rodriguez: its first word has phones the
    /// term never says).
    public func wordSimilarities(query: [Phone], filler: [Bool], term: ArraySlice<Phone>) -> (term: [Double], query: [Double]) {
        // The words of each side, and what each weighs.
        var termWordOf: [Int] = []
        var termWeights: [Float] = []
        for phone in term {
            if phone == .boundary {
                if !(termWeights.last.map { $0 == 0 } ?? true) || termWeights.isEmpty { termWeights.append(0) }
                continue
            }
            if termWeights.isEmpty { termWeights.append(0) }
            termWordOf.append(termWeights.count - 1)
            termWeights[termWeights.count - 1] += costs.indel(phone)
        }
        var queryWordOf: [Int] = []
        var queryWeights: [Float] = []
        var isFillerWord: [Bool] = []
        var startsWord = true
        for (position, phone) in query.enumerated() {
            if phone == .boundary { startsWord = true; continue }
            if startsWord { queryWeights.append(0); isFillerWord.append(filler[position]); startsWord = false }
            queryWordOf.append(queryWeights.count - 1)
            queryWeights[queryWeights.count - 1] += costs.indel(phone)
        }
        var termSpent = [Float](repeating: 0, count: termWeights.count)
        var querySpent = [Float](repeating: 0, count: queryWeights.count)
        var termPosition = 0
        var queryPosition = 0
        for step in steps(query: query, filler: filler, term: term) {
            switch step {
            case .pair(_, _, let cost):
                termSpent[termWordOf[termPosition]] += cost
                querySpent[queryWordOf[queryPosition]] += cost
                termPosition += 1
                queryPosition += 1
            case .extraInQuery(_, let cost, let isFiller):
                if !isFiller && !termWordOf.isEmpty { termSpent[termWordOf[min(termPosition, termWordOf.count - 1)]] += cost }
                querySpent[queryWordOf[queryPosition]] += cost
                queryPosition += 1
            case .missingFromQuery(_, let cost):
                termSpent[termWordOf[termPosition]] += cost
                if !queryWordOf.isEmpty { querySpent[queryWordOf[min(queryPosition, queryWordOf.count - 1)]] += cost }
                termPosition += 1
            }
        }
        func similarities(_ spent: [Float], _ weights: [Float]) -> [Double] {
            zip(spent, weights).map { spent, weight in weight > 0 ? Double(max(0, 1 - spent / weight)) : 0 }
        }
        let queryWords = similarities(querySpent, queryWeights)
        return (similarities(termSpent, termWeights), queryWords.indices.filter { !isFillerWord[$0] }.map { queryWords[$0] })
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
        let q = query.indices.filter { query[$0] != .boundary }
        let t = Array(term.filter { $0 != .boundary })
        let width = t.count + 1
        var table = [Float](repeating: 0, count: (q.count + 1) * width)
        func deletion(_ row: Int) -> Float { filler[q[row]] ? Self.fillerCost : costs.addition(query[q[row]]) }
        for column in t.indices { table[column + 1] = table[column] + costs.drop(t[column]) }
        for row in q.indices {
            let above = row * width
            let here = above + width
            let removal = deletion(row)
            table[here] = table[above] + removal
            for column in t.indices {
                table[here + column + 1] = min(table[above + column] + costs.substitution(query[q[row]], t[column]),
                                               table[above + column + 1] + removal,
                                               table[here + column] + costs.drop(t[column]))
            }
        }
        var steps: [Step] = []
        var row = q.count
        var column = t.count
        while row > 0 || column > 0 {
            if row > 0, column > 0,
               table[row * width + column]
                == table[(row - 1) * width + column - 1] + costs.substitution(query[q[row - 1]], t[column - 1]) {
                steps.append(.pair(query[q[row - 1]], t[column - 1], costs.substitution(query[q[row - 1]], t[column - 1])))
                row -= 1
                column -= 1
            } else if row > 0, table[row * width + column] == table[(row - 1) * width + column] + deletion(row - 1) {
                steps.append(.extraInQuery(query[q[row - 1]], deletion(row - 1), isFiller: filler[q[row - 1]]))
                row -= 1
            } else {
                steps.append(.missingFromQuery(t[column - 1], costs.drop(t[column - 1])))
                column -= 1
            }
        }
        return steps.reversed()
    }
}
