import BusNames
import DBus
import RetrocamTesting
import Foundation

/// Photos from a camera that was not open, on a PipeWire virtual camera (a real PipeWire and
/// WirePlumber on a private bus, `gst-launch-1.0 … ! pipewiresink mode=provide`) against the
/// synthetic test card in the same run. Each sample starts a fresh retrocamd, which opens its camera
/// at start: the time runs from starting the daemon to the saved JPEG, and the TakePhoto call itself
/// (issued as soon as the daemon answers Ping) is reported beside it.
enum PipeWireBench {
    /// One fresh start: milliseconds from spawning retrocamd to the answered TakePhoto, and of the call alone.
    struct Sample {
        var startToPhoto: Double
        var call: Double
    }

    /// `starts` fresh starts on each camera, then `sleepingPhotos` photos from the sleeping virtual camera
    /// (one daemon with a short linger: each photo waits for the camera to close first) and as many warm.
    static func coldPhotos(binDirectory: URL, starts: Int, sleepingPhotos: Int) throws -> [String] {
        let bus = try PrivateBus()
        Cleanup.track(bus.pid)
        defer { bus.stop() }
        let pipewire = try PipeWireSession(busEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { pipewire.stop() }
        // A lit scene: a dark one ("ball" is a small ball on black) is waited on for the warm-up's
        // 1.5 s at most, as a webcam's dark first frames are (`WarmUp`), and that would be measured instead.
        _ = try pipewire.publishCamera("Virtual-Camera", pattern: "smpte")
        pipewire.processIdentifiers.forEach(Cleanup.track)
        let runtime = ["XDG_RUNTIME_DIR": pipewire.runtime.path]
        var virtual: [Sample] = [], synthetic: [Sample] = []
        for _ in 0..<max(1, starts) {
            virtual.append(try sample(binDirectory: binDirectory, source: "Virtual-Camera", environment: runtime))
            synthetic.append(try sample(binDirectory: binDirectory, source: "synthetic", environment: runtime))
        }
        let sleeper = try LifecycleBench.daemon(binDirectory: binDirectory, source: "Virtual-Camera", environment: runtime)
        defer { sleeper.stop() }
        let sleeping = try LifecycleBench.coldAndWarmPhotos(sleeper, count: sleepingPhotos, camera: "PipeWire virtual camera")
        return [line("PipeWire virtual camera", virtual), line("synthetic test card (same run)", synthetic)] + sleeping
    }

    private static func sample(binDirectory: URL, source: String, environment: [String: String]) throws -> Sample {
        let clock = ContinuousClock()
        let start = clock.now
        let daemon = try BenchDaemon(binDirectory: binDirectory, source: source, extraEnvironment: environment)
        defer { daemon.stop() }
        let asked = clock.now
        let reply = try daemon.call(BusContract.intentsInterface, "TakePhoto")
        guard replyField(reply, "path") != nil else { throw BenchError("TakePhoto on \(source) saved nothing") }
        let done = clock.now
        return Sample(startToPhoto: milliseconds(done - start), call: milliseconds(done - asked))
    }

    private static func line(_ what: String, _ samples: [Sample]) -> String {
        let total = Stats(samples.map(\.startToPhoto)), call = Stats(samples.map(\.call))
        return String(format: "first photo after a fresh start, %@: start -> saved JPEG p50 %.0f ms, p99 %.0f ms; the TakePhoto call p50 %.0f ms, p99 %.0f ms (%d starts)",
                      what, total.p50, total.p99, call.p50, call.p99, samples.count)
    }
}
