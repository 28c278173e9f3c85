import CGStreamer
import Foundation
import RetrocamTesting
import Synchronization
import Testing
import XDG
@testable import Engine

/// The camera pipeline's PipeWire source, reading a real PipeWire camera in this process. PipeWire
/// unmaps a camera's buffers on its own thread as soon as the camera goes or its link pauses, whoever
/// still reads a frame of them: a frame that is PipeWire's memory, still being scaled on the source's
/// thread when a camera is unplugged, reads unmapped memory (retrocamd died of a SIGSEGV in the
/// converter). So the frames the source hands on are copies, in memory of this process's own.
@Suite(.serialized) struct PipeWireSourceTests {
    /// What the source's output pad saw: frames, frames seen while PipeWire's buffers were mapped in this
    /// process (only those frames could have been PipeWire's memory), and frames whose bytes lay in it.
    final class FrameWatch: Sendable {
        private let seen = Mutex<(frames: Int, whileMapped: Int, inPipeWire: Int)>((0, 0, 0))
        var frames: Int { seen.withLock { $0.frames } }
        var whileMapped: Int { seen.withLock { $0.whileMapped } }
        var inPipeWire: Int { seen.withLock { $0.inPipeWire } }

        /// Looks at one frame leaving the source (on the source's thread).
        func look(at buffer: UnsafeMutablePointer<GstBuffer>) {
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return }
            let start = UInt(bitPattern: map.data)
            gst_buffer_unmap(buffer, &map)
            let mappings = Self.pipeWireMappings()
            let shared = mappings.contains { $0.contains(start) }
            seen.withLock { seen in
                seen.frames += 1
                if !mappings.isEmpty { seen.whileMapped += 1 }
                if shared { seen.inPipeWire += 1 }
            }
        }

        /// The address ranges this process has mapped from PipeWire's memfds (its buffers), from
        /// `/proc/self/maps` ("… /memfd:pipewire-memfd:flags=…"), read to its end (`KernelFile`): the buffers
        /// lie past its first 4 KiB.
        static func pipeWireMappings() -> [Range<UInt>] {
            let maps = KernelFile.text("/proc/self/maps") ?? ""
            return maps.split(separator: "\n").filter { $0.contains("pipewire-memfd") }.compactMap { line in
                let bounds = line.prefix { $0 != " " }.split(separator: "-").compactMap { UInt($0, radix: 16) }
                return bounds.count == 2 && bounds[0] < bounds[1] ? bounds[0]..<bounds[1] : nil
            }
        }
    }

    @Test func theFramesAPipeWireCameraGivesAreCopiedOutOfPipeWiresBuffers() throws {
        let bus = try PrivateBus()
        let session = try PipeWireSession(busEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        // PipeWire's client library in this process reads PIPEWIRE_RUNTIME_DIR before XDG_RUNTIME_DIR.
        setenv("PIPEWIRE_RUNTIME_DIR", session.runtime.path, 1)
        defer {
            unsetenv("PIPEWIRE_RUNTIME_DIR")
            session.stop()
            bus.stop()
        }
        _ = try session.publishCamera("Red-Camera", pattern: "red")
        let serial = try #require(try session.serial(ofNode: "Red-Camera"), "\(session.logText)")
        let source = CameraSource(info: CameraInfo(id: "pipewire:\(serial)", name: "Red-Camera", facing: "front"),
                                  kind: .pipeWire(target: serial))
        let pipeline = try Pipeline(launching: LiveGraph.description(source: source, width: 640, height: 480, framerate: 30),
                                    purpose: "camera pipeline")
        let pad = try #require(gst_element_get_static_pad(try pipeline.element(LiveGraph.Name.source).pointer, "src"))
        defer { gst_object_unref(pad) }
        let watch = FrameWatch()
        let context = Unmanaged.passRetained(watch).toOpaque()
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { _, info, data in
            if let data, let info, let buffer = gst_pad_probe_info_get_buffer(info) {
                Unmanaged<FrameWatch>.fromOpaque(data).takeUnretainedValue().look(at: buffer)
            }
            return GST_PAD_PROBE_OK
        }, context, { data in
            if let data { Unmanaged<FrameWatch>.fromOpaque(data).release() }
        })
        try pipeline.play(timeout: 30)
        defer { pipeline.stop() }
        #expect(Wait.blockingUntil(30) { watch.frames >= 10 }, "frames from the camera: \(watch.frames)")
        // Checked frame by frame, not once at the end: PipeWire may have unmapped its buffers by then.
        #expect(watch.whileMapped > 0, "PipeWire's buffers were mapped in this process while it read \(watch.frames) frames")
        #expect(watch.inPipeWire == 0, "\(watch.inPipeWire) of \(watch.frames) frames were PipeWire's own memory")
    }
}
