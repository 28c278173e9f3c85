import Foundation
import RetrocamTesting
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct LookTests {
        /// A photo with `look`, measured (a photo waits for the first frame rendered with the look).
        func photo(_ engine: CameraEngine, _ look: Look) async throws -> MediaProbe.PictureStatistics {
            await engine.session.setLook(look)
            return try MediaProbe.statistics(ofJPEG: try await engine.photos.take(tags: [:]).path)
        }

        @Test func monochromeTakesTheColourOut() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            let colour = try await photo(engine, Look())
            var look = Look()
            look.era.monochrome = true
            let mono = try await photo(engine, look)
            await engine.shutdown()
            #expect(colour.meanChroma > 20, "colour bars are colourful: \(colour.meanChroma)")
            #expect(mono.meanChroma < 2, "monochrome chroma: \(mono.meanChroma)")
        }

        @Test func plusTwoEVIsBrighterThanMinusTwo() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            var look = Look()
            look.exposureEV = -2
            let dark = try await photo(engine, look)
            look.exposureEV = 2
            let bright = try await photo(engine, look)
            await engine.shutdown()
            #expect(bright.meanLuma > dark.meanLuma + 30, "−2 EV \(dark.meanLuma), +2 EV \(bright.meanLuma)")
        }

        @Test func zoomTwoChangesTheFraming() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            let wide = try await photo(engine, Look())
            var look = Look()
            look.zoom = 2
            let tight = try await photo(engine, look)
            await engine.shutdown()
            #expect(tight.width == wide.width && tight.height == wide.height, "zoom keeps the output size")
            let moved = zip(wide.columnBands, tight.columnBands).map { abs($0 - $1) }.max() ?? 0
            #expect(moved > 20, "the bars move under zoom: \(wide.columnBands) vs \(tight.columnBands)")
        }

        @Test func sepiaAndWarmthTintAMonochromePicture() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            var look = Look()
            look.era.monochrome = true
            look.era.sepia = 1
            let sepia = try await photo(engine, look)
            await engine.shutdown()
            #expect(sepia.meanChroma > 8, "sepia adds a tone: \(sepia.meanChroma)")
        }

        @Test func aLetterboxBlacksTheTopAndBottom() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            var look = Look()
            look.aspect = .scope
            look.era.vignette = 1
            look.era.grain = 0.5
            look.era.colourBleed = 0.5
            look.era.softness = 0.5
            look.era.damage = 1
            look.dateStamp = "'79 11 29"
            look.mirrored = true
            let boxed = try await photo(engine, look)
            let rows = try MediaProbe.statistics(ofJPEG: engine.library.last!.path)
            await engine.shutdown()
            #expect(boxed.meanLuma < 160)
            #expect(rows.width == 640)
        }

        /// Twelve look changes mid-take: after each one the live picture goes on (a frame rendered with the
        /// new look arrives, an event), and the take ends whole. Counted in frames and events, never in
        /// seconds; the largest gap between frames under look changes is scripts/bench's figure.
        @Test func aDialTurnedMidTakeKeepsTheTakeGoing() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: [:], audio: true)
            var look = Look()
            for step in 0..<12 {
                look.era.monochrome = step % 2 == 0
                look.exposureEV = Double(step % 5) - 2
                look.zoom = 1 + Double(step % 4) * 0.5
                look.aspect = step % 3 == 0 ? .fourThree : .native
                look.era.damage = Double(step % 3) / 2
                look.era.grain = Double(step % 2)
                look.mirrored = step % 2 == 1
                await engine.session.setLook(look)
                // The frame after the change, with the new look on it: the live pipeline did not stop.
                _ = try await engine.session.photoFrame()
            }
            #expect(await engine.clips.isRecording, "the take is still recording after twelve changes")
            let take = try await engine.clips.stop()
            await engine.shutdown()

            let times = try MediaProbe.videoFrameTimes(take.path)
            #expect(times.count >= 12, "at least a frame a change: \(times.count) frames")
            #expect(times == times.sorted(), "frames in order")
            let duration = try #require(take.duration)
            #expect(duration > 0 && (times.last ?? 0) <= duration, "the last frame at \(times.last ?? -1) s of a \(duration) s take")
        }
    }
}
