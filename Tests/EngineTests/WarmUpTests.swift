import CGStreamer
import CGstShim
import Foundation
import RetrocamTesting
import Testing
@testable import Engine

extension CameraEngineTests {
    /// A freshly opened camera's dark first frames (a webcam's exposure settling) are not photographed:
    /// the frame hub skips frames whose mean luma is very low, up to a frame and time cap.
    @Suite struct WarmUpTests {
        /// A live appsrc → appsink pipeline feeding a hub, into which frames of chosen luma are pushed.
        final class FramePusher {
            let pipeline: Pipeline
            let source: Element
            let hub = FrameHub()
            let sink: Element

            init() throws {
                pipeline = try Pipeline(launching: "appsrc name=src is-live=true format=time do-timestamp=true "
                    + "caps=\"video/x-raw,format=I420,width=64,height=48,framerate=30/1\" ! appsink name=frames sync=false",
                    purpose: "warm-up test pipeline")
                source = try pipeline.element("src")
                sink = try pipeline.element("frames")
                hub.attach(to: sink)
                // A live appsrc reaches PLAYING with its first buffer: do not wait for it here.
                gst_element_set_state(pipeline.handle, GST_STATE_PLAYING)
            }

            deinit {
                pipeline.stop()
                hub.detach(from: sink)
            }

            /// Pushes one frame whose every pixel has luma `luma`.
            func push(luma: UInt8) {
                let size = 64 * 48 * 3 / 2
                let buffer = gst_buffer_new_allocate(nil, gsize(size), nil)!
                gst_buffer_memset(buffer, 0, 128, gsize(size))
                gst_buffer_memset(buffer, 0, luma, gsize(64 * 48))
                _ = gst_app_src_push_buffer(UnsafeMutableRawPointer(source.pointer).assumingMemoryBound(to: GstAppSrc.self), buffer)
            }

            /// Waits until the hub has seen `count` frames.
            func waitForFrames(_ count: UInt64) async throws {
                await Wait.until(30) { hub.framesSeen >= count }
            }
        }

        @Test func darkFirstFramesAreSkippedUntilABrightOne() async throws {
            let pusher = try FramePusher()
            pusher.hub.warmUp(darkLuma: 24, maxFrames: 45, maxSeconds: 10)
            for _ in 0..<5 { pusher.push(luma: 16) }
            try await pusher.waitForFrames(5)
            #expect(pusher.hub.waitForFrame(notBefore: nil, timeout: 0.2) == nil, "a dark frame was offered for a photo")
            pusher.push(luma: 120)
            let frame = try #require(pusher.hub.waitForFrame(notBefore: nil, timeout: 5))
            #expect(try MediaProbe.meanLuma(of: frame) > 100)
            #expect(pusher.hub.darkFramesSkipped == 5)
            // Once warm, a dark scene is photographed as it is.
            pusher.push(luma: 16)
            try await pusher.waitForFrames(7)
            let dark = try #require(pusher.hub.waitForFrame(notBefore: nil, timeout: 5))
            #expect(try MediaProbe.meanLuma(of: dark) < 24)
        }

        @Test func aDarkRoomStillGetsItsPictureAfterTheFrameCap() async throws {
            let pusher = try FramePusher()
            pusher.hub.warmUp(darkLuma: 24, maxFrames: 3, maxSeconds: 10)
            for _ in 0..<4 { pusher.push(luma: 16) }
            let frame = try #require(pusher.hub.waitForFrame(notBefore: nil, timeout: 5))
            #expect(try MediaProbe.meanLuma(of: frame) < 24)
            #expect(pusher.hub.darkFramesSkipped == 3)
        }

        @Test func aWaitEndsAtOnceWhenInterrupted() async throws {
            let pusher = try FramePusher()
            pusher.hub.warmUp(darkLuma: 24, maxFrames: 45, maxSeconds: 10)
            let hub = pusher.hub
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { hub.interrupt() }
            let started = Date()
            #expect(hub.waitForFrame(notBefore: nil, timeout: 30) == nil)
            #expect(Date().timeIntervalSince(started) < 10)
        }
    }
}

extension MediaProbe {
    /// Mean luma (0…255) of an I420 sample, read from its first plane.
    static func meanLuma(of sample: Sample) throws -> Double {
        let buffer = try #require(gst_sample_get_buffer(sample.pointer))
        var map = GstMapInfo()
        try #require(gst_buffer_map(buffer, &map, GST_MAP_READ) != 0)
        defer { gst_buffer_unmap(buffer, &map) }
        let count = 64 * 48
        var sum = 0
        for index in 0..<count { sum += Int(map.data[index]) }
        return Double(sum) / Double(count)
    }
}
