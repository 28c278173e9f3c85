import CGtk
import CViewfinder
import Foundation

/// The LIBRARY: the takes (thumbnail, date, decade, length), newest first, from `Camera1.ListTakes`;
/// "Recovered takes available" when the camera rescued some; a clip plays when chosen.
/// Escape, or the Camera button, goes back to the camera.
@MainActor
final class LibraryPage {
    /// The page to put in the window's stack.
    let page: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let recoveredBanner: UnsafeMutablePointer<GtkWidget>
    private let nowPlaying: UnsafeMutablePointer<GtkWidget>
    private let playerArea: UnsafeMutablePointer<GtkWidget>
    private var player: OpaquePointer?
    private let link: CameraLink
    private let audioSink: String
    /// The Camera button and Escape.
    var onBack: @MainActor () -> Void = {}
    /// The takes shown now.
    private(set) var takes: [TakeRow] = []

    init(link: CameraLink, audioSink: String) {
        self.link = link
        self.audioSink = audioSink
        page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        vf_add_class(page, "library")
        vf_set_accessible(page, ATK_ROLE_PANEL, "Library", nil, "library-page")
        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let back = gtk_button_new_with_label("Camera")!
        vf_set_accessible(back, ATK_ROLE_INVALID, "Back to the camera", "Escape goes back too", "library-back")
        let title = gtk_label_new("LIBRARY")!
        vf_add_class(title, "title")
        vf_set_accessible(title, ATK_ROLE_HEADING, "Library", nil, "library-title")
        gtk_box_pack_start(vf_box(header), back, 0, 0, 0)
        gtk_box_pack_start(vf_box(header), title, 1, 1, 0)
        recoveredBanner = gtk_label_new("Recovered takes available")
        vf_set_accessible(recoveredBanner, ATK_ROLE_NOTIFICATION, "Recovered takes available", nil, "library-recovered")
        gtk_widget_set_no_show_all(recoveredBanner, 1)
        playerArea = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_widget_set_no_show_all(playerArea, 1)
        nowPlaying = gtk_label_new("")
        vf_set_accessible(nowPlaying, ATK_ROLE_LABEL, nil, nil, "library-playing")
        gtk_box_pack_start(vf_box(playerArea), nowPlaying, 0, 0, 0)
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        vf_set_accessible(list, ATK_ROLE_LIST, "Takes", nil, "library-takes")
        let scroller = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(vf_scrolled(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // Room for a few takes under the player.
        gtk_scrolled_window_set_min_content_height(vf_scrolled(scroller), 240)
        gtk_container_add(vf_container(scroller), list)
        gtk_box_pack_start(vf_box(page), header, 0, 0, 0)
        gtk_box_pack_start(vf_box(page), recoveredBanner, 0, 0, 0)
        gtk_box_pack_start(vf_box(page), playerArea, 0, 0, 0)
        gtk_box_pack_start(vf_box(page), scroller, 1, 1, 0)
        Signals.on(back.object, "clicked") { [weak self] in self?.onBack() }
    }

    /// Fills the page: `recovered` says whether to show the banner (read before LIBRARY cleared it);
    /// `playing` is a take to play at once (LAST TAKE).
    func load(recovered: Bool, playing: String?) {
        if recovered { gtk_widget_show(recoveredBanner) } else { gtk_widget_hide(recoveredBanner) }
        link.camera("ListTakes", [.int32(0), .int32(200)]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                self.show(TakeRow.rows(reply))
                if let playing, let take = self.takes.first(where: { $0.path == playing }) { self.open(take) }
            case .failure(let error):
                Log.info("ListTakes failed: \(error.message)")
                self.show([])
            }
        }
    }

    /// Stops a clip that plays (leaving the page).
    func stop() {
        if let player { vf_player_stop(player) }
        gtk_widget_hide(playerArea)
    }

    private func show(_ rows: [TakeRow]) {
        takes = rows
        let children = gtk_container_get_children(vf_container(list))
        var node = children
        while let current = node {
            gtk_widget_destroy(current.pointee.data.assumingMemoryBound(to: GtkWidget.self))
            node = UnsafeMutablePointer(current.pointee.next)
        }
        g_list_free(children)
        if rows.isEmpty {
            let empty = gtk_label_new("No takes yet.")!
            gtk_box_pack_start(vf_box(list), empty, 0, 0, 0)
        }
        for (index, take) in rows.enumerated() {
            let button = gtk_button_new()!
            let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
            let image = gtk_image_new_from_icon_name(take.kind == "clip" ? "video-x-generic" : "image-x-generic",
                                                     GTK_ICON_SIZE_DIALOG)!
            gtk_widget_set_size_request(image, 120, 68)
            let words = gtk_label_new(take.summary)!
            gtk_label_set_xalign(vf_label(words), 0)
            gtk_box_pack_start(vf_box(line), image, 0, 0, 0)
            gtk_box_pack_start(vf_box(line), words, 1, 1, 0)
            gtk_container_add(vf_container(button), line)
            vf_set_accessible(button, ATK_ROLE_INVALID, take.summary,
                              take.kind == "clip" ? "Double tap to play" : "Double tap to show", "take.\(index)")
            Signals.on(button.object, "clicked") { [weak self] in self?.open(take) }
            gtk_box_pack_start(vf_box(list), button, 0, 0, 0)
            Thumbnails.load(take.path, into: image)
        }
        gtk_widget_show_all(list)
    }

    /// Plays a clip, or shows a photo large, above the list.
    private func open(_ take: TakeRow) {
        gtk_label_set_text(vf_label(nowPlaying), (take.kind == "clip" ? "Playing: " : "Showing: ") + take.summary)
        vf_set_accessible(nowPlaying, ATK_ROLE_INVALID, gtk_label_get_text(vf_label(nowPlaying)).map { String(cString: $0) },
                          nil, nil)
        gtk_widget_show(playerArea)
        gtk_widget_show(nowPlaying)
        guard let player = playerReady() else { return }
        if vf_player_play(player, take.path) == 0 {
            Log.info("the take \(take.path) would not play")
        } else {
            Log.debug("library: playing \(take.path)")
        }
    }

    private func playerReady() -> OpaquePointer? {
        if let player { return player }
        var problem: UnsafeMutablePointer<gchar>?
        guard let made = vf_player_new(audioSink, &problem) else {
            Log.info("no player: \(problem.map { String(cString: $0) } ?? "unknown reason")")
            g_free(problem)
            return nil
        }
        let widget = vf_player_widget(made)!
        gtk_widget_set_size_request(widget, 480, 270)
        vf_set_accessible(widget, ATK_ROLE_VIDEO, "Player", nil, "library-player")
        gtk_box_pack_start(vf_box(playerArea), widget, 0, 0, 0)
        gtk_widget_show(widget)
        player = made
        return player
    }
}

/// Thumbnails made off the main loop (a clip's first frame is decoded), then put in place.
enum Thumbnails {
    @MainActor
    static func load(_ path: String, into image: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref(image.object)
        let target = WidgetHandle(image)
        DispatchQueue.global(qos: .utility).async {
            let pixbuf = PixbufHandle(vf_thumbnail(path, 120, 3000))
            MainLoop.post {
                if let made = pixbuf.pointer {
                    gtk_image_set_from_pixbuf(vf_image(target.widget), made)
                    g_object_unref(UnsafeMutableRawPointer(made))
                }
                g_object_unref(target.widget.object)
            }
        }
    }
}

/// A widget pointer handed between threads (only touched on the main loop).
struct WidgetHandle: @unchecked Sendable {
    let widget: UnsafeMutablePointer<GtkWidget>
    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
}

/// A pixbuf made on a worker thread, owned by whoever takes it.
struct PixbufHandle: @unchecked Sendable {
    let pointer: OpaquePointer?
    init(_ pointer: OpaquePointer?) { self.pointer = pointer }
}
