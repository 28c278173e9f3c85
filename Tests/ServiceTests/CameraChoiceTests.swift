import BusNames
import Foundation
import RetrocamTesting
import Testing

/// `--source` names a camera that is not there or is not a camera: the daemon runs, and every
/// capture answers NoCamera with a sentence that names the device and says why. A value that cannot
/// name anything is a usage error.
@Suite(.serialized) struct CameraChoiceTests {
    struct Choice: Sendable, CustomTestStringConvertible {
        let source: String
        let sentence: String
        var testDescription: String { source }
    }

    @Test(arguments: [
        Choice(source: "/dev/video-retrocam-missing", sentence: "There is no camera at /dev/video-retrocam-missing: no such device."),
        Choice(source: "/dev/null", sentence: "/dev/null is not a camera: it is not a video capture device."),
        Choice(source: "Holga 120", sentence: "There is no camera called Holga 120; no camera was found."),
    ])
    func aSourceThatIsNotACameraAnswersNoCameraSayingWhy(choice: Choice) throws {
        let daemon = try DaemonHarness(source: choice.source)
        defer { daemon.stop() }
        for method in ["TakePhoto", "StartClip"] {
            let reply = try daemon.gdbusCall(DaemonHarness.intents, method)
            #expect(reply.status != 0)
            #expect(reply.stderr.contains(BusContract.ErrorName.noCamera.name), "\(reply.stderr)")
            #expect(reply.stderr.contains(choice.sentence), "\(method): \(reply.stderr)")
        }
        #expect(try daemon.property("Cameras") == "a(sss) 0")
        #expect(try daemon.property("Recording") == "b false")
        #expect(daemon.answersPing())
    }

    @Test(arguments: ["", "   ", TextCase(String(repeating: "x", count: 300))] as [TextCase])
    func aSourceThatNamesNothingIsAUsageError(source: TextCase) throws {
        let output = try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocamd").path,
                                           ["--source", source.text, "--address", "unix:path=/nonexistent"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("--source takes auto, synthetic, a camera's name or a /dev/video path."), "\(output.stderr)")
    }
}
