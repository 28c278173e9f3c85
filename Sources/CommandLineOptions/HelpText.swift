/// Help laid out for a terminal: two columns, the second wrapped so no line passes the width.
public enum HelpText {
    /// The width help fits: an 80-column terminal.
    public static let width = 80
    /// The widest first column; a longer entry puts its description on the next line.
    static let firstColumn = 26

    /// Rows of `(left, right)`: the left indented by 2, the right starting at one column for all rows
    /// (two spaces after the widest left entry of at most `firstColumn`) and wrapped under itself.
    public static func table(_ rows: [(String, String)], width: Int = width) -> String {
        let column = (rows.map { $0.0.count }.filter { $0 <= firstColumn }.max() ?? firstColumn) + 4
        var lines: [String] = []
        for (left, right) in rows {
            let wrapped = wrapLines(right, width: width - column)
            let head = "  " + left
            if head.count + 2 <= column {
                lines.append(head.padding(to: column) + (wrapped.first ?? ""))
                lines += wrapped.dropFirst().map { String(repeating: " ", count: column) + $0 }
            } else {
                let synopsis = wrapLines(left, width: width - 4, units: synopsisUnits)
                lines += synopsis.prefix(1).map { "  " + $0 } + synopsis.dropFirst().map { "    " + $0 }
                lines += wrapped.map { String(repeating: " ", count: column) + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` wrapped at spaces to `width` columns (a word longer than the width stays whole).
    public static func wrap(_ text: String, width: Int = width) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLines(String($0), width: width).joined(separator: "\n") }
            .joined(separator: "\n")
    }

    /// Lines of at most `width` columns, made of `units` of `text` (words, by default). A unit joins the
    /// one before it with a space, or with nothing when it continues a list of choices (`style|`).
    static func wrapLines(_ text: String, width: Int, units: (String) -> [(text: Substring, spaced: Bool)] = words) -> [String] {
        var lines: [String] = []
        var line = ""
        for unit in units(text) {
            let glue = unit.spaced ? " " : ""
            if line.isEmpty {
                line = String(unit.text)
            } else if line.count + glue.count + unit.text.count <= width {
                line += glue + unit.text
            } else {
                lines.append(line)
                line = String(unit.text)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The words of `text`.
    static func words(_ text: String) -> [(text: Substring, spaced: Bool)] {
        text.split(separator: " ").map { ($0, true) }
    }

    /// The pieces a usage line may break between: a bracketed group (`[--mic SOURCE]`) stays whole,
    /// and a list of choices (`decade|style|…`) may break after any `|`.
    static func synopsisUnits(_ text: String) -> [(text: Substring, spaced: Bool)] {
        var groups: [Substring] = []
        var start = text.startIndex
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case " " where depth == 0:
                if start < index { groups.append(text[start..<index]) }
                start = text.index(after: index)
            default: break
            }
        }
        if start < text.endIndex { groups.append(text[start...]) }
        return groups.flatMap { group -> [(text: Substring, spaced: Bool)] in
            guard !group.hasPrefix("["), group.contains("|") else { return [(group, true)] }
            var pieces: [(text: Substring, spaced: Bool)] = []
            var piece = group.startIndex
            for index in group.indices where group[index] == "|" {
                pieces.append((group[piece...index], pieces.isEmpty))
                piece = group.index(after: index)
            }
            pieces.append((group[piece...], pieces.isEmpty))
            return pieces
        }
    }
}

extension String {
    fileprivate func padding(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
