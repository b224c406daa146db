extension PhoneMatcher {
    /// A term's best variant when a one-word query is said exactly as the first word of its first pronunciation
    /// ("maria" against Maria Lopez Garcia: a first name said alone), found without aligning anything; `nil` when
    /// that cannot be shown, and the term is aligned as any other.
    ///
    /// That word alone then aligns at no cost (similarity 1, as ``isSaidExactly(_:as:)`` finds for a whole), and
    /// no variant of any of the term's pronunciations can beat it:
    /// - a whole or a rotation of a pronunciation of more phones than the query leaves at least the difference
    ///   unpaired, each costing at least the cheapest drop among them (no pairing costs less than nothing), so
    ///   its similarity is at most `1 − (n − m) × cheapest drop / heavier weight` (``LengthBound``), which must fall
    ///   short of the word alone's score;
    /// - a compound first name alone (``PhoneIndex/leads``) has more phones than the query too (it holds the
    ///   first word and more), so the same bound at its coverage must fall short as well;
    /// - a word alone of any pronunciation scores at most a similarity of 1 at its coverage, which for as many
    ///   words or more is at most the same score, and a tie keeps the variant tried first.
    /// Aligning every variant would choose this one (`bestVariants` tries the word alone after the whole and the
    /// rotations, and takes a later variant only when it scores more), so the answer is the same, bit for bit.
    ///
    /// - Parameter prepared: A plain query (``isPlain(_:)``) of one word.
    func firstWordSaidExactly(_ prepared: PhoneAligner.PreparedQuery, pronunciations: Range<Int>) -> VariantMatch? {
        let first = pronunciations.lowerBound
        let wordEnds = index.wordEnds[Int(index.wordStarts[first])..<Int(index.wordStarts[first + 1])]
        guard wordEnds.count > 1, Int(wordEnds.first!) == prepared.codes.count else { return nil }
        let range = index.spokenRange(of: first)
        guard index.spokenCodes[range.lowerBound..<(range.lowerBound + prepared.codes.count)].elementsEqual(prepared.codes)
        else { return nil }
        let words = wordEnds.count
        let alone = Self.variantScore(1, coverage: 1 / Double(words), penalty: 0)
        let beaten = aligner.costs.withTables { tables in
            pronunciations.allSatisfy { pronunciation in
                let count = Int(index.wordStarts[pronunciation + 1] - index.wordStarts[pronunciation])
                guard count >= words else { return false }
                let range = index.spokenRange(of: pronunciation)
                let most = LengthBound(index.spokenCodes[range], tables: tables).similarity(to: prepared)
                guard Self.variantScore(Double(most), coverage: 1, penalty: 0) < alone else { return false }
                guard let name = index.firstName(of: pronunciation), name.words > 1 else { return true }
                let leadMost = LengthBound(index.spokenCodes[range.lowerBound..<(range.lowerBound + name.phones)],
                                           tables: tables).similarity(to: prepared)
                let coverage = Double(name.words) / Double(count)
                return Self.variantScore(Double(leadMost), coverage: coverage, penalty: 0) < alone
            }
        }
        guard beaten else { return nil }
        return VariantMatch(pronunciation: first, term: Int(index.owners[first]), similarity: 1, score: alone,
                            coverage: 1 / Double(words), kind: .alone, detail: 0, words: words)
    }

    /// The most a whole phone string can be similar to a query, from the two lengths: of the longer, at least the
    /// difference goes unpaired, and each unpaired term phone costs at least the cheapest drop among them (each
    /// query phone at least the cheapest skip).
    struct LengthBound {
        let count: Int
        let weight: Float
        let cheapestDrop: Float

        /// How far above the bound a similarity is taken to be possible: the bound sums in another order than the
        /// alignment, so the two may differ in their last bits.
        static let margin: Float = 1e-3

        init(_ codes: ArraySlice<UInt8>, tables: PhoneCosts.Tables) {
            var weight: Float = 0
            var cheapest = Float.infinity
            for code in codes {
                weight += tables.weights[Int(code)]
                cheapest = min(cheapest, tables.drops[Int(code)])
            }
            count = codes.count
            self.weight = weight
            cheapestDrop = cheapest
        }

        /// The bound on the similarity to `query`, plus ``margin``, at most 1.
        func similarity(to query: PhoneAligner.PreparedQuery) -> Float {
            let extra = count - query.codes.count
            let least: Float
            if extra > 0 {
                least = Float(extra) * cheapestDrop
            } else if extra < 0 {
                least = Float(-extra) * (query.skips.min() ?? 0)
            } else {
                least = 0
            }
            return min(1, PhoneAligner.similarity(cost: least, query: query.weight, term: weight) + Self.margin)
        }
    }
}
