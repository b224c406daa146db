/// Rows of values, one column per language, laid out for a terminal's width without ever cutting text:
/// side by side when the table fits; with each cell's text wrapped at spaces (a word longer than its column is
/// broken) when the columns still have room for ``narrowestColumn`` characters; else one block per column.
///
/// A value may hold line breaks; an empty label continues the row above.
public struct SideBySideTable: Sendable {
    /// What the table is about (the top-left corner).
    public let title: String
    /// One heading per column.
    public let headings: [String]
    /// A label and one value per column.
    public let rows: [(label: String, values: [String])]

    /// The narrowest a wrapped column may get before the table turns into one block per column.
    public static let narrowestColumn = 18

    public init(title: String, headings: [String], rows: [(label: String, values: [String])]) {
        precondition(rows.allSatisfy { $0.values.count == headings.count }, "one value per column")
        self.title = title
        self.headings = headings
        self.rows = rows
    }

    /// The table as text.
    ///
    /// - Parameter width: The terminal's width in characters; `nil` for no limit (output to a file or a pipe).
    public func render(width: Int?) -> String {
        let labelWidth = ([title] + rows.map(\.label)).map(\.count).max() ?? 0
        let natural = headings.indices.map { column in
            ([headings[column]] + rows.map { $0.values[column] }).flatMap { $0.split(separator: "\n") }.map(\.count).max() ?? 0
        }
        let separators = 2 + 3 * max(0, headings.count - 1)
        guard let width, labelWidth + separators + natural.reduce(0, +) > width else {
            return sideBySide(labelWidth: labelWidth, widths: natural)
        }
        if let widths = Self.fit(natural, into: width - labelWidth - separators) {
            return sideBySide(labelWidth: labelWidth, widths: widths)
        }
        return blocks(labelWidth: labelWidth, width: width)
    }

    /// Column widths within `room`: a column that needs less than an equal share keeps its width, the others
    /// share the rest; `nil` when a share is under ``narrowestColumn``.
    static func fit(_ natural: [Int], into room: Int) -> [Int]? {
        var widths = natural
        var open = Array(natural.indices)
        var left = room
        while !open.isEmpty {
            let share = left / open.count
            let small = open.filter { natural[$0] <= share }
            if small.isEmpty {
                guard share >= narrowestColumn else { return nil }
                for (position, column) in open.enumerated() { widths[column] = share + (position < left % open.count ? 1 : 0) }
                return widths
            }
            for column in small { left -= natural[column] }
            open.removeAll { small.contains($0) }
        }
        return widths
    }

    private func sideBySide(labelWidth: Int, widths: [Int]) -> String {
        var lines = [Self.line(title, headings.enumerated().map { Self.wrap($0.element, width: widths[$0.offset]) },
                               labelWidth: labelWidth, widths: widths)]
        lines.append(String(repeating: "─", count: labelWidth + 2 + widths.reduce(0, +) + 3 * max(0, widths.count - 1)))
        for row in rows {
            lines.append(Self.line(row.label, row.values.enumerated().map { Self.wrap($0.element, width: widths[$0.offset]) },
                                   labelWidth: labelWidth, widths: widths))
        }
        return lines.joined(separator: "\n")
    }

    /// One row: the label, then each column's wrapped lines side by side, as many lines as the tallest cell.
    private static func line(_ label: String, _ cells: [[String]], labelWidth: Int, widths: [Int]) -> String {
        let height = max(1, cells.map(\.count).max() ?? 1)
        return (0..<height).map { lineIndex in
            let start = (lineIndex == 0 ? label : "").padded(to: labelWidth) + "  "
            let values = cells.enumerated().map { column, lines in
                (lineIndex < lines.count ? lines[lineIndex] : "").padded(to: widths[column])
            }
            return (start + values.joined(separator: " │ ")).trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    private func blocks(labelWidth: Int, width: Int) -> String {
        let valueWidth = max(Self.narrowestColumn, width - labelWidth - 2)
        return headings.indices.map { column in
            var lines = ["\(title) ── \(headings[column])"]
            for row in rows {
                let wrapped = Self.wrap(row.values[column], width: valueWidth)
                for (index, text) in (wrapped.isEmpty ? [""] : wrapped).enumerated() {
                    lines.append(((index == 0 ? row.label : "").padded(to: labelWidth) + "  " + text).trimmingTrailingSpaces())
                }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// A text's lines within `width`: its own line breaks kept, lines broken at spaces, and a word longer than
    /// the width broken into pieces (nothing is dropped).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                if !current.isEmpty && current.count + 1 + word.count <= width {
                    current += " " + word
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                while word.count > width {
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                current = String(word)
            }
            lines.append(current)
        }
        return lines
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
