import Foundation
import XDG

/// Which camera the engine should open.
public enum SourceChoice: Sendable, Equatable {
    /// A real camera when present, else the synthetic test cards.
    case auto
    /// The two built-in test cards (what CI uses).
    case synthetic
    /// One camera, by the name the desktop shows ("Integrated Camera"), a V4L2 device path
    /// (`/dev/video0`) or an id (`pipewire:36`).
    case device(String)
}

/// Where sound for clips comes from.
public enum AudioChoice: Sendable, Equatable {
    /// The PulseAudio/PipeWire microphone when a sound server is running, else a test tone.
    case auto
    /// A quiet test tone (`audiotestsrc`).
    case synthetic
    /// The default PulseAudio/PipeWire source.
    case microphone
}

/// Everything the engine needs to know before it starts.
public struct EngineConfiguration: Sendable {
    /// The camera to open.
    public var source: SourceChoice = .auto
    /// Where clip audio comes from.
    public var audio: AudioChoice = .auto
    /// Output frame width in pixels (even).
    public var width = 1280
    /// Output frame height in pixels (even).
    public var height = 720
    /// Output frames per second.
    public var framerate = 30
    /// Photos go here: the pictures folder of `user-dirs.dirs` (as GLib reads it), `/Retrocam`.
    public var picturesDirectory: URL
    /// Clips go here: the videos folder of `user-dirs.dirs` (as GLib reads it), `/Retrocam`.
    public var videosDirectory: URL
    /// The takes index lives here: `$XDG_STATE_HOME/retrocam`.
    public var stateDirectory: URL
    /// The freedesktop home Trash: `$XDG_DATA_HOME/Trash`.
    public var trashDirectory: URL
    /// A take is refused when less than this many bytes are free where it would be written.
    public var minimumFreeBytes: Int64 = 50 * 1024 * 1024
    /// How long any wait on GStreamer may take before it becomes an error (a take's file closing).
    public var pipelineTimeout: Double = 10
    /// Seconds a camera has to give its first picture once asked to open; past that it answers
    /// NoCamera, naming the camera and what it would not do, well before a bus client gives up (25 s).
    public var openTimeout: Double = 5
    /// How often a take in progress checks the free space (seconds); below `minimumFreeBytes` it is closed.
    public var storageCheckInterval: Double = 1
    /// Seconds the camera stays open after the last thing that needed it (a take, a countdown, a
    /// shortcut, a preview), so a burst of photos stays instant; then it closes. `RETROCAM_LINGER_SECONDS`.
    public var lingerSeconds: Double = 4
    /// How the first frames of a freshly opened camera are judged (dark frames are skipped).
    public var warmUp = WarmUp()
    /// The sysfs LED class folder searched for a flash or torch LED (`/sys/class/leds`).
    public var ledsDirectory = URL(fileURLWithPath: "/sys/class/leds", isDirectory: true)

    /// A configuration with explicit directories.
    public init(picturesDirectory: URL, videosDirectory: URL, stateDirectory: URL, trashDirectory: URL) {
        self.picturesDirectory = picturesDirectory
        self.videosDirectory = videosDirectory
        self.stateDirectory = stateDirectory
        self.trashDirectory = trashDirectory
    }

    /// The configuration from the user's folders (`UserFolders`: XDG base directories from `env`,
    /// Pictures and Videos through GLib), overridden by `RETROCAM_PICTURES_DIR`,
    /// `RETROCAM_VIDEOS_DIR`, `RETROCAM_STATE_DIR`, `RETROCAM_TRASH_DIR`,
    /// `RETROCAM_SOURCE` (`synthetic`, `auto`, or a camera's name or device path), `RETROCAM_AUDIO`
    /// (`synthetic`, `auto`, `microphone`), `RETROCAM_MIN_FREE_MB`, `RETROCAM_LEDS_DIR` and
    /// `RETROCAM_LINGER_SECONDS` (0 to 3600).
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> EngineConfiguration {
        let folders = UserFolders(environment: env)
        func directory(_ variable: String, _ fallback: @autoclosure () -> URL) -> URL {
            if let value = env[variable], !value.isEmpty {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return fallback()
        }
        var configuration = EngineConfiguration(
            picturesDirectory: directory("RETROCAM_PICTURES_DIR", SpecialFolder.pictures.url.appendingPathComponent("Retrocam", isDirectory: true)),
            videosDirectory: directory("RETROCAM_VIDEOS_DIR", SpecialFolder.videos.url.appendingPathComponent("Retrocam", isDirectory: true)),
            stateDirectory: directory("RETROCAM_STATE_DIR", folders.stateHome.appendingPathComponent("retrocam", isDirectory: true)),
            trashDirectory: directory("RETROCAM_TRASH_DIR", folders.dataHome.appendingPathComponent("Trash", isDirectory: true)))
        switch env["RETROCAM_SOURCE"]?.lowercased() {
        case "synthetic", "test", "testcard": configuration.source = .synthetic
        case nil, "", "auto": configuration.source = .auto
        default: configuration.source = .device(env["RETROCAM_SOURCE"]!)
        }
        switch env["RETROCAM_AUDIO"]?.lowercased() {
        case "synthetic", "test": configuration.audio = .synthetic
        case "microphone", "mic", "pulse": configuration.audio = .microphone
        default: configuration.audio = .auto
        }
        if let text = env["RETROCAM_MIN_FREE_MB"], let megabytes = Int64(text), megabytes >= 0 {
            configuration.minimumFreeBytes = megabytes * 1024 * 1024
        }
        if let text = env["RETROCAM_LINGER_SECONDS"], let seconds = Double(text), (0...3600).contains(seconds) {
            configuration.lingerSeconds = seconds
        }
        if let leds = env["RETROCAM_LEDS_DIR"], !leds.isEmpty {
            configuration.ledsDirectory = URL(fileURLWithPath: leds, isDirectory: true)
        }
        return configuration
    }
}
