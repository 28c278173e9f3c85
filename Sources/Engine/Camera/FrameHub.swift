import Body
import CGStreamer
import CGstShim
import Foundation

/// The Swift owner of the C frame hub: latest frame for photos, forwarding to takes.
final class FrameHub: @unchecked Sendable {
    /// The C hub.
    let handle: OpaquePointer

    /// A hub with no frames yet.
    init() { handle = gstshim_hub_new() }

    /// Frees the hub. Every pipeline it was attached to must be stopped by now.
    deinit { gstshim_hub_free(handle) }

    /// Receives the frames of this appsink from now on.
    func attach(to appsink: Element) { gstshim_hub_attach(handle, appsink.pointer) }

    /// Stops receiving from this appsink.
    func detach(from appsink: Element) { gstshim_hub_detach(handle, appsink.pointer) }

    /// Frames seen since the hub was made.
    var framesSeen: UInt64 { UInt64(gstshim_hub_frames_seen(handle)) }

    /// How many branches it feeds now.
    var outletCount: Int { Int(gstshim_hub_outlet_count(handle)) }

    /// Waits (blocking, at most `timeout` seconds) for a frame fit for a photo: captured at or after
    /// `notBefore` on the pipelines' clock (nil: any), past the warm-up's dark frames. Nil on timeout
    /// or when `interrupt()` is called meanwhile.
    func waitForFrame(notBefore: GstClockTime?, timeout: Double) -> Sample? {
        let microseconds = gint64(max(0, timeout) * 1_000_000)
        return gstshim_hub_wait_frame(handle, notBefore ?? GstClockTime.max, microseconds).map { Sample(taking: $0) }
    }

    /// The camera was just opened: forget the last frame and skip dark frames (mean luma below
    /// `darkLuma` of 255) until a brighter one, `maxFrames` frames or `maxSeconds` have passed.
    func warmUp(darkLuma: Int, maxFrames: Int, maxSeconds: Double) {
        gstshim_hub_warm_up(handle, guint(max(0, darkLuma)), guint(max(0, maxFrames)), gint64(max(0, maxSeconds) * 1_000_000))
    }

    /// Dark frames the current warm-up skipped so far.
    var darkFramesSkipped: Int { Int(gstshim_hub_dark_frames_skipped(handle)) }

    /// Wakes every `waitForFrame` at once (the camera failed or is closing).
    func interrupt() { gstshim_hub_interrupt(handle) }

    /// Forgets the latest frame (the camera closed), so its memory goes and no photo can use it.
    func clear() { gstshim_hub_clear(handle) }

    /// Forwards frames captured from `base` on (system clock) to `appsrc`.
    func startForwarding(to appsrc: Element, from base: GstClockTime) {
        gstshim_hub_start_recording(handle, appsrc.pointer, base)
    }

    /// Stops forwarding once the take has its first frame (waiting for it at most `firstFrameTimeout`
    /// seconds, woken by the frames themselves); answers how many frames went out and where the last one
    /// ended (seconds).
    func stopForwarding(firstFrameTimeout: Double) -> (frames: UInt64, end: Double?) {
        var frames: guint64 = 0
        var end: GstClockTime = 0
        gstshim_hub_stop_recording(handle, gint64(max(0, firstFrameTimeout) * 1_000_000), &frames, &end)
        return (UInt64(frames), end == GstClockTime.max ? nil : Double(end) / 1_000_000_000)
    }
}

/// One GstSample with a reference of its own.
final class Sample: @unchecked Sendable {
    /// The GstSample.
    let pointer: OpaquePointer

    /// Takes over a reference the caller owned.
    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { gst_sample_unref(pointer) }

    /// Width and height of the frame.
    var size: (width: Int, height: Int)? {
        var width: gint = 0
        var height: gint = 0
        guard gstshim_sample_size(pointer, &width, &height) != 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// The frame encoded as `mime` (e.g. `image/jpeg`) by `gst_video_convert_sample`.
    func encoded(as mime: String, timeout: Double) throws(IntentError) -> Data {
        var size: gsize = 0
        var problem: UnsafeMutablePointer<gchar>?
        guard let bytes = gstshim_encode_sample(pointer, mime, nanoseconds(timeout), &size, &problem) else {
            let reason = GStreamerRuntime.takeString(problem) ?? "unknown reason"
            throw .pipeline("The frame could not be encoded as \(mime): \(reason).")
        }
        defer { g_free(bytes) }
        return Data(bytes: bytes, count: Int(size))
    }
}
