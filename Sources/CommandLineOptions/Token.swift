/// One word of a command line as the tokenizer reads it, before any table gives it a meaning
/// (swift-argument-parser keeps tokenizing apart from binding the same way).
public enum Token: Equatable, Sendable {
    /// An operand: a word that is not an option, `-` alone, a signed number (`-1`, `+0.5`), or any
    /// word after `--`.
    case word(String)
    /// `--name` or `--name=value`.
    case long(String, value: String?)
    /// `-abc`: one or more letters after a single dash; the binder decides which of them take a value.
    case short(String)
    /// `--`: everything after it is an operand.
    case terminator

    /// Splits `raw` (the arguments after the program's name) into tokens.
    public static func split(_ raw: [String]) -> [Token] {
        var tokens: [Token] = []
        var onlyWords = false
        for word in raw {
            if onlyWords || !word.hasPrefix("-") || word == "-" || isSignedNumber(word) {
                tokens.append(.word(word))
            } else if word == "--" {
                tokens.append(.terminator)
                onlyWords = true
            } else if word.hasPrefix("--") {
                let parts = word.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                tokens.append(.long(String(parts[0]), value: parts.count > 1 ? String(parts[1]) : nil))
            } else {
                tokens.append(.short(String(word.dropFirst())))
            }
        }
        return tokens
    }

    /// True for `-1`, `+2`, `-0.5`: signed numbers are operands (`retrocam adjust exposure -1`), not options.
    public static func isSignedNumber(_ word: String) -> Bool {
        guard let first = word.first, first == "-" || first == "+" else { return false }
        let rest = word.dropFirst()
        return rest.first.map { $0.isNumber || $0 == "." } == true && Double(rest)?.isFinite == true
    }
}
