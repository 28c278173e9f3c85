import Body
import Foundation
import Testing
@testable import Engine

/// `PipelineElements.all` is the one list of what the camera needs installed: every element a
/// pipeline is built from is in it, and a missing one is named with its Debian package.
@Suite struct PipelineElementsTests {
    static let configuration = TestHomeless.configuration
    static let sources: [CameraSource] = CameraSource.syntheticPair + [
        CameraSource(info: CameraInfo(id: "/dev/video0", name: "Webcam", facing: "front"), kind: .device(path: "/dev/video0")),
        CameraSource(info: CameraInfo(id: "pipewire:36", name: "Virtual-Camera", facing: "front"), kind: .pipeWire(target: "36")),
    ]

    @Test func everyElementOfTheLivePipelinesIsListed() {
        for source in Self.sources {
            let description = LiveGraph.description(source: source, width: 1280, height: 720, framerate: 30)
            let named = PipelineElements.named(in: description)
            #expect(named.unknown.isEmpty, "\(source.info.name): not in PipelineElements.all: \(named.unknown)")
            #expect(named.known.contains(PipelineElements.textoverlay))
        }
    }

    @Test(arguments: [nil, AudioSourceKind.testTone, .microphone])
    func everyElementOfTheRecordingPipelinesIsListed(audio: AudioSourceKind?) {
        let description = Recording.description(configuration: Self.configuration, audio: audio)
        let named = PipelineElements.named(in: description)
        #expect(named.unknown.isEmpty, "not in PipelineElements.all: \(named.unknown)")
        #expect(named.known.contains(PipelineElements.vp8enc))
    }

    @Test func everyElementOfThePreviewPipelineIsListed() {
        let format = PreviewStream.Format(width: 640, height: 360, framerate: 30)
        let named = PipelineElements.named(in: PreviewStream.tail(format: format, socketPath: "/run/user/1000/retrocam/preview"))
        #expect(named.unknown.isEmpty, "not in PipelineElements.all: \(named.unknown)")
        #expect(named.known.contains(PipelineElements.shmsink), "\(named.known)")
    }

    @Test func quotedValuesCapsAndPadsAreNotElements() {
        let named = PipelineElements.named(in: #"videotestsrc ! textoverlay font-desc="Sans Bold 9px" ! video/x-raw,width=2 ! queue ! mux. fakeelement"#)
        #expect(named.known.map(\.name) == ["videotestsrc", "textoverlay", "queue"])
        #expect(named.unknown == ["fakeelement"])
    }

    @Test func everyListedElementHasAPackageAndIsInstalledHere() {
        #expect(Set(PipelineElements.all.map(\.name)).count == PipelineElements.all.count)
        for element in PipelineElements.all {
            #expect(!element.package.isEmpty && !element.use.isEmpty)
            #expect(element.isInstalled, "\(element.name) from \(element.package) is not installed on this machine")
        }
    }

    @Test func aMissingElementIsNamedWithItsPackage() {
        #expect(PipelineElements.sentence([PipelineElements.textoverlay])
            == "GStreamer's textoverlay (the date imprint) is missing; install the Debian package gstreamer1.0-x")
        #expect(PipelineElements.sentence([PipelineElements.textoverlay, PipelineElements.pipewiresrc, PipelineElements.agingtv])
            == "GStreamer's textoverlay (the date imprint), pipewiresrc (PipeWire cameras), agingtv (film damage (scratches, dust)) "
            + "are missing; install the Debian packages gstreamer1.0-pipewire gstreamer1.0-plugins-good gstreamer1.0-x")
    }

    @Test func anElementOutsideTheListKeepsTheParsersSentence() {
        #expect(throws: IntentError.pipeline("The test pipeline could not be built: no element \"retrocamnosuchelement\".")) {
            _ = try Pipeline(launching: "videotestsrc ! retrocamnosuchelement ! fakesink", purpose: "test pipeline")
        }
    }
}

/// A configuration whose folders are never created (descriptions only).
enum TestHomeless {
    static let configuration = EngineConfiguration(
        picturesDirectory: URL(fileURLWithPath: "/nonexistent/p"), videosDirectory: URL(fileURLWithPath: "/nonexistent/v"),
        stateDirectory: URL(fileURLWithPath: "/nonexistent/s"), trashDirectory: URL(fileURLWithPath: "/nonexistent/t"))
}
