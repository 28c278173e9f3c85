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

    /// The full description for `source` at the configured size.
    static func description(source: CameraSource, width: Int, height: Int, framerate: Int) -> String {
        let size = "width=\(width),height=\(height)"
        let fontSize = max(8, height / 26)
        return [
            sourceFragment(source, size: size, framerate: framerate),
            // When the looks cost more than a frame interval, frames are dropped here
            // (the newest kept), so the picture stays live instead of falling behind.
            "queue max-size-buffers=1 max-size-bytes=0 max-size-time=0 leaky=downstream",
            "videoconvert", "video/x-raw,format=I420",
            "videobalance name=\(Name.balance)",
            "gamma name=\(Name.exposure)",
            // agingtv works on RGB only; with everything off it copies the frame through.
            "videoconvert", "agingtv name=\(Name.damage) scratch-lines=0 color-aging=false pits=false dusts=false",
            "videoconvert", "video/x-raw,format=I420",
            "videocrop name=\(Name.zoom)",
            "videoscale", "video/x-raw,\(size),pixel-aspect-ratio=1/1",
            "videoflip name=\(Name.mirror)",
            "textoverlay name=\(Name.stamp) silent=true valignment=bottom halignment=right "
                + "font-desc=\"Monospace Bold \(fontSize)px\" color=0xFFFF9A2E draw-shadow=true "
                + "shaded-background=false xpad=\(max(8, width / 40)) ypad=\(max(8, height / 30))",
            "capsfilter name=\(Name.output) caps=\"video/x-raw,format=I420,\(size),framerate=\(framerate)/1,pixel-aspect-ratio=1/1\"",
            "appsink name=\(Name.frames) max-buffers=1 drop=true sync=false enable-last-sample=false",
        ].joined(separator: " ! ")
    }

    private static func sourceFragment(_ source: CameraSource, size: String, framerate: Int) -> String {
        switch source.kind {
        case .testCard(let pattern):
            return "videotestsrc name=\(Name.source) is-live=true pattern=\(pattern) ! "
                + "video/x-raw,format=I420,\(size),framerate=\(framerate)/1"
        case .device(let path):
            // decodebin takes raw or MJPEG cameras; scale and rate fix the size and speed.
            return "v4l2src name=\(Name.source) device=\"\(escaped(path))\" ! decodebin ! videoconvert ! "
                + "videoscale ! videorate ! video/x-raw,\(size),framerate=\(framerate)/1"
        }
    }

    /// A string made safe inside double quotes of a launch description.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
