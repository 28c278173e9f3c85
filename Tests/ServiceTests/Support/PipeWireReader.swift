import Foundation
import RetrocamTesting
import Synchronization

/// A real reader of a PipeWire camera node: `gst-launch-1.0 pipewiresrc target-object=NODE`, its frames
/// scaled to the colour probe's size and read from its stdout as they come, each with the time it
/// arrived — what a browser or OBS reading the camera sees. Stopped by `stop()` (and when released).
final class PipeWireReader: @unchecked Sendable {
    /// A frame as it arrived.
    struct Arrival: Sendable {
        var time: Date
        var colour: FrameColour
    }

    private let process = Process()
    /// The frames so far, shared with the thread that reads them.
    private final class Arrivals: Sendable {
        let list = Mutex<[Arrival]>([])
    }
    private let arrivals = Arrivals()
    private let reader: Thread

    /// Starts reading `node` of `pipewire` in the format `caps` asks for (at least `video/x-raw`: a reader
    /// with no caps is never linked), with `environment` added to PipeWire's (`PIPEWIRE_PROPS`, say).
    init(node: String, pipewire: PipeWireSession, caps: String = "video/x-raw", environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q", "pipewiresrc", "target-object=\(node)", "!", caps, "!", "videoconvert", "!",
                             "videoscale", "!", "video/x-raw,format=I420,width=\(ColourProbe.width),height=\(ColourProbe.height)",
                             "!", "fdsink", "fd=1", "sync=false"]
        process.environment = pipewire.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let handle = output.fileHandleForReading
        let arrivals = self.arrivals
        reader = Thread {
            var pending: [UInt8] = []
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                pending += chunk
                let whole = pending.count / ColourProbe.frameBytes * ColourProbe.frameBytes
                guard whole > 0 else { continue }
                let now = Date()
                let colours = ColourProbe.colours(of: Array(pending[..<whole]))
                pending.removeFirst(whole)
                arrivals.list.withLock { $0 += colours.map { Arrival(time: now, colour: $0) } }
            }
        }
        try process.run()
        reader.start()
    }

    deinit { stop() }

    /// Every frame so far.
    var frames: [Arrival] { arrivals.list.withLock { $0 } }

    /// True while the reader runs.
    var isRunning: Bool { process.isRunning }

    /// Freezes the reader (SIGSTOP): it stays linked but reads nothing more, as a hung application does.
    func freeze() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGSTOP)
    }

    /// Ends the reader.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
