extension PhoneMatcher {
    /// The best variant of each pronunciation: the whole, rotated ("Last First", and for three words or more
    /// every rotation, see ``rotation(_:ofWords:)``), its compound first name alone (``PhoneIndex/leads``:
    /// "anne-claire" of Anne-Claire Clément), or one word alone. A variant whose best possible score (a
    /// similarity of 1) cannot beat the best so far of its pronunciation is not aligned.
    ///
    /// The variants are aligned in two rounds (every whole pronunciation, then the other variants that could
    /// still win), each round's alignments side by side (``PhoneAligner/similarities(_:codes:spans:prefixes:)``);
    /// within a pronunciation the order of trying, and so every choice, is that of aligning its variants one by
    /// one. A word alone is not aligned when an alignment begins with it (the whole with the first word, each
    /// rotation with another): its similarity is read off that alignment's table, the same value bit for bit.
    /// That spares most one-word alignments (4–7% of the instructions of a query the words do not settle).
    /// A compound first name is read off the whole's table the same way, in place of its first word alone
    /// (which is then aligned alone, as any other word).
    /// The whole pronunciations are read where the index keeps their codes (``PhoneIndex/spokenCodes``); only
    /// the rotations and the words aligned alone are copied, a word at a time (copying every candidate's phones
    /// was 3% of an absent name's instructions).
    ///
    /// - Parameter reach: Which variants are tried: with ``VariantReach/wholes``, only the first round (each whole
    ///   pronunciation, and its first word, or compound first name, alone off the same table).
    /// - Returns: One variant per pronunciation, in the order given.
    func bestVariants(_ query: PhoneAligner.PreparedQuery, pronunciations: [Int],
                      reach: VariantReach = .every) -> [VariantMatch] {
        guard !pronunciations.isEmpty else { return [] }
        // Where each pronunciation and each of its words lie in the index's codes (boundaries left out), and the
        // variant it keeps so far.
        var words: [PhoneAligner.CodeSpan] = []
        words.reserveCapacity(4 * pronunciations.count)
        var spans: [PhoneAligner.CodeSpan] = []
        spans.reserveCapacity(5 * pronunciations.count)
        var kept: [KeptVariant] = []
        kept.reserveCapacity(pronunciations.count)
        // How many phones each one's first word (or compound first name) holds, 0 for a name of one word.
        var firstNames: [Int] = []
        firstNames.reserveCapacity(pronunciations.count)
        for pronunciation in pronunciations {
            let range = index.spokenRange(of: pronunciation)
            let firstWord = words.count
            var wordStart = range.lowerBound
            for wordEnd in index.wordEnds[Int(index.wordStarts[pronunciation])..<Int(index.wordStarts[pronunciation + 1])] {
                let end = range.lowerBound + Int(wordEnd)
                words.append(.init(start: wordStart, count: end - wordStart))
                wordStart = end
            }
            spans.append(PhoneAligner.CodeSpan(start: range.lowerBound, count: range.count))
            let firstName = index.firstName(of: pronunciation)
            kept.append(KeptVariant(firstWord: firstWord, words: words.count - firstWord, lead: firstName?.words ?? 1))
            firstNames.append(firstName?.phones ?? 0)
        }
        // 1. Every whole pronunciation, read where the index keeps it, and with it its first word (or compound first
        // name) alone (the same table's first columns, ``PhoneAligner/similarity(_:term:prefix:)``).
        let wholes = index.spokenCodes.withUnsafeBufferPointer {
            aligner.similarities(query, codes: $0.baseAddress!, spans: spans, prefixes: firstNames)
        }
        // Each word's similarity alone, once aligned (-1 until then).
        var aloneOfWord = [Float](filledWith: -1, count: words.count)
        for item in kept.indices {
            kept[item].similarity = Double(wholes[item])
            kept[item].score = Self.variantScore(kept[item].similarity, coverage: 1, penalty: 0)
            if kept[item].lead > 1 {
                kept[item].leadSimilarity = Double(wholes[kept.count + item])
            } else if kept[item].words > 1 {
                aloneOfWord[kept[item].firstWord] = wholes[kept.count + item]
            }
        }
        // 2. The other variants of each pronunciation that could still beat its whole one (a perfect similarity
        // would win), aligned together; then tried in order, each only while a perfect one could still win, as
        // when they are aligned one by one (a variant aligned here but no longer able to win is not taken). A
        // rotation's first word alone comes with it, as the whole's did; the words no alignment began with
        // are aligned alone. Their codes are copied, word by word, into one buffer (`pieces`: where each
        // comes from, in order).
        spans.removeAll(keepingCapacity: true)
        var prefixes: [Int] = []
        prefixes.reserveCapacity(spans.capacity)
        var pieces: [PhoneAligner.CodeSpan] = []
        pieces.reserveCapacity(words.count)
        var copied = 0
        var aloneSpans: [(word: Int, span: Int)] = []
        aloneSpans.reserveCapacity(words.count)
        for item in kept.indices where reach == .every && kept[item].words > 1 {
            let variant = kept[item]
            kept[item].firstVariant = spans.count
            // The words some alignment begins with, as bits: the whole begins with the first, read alone off its
            // table unless a compound first name was read there instead.
            var begun = variant.lead > 1 ? 0 : 1
            if variant.reorderCanWin {
                for attempt in 0..<Self.rotationCount(ofWords: variant.words, queryWords: query.wordWeights.count) {
                    let rotation = Self.rotation(attempt, ofWords: variant.words)
                    let start = copied
                    for step in 0..<variant.words {
                        let word = words[variant.firstWord + Self.word(at: step, rotatedBy: rotation, words: variant.words)]
                        pieces.append(word)
                        copied += word.count
                    }
                    let leading = Self.word(at: 0, rotatedBy: rotation, words: variant.words)
                    spans.append(PhoneAligner.CodeSpan(start: start, count: copied - start))
                    prefixes.append(words[variant.firstWord + leading].count)
                    if leading < Int.bitWidth { begun |= 1 << leading }
                }
            }
            if variant.aloneCanWin {
                for position in 0..<variant.words where position >= Int.bitWidth || begun & (1 << position) == 0 {
                    let word = words[variant.firstWord + position]
                    aloneSpans.append((variant.firstWord + position, spans.count))
                    spans.append(PhoneAligner.CodeSpan(start: copied, count: word.count))
                    prefixes.append(0)
                    pieces.append(word)
                    copied += word.count
                }
            }
        }
        let others: [Float] = spans.isEmpty ? [] : withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(copied, 1)) { buffer in
            index.spokenCodes.withUnsafeBufferPointer { source in
                var next = 0
                for piece in pieces {
                    for position in piece.start..<(piece.start + piece.count) {
                        buffer[next] = source[position]
                        next += 1
                    }
                }
            }
            return aligner.similarities(query, codes: UnsafePointer(buffer.baseAddress!), spans: spans, prefixes: prefixes)
        }
        for (word, span) in aloneSpans { aloneOfWord[word] = others[span] }
        for item in kept.indices where kept[item].words > 1 {
            var variant = kept[item]
            var next = variant.firstVariant
            if reach == .every && variant.reorderCanWin {
                for attempt in 0..<Self.rotationCount(ofWords: variant.words, queryWords: query.wordWeights.count) {
                    let rotation = Self.rotation(attempt, ofWords: variant.words)
                    let similarity = Double(others[next])
                    aloneOfWord[variant.firstWord + Self.word(at: 0, rotatedBy: rotation, words: variant.words)] = others[spans.count + next]
                    next += 1
                    guard variant.reorderCanWin else { continue }
                    let score = Self.variantScore(similarity, coverage: 1, penalty: Self.reorderPenalty)
                    if score > variant.score {
                        (variant.chosen, variant.detail, variant.similarity, variant.score) = (.rotated, rotation, similarity, score)
                    }
                }
            }
            if kept[item].lead > 1 && variant.leadCanWin {
                let coverage = Double(variant.lead) / Double(variant.words)
                let score = Self.variantScore(variant.leadSimilarity, coverage: coverage, penalty: 0)
                if score > variant.score {
                    (variant.chosen, variant.detail, variant.similarity, variant.score, variant.coverage)
                        = (.leading, variant.lead, variant.leadSimilarity, score, coverage)
                }
            }
            if kept[item].aloneCanWin {  // as when the variants were gathered (kept[item] still holds the whole)
                let coverage = 1 / Double(variant.words)
                for position in 0..<variant.words {
                    let similarity = Double(aloneOfWord[variant.firstWord + position])
                    guard variant.aloneCanWin else { continue }
                    let score = Self.variantScore(similarity, coverage: coverage, penalty: 0)
                    if score > variant.score {
                        (variant.chosen, variant.detail, variant.similarity, variant.score, variant.coverage)
                            = (.alone, position, similarity, score, coverage)
                    }
                }
            }
            kept[item] = variant
        }
        return zip(pronunciations, kept).map { pronunciation, variant in
            VariantMatch(pronunciation: pronunciation, term: Int(index.owners[pronunciation]), similarity: variant.similarity,
                         score: variant.score, coverage: variant.coverage, kind: variant.chosen, detail: variant.detail,
                         words: variant.words)
        }
    }

    /// A pronunciation's best variant, before it is made a ``Match`` (only the matches a caller keeps are).
    struct VariantMatch {
        let pronunciation: Int
        let term: Int
        let similarity: Double
        let score: Double
        let coverage: Double
        /// How the variant reads the pronunciation's words, and its ``VariantKind`` detail.
        let kind: VariantKind
        let detail: Int
        /// How many words the pronunciation has.
        let words: Int
    }

    /// The match a variant stands for.
    func match(of variant: VariantMatch) -> Match {
        Match(term: variant.term, similarity: variant.similarity, score: variant.score, coverage: variant.coverage,
              pronunciation: variant.pronunciation, language: index.language(of: variant.pronunciation),
              words: variant.kind.words(detail: variant.detail, of: variant.words))
    }

    /// The variant of one pronunciation kept so far, and where its words and other variants lie.
    private struct KeptVariant {
        /// The pronunciation's first word among the words, and how many it has.
        let firstWord: Int
        let words: Int
        /// How many first words make one name (1, or 2 or more: ``PhoneIndex/leads``, fewer than ``words``),
        /// and the similarity of those words alone when more than one.
        let lead: Int
        var leadSimilarity = 0.0
        /// The variant, and its ``VariantKind`` detail.
        var chosen = VariantKind.whole
        var detail = 0
        var similarity = 0.0
        var score = 0.0
        var coverage = 1.0
        /// Where its other variants' similarities start.
        var firstVariant = 0

        init(firstWord: Int, words: Int, lead: Int) {
            self.firstWord = firstWord
            self.words = words
            self.lead = lead
        }

        /// Whether a perfect reordering would beat the variant kept.
        var reorderCanWin: Bool { PhoneMatcher.variantScore(1, coverage: 1, penalty: PhoneMatcher.reorderPenalty) > score }
        /// Whether a perfect word alone would beat the variant kept.
        var aloneCanWin: Bool { PhoneMatcher.variantScore(1, coverage: 1 / Double(words), penalty: 0) > score }
        /// Whether a perfect compound first name alone would beat the variant kept.
        var leadCanWin: Bool {
            PhoneMatcher.variantScore(1, coverage: Double(lead) / Double(words), penalty: 0) > score
        }
    }

    /// A variant's score: its similarity stretched (``stretch``), lowered for a partial variant and by a
    /// penalty (a reordering's).
    static func variantScore(_ similarity: Double, coverage: Double, penalty: Double) -> Double {
        let stretched = 1 - stretch * (1 - similarity)
        return stretched * (1 - NameAlignment.partialPenalty * (1 - coverage)) - penalty
    }

    /// How many rotations of a name of `words` words are tried (see ``rotation(_:ofWords:)``): one for two
    /// words; for three words or more, every one for a query of three words or more, otherwise the first two
    /// (fewer words cannot say a name of four words or more whole, and a one-word query has no order to follow;
    /// the bench's queries are such).
    static func rotationCount(ofWords words: Int, queryWords: Int) -> Int {
        words < 3 ? 1 : queryWords >= 3 ? words - 1 : 2
    }

    /// The rotation tried at `attempt`, as how many of the name's last words come first: the last word first
    /// ("Last First"), then the first word last, then the rest in order ("Morales Nadal Juan Carlos" for "Juan
    /// Carlos Morales Nadal").
    static func rotation(_ attempt: Int, ofWords words: Int) -> Int {
        switch attempt {
        case 0: 1
        case 1: words - 1
        default: attempt
        }
    }

    /// The word read at `step` of a name of `words` words with its last `rotation` words first.
    static func word(at step: Int, rotatedBy rotation: Int, words: Int) -> Int {
        (step + words - rotation) % words
    }
}

