import Foundation
public import VocabCore

/// Counts tokens exactly as a byte-level BPE tokenizer does (Whisper's, GPT-2's), read from a Hugging Face
/// `tokenizer.json` (the file faster-whisper's models ship): text is split as GPT-2 splits it (contractions,
/// runs of letters, digits or other symbols each with one leading space, runs of white space), each piece's
/// UTF-8 bytes become the tokenizer's byte symbols, and the merges are applied in rank order.
public final class BPETokenCounter: PromptTokenCounter, @unchecked Sendable {
    private let ranks: [String: Int]
    private let byteSymbols: [String]
    private let file: String
    private var cache: [String: Int] = [:]
    private let lock = NSLock()

    /// Reads a tokenizer.
    ///
    /// - Throws: ``LocaleDataError`` naming the file when it cannot be read, is not JSON, or is not a
    ///   byte-level BPE tokenizer (no `model.merges`).
    public init(contentsOf path: String) throws {
        file = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocaleDataError(path: path, message: FileManager.default.fileExists(atPath: path)
                ? "cannot be read" : "does not exist")
        }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw LocaleDataError(path: path, message: "is not JSON; expected a tokenizer.json (Hugging Face tokenizers)")
        }
        guard let model = (root as? [String: Any])?["model"] as? [String: Any], model["type"] as? String == "BPE",
              let merges = model["merges"] as? [Any], !merges.isEmpty else {
            throw LocaleDataError(path: path, message: "is not a BPE tokenizer: expected 'model' with type BPE and its "
                + "'merges' (a Whisper or GPT-2 tokenizer.json)")
        }
        var ranks: [String: Int] = [:]
        ranks.reserveCapacity(merges.count)
        for (rank, merge) in merges.enumerated() {
            // Older files write a merge as "a b", newer ones as ["a", "b"].
            if let text = merge as? String {
                ranks[text] = rank
            } else if let pair = merge as? [String], pair.count == 2 {
                ranks[pair[0] + " " + pair[1]] = rank
            } else {
                throw LocaleDataError(path: path, keyPath: "model.merges[\(rank)]", message: "is not a merge ('a b' or [a, b])")
            }
        }
        self.ranks = ranks
        byteSymbols = Self.byteSymbols()
    }

    public var description: String { "exact, byte-level BPE of \(file)" }

    public func count(_ text: String) -> Int {
        Self.pieces(of: text).reduce(0) { $0 + tokens(inPiece: $1) }
    }

    private func tokens(inPiece piece: String) -> Int {
        if let known = lock.withLock({ cache[piece] }) { return known }
        var symbols = piece.utf8.map { byteSymbols[Int($0)] }
        while symbols.count > 1 {
            var best: (rank: Int, index: Int)?
            for index in 0..<symbols.count - 1 {
                if let rank = ranks[symbols[index] + " " + symbols[index + 1]], rank < best?.rank ?? Int.max {
                    best = (rank, index)
                }
            }
            guard let best else { break }
            // Merge every occurrence of the pair, left to right, as GPT-2's reference does.
            let (left, right) = (symbols[best.index], symbols[best.index + 1])
            var merged: [String] = []
            var index = 0
            while index < symbols.count {
                if index < symbols.count - 1, symbols[index] == left, symbols[index + 1] == right {
                    merged.append(left + right)
                    index += 2
                } else {
                    merged.append(symbols[index])
                    index += 1
                }
            }
            symbols = merged
        }
        lock.withLock {
            if cache.count > 100_000 { cache.removeAll() }
            cache[piece] = symbols.count
        }
        return symbols.count
    }

    /// GPT-2's byte-to-symbol table: printable Latin-1 bytes stand for themselves, the others for code points from
    /// U+0100 up, in order.
    static func byteSymbols() -> [String] {
        var printable = Array(0x21...0x7E) + Array(0xA1...0xAC) + Array(0xAE...0xFF)
        var symbols = printable
        var next = 0
        for byte in 0..<256 where !printable.contains(byte) {
            printable.append(byte)
            symbols.append(256 + next)
            next += 1
        }
        var table = [String](repeating: "", count: 256)
        for (byte, symbol) in zip(printable, symbols) { table[byte] = String(Unicode.Scalar(UInt32(symbol))!) }
        return table
    }

    /// GPT-2's pre-tokenization: `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`.
    public static func pieces(of text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        func isLetter(_ s: Unicode.Scalar) -> Bool {
            [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
                .contains(s.properties.generalCategory)
        }
        func isNumber(_ s: Unicode.Scalar) -> Bool {
            [.decimalNumber, .letterNumber, .otherNumber].contains(s.properties.generalCategory)
        }
        func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }
        var pieces: [String] = []
        var index = 0
        func take(_ end: Int) {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[index..<end])
            pieces.append(String(view))
            index = end
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                let rest = String(String.UnicodeScalarView(scalars[(index + 1)...].prefix(2)))
                if let contraction = ["re", "ve", "ll"].first(where: { rest.hasPrefix($0) }) {
                    take(index + 1 + contraction.unicodeScalars.count); continue
                }
                if let first = rest.unicodeScalars.first, ["s", "t", "m", "d"].contains(first) { take(index + 2); continue }
            }
            let start = scalar == " " && index + 1 < scalars.count ? index + 1 : index
            let lead = scalars[start]
            if start < scalars.count, !isSpace(lead) || start == index {
                var end = start
                if isLetter(lead) {
                    while end < scalars.count, isLetter(scalars[end]) { end += 1 }
                } else if isNumber(lead) {
                    while end < scalars.count, isNumber(scalars[end]) { end += 1 }
                } else if !isSpace(lead) {
                    while end < scalars.count, !isSpace(scalars[end]), !isLetter(scalars[end]), !isNumber(scalars[end]) { end += 1 }
                }
                if end > start { take(end); continue }
            }
            // White space: a run not followed by a non-space, or the run less its last space before a word.
            var end = index
            while end < scalars.count, isSpace(scalars[end]) { end += 1 }
            if end < scalars.count, end - index > 1 { end -= 1 }
            take(end)
        }
        return pieces
    }
}
