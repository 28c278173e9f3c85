import Foundation
import RetrocamTesting
import Testing

extension CaptureEndToEndTests {
    /// CINE looks through the real daemon: a short clip at DEGREE 1 and at 12, a frame of each measured.
    @Suite struct CineLookTests {
        /// A short clip with the dial at `degree` (a take starts with the look of every call answered
        /// before it), and its first frame's statistics.
        func clipFrame(_ daemon: DaemonHarness, degree: Int) throws -> MediaProbe.PictureStatistics {
            #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "\(degree)"]).status == 0)
            #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
            #expect(daemon.waitForRecordedFrames(5))
            let clip = try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "PauseClip").stdout))
            let frame = clip + ".frame.jpg"
            defer { try? FileManager.default.removeItem(atPath: frame) }
            let extract = try ProcessRunner.run("/usr/bin/gst-launch-1.0", [
                "-q", "filesrc", "location=\(clip)", "!", "matroskademux", "!", "vp8dec", "!", "videoconvert", "!",
                "jpegenc", "snapshot=true", "!", "filesink", "location=\(frame)",
            ], timeout: 30)
            #expect(extract.status == 0, "\(extract.stderr)")
            return try MediaProbe.statistics(ofJPEG: frame)
        }

        struct Era: Sendable, CustomStringConvertible {
            let year: Int
            var description: String { "\(year)s" }
        }

        @Test(arguments: [Era(year: 1920), Era(year: 1980), Era(year: 2020)])
        func theEraShowsInTheClipAtTwelveAndHintsAtOne(_ era: Era) throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "\(era.year)"]).status == 0)
            if era.year == 1980 { #expect(try daemon.busctlCall(DaemonHarness.intents, "SetStyle", ["s", "vhs"]).status == 0) }
            let technology = try daemon.property("Style")
            let hint = try clipFrame(daemon, degree: 1)
            let full = try clipFrame(daemon, degree: 12)
            print("CINE \(era) \(technology): degree 1 \(hint) sharpness \(String(format: "%.2f", hint.sharpness)), "
                  + "degree 12 \(full) sharpness \(String(format: "%.2f", full.sharpness)), distance \(String(format: "%.1f", hint.distance(to: full)))")
            switch era.year {
            case 1920:
                // VP8's 4:2:0 and the aging colour cast leave a trace of chroma; degree 1 has over 40.
                #expect(full.meanChroma < 5, "the 1920s at 12 are monochrome: \(full)")
                #expect(hint.meanChroma > 20, "degree 1 is only a hint: \(hint)")
            case 1980:
                #expect(hint.distance(to: full) > 10, "VHS at 12 is plainly VHS: \(hint) vs \(full)")
            default:
                #expect(hint.distance(to: full) < 10, "the 2020s are clean: \(hint) vs \(full)")
            }
        }
    }
}
