import Foundation
import RetrocamTesting
import Synchronization

/// A real reader of a PipeWire camera node (`PipeWireFrameReader`), its frames scaled to the colour
/// probe's size, each with its mean colour and the time it arrived. Stopped by `stop()` (and when released).
final class PipeWireReader: @unchecked Sendable {
    /// A frame as it arrived.
    struct Arrival: Sendable {
        var time: Date
        var colour: FrameColour
    }

    /// The frames so far, shared with the thread that reads them.
    private final class Arrivals: Sendable {
        let list = Mutex<[Arrival]>([])
    }
    private let arrivals = Arrivals()
    private let reader: PipeWireFrameReader

    /// Starts reading `node` of `pipewire` in the format `caps` asks for (at least `video/x-raw`: a reader
    /// with no caps is never linked), with `environment` added to PipeWire's (`PIPEWIRE_PROPS`, say).
    init(node: String, pipewire: PipeWireSession, caps: String = "video/x-raw", environment: [String: String] = [:]) throws {
        let arrivals = self.arrivals
        reader = try PipeWireFrameReader(node: node, pipewire: pipewire, caps: caps, width: ColourProbe.width,
                                         height: ColourProbe.height, environment: environment) { bytes, arrived in
            let colours = ColourProbe.colours(of: bytes)
            arrivals.list.withLock { $0 += colours.map { Arrival(time: arrived, colour: $0) } }
        }
    }

    /// Every frame so far.
    var frames: [Arrival] { arrivals.list.withLock { $0 } }

    /// True while the reader runs.
    var isRunning: Bool { reader.isRunning }

    /// Freezes the reader (SIGSTOP): it stays linked but reads nothing more, as a hung application does.
    func freeze() { reader.freeze() }

    /// Ends the reader.
    func stop() { reader.stop() }
}
