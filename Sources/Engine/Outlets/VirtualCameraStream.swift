import Body
import CGStreamer
import CPipeWireCamera
import Foundation

/// The looked picture as a camera of the desktop: a branch of the frame hub (see `HubBranch`) feeding a
/// PipeWire `Video/Source` node of ours with a camera's properties, so browsers, OBS and the Camera portal
/// list it beside the real cameras and read it with `pipewiresrc`.
///
/// ```
/// appsrc (leaky, 1 frame) ! videocrop (to the reader's shape) ! videoconvert ! videoscale ! capsfilter (the reader's format) ! appsink → the node
/// ```
/// The node offers what webcams offer: YUY2, NV12 and I420, at the configured size and at 1280×720 and
/// 640×480, at the configured rate. PipeWire's link negotiation picks, among those, the one the reader
/// asks for (or the first that fits what it accepts: YUY2 at the configured size for a reader that takes
/// anything); the branch then converts the frames to it, once, whatever the number of readers. A size of
/// another shape than the picture is a centre crop of it, as a webcam gives (640×480 from a 16:9 picture
/// loses its sides, never gains black bars).
/// The node exists while the stream runs: `stop()` (or the daemon's end) removes it. Readers get the live
/// picture as it is, after the look, zoom, exposure and FORMAT bars; a reader that falls behind loses
/// frames, never the camera's pace.
public final class VirtualCameraStream: @unchecked Sendable {
    /// How the node is known to PipeWire and to the people who pick it.
    public struct Node: Sendable, Equatable {
        /// `node.name`: what `pipewiresrc target-object=…` and `pw-cli` find it by.
        public let name: String
        /// `node.description`: the name a browser or OBS shows in its camera list.
        public let description: String
        /// The formats offered, as GStreamer caps (one structure per size).
        public let caps: String
    }

    /// A frame size the node offers.
    public struct Size: Sendable, Equatable {
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
    }

    /// The node's stable name; the daemon's own camera list leaves a node of this name out.
    public static let nodeName = "retrocam.virtual"
    /// The name people see in their camera lists.
    public static let nodeDescription = "Retrocam"
    /// The pixel formats offered (GStreamer's names), the first what a reader with no wish gets.
    public static let formats = ["YUY2", "NV12", "I420"]
    /// The sizes webcams offer, beside the configured one.
    static let cameraSizes = [Size(width: 1280, height: 720), Size(width: 640, height: 480)]

    /// The node published.
    public let node: Node
    private let branch: HubBranch
    private let camera: OpaquePointer
    private let configuration: EngineConfiguration
    private let stopped = NSLock()
    private var isStopped = false
    /// Held while the still card goes up or down (a state change), so those come one at a time.
    private let cardLock = NSLock()
    private var card: StillCard?

    /// Publishes the node and starts feeding it from `hub`; returns once PipeWire lists it. Blocks (a state
    /// change): on the pool.
    init(hub: FrameHub, configuration: EngineConfiguration) throws(IntentError) {
        let sizes = Self.sizes(for: configuration)
        node = Node(name: Self.nodeName, description: Self.nodeDescription,
                    caps: sizes.map { Self.caps(format: "{ \(Self.formats.joined(separator: ", ")) }", size: $0,
                                                framerate: configuration.framerate) }.joined(separator: "; "))
        let tail = Self.tail(first: sizes[0], framerate: configuration.framerate)
        try PipelineElements.requireInstalled(for: tail, purpose: "virtual camera")
        let branch = try HubBranch(hub: hub, configuration: configuration, tail: tail, purpose: "virtual camera pipeline")
        var problem: UnsafeMutablePointer<CChar>?
        let published: OpaquePointer?
        do {
            let filter = try branch.pipeline.element("format").pointer
            let crop = try branch.pipeline.element("crop").pointer
            let sink = try branch.pipeline.element("out").pointer
            let offered = sizes.map { PwCameraSize(width: Int32($0.width), height: Int32($0.height)) }
            let picture = PwCameraSize(width: Int32(configuration.width), height: Int32(configuration.height))
            published = pwcamera_publish(node.name, node.description, picture, offered, Int32(offered.count),
                                         Int32(configuration.framerate), crop, filter, sink,
                                         Int32(configuration.openTimeout * 1000), &problem)
        } catch {
            branch.stop()
            throw error
        }
        guard let published else {
            branch.stop()
            let reason = problem.map { String(cString: $0) } ?? "unknown reason"
            free(problem)
            throw .pipeline("The virtual camera could not be published in PipeWire: \(reason).")
        }
        self.branch = branch
        self.configuration = configuration
        camera = published
    }

    deinit { stop() }

    /// The format readers get now as GStreamer caps; nil while no reader has chosen one.
    public var format: String? {
        stopped.withLock {
            guard !isStopped, let text = pwcamera_format(camera) else { return nil }
            defer { free(text) }
            let format = String(cString: text)
            return format.isEmpty ? nil : format
        }
    }

    /// Stops feeding it and removes the node. Idempotent. Blocks (a state change): on the pool.
    public func stop() {
        let first = stopped.withLock { () -> Bool in
            defer { isStopped = true }
            return !isStopped
        }
        guard first else { return }
        cardLock.withLock {
            card?.stop()
            card = nil
        }
        // The branch stops first, so no frame is on its way into the node when it goes.
        branch.stop()
        pwcamera_stop(camera)
    }

    /// Shows the readers the still card "Camera disconnected" in place of the camera's picture (`true`), or
    /// takes it down so the camera's picture reaches them again; the readers stay linked either way.
    /// Idempotent. Blocks (a state change): on the pool.
    public func showStillCard(_ show: Bool) {
        cardLock.withLock {
            let live = stopped.withLock { !isStopped }
            guard live, show != (card != nil) else { return }
            EngineLog.debug("virtual camera: \(show ? "no picture from the camera, its readers get the still card" : "the camera's picture again")")
            if show {
                do { card = try StillCard(words: StillCard.cameraDisconnected, into: branch, configuration: configuration) } catch {
                    IntentError.log(error, context: "the virtual camera's still card")
                }
            } else {
                card?.stop()
                card = nil
            }
        }
    }

    /// The sizes offered: the configured one first, then the webcam sizes it is not.
    static func sizes(for configuration: EngineConfiguration) -> [Size] {
        let configured = Size(width: configuration.width, height: configuration.height)
        return [configured] + cameraSizes.filter { $0 != configured }
    }

    /// The caps of frames of `format` at `size`.
    static func caps(format: String, size: Size, framerate: Int) -> String {
        "video/x-raw,format=\(format),width=\(size.width),height=\(size.height),framerate=\(framerate)/1"
    }

    /// What follows the hub's feed: a centre crop to the shape of the reader's size, conversion to its
    /// format (both set by the node once one is chosen; YUY2 at `first` until then) and the appsink the
    /// node takes frames from.
    static func tail(first: Size, framerate: Int) -> String {
        typealias E = PipelineElements
        let initial = caps(format: formats[0], size: first, framerate: framerate) + ",pixel-aspect-ratio=1/1"
        return "\(E.videocrop) name=crop ! \(E.videoconvert) ! \(E.videoscale) ! \(E.capsfilter) name=format caps=\"\(initial)\" ! "
            + "\(E.appsink) name=out max-buffers=1 drop=true sync=false async=false emit-signals=false"
    }
}
