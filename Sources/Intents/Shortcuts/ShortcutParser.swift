import Body
import Foundation

/// Reads a shortcut file into a `Shortcut`, checking everything before anything runs: that it is
/// text, that each line is a step, that values resolve, that repeats close, and the limits.
/// Every error names the file and, when a line is at fault, the line.
public enum ShortcutParser {
    /// Parses the bytes of a file; `file` is the name errors use.
    public static func parse(_ data: Data, name: String, file: String,
                             limits: ShortcutLimits = ShortcutLimits()) throws(ShortcutError) -> Shortcut {
        guard data.count <= limits.maximumFileBytes else {
            throw ShortcutError(.tooLarge, file: file, "The file is larger than the \(limits.maximumFileBytes) bytes a shortcut may have.")
        }
        if let offset = data.firstIndex(where: isBinaryByte) {
            throw ShortcutError(.unreadable, file: file, "This is not a text file (a control byte at offset \(offset - data.startIndex)).")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ShortcutError(.unreadable, file: file, "This is not UTF-8 text.")
        }
        return try parse(text: text, name: name, file: file, limits: limits)
    }

    /// Parses the text of a file; `file` is the name errors use.
    public static func parse(text: String, name: String, file: String,
                             limits: ShortcutLimits = ShortcutLimits()) throws(ShortcutError) -> Shortcut {
        guard text.utf8.count <= limits.maximumFileBytes else {
            throw ShortcutError(.tooLarge, file: file, "The text is \(text.utf8.count) bytes; a shortcut may be at most \(limits.maximumFileBytes) bytes.")
        }
        var description: String?
        // The open blocks: the top level, then one per unclosed `repeat` (its line and count).
        var blocks: [(line: Int, text: String, count: Int, steps: [ShortcutStep])] = [(0, "", 1, [])]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if description == nil, blocks.count == 1, blocks[0].steps.isEmpty {
                    description = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            let words: [String]
            do { words = try tokenize(line) } catch { throw ShortcutError(.invalid, file: file, line: number, error.reason) }
            switch words[0].lowercased() {
            case "repeat":
                guard words.count == 2, let count = Int(words[1]), count >= 1 else {
                    throw ShortcutError(.invalid, file: file, line: number, "repeat takes a whole number of times, such as repeat 5.")
                }
                guard count <= limits.maximumRepeat else {
                    throw ShortcutError(.tooLarge, file: file, line: number, "repeat \(count) is more than the \(limits.maximumRepeat) repeats allowed.")
                }
                guard blocks.count <= limits.maximumNesting else {
                    throw ShortcutError(.tooLarge, file: file, line: number, "repeat blocks may nest at most \(limits.maximumNesting) deep.")
                }
                blocks.append((number, line, count, []))
            case "end":
                guard words.count == 1 else { throw ShortcutError(.invalid, file: file, line: number, "end takes nothing after it.") }
                guard blocks.count > 1, let block = blocks.popLast() else {
                    throw ShortcutError(.invalid, file: file, line: number, "end without a repeat to close.")
                }
                guard !block.steps.isEmpty else {
                    throw ShortcutError(.invalid, file: file, line: block.line, "This repeat has no steps before its end.")
                }
                blocks[blocks.count - 1].steps.append(ShortcutStep(line: block.line, text: block.text,
                                                                   action: .repeatBlock(count: block.count, steps: block.steps)))
            case "wait":
                guard words.count == 2, let duration = waitDuration(words[1]) else {
                    throw ShortcutError(.invalid, file: file, line: number, "wait takes a time such as 2s, 500ms, 1.5s or 1m, not '\(Spoken.shortened(words.dropFirst().joined(separator: " ")))'.")
                }
                blocks[blocks.count - 1].steps.append(ShortcutStep(line: number, text: line, action: .wait(duration)))
            default:
                do {
                    let action = try StepCommand.action(words)
                    blocks[blocks.count - 1].steps.append(ShortcutStep(line: number, text: line, action: action))
                } catch {
                    throw ShortcutError(.invalid, file: file, line: number, error.reason)
                }
            }
        }
        if blocks.count > 1, let open = blocks.last {
            throw ShortcutError(.invalid, file: file, line: open.line, "This repeat has no end.")
        }
        let shortcut = Shortcut(name: name, description: description ?? "", steps: blocks[0].steps, source: file)
        try check(shortcut, file: file, limits: limits)
        return shortcut
    }

