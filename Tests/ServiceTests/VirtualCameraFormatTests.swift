import Foundation
import RetrocamTesting
import Testing

/// The formats the virtual camera offers, through a real PipeWire and real `pipewiresrc` readers: each
/// webcam format (YUY2, NV12, I420 at 1280×720 and 640×480, 30 fps) is what a reader asking for it gets,
/// a reader asking for something else gets the nearest offered one its wish allows, and the picture is
/// right in every layout (film noir grey, the 2020s in colour); a size of another shape than the picture
/// (640×480 from 16:9) is a centre crop of it, with no black bars.
@Suite(.serialized) struct VirtualCameraFormatTests {
    /// A reader's wish and the format it must get.
    struct Case: Sendable, CustomStringConvertible {
        var asks: String
        var gets: (format: String, width: Int, height: Int)
        var description: String { asks }
    }

    static let cases: [Case] = [
        Case(asks: "video/x-raw,format=NV12,width=640,height=480", gets: ("NV12", 640, 480)),
        Case(asks: "video/x-raw,format=I420,width=1280,height=720", gets: ("I420", 1280, 720)),
        Case(asks: "video/x-raw,format=YUY2,width=640,height=480", gets: ("YUY2", 640, 480)),
        Case(asks: "video/x-raw,format=I420,width=640,height=480,framerate=30/1", gets: ("I420", 640, 480)),
        // No size asked: the configured one (the first offered).
        Case(asks: "video/x-raw,format=NV12", gets: ("NV12", 1280, 720)),
        // Around 800×600, which is not offered: the offered size inside the wish.
        Case(asks: "video/x-raw,width=[600,900],height=[400,600]", gets: ("YUY2", 640, 480)),
        // RGB (not offered) or NV12, at up to 60 fps: NV12 at 30.
        Case(asks: "video/x-raw,format={RGB,NV12},framerate=[15/1,60/1]", gets: ("NV12", 1280, 720)),
    ]

