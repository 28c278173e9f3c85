import Foundation

/// A real reader of a PipeWire camera node: `gst-launch-1.0 pipewiresrc target-object=NODE`, its frames
/// scaled to `width`×`height` I420 and read from its stdout as they come — what a browser or OBS reading
/// the camera sees. Each batch of whole frames is handed to `frames` with the time it arrived, on the
/// reading thread. Stopped by `stop()` (and when released).
public final class PipeWireFrameReader: @unchecked Sendable {
    private let process = Process()
    private let reader: Thread

    /// Starts reading `node` of `pipewire` in the format `caps` asks for (at least `video/x-raw`: a reader
    /// with no caps is never linked), with `environment` added to PipeWire's (`PIPEWIRE_PROPS`, say).
    public init(node: String, pipewire: PipeWireSession, caps: String = "video/x-raw", width: Int, height: Int,
                environment: [String: String] = [:], frames: @escaping @Sendable (_ bytes: [UInt8], _ arrived: Date) -> Void) throws {
        let frameBytes = width * height * 3 / 2
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q", "pipewiresrc", "target-object=\(node)", "!", caps, "!", "videoconvert", "!",
                             "videoscale", "!", "video/x-raw,format=I420,width=\(width),height=\(height)",
                             "!", "fdsink", "fd=1", "sync=false"]
        process.environment = pipewire.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let handle = output.fileHandleForReading
        reader = Thread {
            var pending: [UInt8] = []
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                pending += chunk
                let whole = pending.count / frameBytes * frameBytes
                guard whole > 0 else { continue }
                frames(Array(pending[..<whole]), Date())
                pending.removeFirst(whole)
            }
        }
        try process.run()
        reader.start()
    }

    deinit { stop() }

    /// The reader's process id (for a benchmark's cleanup on a signal).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// True while the reader runs.
    public var isRunning: Bool { process.isRunning }

    /// Freezes the reader (SIGSTOP): it stays linked but reads nothing more, as a hung application does.
    public func freeze() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGSTOP)
    }

    /// Ends the reader.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
