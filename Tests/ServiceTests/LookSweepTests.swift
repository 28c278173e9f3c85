import Foundation
import RetrocamTesting
import Testing

extension CaptureEndToEndTests {
    /// Every decade's look through the real daemon: a photo at DEGREE 1 and at 12, measured.
    @Suite struct LookSweepTests {
        @Test func everyDecadeAtDegreeTwelveShowsItsEraAndOneIsAHint() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            func photo(degree: Int) throws -> MediaProbe.PictureStatistics {
                // A take carries every setting answered before it (TakeCarriesSettingsTests): no wait between.
                #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "\(degree)"]).status == 0)
                let reply = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
                return try MediaProbe.statistics(ofJPEG: try #require(busctlPath(reply.stdout), "\(reply.stderr)"))
            }
            var table: [(Int, MediaProbe.PictureStatistics, MediaProbe.PictureStatistics)] = []
            for year in stride(from: 1900, through: 2020, by: 10) {
                #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "\(year)"]).status == 0)
                let hint = try photo(degree: 1)
                let full = try photo(degree: 12)
                table.append((year, hint, full))
            }
            for (year, hint, full) in table {
                print("\(year)s: degree 1 \(hint), degree 12 \(full), distance \(String(format: "%.1f", hint.distance(to: full)))")
            }
            let twenties = try #require(table.first { $0.0 == 1920 })
            #expect(twenties.2.meanChroma < 3, "the 1920s at 12 are monochrome: \(twenties.2)")
            let now = try #require(table.first { $0.0 == 2020 })
            #expect(now.1.distance(to: now.2) < 10, "the 2020s are clean at any degree: \(now.1) vs \(now.2)")
            // Film and tape eras change the picture plainly; the digital 2000s and 2010s more quietly.
            for (year, hint, full) in table where year < 2020 {
                let least = year < 2000 ? 10.0 : 2.0
                #expect(hint.distance(to: full) > least, "\(year)s: degree 12 must show more than degree 1: \(hint) vs \(full)")
            }
        }
    }
}
