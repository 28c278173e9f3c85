import Body
import CGStreamer
import CGstShim
import Foundation

/// The looked picture as a camera of the desktop: a branch of the frame hub (see `HubBranch`) that
/// `pipewiresink` publishes as a PipeWire `Video/Source` node with a camera's properties, so browsers,
/// OBS and the Camera portal list it beside the real cameras and read it with `pipewiresrc`.
///
/// ```
/// appsrc (leaky, 1 frame) ! videoconvert ! YUY2 ! pipewiresink mode=provide stream-properties="…Video/Source…"
/// ```
/// The node exists while the stream runs: `stop()` (or the daemon's end) removes it. Readers get the
/// live picture as it is, after the look, zoom, exposure and FORMAT bars, in YUY2 (what webcams offer)
/// at the configured size and rate; a reader that falls behind loses frames, never the camera's pace.
public final class VirtualCameraStream: Sendable {
    /// How the node is known to PipeWire and to the people who pick it.
    public struct Node: Sendable, Equatable {
        /// `node.name`: what `pipewiresrc target-object=…` and `pw-cli` find it by.
        public let name: String
        /// `node.description`: the name a browser or OBS shows in its camera list.
        public let description: String
        /// The caps every frame has.
        public let caps: String
    }

    /// The node's stable name; the daemon's own camera list leaves a node of this name out.
    public static let nodeName = "retrocam.virtual"
    /// The name people see in their camera lists.
    public static let nodeDescription = "Retrocam"

    /// The node published.
    public let node: Node
    private let branch: HubBranch

    /// Publishes the node and starts feeding it from `hub`. Blocks (a state change): on the pool.
    init(hub: FrameHub, configuration: EngineConfiguration) throws(IntentError) {
        let caps = "video/x-raw,format=YUY2,width=\(configuration.width),height=\(configuration.height),"
            + "framerate=\(configuration.framerate)/1,pixel-aspect-ratio=1/1"
        node = Node(name: Self.nodeName, description: Self.nodeDescription, caps: caps)
        let tail = Self.tail(node: node)
        try PipelineElements.requireInstalled(for: tail, purpose: "virtual camera")
        branch = try HubBranch(hub: hub, configuration: configuration, tail: tail, purpose: "virtual camera pipeline")
        // The node appears with the first frame (the sink connects on its caps) and settles once that
        // frame is through: PipeWire 0.3.65's sink can crash when a reader links in between (its buffers
        // are reallocated under a copy), so the stream is answered only after it — within a frame or two
        // of a camera that is open.
        let settled = gstshim_pad_wait_first_buffer(try branch.pipeline.element("out").pointer, "sink",
                                                    gint64(configuration.openTimeout * 1_000_000))
        guard settled != 0 else {
            branch.stop()
            throw .noCamera("The virtual camera got no picture within \(Int(configuration.openTimeout)) seconds.")
        }
    }

    deinit { stop() }

    /// Stops feeding it and removes the node. Idempotent. Blocks (a state change): on the pool.
    public func stop() { branch.stop() }

    /// What follows the hub's feed: the sink that provides the node.
    static func tail(node: Node) -> String {
        typealias E = PipelineElements
        // A camera's properties, so the desktop lists it among the cameras; the description (a constant
        // with no quote in it) is quoted inside the structure, as it may hold spaces. pause-on-idle=false: pipewiresink's provider does not
        // start again once PipeWire has paused it between two readers (seen with PipeWire 0.3.65).
        let properties = "properties,media.class=Video/Source,media.role=Camera,"
            + "node.name=\(node.name),node.description=\\\"\(node.description)\\\","
            + "node.pause-on-idle=(string)false"
        // PipeWire 0.3.65's sink crashes on a planar frame that carries a video meta (it peeks a memory
        // per plane of a buffer that has one) and hands out pool buffers videoconvert cannot map ("invalid
        // video buffer"): the frames are converted to packed YUY2, what webcams offer, in memory of their
        // own (identity drops the sink's allocation offer), and the sink copies each into its pool.
        return "\(E.videoconvert) ! \(E.capsfilter) caps=\"\(node.caps)\" ! \(E.identity) drop-allocation=true ! "
            + "\(E.pipewiresink) name=out mode=provide client-name=retrocamd sync=false async=false "
            + "stream-properties=\"\(properties)\""
    }
}