    @Test func eachReaderGetsTheOfferedFormatNearestItsWish() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try Self.publishing(session)
        daemon = camera
        for wish in Self.cases {
            let got = try Self.read(wish.asks, session: session)
            let expected = "format=(string)\(wish.gets.format), width=(int)\(wish.gets.width), height=(int)\(wish.gets.height), framerate=(fraction)30/1"
            #expect(got.status == 0 && got.caps.contains(expected),
                    "\(wish.asks) gets \(expected): \(got.caps) (exit \(got.status))\n\(got.errors)")
        }

        // A reader that takes anything and converts on its own side (RGB 800×600 here) is given the first
        // format offered, and its own pipeline gets what it wanted.
        let flexible = try Self.read("video/x-raw", then: ["videoconvert", "!", "videoscale", "!",
                                                           "video/x-raw,format=RGB,width=800,height=600"], session: session)
        #expect(flexible.status == 0 && flexible.caps.contains("format=(string)YUY2, width=(int)1280, height=(int)720"),
                "\(flexible.caps) (exit \(flexible.status))\n\(flexible.errors)")
        let delivered = flexible.output.split(separator: "\n").first { $0.contains("fakesink0.GstPad:sink: caps") } ?? ""
        #expect(delivered.contains("width=(int)800, height=(int)600") && delivered.contains("format=(string)RGB"), "\(flexible.output)")
        #expect(camera.answersPing())
    }

    @Test func thePictureIsRightInEveryLayout() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try Self.publishing(session)
        daemon = camera
        for caps in ["video/x-raw,format=NV12,width=640,height=480", "video/x-raw,format=I420,width=1280,height=720",
                     "video/x-raw,format=YUY2,width=640,height=480"] {
            try #require(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "1940s"]).status == 0)
            try #require(try camera.busctlCall(DaemonHarness.intents, "SetStyle", ["s", "noir"]).status == 0)
            try #require(try camera.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "12"]).status == 0)
            let reader = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire, caps: caps)
            defer { reader.stop() }
            #expect(camera.waitUntil(20) { reader.frames.count >= 20 }, "\(caps): frames \(reader.frames.count)\n\(camera.logText)")
            let noir = reader.frames.suffix(5).map(\.colour)
            #expect(!noir.isEmpty && noir.allSatisfy { $0.chroma < 6 }, "\(caps): film noir near grey: \(noir.prefix(3))")
            let turned = Date()
            #expect(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "2020s"]).status == 0)
            #expect(camera.waitUntil(20) { reader.frames.contains { $0.time >= turned && $0.colour.chroma > 15 } },
                    "\(caps): the 2020s in colour: \(reader.frames.suffix(3).map(\.colour))")
            reader.stop()
            #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 0" })
        }
    }

    @Test func a640x480ReaderGetsACentreCropWithNoBlackBars() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try Self.publishing(session)
        daemon = camera
        try #require(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "2020s"]).status == 0)
        for (width, height) in [(640, 480), (1280, 720)] {
            let rows = try Self.lumaRows(width: width, height: height, session: session)
            try #require(rows.count == height, "\(width)×\(height): \(rows.count) rows\n\(camera.logText)")
            // A letterbox would be an eighth of the height in black (luma 16) at the top and at the bottom.
            let band = height / 16
            let top = rows.prefix(band), bottom = rows.suffix(band)
            #expect(top.allSatisfy { $0 > 30 } && bottom.allSatisfy { $0 > 30 },
                    "\(width)×\(height): the top and bottom rows carry the picture: top \(top.map(Int.init)), bottom \(bottom.map(Int.init))")
        }
        #expect(camera.answersPing())
    }

    /// The mean luma of each row of the last of 5 frames a `pipewiresrc` reader asking I420 at
    /// `width`×`height` gets.
    static func lumaRows(width: Int, height: Int, session: PipeWireCameraTests.Session) throws -> [Double] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-crop-\(UUID().uuidString.prefix(8)).yuv")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ProcessRunner.run("/usr/bin/gst-launch-1.0",
                                        ["-q", "pipewiresrc", "target-object=\(VirtualCameraTests.node)", "num-buffers=5", "!",
                                         "video/x-raw,format=I420,width=\(width),height=\(height)", "!",
                                         "filesink", "location=\(file.path)"],
                                        environment: session.pipewire.environment, timeout: 30)
        let bytes = [UInt8]((try? Data(contentsOf: file)) ?? Data())
        let frame = width * height * 3 / 2
        guard run.status == 0, bytes.count >= frame else {
            throw HarnessError("no frame at \(width)×\(height): exit \(run.status), \(bytes.count) bytes, \(run.stderr)")
        }
        let last = bytes.count / frame * frame - frame
        return (0..<height).map { row in
            let start = last + row * width
            return Double(bytes[start..<start + width].reduce(0) { $0 + Int($1) }) / Double(width)
        }
    }

    /// The daemon on `session` (with `environment` added) with its virtual camera on.
    static func publishing(_ session: PipeWireCameraTests.Session, environment: [String: String] = [:]) throws -> DaemonHarness {
        let camera = try session.daemon(source: "synthetic", environment: environment)
        let on = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"])
        guard on.status == 0 else {
            camera.stop()
            throw HarnessError("the virtual camera did not turn on: \(on.stdout) \(on.stderr) \(camera.logText)")
        }
        return camera
    }

    /// What a `pipewiresrc` reader of the node asking `caps` (then `rest`) reports: the caps its source
    /// pad got, its whole output, and how it ended after 10 frames.
    static func read(_ caps: String, then rest: [String] = [], session: PipeWireCameraTests.Session) throws
        -> (caps: String, output: String, errors: String, status: Int32) {
        let tail = rest.isEmpty ? [] : ["!"] + rest
        let run = try ProcessRunner.run("/usr/bin/gst-launch-1.0",
                                        ["-v", "pipewiresrc", "target-object=\(VirtualCameraTests.node)", "num-buffers=10",
                                         "!", caps] + tail + ["!", "fakesink"],
                                        environment: session.pipewire.environment, timeout: 30)
        let source = run.stdout.split(separator: "\n").first { $0.contains("pipewiresrc0.GstPad:src: caps") }
        return (source.map(String.init) ?? "no caps", run.stdout, run.stderr, run.status)
    }
}
