import Foundation
import RetrocamTesting
import Testing

/// A take carries every setting answered before it. `SetDecade` then `TakePhoto` as two
/// busctl calls with no pause (and "go to the forties and take a picture" in one utterance) must save
/// the new decade's picture, from a warm camera and from a sleeping one, every time.
@Suite(.serialized) struct TakeCarriesSettingsTests {
    /// Rounds per daemon: the race lost 3 times out of 3 before the fix.
    static let rounds = 4

    /// A 1940s film noir photo's name; a second one in the same second is `…-film-noir-2.jpg`.
    static func isFilmNoir(_ name: String) -> Bool {
        name.range(of: #"-1940s-film-noir(-[0-9]+)?\.jpg$"#, options: .regularExpression) != nil
    }

    /// STILL at DEGREE 12, where the 1940s (film noir) are black and white and the 2020s in colour.
    func prepare(_ daemon: DaemonHarness) throws {
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetMode", ["s", "still"]).status == 0)
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "12"]).status == 0)
    }

    /// `SetDecade year` and `TakePhoto` back to back; the photo's statistics and file name.
    func decadeThenPhoto(_ daemon: DaemonHarness, _ year: String) throws -> (stats: MediaProbe.PictureStatistics, name: String) {
        let set = try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", year])
        let take = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        #expect(set.status == 0 && take.status == 0, "\(set.stderr) \(take.stderr)")
        let path = try #require(busctlPath(take.stdout), "no path in \(take.stdout)")
        return (try MediaProbe.statistics(ofJPEG: path), URL(fileURLWithPath: path).lastPathComponent)
    }

    func alternateDecades(_ daemon: DaemonHarness, label: String) throws {
        try prepare(daemon)
        for round in 0..<Self.rounds {
            let noir = try decadeThenPhoto(daemon, "1940s")
            #expect(Self.isFilmNoir(noir.name), "\(noir.name)")
            #expect(noir.stats.meanChroma < 5, "\(label) round \(round): \(noir.name) is in colour: \(noir.stats)")
            let modern = try decadeThenPhoto(daemon, "2020s")
            #expect(modern.stats.meanChroma > 15, "\(label) round \(round): \(modern.name) has no colour: \(modern.stats)")
        }
    }

    @Test func aPhotoRightAfterSetDecadeHasTheNewDecadeFromAWarmCamera() throws {
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_LINGER_SECONDS": "30"])
        defer { daemon.stop() }
        try alternateDecades(daemon, label: "warm")
    }

    @Test func aPhotoRightAfterSetDecadeHasTheNewDecadeFromASleepingCamera() throws {
        // No linger: the camera closes after every photo, so each one opens it cold.
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_LINGER_SECONDS": "0"])
        defer { daemon.stop() }
        try alternateDecades(daemon, label: "cold")
    }

    @Test func goToTheFortiesAndTakeAPictureTakesAFortiesPicture() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        try prepare(daemon)
        for round in 0..<3 {
            #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "2020s"]).status == 0)
            let reply = try daemon.busctlCall(DaemonHarness.intents, "Interpret",
                                              ["sb", "go to the forties and take a picture", "true"])
            #expect(reply.status == 0, "\(reply.stderr)")
            let path = try #require(busctlPath(reply.stdout), "no path in \(reply.stdout)")
            let stats = try MediaProbe.statistics(ofJPEG: path)
            #expect(Self.isFilmNoir(path), "\(path)")
            #expect(stats.meanChroma < 5, "round \(round): the forties picture is in colour: \(stats)")
        }
    }
}
