import Body
import Foundation

/// The MENU rows over the bus: DATE IMPRINT, NEW TAPE and SET CLOCK with its ADJUST jog.
extension CameraController {
    /// Every MENU row as spoken now.
    public func menuRows() -> [MenuRow] { body.menuRows(at: wallClock()) }

    /// The MENU row with this id ("menu.date-imprint", "clock.year", "adjust"), if it is one.
    static func menuRow(_ id: String) -> MenuRowID? {
        MenuRowID(rawValue: id) ?? MenuRowID(rawValue: id.lowercased())
    }

    /// The swipe on a MENU row; answers the row's new description. The ADJUST jog refuses with
    /// "Select a clock field first." until a field is selected.
    func adjustMenu(_ row: MenuRowID, steps: Int) async throws(IntentError) -> String {
        var next = body
        let spoken = try next.adjustMenu(row, steps: steps, at: wallClock())
        let stampChanged = next.dateImprint != body.dateImprint || (next.dateImprint && next.clock != body.clock)
        commit(next)
        if stampChanged { await device.apply(body) }
        return spoken.description
    }

    /// The double tap on a MENU row: a list row reads its choices, a clock field is selected, NEW TAPE
    /// puts in a new tape; the ADJUST jog only turns.
    func activateMenu(_ row: MenuRowID) async throws(IntentError) -> String {
        switch row {
        case .dateImprint:
            return "Date imprint, choices: \(CameraBody.dateImprintChoices.joined(separator: ", ")). Now \(Spoken.onOff(body.dateImprint))."
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