/// Which variants of each pronunciation a phone search tries.
public enum VariantReach: Sendable {
    /// The whole, its rotations and its words alone, each while it could still win: what a query is matched by.
    case every
    /// The whole, and its first word alone (read off the whole's table, so at no cost): a later hypothesis of an
    /// utterance, which is weighed as evidence and not decided. Its rotations and other words alone were 44% of
    /// the alignments of the slowest five-hypothesis cases; leaving them out, whisper-dev-nbest gained a right
    /// answer, a case of recall@10 and a disambiguation, whisper-dev-biased-nbest kept its counts, and issue
    /// 22's six end-to-end measurements, both passes weighed, gave 9 more right answers and 2 fewer false
    /// accepts of 5,400 (BENCHMARKS.md, the twentieth session).
    case wholes
}

/// How a phone variant reads a pronunciation's words.
enum VariantKind {
    /// All of them, in order.
    case whole
    /// All of them, the last `detail` words first.
    case rotated
    /// The word at `detail` alone.
    case alone
    /// The first `detail` words, a compound first name, alone.
    case leading

    /// The words read, in the order read, of a pronunciation of `count` words.
    func words(detail: Int, of count: Int) -> [Int] {
        switch self {
        case .whole: Array(0..<count)
        case .rotated: (0..<count).map { PhoneMatcher.word(at: $0, rotatedBy: detail, words: count) }
        case .alone: [detail]
        case .leading: Array(0..<detail)
        }
    }
}
