/// The launch description of the live pipeline: source → look chain → fixed
/// output caps → the appsink that feeds photos and takes.
///
/// ```
/// source ! leaky queue ! I420 ! videobalance(balance) ! gamma(exposure) ! agingtv(damage)
///   ! videocrop(zoom) ! videoscale ! WxH ! videoflip(mirror) ! [C effects probe]
///   ! textoverlay(stamp) ! capsfilter(output) ! appsink(frames)
/// ```
enum LiveGraph {
    /// Names of the elements the engine drives.
    enum Name {
        static let source = "source"
        static let balance = "balance"
        static let exposure = "exposure"
        static let damage = "damage"
        static let zoom = "zoom"
        static let mirror = "mirror"
        static let stamp = "stamp"
        static let output = "output"
        static let frames = "frames"
    }

    /// The element whose sink pad carries the C effects probe (grain, bleed, vignette, matte).
    static let effectsElement = Name.stamp
    /// textoverlay's video input pad.
    static let effectsPad = "video_sink"

    /// The full description for `source` at the configured size. Every element is named through
    /// `PipelineElements`, the list `retrocamd --check` reads.
    static func description(source: CameraSource, width: Int, height: Int, framerate: Int) -> String {
        typealias E = PipelineElements
        let size = "width=\(width),height=\(height)"
        let fontSize = max(8, height / 26)
        return [
            sourceFragment(source, size: size, framerate: framerate),
            // When the looks cost more than a frame interval, frames are dropped here
            // (the newest kept), so the picture stays live instead of falling behind.
            "\(E.queue) max-size-buffers=1 max-size-bytes=0 max-size-time=0 leaky=downstream",
            "\(E.videoconvert)", "video/x-raw,format=I420",
            "\(E.videobalance) name=\(Name.balance)",
            "\(E.gamma) name=\(Name.exposure)",
            // agingtv works on RGB only; with everything off it copies the frame through.
            "\(E.videoconvert)", "\(E.agingtv) name=\(Name.damage) scratch-lines=0 color-aging=false pits=false dusts=false",
            "\(E.videoconvert)", "video/x-raw,format=I420",
            "\(E.videocrop) name=\(Name.zoom)",
            "\(E.videoscale)", "video/x-raw,\(size),pixel-aspect-ratio=1/1",
            "\(E.videoflip) name=\(Name.mirror)",
            "\(E.textoverlay) name=\(Name.stamp) silent=true valignment=bottom halignment=right "
                + "font-desc=\"Monospace Bold \(fontSize)px\" color=0xFFFF9A2E draw-shadow=true "
                + "shaded-background=false xpad=\(max(8, width / 40)) ypad=\(max(8, height / 30))",
            "\(E.capsfilter) name=\(Name.output) caps=\"video/x-raw,format=I420,\(size),framerate=\(framerate)/1,pixel-aspect-ratio=1/1\"",
            "\(E.appsink) name=\(Name.frames) max-buffers=1 drop=true sync=false enable-last-sample=false",
        ].joined(separator: " ! ")
    }

    private static func sourceFragment(_ source: CameraSource, size: String, framerate: Int) -> String {
        typealias E = PipelineElements
        // Scale and rate fix a real camera's size and speed to the configured ones.
        let fit = "\(E.videoconvert) ! \(E.videoscale) ! \(E.videorate) ! video/x-raw,\(size),framerate=\(framerate)/1"
        switch source.kind {
        case .testCard(let pattern):
            return "\(E.videotestsrc) name=\(Name.source) is-live=true pattern=\(pattern) ! "
                + "video/x-raw,format=I420,\(size),framerate=\(framerate)/1"
        case .device(let path):
            // decodebin takes raw or MJPEG cameras.
            return "\(E.v4l2src) name=\(Name.source) device=\"\(escaped(path))\" ! \(E.decodebin) ! \(fit)"
        case .pipeWire(let target):
            // PipeWire hands over raw frames in a format the node offers (it converts if needed).
            // `always-copy`: each frame is copied out of PipeWire's buffer while pipewiresrc holds PipeWire's
            // lock. Otherwise the frame downstream is PipeWire's own memory (0.3.65 wraps it without a hold
            // on it), which PipeWire unmaps on its thread as soon as the node goes or pauses: a frame still
            // being scaled then read unmapped memory (a SIGSEGV on the source's thread).
            return "\(E.pipewiresrc) name=\(Name.source) target-object=\"\(escaped(target))\" always-copy=true ! \(fit)"
        }
    }

    /// A string made safe inside double quotes of a launch description.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
