import Body
import CGStreamer

/// A still card for a branch's readers while no camera gives a picture: words on black, at the live
/// pipeline's caps, made by a small pipeline of its own and handed to the branch in place of the camera's
/// frames (through a frame hub of its own, so photos and takes never see it; the branch takes no camera
/// frame meanwhile).
///
/// ```
/// videotestsrc (live, black) ! capsfilter (the live caps) ! textoverlay (the words) ! appsink → the branch
/// ```
final class StillCard: Sendable {
    /// What the virtual camera's readers see while the camera is gone.
    static let cameraDisconnected = "Camera disconnected"

    private let pipeline: Pipeline
    private let hub = FrameHub()
    private let branch: HubBranch

    /// Builds and plays the card saying `words` and feeds it to `branch`. Blocks (a state change): on the pool.
    init(words: String, into branch: HubBranch, configuration: EngineConfiguration) throws(IntentError) {
        typealias E = PipelineElements
        let description = "\(E.videotestsrc) is-live=true pattern=black ! \(E.capsfilter) caps=\"\(HubBranch.liveCaps(configuration))\" ! "
            + "\(E.textoverlay) text=\"\(words)\" valignment=center halignment=center font-desc=\"Sans Bold 32\" ! "
            + "\(E.appsink) name=card max-buffers=1 drop=true sync=false emit-signals=false"
        try PipelineElements.requireInstalled(for: description, purpose: "still card")
        pipeline = try Pipeline(launching: description, purpose: "still card")
        self.branch = branch
        hub.attach(to: try pipeline.element("card"))
        try pipeline.play(timeout: configuration.pipelineTimeout)
        branch.feed(from: hub)
    }

    deinit { stop() }

    /// Stops feeding the branch and playing. Idempotent (an outlet removed twice, NULL set twice: nothing
    /// happens the second time). Blocks (a state change): on the pool.
    func stop() {
        branch.stopFeeding(from: hub)
        pipeline.stop()
    }
}
