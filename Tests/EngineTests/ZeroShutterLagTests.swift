import Foundation
import RetrocamTesting
import Testing
@testable import Engine

extension CameraEngineTests {
    /// A photo is the frame live when the call arrived when that frame carries the current look (zero
    /// shutter lag); right after a look change it is the first frame rendered with the new look.
    @Suite struct ZeroShutterLagTests {
        @Test func aPhotoRightAfterALookChangeCarriesTheNewLook() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            await liveFrames(5, from: engine)
            var mono = Look()
            mono.era.monochrome = true
            for round in 0..<5 {
                await engine.session.setLook(round % 2 == 0 ? mono : Look())
                // No wait: the photo must still be of the look just set.
                let photo = try await engine.photos.take(tags: [:])
                let picture = try MediaProbe.statistics(ofJPEG: photo.path)
                if round % 2 == 0 {
                    #expect(picture.meanChroma < 2, "round \(round): monochrome asked, chroma \(picture.meanChroma)")
                } else {
                    #expect(picture.meanChroma > 20, "round \(round): colour asked, chroma \(picture.meanChroma)")
                }
            }
            await engine.shutdown()
        }
    }
}
