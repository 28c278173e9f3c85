import Body
import CGStreamer
import CGstShim
import Foundation
import Synchronization

/// The live picture for viewfinders: a branch of the frame hub (see `HubBranch`), scaled down and
/// offered on a `shmsink` socket that a client reads with `shmsrc`.
///
/// ```
/// appsrc (leaky, 1 frame) ! videoscale ! I420 WxH ! shmsink socket-path=… perms=0600
/// ```
public final class PreviewStream: Sendable {
    /// What a client needs to read the stream.
    public struct Format: Sendable, Equatable {
        /// Frame width in pixels.
        public let width: Int
        /// Frame height in pixels.
        public let height: Int
        /// Frames per second.
        public let framerate: Int
        /// The caps a client's `shmsrc` must be told (shm carries no caps).
        public var caps: String {
            "video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(framerate)/1,pixel-aspect-ratio=1/1"
        }
    }

    /// The control socket clients connect to (in a 0700 folder of `$XDG_RUNTIME_DIR`).
    public let socketPath: String
    /// The frames' size and rate.
    public let format: Format
    private let branch: HubBranch

    /// Builds and plays the stream at `socketPath`, `width` pixels wide (the camera's aspect kept),
    /// and starts feeding it from `hub`. With `stamped`, each frame carries its capture time as
    /// a row of blocks across the top (for latency measurements; see `gstshim_stamp_read`).
    init(hub: FrameHub, configuration: EngineConfiguration, socketPath: String, width: Int, stamped: Bool) throws(IntentError) {
        let previewWidth = max(Int(GSTSHIM_STAMP_BITS) * 2, min(configuration.width, width)) & ~1
        let previewHeight = max(2, (previewWidth * configuration.height / configuration.width) & ~1)
        format = Format(width: previewWidth, height: previewHeight, framerate: configuration.framerate)
        self.socketPath = socketPath
        try? FileManager.default.removeItem(atPath: socketPath)
        let tail = Self.tail(format: format, socketPath: socketPath)
        try PipelineElements.requireInstalled(for: tail, purpose: "preview")
        branch = try HubBranch(hub: hub, configuration: configuration, tail: tail, purpose: "preview pipeline") { pipeline throws(IntentError) in
            if stamped, gstshim_preview_stamp_attach(try pipeline.element("out").pointer, "sink") == 0 {
                throw .pipeline("The preview pipeline has no pad to stamp frames on.")
            }
        }
    }

    deinit { stop() }

    /// Stops feeding and playing, and removes the socket. Idempotent. Blocks (a state change): on the pool.
    public func stop() {
        branch.stop()
        try? FileManager.default.removeItem(atPath: socketPath)
    }

    /// What follows the hub's feed.
    static func tail(format: Format, socketPath: String) -> String {
        let frameBytes = format.width * format.height * 3 / 2
        // Room for a few frames per client; shmsink waits for room instead of dropping, the appsrc drops.
        let shmSize = (frameBytes * 8 + 4095) / 4096 * 4096
        typealias E = PipelineElements
        return "\(E.videoscale) ! \(E.capsfilter) caps=\"\(format.caps)\" "
            + "! \(E.shmsink) name=out socket-path=\"\(LiveGraph.escaped(socketPath))\" shm-size=\(shmSize) perms=384 "
            + "wait-for-connection=false sync=false async=false"
    }
}
