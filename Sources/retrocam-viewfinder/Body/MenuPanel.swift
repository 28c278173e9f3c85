import CGtk
import DBus
import CViewfinder

/// The MENU panel: shown while the MENU says "Open", one row per `ListMenu` row (date imprint,
/// new tape, SET CLOCK's fields and the ADJUST jog). Rows are adjustable (Up/Down) and take a
/// double tap (Enter/Space). It opens and closes with a spring, or the 150 ms fade of Reduce Motion.
@MainActor
final class MenuPanel {
    /// The panel to put in the window.
    let panel: UnsafeMutablePointer<GtkWidget>
    private var rows: [String: ControlView] = [:]
    private let link: CameraLink
    private let motion: MotionSettings
    private let text: TextSize
    private(set) var isOpen = false
    /// The MENU button, which reports the panel's movement.
    var menuControl: UnsafeMutablePointer<GtkWidget>?
    var onAnnounce: @MainActor (String) -> Void = { _ in }

    init(link: CameraLink, motion: MotionSettings, text: TextSize) {
        self.link = link
        self.motion = motion
        self.text = text
        panel = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)
        vf_add_class(panel, "menu")
        vf_set_accessible(panel, ATK_ROLE_PANEL, "Menu", nil, "menu-panel")
        gtk_widget_set_no_show_all(panel, 1)
        text.onChange { [weak self] in self?.applyTextSize() }
    }

    /// Follows the MENU's value: opens with its rows when it says "Open", closes otherwise.
    func follow(menuValue: String) {
        let open = menuValue == "Open"
        if open { reload() }
        guard open != isOpen else { return }
        isOpen = open
        let style = Motion.menu.style(reduced: motion.reduced)
        if open {
            gtk_widget_set_opacity(panel, 0)
            gtk_widget_show(panel)
        }
        Animator.run(.menu, style: style, on: panel, reportOn: menuControl, label: "menu", step: { [panel] progress in
            let shown = open ? progress : 1 - progress
            gtk_widget_set_opacity(panel, min(1, max(0, shown)))
            // The spring drops the panel into place (margins cannot be negative); the fade does not move it.
            gtk_widget_set_margin_top(panel, style.kind == "spring" ? Int32(max(0, 1 - shown) * 24) : 0)
        }, done: { [panel] in
            gtk_widget_set_margin_top(panel, 0)
            if open { gtk_widget_set_opacity(panel, 1) } else { gtk_widget_hide(panel) }
        })
    }

    private func reload() {
        link.camera("ListMenu") { [weak self] result in
            guard let self, case .success(let reply) = result else { return }
            self.show(SpokenRow.rows(reply))
        }
    }

    private func show(_ list: [SpokenRow]) {
        let settle = Motion.settle.style(reduced: motion.reduced)
        for row in list {
            let view = rows[row.id] ?? makeRow(row.id)
            view.show(row, number: nil, checked: false, settle: settle)
        }
    }

    private func makeRow(_ id: String) -> ControlView {
        let caption = id.split(separator: ".").last.map { $0.replacingOccurrences(of: "-", with: " ").uppercased() } ?? id
        let view = ControlView(spec: ControlSpec(id: id, kind: VF_KIND_ROW, engraving: caption,
                                                 cell: (0, 0, 1, 1), size: (80, 36)))
        view.onGesture = { [weak self] view, event, steps in
            guard let self else { return }
            let call = event == VF_EVENT_ADJUST ? "Adjust" : "Activate"
            let args: [Value] = event == VF_EVENT_ADJUST ? [.string(id), .int32(Int32(clamping: steps))] : [.string(id)]
            self.link.camera(call, args) { [weak self] result in
                if case .failure(let error) = result { self?.onAnnounce(error.message) }
                self?.reload()
            }
        }
        view.setText(scale: text.bodyScale, engravingPixels: text.engravedPixels)
        rows[id] = view
        gtk_box_pack_start(vf_box(panel), view.cell, 0, 0, 0)
        gtk_widget_show_all(view.cell)
        return view
    }

    private func applyTextSize() {
        for view in rows.values { view.setText(scale: text.bodyScale, engravingPixels: text.engravedPixels) }
    }
}
