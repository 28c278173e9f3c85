import Foundation
import CGtk
import CViewfinder
import DBus

/// The window: the intro card over a stack of two pages — the camera (fact of the day, the live
/// picture, the MENU panel, the body) and the LIBRARY. It wires each part to the bus link.
@MainActor
final class ViewfinderWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    private let link: CameraLink
    private let options: Options
    private let motion = MotionSettings()
    private let text = TextSize()
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let cameraPage: UnsafeMutablePointer<GtkWidget>
    private let body: BodyPanel
    private let menu: MenuPanel
    private let preview: PreviewPane
    private let library: LibraryPage
    private let intro: IntroCard
    private let fact = Announcer(id: "fact-of-the-day", holdMilliseconds: nil)
    private let status = Announcer(id: "status", holdMilliseconds: 6000)
    private var quitting = false

    init(link: CameraLink, options: Options, launchedAt: Int) {
        self.link = link
        self.options = options
        let audioSink = ProcessInfo.processInfo.environment["RETROCAM_VIEWFINDER_AUDIO_SINK"] ?? "autoaudiosink"
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(vf_window(window), "Retrocam")
        gtk_window_set_icon_name(vf_window(window), "retrocam-viewfinder")
        gtk_window_set_default_size(vf_window(window), 720, -1)
        Stylesheet.install()
        body = BodyPanel(link: link, motion: motion, text: text, clicks: Clicks(sink: audioSink))
        menu = MenuPanel(link: link, motion: motion, text: text)
        preview = PreviewPane(link: link, launchedAt: launchedAt)
        library = LibraryPage(link: link, audioSink: audioSink)
        intro = IntroCard(motion: motion)
        cameraPage = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)
        for part in [fact.label, status.label, preview.area, menu.panel, body.grid] {
            gtk_box_pack_start(vf_box(cameraPage), part, 0, 0, 0)
        }
        gtk_widget_set_halign(body.grid, GTK_ALIGN_CENTER)
        stack = gtk_stack_new()
        gtk_stack_add_named(vf_stack(stack), cameraPage, "camera")
        gtk_stack_add_named(vf_stack(stack), library.page, "library")
        let overlay = gtk_overlay_new()!
        gtk_container_add(vf_container(overlay), stack)
        gtk_overlay_add_overlay(vf_overlay(overlay), intro.card)
        gtk_container_add(vf_container(window), overlay)
        wire()
    }

    private func wire() {
        menu.menuControl = body.view("menu")?.control
        body.onAnnounce = { [weak self] text in self?.status.say(text) }
        menu.onAnnounce = { [weak self] text in self?.status.say(text) }
        body.onRefresh = { [weak self] rows in
            if let menu = rows["menu"] { self?.menu.follow(menuValue: menu.value) }
        }
        body.onOpenLibrary = { [weak self] playing, recovered in self?.openLibrary(playing: playing, recovered: recovered) }
        library.onBack = { [weak self] in self?.closeLibrary() }
        intro.onGone = { [weak self] in self?.launch() }
        link.onChange { [weak self] changed in
            guard let self else { return }
            self.body.refresh()
            if let recording = changed["Recording"]?.boolValue { self.body.recordingChanged(recording) }
        }
        link.onDaemonArrival { [weak self] in
            self?.body.load()
            self?.preview.open()
        }
        motion.onChange { [weak self] in
            guard let self else { return }
            self.body.recordingChanged(self.link.properties["Recording"]?.boolValue ?? false)
        }
        vf_on_key(window, { data, keyval, pressed in
            let box = Unmanaged<KeyBox>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handle(keyval, pressed != 0) } ? 1 : 0
        }, Unmanaged.passRetained(KeyBox { [weak self] keyval, pressed in
            self?.key(keyval, pressed: pressed) ?? false
        }).toOpaque(), { data in
            if let data { Unmanaged<KeyBox>.fromOpaque(data).release() }
        })
        Signals.on(window.object, "destroy") { [weak self] in self?.quit() }
    }

    /// Shows the window with the intro card, reads the body and opens the preview.
    func start() {
        gtk_widget_show_all(window)
        gtk_widget_hide(library.page)
        gtk_stack_set_visible_child_name(vf_stack(stack), "camera")
        intro.start(dwellMilliseconds: options.introMilliseconds)
        body.load()
        preview.open()
    }

    /// After the intro: the DECADE wheel spins in, and the fact of the day appears and is read aloud.
    private func launch() {
        if let decade = body.view("decade") { gtk_widget_grab_focus(decade.control) }
        body.spinIn()
        link.intent("FactOfTheDay") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                let dialog = reply.first?.variantDictionary?["dialog"]?.stringValue ?? ""
                self.fact.say(dialog)
                let connection = self.link.connection
                Task.detached {
                    let how = await Speech.sayAloud(dialog, connection: connection)
                    Log.debug("fact of the day: \(how)")
                }
            case .failure(let error):
                Log.info("no fact of the day: \(error.message)")
            }
        }
    }

    private func openLibrary(playing: String?, recovered: Bool) {
        library.load(recovered: recovered, playing: playing)
        turn(to: library.page, name: "library")
    }

    private func closeLibrary() {
        library.stop()
        turn(to: cameraPage, name: "camera")
        if let button = body.view("library") { gtk_widget_grab_focus(button.control) }
    }

    /// Shows another page: it slides in with a spring, or fades in over 150 ms with Reduce Motion.
    private func turn(to page: UnsafeMutablePointer<GtkWidget>, name: String) {
        let style = Motion.library.style(reduced: motion.reduced)
        gtk_widget_show(page)
        gtk_stack_set_visible_child_name(vf_stack(stack), name)
        gtk_widget_set_opacity(page, 0)
        Animator.run(.library, style: style, on: page, reportOn: body.view("library")?.control, label: name, step: { progress in
            gtk_widget_set_opacity(page, min(1, max(0, style.kind == "fade" ? progress : min(1, progress * 2))))
            // GTK 3 margins cannot be negative: the spring's overshoot stops at the page's place.
            gtk_widget_set_margin_start(page, style.kind == "spring" ? Int32(max(0, 1 - progress) * 60) : 0)
        }, done: {
            gtk_widget_set_opacity(page, 1)
            gtk_widget_set_margin_start(page, 0)
        })
    }

    /// Escape: skips the intro, leaves the LIBRARY, closes the MENU.
    private func key(_ keyval: UInt32, pressed: Bool) -> Bool {
        guard pressed, keyval == UInt32(GDK_KEY_Escape) else { return false }
        if intro.isShowing {
            intro.skip()
        } else if gtk_stack_get_visible_child(vf_stack(stack)) == library.page {
            closeLibrary()
        } else if menu.isOpen {
            body.activate("menu")
        } else {
            return false
        }
        return true
    }

    /// Lets the preview go, writes the report, ends the main loop.
    func quit() {
        guard !quitting else { return }
        quitting = true
        let first = preview.firstFrameMilliseconds, frames = preview.frames
        preview.close()
        if let path = options.report {
            Report(launchToFirstFrameMilliseconds: first, frames: frames, framerate: preview.framerate,
                   latencyMicroseconds: preview.latencies, drawLatencyMicroseconds: preview.drawLatencies).write(to: path)
        }
        gtk_main_quit()
    }
}

/// A key handler carried through a C `gpointer`.
private final class KeyBox {
    let handle: @MainActor (UInt32, Bool) -> Bool
    init(_ handle: @escaping @MainActor (UInt32, Bool) -> Bool) { self.handle = handle }
}
