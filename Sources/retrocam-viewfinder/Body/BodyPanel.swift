import CGtk
import CViewfinder
import DBus

/// The camera body: every control of the seed on a grid, in the seed's Tab order, showing what
/// `ListControls` says and turning each gesture into its bus call (`Adjust`, `Activate`, `Shutter`).
@MainActor
final class BodyPanel {
    /// The grid to put in the window.
    let grid: UnsafeMutablePointer<GtkWidget>
    /// The controls by bus id.
    private(set) var views: [String: ControlView] = [:]
    private let link: CameraLink
    private let motion: MotionSettings
    private let text: TextSize
    private let clicks: Clicks
    private var choices = DialChoices()
    private var refreshing = false
    private var refreshAgain = false
    /// The LIBRARY button (and LAST TAKE, with the take's path) open the library page.
    /// `recovered` says whether the camera had recovered takes before LIBRARY was pressed.
    var onOpenLibrary: @MainActor (_ playing: String?, _ recovered: Bool) -> Void = { _, _ in }
    /// Replies and refusals worth saying (a photo taken, "CINE ONLY").
    var onAnnounce: @MainActor (String) -> Void = { _ in }
    /// The rows changed (after each refresh), e.g. for the MENU panel.
    var onRefresh: @MainActor ([String: SpokenRow]) -> Void = { _ in }

    init(link: CameraLink, motion: MotionSettings, text: TextSize, clicks: Clicks) {
        self.link = link
        self.motion = motion
        self.text = text
        self.clicks = clicks
        grid = gtk_grid_new()
        gtk_grid_set_row_spacing(vf_grid(grid), 10)
        gtk_grid_set_column_spacing(vf_grid(grid), 14)
        vf_add_class(grid, "body")
        vf_set_accessible(grid, ATK_ROLE_PANEL, "Camera body", nil, "body")
        var cells: [UnsafeMutablePointer<GtkWidget>?] = []
        for spec in BodyLayout.controls {
            let view = ControlView(spec: spec)
            view.onGesture = { [weak self] view, event, steps in self?.gesture(view, event, steps) }
            gtk_grid_attach(vf_grid(grid), view.cell, spec.cell.column, spec.cell.row, spec.cell.width, spec.cell.height)
            views[spec.id] = view
            cells.append(view.cell)
        }
        vf_set_focus_chain(grid, &cells, Int32(cells.count))
        applyTextSize()
        text.onChange { [weak self] in self?.applyTextSize() }
    }

    /// The control with bus id `id`.
    func view(_ id: String) -> ControlView? { views[id] }

    /// Reads the choices of the Set* intents (for the dials' numbers), then the controls.
    func load() {
        link.intent("ListIntents") { [weak self] result in
            if case .success(let reply) = result { self?.choices = DialChoices(listIntents: reply) }
            self?.refresh()
        }
    }

    /// Reads `ListControls` again and shows it; calls arriving meanwhile are folded into one more read.
    func refresh() {
        guard !refreshing else {
            refreshAgain = true
            return
        }
        refreshing = true
        link.camera("ListControls") { [weak self] result in
            guard let self else { return }
            self.refreshing = false
            switch result {
            case .success(let reply): self.show(SpokenRow.rows(reply))
            case .failure(let error): Log.info("ListControls failed: \(error.message)")
            }
            if self.refreshAgain {
                self.refreshAgain = false
                self.refresh()
            }
        }
    }

    /// The DECADE wheel spins in (or, with Reduce Motion, is simply there).
    func spinIn() {
        views["decade"]?.spinIn(Motion.spinIn.style(reduced: motion.reduced))
    }

    /// Follows `Recording` for REC's ring.
    func recordingChanged(_ recording: Bool) {
        views["rec"]?.ring(recording: recording, style: Motion.recRing.style(reduced: motion.reduced))
    }

    private func show(_ rows: [SpokenRow]) {
        let settle = Motion.settle.style(reduced: motion.reduced)
        var byID: [String: SpokenRow] = [:]
        for row in rows {
            byID[row.id] = row
            guard let view = views[row.id] else { continue }
            let number = view.spec.intent.flatMap { intent in
                choices.number(intent: intent, current: currentChoice(view.spec) ?? row.value)
            }
            view.show(row, number: number, checked: BodyLayout.isChecked(view.spec, properties: link.properties), settle: settle)
        }
        onRefresh(byID)
    }

    /// The property value a dial's choices are compared with ("1970s", "7", "+0.5", "2.0x").
    private func currentChoice(_ spec: ControlSpec) -> String? {
        guard let property = spec.property, let value = link.properties[property] else { return nil }
        if let text = value.stringValue { return text }
        if let number = value.doubleValue { return String(number) }
        return value.int32Value.map { String($0) }
    }

    private func gesture(_ view: ControlView, _ event: VfEvent, _ steps: Int) {
        let id = view.spec.id
        switch event {
        case VF_EVENT_ADJUST:
            link.camera("Adjust", [.string(id), .int32(Int32(clamping: steps))]) { [weak self] result in
                switch result {
                case .success: self?.clicks.step()
                case .failure(let error): self?.onAnnounce(error.message)
                }
            }
        case VF_EVENT_PRESS, VF_EVENT_RELEASE:
            let phase = event == VF_EVENT_PRESS ? "press" : "release"
            link.camera("Shutter", [.string(phase)]) { [weak self] result in
                switch result {
                case .success(let reply):
                    if let dialog = reply.first?.variantDictionary?["dialog"]?.stringValue, !dialog.isEmpty {
                        self?.onAnnounce(dialog)
                    }
                case .failure(let error): self?.onAnnounce(error.message)
                }
            }
        default:
            activate(id)
        }
    }

    /// The double tap of the control `id` (also what Escape does to an open MENU).
    func activate(_ id: String) {
        guard id == "library" || id == "last-take" else { return press(id, recovered: false) }
        // Read from the daemon before the press: LIBRARY marks recovered takes as seen. Unread (a daemon that just
        // started may answer after calls queued before the read), the cache, which PropertiesChanged keeps, decides.
        link.readProperty("RecoveredTakes") { [weak self] value in
            guard let self else { return }
            let cached = self.link.properties["RecoveredTakes"]?.int32Value
            let recovered = value?.int32Value ?? cached ?? 0
            Log.info("\(id): RecoveredTakes read \(value?.int32Value.map(String.init) ?? "nothing"), cached \(cached.map(String.init) ?? "nothing")")
            self.press(id, recovered: recovered > 0)
        }
    }

    private func press(_ id: String, recovered: Bool) {
        link.camera("Activate", [.string(id)]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                let said = reply.first?.stringValue ?? ""
                switch id {
                case "library": self.onOpenLibrary(nil, recovered)
                case "last-take": self.onOpenLibrary(self.link.properties["LastTake"]?.stringValue, recovered)
                case "flip", "undo", "rec": self.onAnnounce(said)
                default: break
                }
            case .failure(let error):
                self.onAnnounce(error.message)
            }
        }
    }

    private func applyTextSize() {
        for view in views.values { view.setText(scale: text.bodyScale, engravingPixels: text.engravedPixels) }
    }
}
