import Body
import CGStreamer
import CGstShim
import Synchronization

/// A pipeline of its own fed by the frame hub with the frames the camera already made: the look
/// applied, the device never opened twice. The preview stream and the virtual camera are branches.
///
/// ```
/// appsrc (leaky, 1 frame, the live caps) ! TAIL
/// ```
/// The appsrc drops the oldest frame when its reader falls behind, so a slow or stopped reader never
/// holds back the camera or a take, and the picture it gets is the newest one.
final class HubBranch: Sendable {
    /// The branch's pipeline (its `tail` elements keep the names they were given).
    let pipeline: Pipeline
    private let feed: Element
    private let hub: FrameHub
    /// Whether it stopped, and the hub feeding it in the camera's place (a still card's), if one does:
    /// every change of its feed holds this lock, so none comes after the stop.
    private let state = Mutex(State())

    private struct State {
        var stopped = false
        var other: FrameHub?
    }

    /// Builds `appsrc ! tail`, lets `prepare` touch the elements before it plays (a probe), plays it
    /// and starts feeding it from `hub`. Blocks (a state change): on the pool.
    init(hub: FrameHub, configuration: EngineConfiguration, tail: String, purpose: String,
         prepare: (Pipeline) throws(IntentError) -> Void = { _ in }) throws(IntentError) {
        self.hub = hub
        pipeline = try Pipeline(launching: Self.feedDescription(configuration) + " ! " + tail, purpose: purpose)
        feed = try pipeline.element("feed")
        try prepare(pipeline)
        try pipeline.play(timeout: configuration.pipelineTimeout)
        gstshim_hub_add_outlet(hub.handle, feed.pointer, pipeline.baseTime)
    }

    deinit { stop() }

    /// Stops feeding and playing. Idempotent. Blocks (a state change): on the pool.
    func stop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            gstshim_hub_remove_outlet(hub.handle, feed.pointer)
            if let other = state.other { gstshim_hub_remove_outlet(other.handle, feed.pointer) }
            state.other = nil
            return true
        }
        guard first else { return }
        pipeline.stop()
    }

    /// Feeds the branch the frames of `other` instead of the camera's (a still card while the camera is
    /// gone; with `auto`, the test cards it turned to are not shown beside it), rebased onto the branch's
    /// clock as the camera's are, until `stopFeeding(from:)`. Nothing once the branch stopped.
    func feed(from other: FrameHub) {
        state.withLock { state in
            guard !state.stopped else { return }
            gstshim_hub_remove_outlet(hub.handle, feed.pointer)
            if let previous = state.other { gstshim_hub_remove_outlet(previous.handle, feed.pointer) }
            gstshim_hub_add_outlet(other.handle, feed.pointer, pipeline.baseTime)
            state.other = other
        }
    }

    /// Stops feeding the branch from `other`: the camera's frames again (unless the branch stopped).
    func stopFeeding(from other: FrameHub) {
        state.withLock { state in
            gstshim_hub_remove_outlet(other.handle, feed.pointer)
            gstshim_hub_remove_outlet(hub.handle, feed.pointer)
            if state.other === other { state.other = nil }
            if !state.stopped { gstshim_hub_add_outlet(hub.handle, feed.pointer, pipeline.baseTime) }
        }
    }

    /// The caps of the live pipeline's frames, which every branch takes.
    static func liveCaps(_ configuration: EngineConfiguration) -> String {
        "video/x-raw,format=I420,width=\(configuration.width),height=\(configuration.height),"
            + "framerate=\(configuration.framerate)/1,pixel-aspect-ratio=1/1"
    }

    /// The leaky appsrc every branch starts with, taking the live pipeline's frames as they are.
    static func feedDescription(_ configuration: EngineConfiguration) -> String {
        "appsrc name=feed is-live=true format=time do-timestamp=false block=false max-buffers=1 "
            + "leaky-type=downstream caps=\"\(liveCaps(configuration))\""
    }
}
