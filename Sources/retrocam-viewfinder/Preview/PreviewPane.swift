import CGtk
import CViewfinder
import DBus
import Foundation

/// The viewfinder's picture: the daemon's own live stream (`Camera1.OpenPreview`, read with
/// `shmsrc` into `gtksink`), with the look applied; the daemon keeps the camera awake while this
/// holds it, and `close()` (or the window going away) lets it go.
@MainActor
final class PreviewPane {
    /// The area to put in the window.
    let area: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private var preview: OpaquePointer?
    private var widget: UnsafeMutablePointer<GtkWidget>?
    private let link: CameraLink
    /// When the viewfinder started (g_get_monotonic_time), for the first frame's delay.
    let launchedAt: Int
    /// Latencies collected so far, capture → sink and capture → drawn (µs).
    private(set) var latencies: [Int64] = []
    private(set) var drawLatencies: [Int64] = []
    private(set) var framerate = 0
    private var reported = false

    init(link: CameraLink, launchedAt: Int) {
        self.link = link
        self.launchedAt = launchedAt
        area = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        vf_add_class(area, "preview")
        gtk_widget_set_size_request(area, 640, 360)
        placeholder = gtk_label_new("Waiting for the camera…")
        gtk_box_pack_start(vf_box(area), placeholder, 1, 1, 0)
    }

    /// Asks the daemon for its stream and shows it.
    func open() {
        link.camera("OpenPreview") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                guard let offer = reply.first?.variantDictionary, let socket = offer["socket"]?.stringValue,
                      let caps = offer["caps"]?.stringValue else {
                    self.showProblem("The camera offered no preview stream.")
                    return
                }
                self.framerate = Int(offer["framerate"]?.int32Value ?? 0)
                self.show(socket: socket, caps: caps)
            case .failure(let error):
                self.showProblem(error.message)
            }
        }
    }

    /// Lets the stream go without waiting for the daemon (the UI thread never blocks on the bus): the
    /// daemon stops it when no other viewfinder holds it, and drops this one anyway when it leaves the bus.
    func close() {
        collect()
        tearDown()
        try? link.camera.send("ClosePreview")
    }

    /// Frames that reached the sink.
    var frames: UInt64 { preview.map { UInt64(vf_preview_frames($0)) } ?? 0 }

    /// Milliseconds from launch to the first frame at the sink, nil before it.
    var firstFrameMilliseconds: Double? {
        guard let preview else { return nil }
        let first = vf_preview_first_frame_time(preview)
        return first == 0 ? nil : Double(first - launchedAt) / 1000
    }

    /// Moves the latencies measured since the last call into `latencies` and `drawLatencies`.
    func collect() {
        guard let preview else { return }
        var buffer = [Int](repeating: 0, count: 4096)
        let count = Int(vf_preview_take_latencies(preview, &buffer, Int32(buffer.count)))
        latencies += buffer.prefix(count).map(Int64.init)
        let drawn = Int(vf_preview_take_draw_latencies(preview, &buffer, Int32(buffer.count)))
        drawLatencies += buffer.prefix(drawn).map(Int64.init)
        if let error = vf_preview_error(preview) {
            Log.info("preview: \(String(cString: error))")
            g_free(error)
        }
    }

    private func show(socket: String, caps: String) {
        tearDown()
        var problem: UnsafeMutablePointer<gchar>?
        guard let made = vf_preview_new(socket, caps, &problem) else {
            showProblem("The preview could not be shown: \(problem.map { String(cString: $0) } ?? "unknown reason").")
            g_free(problem)
            return
        }
        preview = made
        let sinkWidget = vf_preview_widget(made)!
        widget = sinkWidget
        vf_set_accessible(sinkWidget, ATK_ROLE_VIDEO, "Viewfinder", "The camera's live picture", "preview")
        gtk_widget_hide(placeholder)
        gtk_box_pack_start(vf_box(area), sinkWidget, 1, 1, 0)
        gtk_widget_show(sinkWidget)
        if vf_preview_play(made) == 0 { showProblem("The preview would not play.") }
        Log.debug("preview: reading \(caps) from \(socket)")
        watchFirstFrame()
    }

    /// Logs the first frame's delay once it is there (checked each second, with the latencies).
    private func watchFirstFrame() {
        MainLoop.after(milliseconds: 1000) { [weak self] in
            guard let self, self.preview != nil else { return }
            self.collect()
            if !self.reported, let first = self.firstFrameMilliseconds {
                self.reported = true
                Log.debug("preview: first frame \(Int(first)) ms after launch")
            }
            self.watchFirstFrame()
        }
    }

    private func tearDown() {
        if let widget { gtk_container_remove(vf_container(area), widget) }
        widget = nil
        if let preview { vf_preview_free(preview) }
        preview = nil
    }

    private func showProblem(_ text: String) {
        Log.info("preview: \(text)")
        gtk_label_set_text(vf_label(placeholder), text)
        gtk_widget_show(placeholder)
    }
}
