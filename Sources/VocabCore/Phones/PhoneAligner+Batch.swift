extension PhoneAligner {
    /// Where one term phone string lies in a shared buffer of codes (boundaries dropped).
    struct CodeSpan: Sendable, Hashable {
        /// The offset of its first code.
        var start: Int
        /// How many codes it has.
        var count: Int
    }

    /// How many alignments run side by side: one lane of a SIMD register each.
    static let lanes = 8
    /// The fewest alignments run side by side: fewer are run one at a time (the lanes' gathers and minima
    /// cost about twice one alignment's steps; `vocab bench`, BENCHMARKS.md).
    static let fewestSideBySide = 3

    /// ``similarity(_:term:)`` of one query against many term phone strings, ``lanes`` alignments at a time in
    /// SIMD registers (one term per lane, the query's rows shared). Each lane makes the same additions and
    /// takes the same minima in the same order as the one-term alignment, so every result is bit for bit the
    /// one ``similarity(_:term:)`` gives; a lane shorter than the widest of its batch computes columns past its
    /// end that nothing reads (a cell depends only on cells to its left and above).
    ///
    /// - Parameters:
    ///   - query: The prepared query.
    ///   - codes: The buffer the spans point into.
    ///   - spans: The term phone strings.
    ///   - prefixes: Empty, or for each span how many of its first phones to read a similarity of as well
    ///     (0: none), as ``similarity(_:term:prefix:)`` reads it off the same table.
    /// - Returns: One similarity per span, in order; when `prefixes` is given, followed by one per span's prefix
    ///   (0 where it asked for none).
    func similarities(_ query: PreparedQuery, codes: UnsafePointer<UInt8>, spans: [CodeSpan], prefixes: [Int] = []) -> [Float] {
        precondition(prefixes.isEmpty || prefixes.count == spans.count, "PhoneAligner: one prefix (or 0) per span, or none")
        let reads = prefixes.isEmpty ? 1 : 2
        // Too few to fill the lanes: one at a time is quicker.
        func alone(_ position: Int, into results: UnsafeMutableBufferPointer<Float>) {
            let span = spans[position]
            let found = similarity(query, term: UnsafeBufferPointer(start: codes + span.start, count: span.count),
                                   prefix: prefixes.isEmpty ? 0 : prefixes[position])
            results[position] = found.whole
            if reads == 2 { results[spans.count + position] = found.prefix }
        }
        guard spans.count >= Self.fewestSideBySide else {
            return [Float](unsafeUninitializedCapacity: reads * spans.count) { results, initialized in
                for position in spans.indices { alone(position, into: results) }
                initialized = reads * spans.count
            }
        }
        let widest = spans.reduce(0) { max($0, $1.count) }
        return [Float](unsafeUninitializedCapacity: reads * spans.count) { results, initialized in
            costs.withTables { tables in
                // Per batch: the lanes' codes column by column, their drop costs, and two rows of the table (each
                // buffer apart, so that each stays small enough for the stack).
                withUnsafeTemporaryAllocation(of: Lanes.self, capacity: widest + 1) { previous in
                withUnsafeTemporaryAllocation(of: Lanes.self, capacity: widest + 1) { current in
                withUnsafeTemporaryAllocation(of: Lanes.self, capacity: widest + 1) { drops in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.lanes * max(widest, 1)) { columns in
                        query.codes.withUnsafeBufferPointer { queryCodes in
                            query.skips.withUnsafeBufferPointer { skips in
                                // Terms of like length side by side, so that few lanes run past their end.
                                let order = Self.byLength(spans, widest: widest)
                                let sorted = order.map { spans[$0] }
                                withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * Self.lanes) { aligned in
                                    var first = 0
                                    while first < sorted.count {
                                        let batch = sorted[first..<min(first + Self.lanes, sorted.count)]
                                        guard batch.count >= Self.fewestSideBySide else {
                                            // The last batch, too short for the lanes.
                                            for lane in batch.indices { alone(order[lane], into: results) }
                                            break
                                        }
                                        var lanePrefixes = SIMD8<Int32>(repeating: 0)
                                        if reads == 2 {
                                            for lane in batch.indices { lanePrefixes[lane - first] = Int32(prefixes[order[lane]]) }
                                        }
                                        alignBatch(batch, codes: codes, queryCodes: queryCodes, skips: skips,
                                                   weight: query.weight, tables: tables,
                                                   rows: (previous.baseAddress!, current.baseAddress!, drops.baseAddress!),
                                                   columns: columns.baseAddress!, prefixes: lanePrefixes,
                                                   into: aligned.baseAddress!)
                                        for lane in 0..<batch.count {
                                            results[order[first + lane]] = aligned[lane]
                                            if reads == 2 { results[spans.count + order[first + lane]] = aligned[Self.lanes + lane] }
                                        }
                                        first += Self.lanes
                                    }
                                }
                            }
                        }
                    }
                }
                }
                }
            }
            initialized = reads * spans.count
        }
    }

    /// The positions of the spans, shortest first (a counting sort: the lengths are small).
    private static func byLength(_ spans: [CodeSpan], widest: Int) -> [Int] {
        // The counts on the stack, the order built by appending: `Array(repeating:)` would look the storage
        // type up at run time for each (see `Array(filledWith:count:)`).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: widest + 2) { starts in
            starts.initialize(repeating: 0)
            for span in spans { starts[span.count + 1] += 1 }
            for length in 0...widest { starts[length + 1] += starts[length] }
            var order: [Int] = []
            order.reserveCapacity(spans.count)
            for _ in spans.indices { order.append(0) }
            for (position, span) in spans.enumerated() {
                order[starts[span.count]] = position
                starts[span.count] += 1
            }
            return order
        }
    }

    /// One similarity per lane.
    typealias Lanes = SIMD8<Float>

    /// The values of a table at each lane's index.
    @inline(__always)
    private static func gather(_ table: UnsafePointer<Float>, _ index: UnsafePointer<Int32>) -> Lanes {
        Lanes(table[Int(index[0])], table[Int(index[1])], table[Int(index[2])], table[Int(index[3])],
              table[Int(index[4])], table[Int(index[5])], table[Int(index[6])], table[Int(index[7])])
    }

    /// The values of two tables at each lane's index, the indices read once.
    @inline(__always)
    private static func gather(_ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>,
                               _ index: UnsafePointer<Int32>) -> (Lanes, Lanes) {
        let (i0, i1, i2, i3) = (Int(index[0]), Int(index[1]), Int(index[2]), Int(index[3]))
        let (i4, i5, i6, i7) = (Int(index[4]), Int(index[5]), Int(index[6]), Int(index[7]))
        return (Lanes(first[i0], first[i1], first[i2], first[i3], first[i4], first[i5], first[i6], first[i7]),
                Lanes(second[i0], second[i1], second[i2], second[i3], second[i4], second[i5], second[i6], second[i7]))
    }

    /// Aligns the query with up to ``lanes`` spans at once (see ``similarities(_:codes:spans:prefixes:)``).
    private func alignBatch(_ batch: ArraySlice<CodeSpan>, codes: UnsafePointer<UInt8>,
                            queryCodes: UnsafeBufferPointer<UInt8>, skips: UnsafeBufferPointer<Float>, weight: Float,
                            tables: PhoneCosts.Tables,
                            rows: (UnsafeMutablePointer<Lanes>, UnsafeMutablePointer<Lanes>, UnsafeMutablePointer<Lanes>),
                            columns: UnsafeMutablePointer<Int32>, prefixes: SIMD8<Int32>,
                            into results: UnsafeMutablePointer<Float>) {
        let width = batch.reduce(0) { max($0, $1.count) }
        var (previous, current) = (rows.0, rows.1)
        let drops = rows.2
        // Each lane's codes column by column; a lane past its end, or with no term, reads code 0 (the boundary,
        // which weighs nothing and costs nothing to drop, so the sums below take exact zeros there).
        columns.initialize(repeating: 0, count: width * Self.lanes)
        for lane in batch.indices {
            let span = batch[lane]
            let laneColumns = columns + (lane - batch.startIndex)
            for column in 0..<span.count { laneColumns[column * Self.lanes] = Int32(codes[span.start + column]) }
        }
        // What each lane's term weighs, summed in the one-term alignment's order, and its drop costs.
        var termWeights = Lanes(repeating: 0)
        for column in 0..<width {
            let code = columns + column * Self.lanes
            termWeights += Self.gather(tables.weights.baseAddress!, code)
            drops[column] = Self.gather(tables.drops.baseAddress!, code)
        }
        previous[0] = Lanes(repeating: 0)
        for column in 0..<width { previous[column + 1] = previous[column] + drops[column] }
        let substitutions = tables.substitutions.baseAddress!
        // Two rows at a time, column by column: the second row's cell takes the first's just made (above) and the
        // first's of the column before (diagonal) from registers, and both rows read the lanes' codes once. Every
        // cell is the same sum and minima of the same values as one row at a time makes, so bit for bit the same.
        let rowCount = queryCodes.count
        var row = 0
        while row + 1 < rowCount {
            let firstAddition = Lanes(repeating: skips[row])
            let secondAddition = Lanes(repeating: skips[row + 1])
            let firstCosts = substitutions + Int(queryCodes[row]) * tables.count
            let secondCosts = substitutions + Int(queryCodes[row + 1]) * tables.count
            var firstLeft = previous[0] + firstAddition
            var secondLeft = firstLeft + secondAddition
            current[0] = secondLeft
            for column in 0..<width {
                let (firstGathered, secondGathered) = Self.gather(firstCosts, secondCosts, columns + column * Self.lanes)
                let drop = drops[column]
                let firstSubstitution = previous[column] + firstGathered
                let firstSkipQuery = previous[column + 1] + firstAddition
                let firstSkipTerm = firstLeft + drop
                let firstKept = firstSkipTerm.replacing(with: firstSkipQuery, where: firstSkipQuery .< firstSkipTerm)
                let firstCell = firstKept.replacing(with: firstSubstitution, where: firstSubstitution .< firstKept)
                let secondSubstitution = firstLeft + secondGathered
                let secondSkipQuery = firstCell + secondAddition
                let secondSkipTerm = secondLeft + drop
                let secondKept = secondSkipTerm.replacing(with: secondSkipQuery, where: secondSkipQuery .< secondSkipTerm)
                secondLeft = secondKept.replacing(with: secondSubstitution, where: secondSubstitution .< secondKept)
                firstLeft = firstCell
                current[column + 1] = secondLeft
            }
            swap(&previous, &current)
            row += 2
        }
        if row < rowCount {
            let addition = Lanes(repeating: skips[row])
            let costs = substitutions + Int(queryCodes[row]) * tables.count
            var left = previous[0] + addition
            current[0] = left
            for column in 0..<width {
                let code = columns + column * Self.lanes
                let substitution = previous[column] + Self.gather(costs, code)
                let skipQuery = previous[column + 1] + addition
                let skipTerm = left + drops[column]
                // The minimum of the three, as the one-term alignment takes it (exact: no rounding in a minimum).
                let kept = skipTerm.replacing(with: skipQuery, where: skipQuery .< skipTerm)
                left = kept.replacing(with: substitution, where: substitution .< kept)
                current[column + 1] = left
            }
            swap(&previous, &current)
        }
        for lane in 0..<batch.count {
            let span = batch[batch.startIndex + lane]
            results[lane] = Self.similarity(cost: previous[span.count][lane], query: weight, term: termWeights[lane])
            // A prefix's own similarity (``similarity(_:term:prefix:)``): its column, and its weight summed in the
            // one-term alignment's order.
            let prefix = Int(prefixes[lane])
            guard prefix > 0 else { results[Self.lanes + lane] = 0; continue }
            var prefixWeight: Float = 0
            for column in 0..<prefix { prefixWeight += tables.weights[Int(codes[span.start + column])] }
            results[Self.lanes + lane] = Self.similarity(cost: previous[prefix][lane], query: weight, term: prefixWeight)
        }
    }
}

extension PhoneAligner {
    /// ``similarity(query:filler:term:)`` of one query against many terms, run side by side: the same values,
    /// bit for bit, in the order of `terms`.
    public func similarities(query: [Phone], filler: [Bool], terms: [ArraySlice<Phone>]) -> [Float] {
        let prepared = prepare(query: query, filler: filler)
        var codes: [UInt8] = []
        var spans: [CodeSpan] = []
        for term in terms {
            let start = codes.count
            codes += Self.spokenCodes(term)
            spans.append(CodeSpan(start: start, count: codes.count - start))
        }
        codes.append(0)  // a buffer to point into when every term is empty
        return codes.withUnsafeBufferPointer { similarities(prepared, codes: $0.baseAddress!, spans: spans) }
    }
}