    /// The limits on a whole run and the values of the Set* steps.
    static func check(_ shortcut: Shortcut, file: String, limits: ShortcutLimits) throws(ShortcutError) {
        guard !shortcut.steps.isEmpty else { throw ShortcutError(.invalid, file: file, "The shortcut has no steps.") }
        let count = shortcut.expandedStepCount
        guard count <= limits.maximumSteps else {
            throw ShortcutError(.tooLarge, file: file, "A run would take \(count) steps; a shortcut may take at most \(limits.maximumSteps).")
        }
        let wait = shortcut.totalWait
        guard wait <= limits.maximumTotalWait else {
            throw ShortcutError(.tooLarge, file: file, "A run would wait \(wait.components.seconds) s in all; a shortcut may wait at most \(limits.maximumTotalWait.components.seconds) s.")
        }
        var trial = ValueCheck()
        try trial.check(shortcut.steps, file: file)
    }

    /// Splits a line into words on white space; `"…"` keeps spaces inside one word.
    static func tokenize(_ line: String) throws(StepProblem) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                inWord = true
            } else if character.isWhitespace, !quoted {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard !quoted else { throw StepProblem("A quote is opened and never closed.") }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw StepProblem("The line has no step.") }
        return words
    }

    /// `2s`, `1.5s`, `500ms`, `1m`, or a bare number of seconds; nil when not a positive time.
    static func waitDuration(_ word: String) -> Duration? {
        let lower = word.lowercased()
        let (number, scale): (Substring, Double)
        if lower.hasSuffix("ms") { (number, scale) = (lower.dropLast(2), 0.001) }
        else if lower.hasSuffix("s") { (number, scale) = (lower.dropLast(), 1) }
        else if lower.hasSuffix("m") { (number, scale) = (lower.dropLast(), 60) }
        else { (number, scale) = (Substring(lower), 1) }
        guard let value = Double(number), value.isFinite, value > 0, value * scale <= 86_400 else { return nil }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }

    /// NUL and control bytes other than tab, line feed and carriage return mark a binary file.
    static func isBinaryByte(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }
}

/// Resolves each intent's parameters against a body that follows the shortcut's own settings, so a
/// bad value is found at load. A style is only checked once the shortcut has set the decade: before
/// that, it depends on where the user left the wheel; after it, a style of another decade's dial
/// (which would turn the wheel away from the decade the shortcut set) is a contradiction.
struct ValueCheck {
    var body = CameraBody()
    var decadeKnown = false

    mutating func check(_ steps: [ShortcutStep], file: String) throws(ShortcutError) {
        for step in steps {
            switch step.action {
            case .repeatBlock(_, let inner):
                try check(inner, file: file)
            case .perform(let intent, let params):
                guard !intent.parameterNames.isEmpty else { continue }
                if intent.setting == .style, !decadeKnown { continue }
                let resolved: ResolvedIntent
                do {
                    resolved = try Resolver(body: body).resolve(intent, params)
                } catch {
                    throw ShortcutError(.invalid, file: file, line: step.line, error.message)
                }
                if case .setting(.dialEntry(let choice)) = resolved, let elsewhere = choice.decade {
                    throw ShortcutError(.invalid, file: file, line: step.line,
                                        "\(choice.entry.name) is on the \(Wording.decadeName(elsewhere)) dial, not on the \(body.decade.name) one this shortcut set.")
                }
                switch resolved {
                case .setting(let setting): _ = try? setting.apply(to: &body)
                case .adjustment(let adjustment): _ = try? body.adjust(adjustment.control, steps: adjustment.steps)
                case .action: break
                }
                if intent.setting == .decade { decadeKnown = true }
            default:
                continue
            }
        }
    }
}
