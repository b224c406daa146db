extension VocabularyIndex {
    /// The index's terms in the user's order, as the hint planner reads them: each term's text, and its
    /// pronunciation hint's words (as indexed, folded) when it has one. Lazy: a planner that fills its budget
    /// early reads only the first terms, and nothing is rebuilt.
    public var hintTerms: LazyMapSequence<Range<Int>, RecognizerHints.Term> {
        (0..<count).lazy.map { rank in
            let hint = forms(ofTermAt: rank).first { $0.reading == "pronunciation" }
            return RecognizerHints.Term(text: text(of: rank), pronunciation: hint.map { $0.tokens.map(\.text).joined(separator: " ") })
        }
    }
}
