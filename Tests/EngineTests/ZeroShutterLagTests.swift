import Foundation
import Testing
@testable import Engine

extension CameraEngineTests {
    /// Zero shutter lag: a photo is the frame that was live when the call arrived, not a later one.
    @Suite struct ZeroShutterLagTests {
        @Test func aPhotoRightAfterALookChangeIsTheFrameThatWasLive() async throws {
            let home = try TestHome()
            let engine = try home.startedEngine()
            try await pause(0.3)
            var mono = Look()
            mono.monochrome = true
            let asked = Date()
            engine.setLook(mono)
            // No wait: the frame live now went through the chain before the change, so it is in colour.
            let photo = try await engine.takePhoto(tags: [:])
            let lag = Date().timeIntervalSince(asked)
            try await pause(0.3)
            let later = try await engine.takePhoto(tags: [:])
            await engine.shutdown()
            let live = try MediaProbe.statistics(ofJPEG: photo.path)
            let after = try MediaProbe.statistics(ofJPEG: later.path)
            print("zero shutter lag: call to saved photo \(Int(lag * 1000)) ms; chroma \(live.meanChroma) then \(after.meanChroma)")
            #expect(live.meanChroma > 20, "the photo is the frame live at the call: \(live.meanChroma)")
            #expect(after.meanChroma < 2, "the look reaches the next frames: \(after.meanChroma)")
            #expect(photo.created >= asked && photo.created.timeIntervalSince(asked) < 0.05)
        }
    }
}
