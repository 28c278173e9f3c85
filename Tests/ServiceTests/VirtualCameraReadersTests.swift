import Foundation
import RetrocamTesting
import Testing

/// Who counts as a reader of the virtual camera, through a real PipeWire and real `pipewiresrc` readers:
/// only a reader whose link has agreed a format with the node opens the camera and is listed in
/// `VirtualCameraClients`; a reader accepting only a format the node does not offer stays linked in
/// error and counts for nothing, while a normal reader beside it reads as ever. PipeWire restarted under
/// the daemon, the node is listed again and its readers followed again, the daemon never restarted.
@Suite(.serialized) struct VirtualCameraReadersTests {
    @Test func aReaderAcceptingNoOfferedFormatOpensNothingWhileANormalOneReads() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try VirtualCameraFormatTests.publishing(session, environment: ["RETROCAM_LINGER_SECONDS": "0.5"])
        daemon = camera
        #expect(try camera.waitUntil(15) { try camera.property("CameraOpen") == "b false" }, "\(camera.logText)")

        // RGB only: PipeWire links it and the negotiation fails. The link stays, in error (WirePlumber
        // sometimes removes it soon after; either way PipeWire has told the daemon of it).
        let refused = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire, caps: "video/x-raw,format=RGB")
        defer { refused.stop() }
        #expect(camera.waitUntil(20) {
            (try? session.pipewire.linkStates(outOf: VirtualCameraTests.node))?.contains("error") == true
                || session.pipewire.logText.contains("negotiating -> error (no more input formats)")
        }, "\((try? session.pipewire.linkStates(outOf: VirtualCameraTests.node)) ?? []) \(session.pipewire.logText)")
        let stays = (try? session.pipewire.linkStates(outOf: VirtualCameraTests.node)) == ["error"]

        // A normal reader beside it: counted alone (the daemon has seen the refused link's state first,
        // PipeWire tells its events in order), and it gets frames.
        let normal = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire)
        defer { normal.stop() }
        #expect(camera.waitUntil(20) { normal.frames.count >= 10 }, "the normal reader gets frames: \(normal.frames.count)\n\(camera.logText)")
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 1" })
        #expect(try camera.property("CameraOpen") == "b true")
        #expect(refused.isRunning && refused.frames.isEmpty, "the refused reader waits, with no frame")

        // The normal reader leaves: nobody reads, the camera sleeps though the refused link is still there.
        normal.stop()
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 0" })
        #expect(try camera.waitUntil(15) { try camera.property("CameraOpen") == "b false" }, "\(camera.logText)")
        #expect(refused.isRunning && refused.frames.isEmpty)
        print("virtual camera: the refused reader's link \(stays ? "stayed in error throughout" : "was removed by WirePlumber")")
        #expect(camera.answersPing())
    }

    @Test func pipewireRestartedTheNodeComesBackAndItsReadersAreFollowedAgain() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try VirtualCameraFormatTests.publishing(session, environment: ["RETROCAM_LINGER_SECONDS": "0.5"])
        daemon = camera
        let before = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire)
        defer { before.stop() }
        #expect(camera.waitUntil(20) { before.frames.count >= 10 }, "a reader before the restart: \(before.frames.count)")
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 1" })

        // PipeWire and WirePlumber killed and started again: the old reader and node go with them.
        try session.pipewire.restart()
        let back = Date()
        #expect(try camera.waitUntil(20) { try session.pipewire.listsNode("Retrocam") }, "listed again: \(camera.logText)")
        print("virtual camera: listed again \(Int(Date().timeIntervalSince(back) * 1000)) ms after PipeWire and WirePlumber were back (pw-cli's look included)")
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 0" }, "the old PipeWire's reader is gone")
        #expect(try camera.waitUntil(15) { try camera.property("CameraOpen") == "b false" }, "its hold let go: \(camera.logText)")

        // A reader of the new PipeWire: followed, the camera opens, frames flow; leaving, it lets go.
        let after = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire)
        defer { after.stop() }
        #expect(camera.waitUntil(20) { after.frames.count >= 10 }, "a reader after the restart: \(after.frames.count)\n\(camera.logText)")
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 1" })
        #expect(try camera.property("CameraOpen") == "b true")
        after.stop()
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 0" })
        #expect(try camera.property("VirtualCamera") == "b true")
        #expect(camera.answersPing())
    }
}
