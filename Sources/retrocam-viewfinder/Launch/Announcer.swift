import CGtk
import CViewfinder

/// A line of text the screen reader is given as it appears: an ATK notification that becomes
/// showing (Orca speaks notifications when they show), shown on screen too. Used for the fact of
/// the day and for replies and refusals ("Photo taken.", "CINE ONLY").
@MainActor
final class Announcer {
    /// The label to put in the window.
    let label: UnsafeMutablePointer<GtkWidget>
    private var generation = 0
    private let holdMilliseconds: Int?

    /// A notification with accessible id `id`; it hides itself after `holdMilliseconds` (nil: it stays).
    init(id: String, holdMilliseconds: Int?) {
        self.holdMilliseconds = holdMilliseconds
        label = gtk_label_new("")
        gtk_label_set_line_wrap(vf_label(label), 1)
        gtk_label_set_max_width_chars(vf_label(label), 60)
        gtk_label_set_justify(vf_label(label), GTK_JUSTIFY_CENTER)
        vf_add_class(label, id)
        vf_set_accessible(label, ATK_ROLE_NOTIFICATION, nil, nil, id)
        gtk_widget_set_no_show_all(label, 1)
    }

    /// Shows `text` and hands it to the screen reader.
    func say(_ text: String) {
        guard !text.isEmpty else { return }
        generation += 1
        let mine = generation
        // Hidden first, so the screen reader sees it appear even when the text repeats.
        gtk_widget_hide(label)
        gtk_label_set_text(vf_label(label), text)
        vf_set_accessible(label, ATK_ROLE_INVALID, text, nil, nil)
        gtk_widget_show(label)
        Log.debug("announce: \(text)")
        if let holdMilliseconds {
            MainLoop.after(milliseconds: holdMilliseconds) { [weak self] in
                guard let self, self.generation == mine else { return }
                gtk_widget_hide(self.label)
            }
        }
    }
}
