import Body

/// Desktop search (GNOME Shell's search provider, KRunner): the typed words read by the voice matcher
/// Interpret uses, then matched against the names of the intents, the controls and the shortcuts.
extension CameraController {
    /// Most results answered: a screenful of the shell's or KRunner's list.
    public static let searchResultLimit = 8

    /// The results for `query`, best first, at most `searchResultLimit`; `shortcuts` are the shortcut
    /// files found (those that load are searched). Nothing is performed.
    public func search(_ query: SearchQuery, shortcuts: [ShortcutLibrary.Entry]) -> [SearchResult] {
        guard !query.words.isEmpty else { return [] }
        var found: [SearchResult] = []
        if let reading = try? reading(of: query.text) {
            found.append(Self.result(reading, score: SearchNames.Fit.reading(words: query.words.count, reading.confidence)))
        }
        for candidate in SearchNames.all(shortcuts: shortcuts) {
            guard let fit = candidate.fit(query.words) else { continue }
            if let result = result(candidate.target, score: fit) { found.append(result) }
        }
        var kept: [SearchResult] = []
        // Best first; of two that fit as well, the one found first (the reading, then the intents, then the controls).
        let ranked = found.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }.map(\.element)
        for result in ranked where !kept.contains(where: { $0.key == result.key }) {
            kept.append(result)
            if kept.count == Self.searchResultLimit { break }
        }
        return kept
    }

    /// What a search result's description says now: the value it changes, or the camera as a whole
    /// ("Now: 1980s, Neon and VHS"), and that it films when it does.
    public func searchDescription(_ result: SearchResult) -> String {
        let controls = controls()
        func value(_ id: ControlID) -> String { controls.first { $0.id == id }?.value ?? "" }
        let now: String
        if let summary = result.summary {
            now = summary
        } else if let control = result.control, control != .decade, control != .style {
            now = "Now: " + value(control)
        } else {
            now = "Now: \(value(.decade)), \(value(.style)), \(value(.mode))"
        }
        return result.captures ? "Uses the camera. " + now : now
    }

    /// Performs what a search result was shown to do (the capture gate, if it films, is the caller's);
    /// answers the dialog. A shortcut is run by whoever holds the shortcuts, so it is not performed here.
    public func performSearchResult(_ result: SearchResult) async throws(IntentError) -> String {
        switch result.action {
        case .utterance(let reading): return try await interpret(reading, perform: true).dialog
        case .intent(let intent): return try await perform(intent).dialog
        case .adjust(let control): return try await adjust(control.rawValue, steps: 1)
        case .press(let control): return try await activate(control.rawValue)
        case .shortcut(let name):
            preconditionFailure("the shortcut \(name) is run by the shortcuts' owner, not the controller")
        }
    }

    // MARK: Making results

    /// The result of the voice matcher's reading: its questions as the name.
    static func result(_ reading: UtteranceReading, score: Int) -> SearchResult {
        let name = reading.questions.map(Self.statement).joined(separator: ", then ")
        let action = SearchAction.utterance(reading)
        return SearchResult(action: action, name: name, captures: reading.capturesOrDestroys, icon: action.icon,
                            control: reading.firstControl, summary: nil,
                            score: score, key: reading.key)
    }

    /// The result of a name that fits, said against the body as it is now; nil when it can do nothing.
    private func result(_ target: SearchNames.Target, score: Int) -> SearchResult? {
        switch target {
        case .intent(let intent):
            let action = SearchAction.intent(intent)
            return SearchResult(action: action, name: Self.statement(Self.actionQuestion(intent, body: body)),
                                captures: intent.capturesOrDestroys, icon: action.icon, control: nil, summary: nil,
                                score: score, key: "intent:\(intent.rawValue)")
        case .control(let row):
            if let press = row.intents.press, let intent = IntentName(rawValue: press) {
                return result(.intent(intent), score: score)
            }
            switch row.kind {
            case .adjustable:
                var after = body
                guard (try? after.adjust(row.id, steps: 1)) != nil else { return nil }
                let question = Self.adjustmentWords(Adjustment(control: row.id, steps: 1), before: body, after: after).question
                let action = SearchAction.adjust(row.id)
                return SearchResult(action: action, name: Self.statement(question), captures: false, icon: action.icon,
                                    control: row.id, summary: nil, score: score, key: "adjust:\(row.id.rawValue)")
            case .button:
                guard let question = pressQuestion(row) else { return nil }
                let action = SearchAction.press(row.id)
                return SearchResult(action: action, name: Self.statement(question), captures: false, icon: action.icon,
                                    control: row.id, summary: nil, score: score, key: "press:\(row.id.rawValue)")
            case .readout:
                return nil
            }
        case .shortcut(let name, let description):
            let action = SearchAction.shortcut(name)
            return SearchResult(action: action, name: "Run the shortcut \(name)", captures: true, icon: action.icon,
                                control: nil, summary: description, score: score, key: "shortcut:\(name)")
        }
    }

    /// What a double tap of a switch would do now, asked as Resolve asks it; nil for the presses that only
    /// work the screen (MENU, LIBRARY) or cannot be done now (FORMAT in STILL).
    private func pressQuestion(_ row: ControlRow) -> String? {
        guard let press = try? body.press(row.id) else { return nil }
        switch press {
        case .toggleMode: return Setting.mode(body.mode.toggled).confirmation
        case .toggleLight: return Setting.light(!body.light).confirmation
        case .cycleFormat: return Setting.format(body.format.next).confirmation
        case .cycleAudio: return Setting.audio(body.audio.next).confirmation
        case .cycleTimer:
            var next = body
            next.cycleTimer()
            return Setting.timer(next.timer).confirmation
        default: return nil
        }
    }

    /// A question as a statement of what will happen: "Take a photo?" → "Take a photo".
    static func statement(_ question: String) -> String {
        question.hasSuffix("?") ? String(question.dropLast()) : question
    }
}

extension UtteranceReading {
    /// The question of each command, in order ("Set the decade to the 1970s?").
    var questions: [String] { commands.map(\.question) }
    /// How sure the matcher is of the first command.
    var confidence: Double { commands.first?.choice.confidence ?? 0 }
    /// The first command's intent.
    var firstIntent: IntentName? { commands.first?.choice.intent }

    /// The control the first command sets or turns; nil for an action.
    var firstControl: ControlID? {
        guard let choice = commands.first?.choice else { return nil }
        switch choice.resolved {
        case .setting: return choice.intent.setting?.row?.id
        case .adjustment(let adjustment): return adjustment.control
        case .action: return nil
        }
    }

    /// What it does, as a name found the same would say it: one action is that intent; one step up of
    /// a control is that adjustment; anything else is its questions.
    var key: String {
        if commands.count == 1, let choice = commands.first?.choice {
            switch choice.resolved {
            case .action: return "intent:\(choice.intent.rawValue)"
            case .adjustment(let adjustment) where adjustment.steps == 1: return "adjust:\(adjustment.control.rawValue)"
            default: break
            }
        }
        return "say:" + questions.joined(separator: "|")
    }
}
