import Body
import CGStreamer

/// A GStreamer element the product builds its pipelines from, with the Debian package that brings
/// it. The launch descriptions name elements through these values (`"\(PipelineElements.gamma) name=…"`),
/// so this list is the one place that says what the camera needs installed: `retrocamd --check` and
/// the daemon's start-up check read it, and a missing element is named with its package instead of
/// failing later as "no element".
public struct PipelineElement: Sendable, Hashable, CustomStringConvertible {
    /// The factory name (`textoverlay`).
    public let name: String
    /// The Debian 12 package whose plugin holds it (`gstreamer1.0-x`).
    public let package: String
    /// What the camera uses it for, in words ("the date imprint").
    public let use: String
    /// Needed by every camera, or only by one kind of source (nil: always).
    public let onlyFor: String?

    init(_ name: String, _ package: String, _ use: String, onlyFor: String? = nil) {
        self.name = name
        self.package = package
        self.use = use
        self.onlyFor = onlyFor
    }

    /// The factory name, so a value reads as the element in a launch description.
    public var description: String { name }

    /// True when GStreamer can make this element here (its plugin is installed and loads).
    public var isInstalled: Bool {
        guard (try? GStreamerRuntime.ensure()) != nil else { return false }
        return GStreamerRuntime.hasElement(name)
    }
}

/// Every element the product uses, in one list.
public enum PipelineElements {
    static let core = "libgstreamer1.0-0"
    static let base = "gstreamer1.0-plugins-base"
    static let good = "gstreamer1.0-plugins-good"

    // The sources.
    static let videotestsrc = PipelineElement("videotestsrc", base, "the synthetic test card")
    static let pipewiresrc = PipelineElement("pipewiresrc", "gstreamer1.0-pipewire", "PipeWire cameras",
                                             onlyFor: "PipeWire cameras")
    static let v4l2src = PipelineElement("v4l2src", good, "V4L2 cameras", onlyFor: "V4L2 cameras")
    static let decodebin = PipelineElement("decodebin", base, "decoding a camera's MJPEG or raw frames",
                                           onlyFor: "V4L2 cameras")
    static let jpegdec = PipelineElement("jpegdec", good, "decoding MJPEG webcams", onlyFor: "V4L2 cameras")
    // The look chain and the live output.
    static let queue = PipelineElement("queue", core, "keeping the picture live")
    static let capsfilter = PipelineElement("capsfilter", core, "fixing the picture's size and rate")
    static let videoconvert = PipelineElement("videoconvert", base, "converting pixel formats")
    static let videoscale = PipelineElement("videoscale", base, "scaling (ZOOM, camera sizes)")
    static let videorate = PipelineElement("videorate", base, "a camera's frame rate")
    static let videobalance = PipelineElement("videobalance", good, "the era's colour balance")
    static let gamma = PipelineElement("gamma", good, "EXPOSURE")
    static let agingtv = PipelineElement("agingtv", good, "film damage (scratches, dust)")
    static let videocrop = PipelineElement("videocrop", good, "ZOOM, the virtual camera's centre crops")
    static let videoflip = PipelineElement("videoflip", good, "mirroring the front camera")
    static let textoverlay = PipelineElement("textoverlay", "gstreamer1.0-x", "the date imprint")
    static let appsink = PipelineElement("appsink", base, "handing frames to photos and clips")
    // Photos: gst_video_convert_sample encodes with the JPEG encoder it finds.
    static let jpegenc = PipelineElement("jpegenc", good, "photos (JPEG)")
    // Clips.
    static let appsrc = PipelineElement("appsrc", base, "feeding frames to a clip")
    static let vp8enc = PipelineElement("vp8enc", good, "clips (VP8 video)")
    static let webmmux = PipelineElement("webmmux", good, "clips (WebM files)")
    static let fdsink = PipelineElement("fdsink", core, "writing clips (to a file the daemon opened itself)")
    static let audiotestsrc = PipelineElement("audiotestsrc", base, "the test tone when there is no microphone")
    static let pulsesrc = PipelineElement("pulsesrc", good, "the microphone", onlyFor: "the microphone")
    static let audioconvert = PipelineElement("audioconvert", base, "clip sound")
    static let audioresample = PipelineElement("audioresample", base, "clip sound")
    static let opusenc = PipelineElement("opusenc", base, "clip sound (Opus)")
    // The live picture offered to viewers (the viewfinder reads it with shmsrc).
    static let shmsink = PipelineElement("shmsink", "gstreamer1.0-plugins-bad", "the viewfinder's preview",
                                         onlyFor: "the viewfinder's preview")
    // Repairing clips a crash cut short (built in C by remux.c, with the same names).
    static let filesrc = PipelineElement("filesrc", core, "repairing interrupted clips")
    static let matroskademux = PipelineElement("matroskademux", good, "repairing interrupted clips")
    static let matroskamux = PipelineElement("matroskamux", good, "repairing interrupted clips")

