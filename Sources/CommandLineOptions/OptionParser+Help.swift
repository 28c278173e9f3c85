extension OptionParser {
    /// The usage line: `Usage: retrocamd [OPTIONS]`.
    public var usageLine: String { "Usage: \(program) \(synopsis)" }

    /// The whole help, fitting `width` columns: usage, what the program is, the options, the footer.
    /// `sections` come between the description and the options (retrocam's commands).
    public func help(width: Int = HelpText.width, sections: [(title: String, rows: [(String, String)])] = []) -> String {
        var parts = [usageLine, "", HelpText.wrap(about, width: width)]
        for section in sections {
            parts += ["", section.title + ":", HelpText.table(section.rows, width: width)]
        }
        parts += ["", "Options:", HelpText.table(options.map { ($0.synopsis, $0.summary) }, width: width)]
        if let footer { parts += ["", HelpText.wrap(footer, width: width)] }
        return parts.joined(separator: "\n")
    }

    /// What a usage error prints on stderr: `program: the mistake`, the usage line, and where help is.
    public func usageError(_ error: UsageError, helpCommand: String? = nil) -> String {
        "\(program): \(error.message)\n\(usageLine)\nRun '\(helpCommand ?? "\(program) --help")' for more.\n"
    }
}
