import Body
import Foundation

/// The MENU rows over the bus: DATE IMPRINT, NEW TAPE, VIRTUAL CAMERA and SET CLOCK with its ADJUST jog.
extension CameraController {
    /// Every MENU row as spoken now.
    public func menuRows() -> [MenuRow] { body.menuRows(at: wallClock()) }

    /// The MENU row with this id ("menu.date-imprint", "clock.year", "adjust"), if it is one.
    static func menuRow(_ id: String) -> MenuRowID? {
        MenuRowID(rawValue: id) ?? MenuRowID(rawValue: id.lowercased())
    }

    /// The swipe on a MENU row; answers the row's new description. A list row steps through its choices
    /// (see `chooseMenu`); the ADJUST jog refuses with "Select a clock field first." until a field is selected.
    func adjustMenu(_ row: MenuRowID, steps: Int) async throws(IntentError) -> String {
        if let choice = body.menuChoice(row, steppedBy: steps) { return try await chooseMenu(row, choice) }
        var next = body
        let spoken = try next.adjustMenu(row, steps: steps, at: wallClock())
        await commitMenu(next)
        return spoken.description
    }

    /// Commits `next`, the body after a MENU change, and hands it to the device when its date stamp
    /// changed (see `CameraBody.stampsDifferently`): the one check for every MENU row.
    private func commitMenu(_ next: CameraBody) async {
        let stampChanged = next.stampsDifferently(from: body)
        commit(next)
        if stampChanged { await device.apply(body) }
    }

    /// `Camera1.Choose`: sets list row `id` to the choice called `choice` (any case); answers the row's
    /// new description.
    public func chooseMenu(_ id: String, choice: String) async throws(IntentError) -> String {
        let row = try Self.listRow(id)
        return try await chooseMenu(row, try CameraBody.menuChoice(named: choice, of: row))
    }

    /// Sets list row `row` to its choice `index`: a row that works through intents (VIRTUAL CAMERA)
    /// performs its choice's intent, as the table says; DATE IMPRINT re-applies the look for its stamp.
    private func chooseMenu(_ row: MenuRowID, _ index: Int) async throws(IntentError) -> String {
        if let intent = Self.intent(choosing: index, of: row) {
            _ = try await perform(intent)
        } else {
            var next = body
            try next.chooseMenu(row, index)
            await commitMenu(next)
        }
        return body.menuRow(row, at: wallClock()).description
    }

    /// The intent choosing `index` of `row` performs, as the row says; nil for a row the body sets.
    static func intent(choosing index: Int, of row: MenuRowID) -> IntentName? {
        guard let names = row.intents?.choices, names.indices.contains(index) else { return nil }
        return IntentName(rawValue: names[index])
    }

    /// The list row called `id`; another row, or no row, is refused naming the list rows.
    static func listRow(_ id: String) throws(IntentError) -> MenuRowID {
        let rows = MenuRowID.allCases.filter { $0.choices != nil }
        if let row = menuRow(id), row.choices != nil { return row }
        let shown = Spoken.shortened(id)
        let named = rows.map(\.rawValue).joined(separator: ", ")
        if let row = menuRow(id) { throw .notAllowed("\(row.name) has no choices: only list rows do (\(named)).") }
        throw .notFound("No list row called \(shown.isEmpty ? "“”" : shown). List rows: \(named).")
    }

    /// The intent a MENU call amounts to, when the row works through intents (its `intents`): a swipe
    /// that changes the choice performs the row's swipe intent (an even number of steps on a two-choice
    /// row changes nothing), a choice its own. The caller gate reads it, so the row captures as the intents do.
    public static func menuIntent(_ id: String, steps: Int? = nil, choice: String? = nil) -> IntentName? {
        guard let row = menuRow(id), let intents = row.intents, let count = row.choices?.count else { return nil }
        if let steps { return steps % count == 0 ? nil : IntentName(rawValue: intents.swipe) }
        guard let choice, let index = try? CameraBody.menuChoice(named: choice, of: row) else { return nil }
        return intent(choosing: index, of: row)
    }

    /// The double tap on a MENU row: a list row reads its choices, a clock field is selected, NEW TAPE
    /// puts in a new tape; the ADJUST jog only turns.
    func activateMenu(_ row: MenuRowID) async throws(IntentError) -> String {
        if let choices = row.choices {
            let now = body.menuRow(row, at: wallClock()).value
            let reason = body.menuReason(row).map { ": \($0)" } ?? "."
            return "\(row.name), choices: \(choices.joined(separator: ", ")). Now \(now)\(reason)"
        }
        switch row {
        case .insertTape:
            return try await insertTape().dialog
        case .adjust:
            throw .notAllowed("The ADJUST jog turns: swipe up or down.")
        default:
            return try selectClockField(row.clockField!.rawValue)
        }
    }

    /// Selects the SET CLOCK field (`year`, `month`, `day`, `hour`, `minute`) the ADJUST jog turns.
    public func selectClockField(_ name: String) throws(IntentError) -> String {
        guard let field = ClockField(named: name) else {
            let shown = Spoken.shortened(name)
            throw .unsupported("There is no clock field called \(shown). Fields: \(ClockField.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        var next = body
        next.selectClockField(field)
        commit(next)
        return body.menuRow(MenuRowID(field), at: wallClock()).description
    }

    /// Stops the self-timer's countdown, if any, and tells the observers; true when one was running.
    func cancelCountdown() -> Bool {
        let countdown = CountdownID(token: selfTimer.token)
        guard selfTimer.cancel() else { return false }
        announce(.countdown(secondsLeft: 0))
        finishCountdown(countdown, .cancelled)
        return true
    }

    /// A second of the self-timer's countdown `token` passed.
    func countdownTicked(_ token: Int, secondsLeft: Int) {
        guard token == selfTimer.token, selfTimer.isCounting else { return }
        announce(.countdown(secondsLeft: secondsLeft))
    }
}