    /// Every element, sources first.
    public static let all: [PipelineElement] = [
        videotestsrc, pipewiresrc, v4l2src, decodebin, jpegdec,
        queue, capsfilter, videoconvert, videoscale, videorate, videobalance, gamma, agingtv, videocrop,
        videoflip, textoverlay, appsink, jpegenc,
        appsrc, vp8enc, webmmux, fdsink, audiotestsrc, pulsesrc, audioconvert, audioresample, opusenc,
        shmsink, filesrc, matroskademux, matroskamux,
    ]

    /// The elements of `all` that cannot be made here.
    public static func missing(among elements: [PipelineElement] = all) -> [PipelineElement] {
        elements.filter { !$0.isInstalled }
    }

    /// Throws `.noCamera` naming each element of `description` that is missing here and the package
    /// that brings it, so "no element textoverlay" becomes a sentence that says what to install.
    static func requireInstalled(for description: String, purpose: String) throws(IntentError) {
        let absent = missing(among: named(in: description).known)
        guard !absent.isEmpty else { return }
        throw .noCamera("The \(purpose) cannot be built: \(sentence(absent)).")
    }

    /// The elements a launch description names: those of `all`, and any other word in an element's
    /// place (a test proves there is none, so this list stays the one place). Quoted values, caps
    /// (`video/x-raw,…`), properties (`name=…`) and pad references (`mux.`) are not elements.
    static func named(in description: String) -> (known: [PipelineElement], unknown: [String]) {
        var unquoted = ""
        var inQuotes = false
        var previous: Character = " "
        for character in description {
            if character == "\"" && previous != "\\" { inQuotes.toggle() } else if !inQuotes { unquoted.append(character) }
            previous = character
        }
        let words = unquoted.split(whereSeparator: { $0 == " " || $0 == "!" }).map(String.init)
            .filter { !$0.contains("=") && !$0.contains("/") && !$0.hasSuffix(".") && !$0.isEmpty }
        var known: [PipelineElement] = []
        var unknown: [String] = []
        for word in words {
            if let element = all.first(where: { $0.name == word }) {
                if !known.contains(element) { known.append(element) }
            } else if !unknown.contains(word) {
                unknown.append(word)
            }
        }
        return (known, unknown)
    }

    /// "GStreamer's textoverlay (the date imprint) is missing; install the Debian package gstreamer1.0-x".
    public static func sentence(_ absent: [PipelineElement]) -> String {
        let names = absent.map { "\($0.name) (\($0.use))" }
        let packages = Array(Set(absent.map(\.package))).sorted()
        let verb = absent.count == 1 ? "is" : "are"
        let noun = packages.count == 1 ? "package" : "packages"
        return "GStreamer's \(names.joined(separator: ", ")) \(verb) missing; install the Debian \(noun) "
            + packages.joined(separator: " ")
    }
}
