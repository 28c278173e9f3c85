import BusNames
import DBus
import Foundation
import RetrocamTesting
import Synchronization

/// Latency camera → reader of the virtual camera, in frames: a real PipeWire and WirePlumber on a private
/// bus, the daemon's virtual camera on, and a `pipewiresrc` reader. Each turn sets film noir (a grey
/// picture), waits until the reader sees grey, then turns the decade to the 2020s (colour) and counts the
/// frames the reader still gets in the old look after the call was sent: that count is how many frames
/// the change took to reach the reader (the D-Bus call, the look, the hub, PipeWire, the reader).
enum VirtualCameraBench {
    static func latency(binDirectory: URL, turns: Int) throws -> [String] {
        let bus = try PrivateBus()
        Cleanup.track(bus.pid)
        defer { bus.stop() }
        let pipewire = try PipeWireSession(busEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { pipewire.stop() }
        pipewire.processIdentifiers.forEach(Cleanup.track)
        let daemon = try BenchDaemon(binDirectory: binDirectory, source: "synthetic",
                                     extraEnvironment: ["XDG_RUNTIME_DIR": pipewire.runtime.path])
        defer { daemon.stop() }
        try daemon.call(BusContract.cameraInterface, "SetVirtualCamera", [.bool(true)])
        let reader = try ChromaReader(pipewire: pipewire)
        defer { reader.stop() }
        var counts: [Double] = []
        for _ in 0..<max(1, turns) {
            try daemon.call(BusContract.intentsInterface, "SetDecade", [.string("1940s")])
            try daemon.call(BusContract.intentsInterface, "SetStyle", [.string("noir")])
            try daemon.call(BusContract.intentsInterface, "SetDegree", [.string("12")])
            guard Wait.blockingUntil(30, { reader.chromas.suffix(3).count == 3 && reader.chromas.suffix(3).allSatisfy { $0 < 6 } }) else {
                throw BenchError("the reader never saw film noir's grey: \(reader.chromas.suffix(5))")
            }
            let before = reader.chromas.count
            try daemon.call(BusContract.intentsInterface, "SetDecade", [.string("2020s")])
            guard Wait.blockingUntil(30, { reader.chromas.dropFirst(before).contains { $0 > 15 } }),
                  let first = reader.chromas.dropFirst(before).firstIndex(where: { $0 > 15 }) else {
                throw BenchError("the reader never saw the 2020s' colour")
            }
            counts.append(Double(first - before))
        }
        let stats = Stats(counts)
        return [String(format: "virtual camera latency, a dial turned → a pipewiresrc reader: p50 %.0f, max %.0f frames (%d turns, 30 fps: a frame is 33 ms; the D-Bus call included; goal <= 1)",
                       stats.p50, counts.max() ?? .nan, counts.count)]
    }

    /// A `pipewiresrc` reader of the virtual camera whose frames are scaled to 8×8 I420: each frame's
    /// chroma (mean distance of U and V from grey).
    final class ChromaReader: @unchecked Sendable {
        static let side = 8
        /// The chromas so far, shared with the thread that reads them.
        private final class Chromas: Sendable {
            let list = Mutex<[Double]>([])
        }
        private let seen = Chromas()
        private let reader: PipeWireFrameReader

        init(pipewire: PipeWireSession) throws {
            let seen = self.seen
            let luma = Self.side * Self.side, frame = luma * 3 / 2
            reader = try PipeWireFrameReader(node: "retrocam.virtual", pipewire: pipewire, width: Self.side, height: Self.side) { bytes, _ in
                let chromas = stride(from: 0, to: bytes.count, by: frame).map { start in
                    Double(bytes[(start + luma)..<(start + frame)].reduce(0) { $0 + abs(Int($1) - 128) }) / Double(luma / 2)
                }
                seen.list.withLock { $0 += chromas }
            }
            Cleanup.track(reader.processIdentifier)
        }

        /// The chroma of every frame so far, in arrival order.
        var chromas: [Double] { seen.list.withLock { $0 } }

        func stop() { reader.stop() }
    }
}
