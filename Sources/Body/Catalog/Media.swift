/// The loads each technology records on, with running times worked out from real lengths and speeds.
extension Medium {
    /// A film load: `feet` of film at `framesPerFoot`, run at `framesPerSecond`.
    static func film(_ name: String, feet: Double, framesPerFoot: Double, framesPerSecond: Double) -> Medium {
        Medium(name: name, runningMinutes: feet * framesPerFoot / framesPerSecond / 60)
    }

    /// A hand-cranked 35mm camera's 400 ft magazine at about 16 frames per second (16 frames a foot):
    /// 6 minutes 40 seconds.
    static let magazine35mm = film("400 ft 35mm magazine", feet: 400, framesPerFoot: 16, framesPerSecond: 16)
    /// A Pathé Baby charger: nominally 30 ft (9 m) of 9.5mm (40 frames a foot), cranked at two turns, 16
    /// frames, a second: about 1 minute 15 seconds.
    static let pathéBabyCharger = film("30 ft 9.5mm Pathé Baby charger", feet: 30, framesPerFoot: 40,
                                       framesPerSecond: 16)
    /// A 100 ft 16mm daylight spool (40 frames a foot) at 16 frames per second: about 4 minutes 10 seconds.
    static let spool16mmSilent = film("100 ft 16mm spool at 16 fps", feet: 100, framesPerFoot: 40,
                                      framesPerSecond: 16)
    /// A 100 ft 16mm daylight spool at 24 frames per second: about 2 minutes 47 seconds.
    static let spool16mmSound = film("100 ft 16mm spool at 24 fps", feet: 100, framesPerFoot: 40,
                                     framesPerSecond: 24)
    /// A 25 ft double-8 spool: 16mm film run through twice, slit into 50 ft of 8mm (80 frames a foot),
    /// at 16 frames per second: about 4 minutes in all, 2 per side.
    static let doubleEightSpool = film("25 ft double-8 spool, both sides", feet: 50, framesPerFoot: 80,
                                       framesPerSecond: 16)
    /// A 50 ft Super 8 cartridge (72 frames a foot) at 18 frames per second: 3 minutes 20 seconds.
    static let super8Cartridge = film("50 ft Super 8 cartridge at 18 fps", feet: 50, framesPerFoot: 72,
                                      framesPerSecond: 18)
    /// A 50 ft Super 8 sound cartridge at 24 frames per second: 2 minutes 30 seconds.
    static let super8SoundCartridge = film("50 ft Super 8 sound cartridge at 24 fps", feet: 50,
                                           framesPerFoot: 72, framesPerSecond: 24)
    /// A 50 ft Single 8 cassette (the Super 8 frame) at 18 frames per second: 3 minutes 20 seconds.
    static let single8Cassette = film("50 ft Single 8 cassette at 18 fps", feet: 50, framesPerFoot: 72,
                                      framesPerSecond: 18)

    /// A 5-inch reel of ½-inch tape for a portable video recorder: about 20 minutes.
    static let portapakReel = Medium(name: "5-inch reel of ½-inch video tape", runningMinutes: 20)
    /// A VHS T-120 cassette: 120 minutes at standard play.
    static let vhsT120 = Medium(name: "VHS T-120 cassette, standard play", runningMinutes: 120)
    /// A VHS-C TC-20 cassette: 20 minutes at standard play.
    static let vhsCTC20 = Medium(name: "VHS-C TC-20 cassette, standard play", runningMinutes: 20)
    /// A Beta L-500 cassette: 120 minutes at Beta II, the speed Betamovie records at.
    static let betaL500 = Medium(name: "Beta L-500 cassette at Beta II", runningMinutes: 120)
    /// A Video8 P6-90 cassette: 90 minutes at standard play.
    static let video8P690 = Medium(name: "Video8 P6-90 cassette, standard play", runningMinutes: 90)
    /// A Hi8 P6-120 cassette: 120 minutes at standard play.
    static let hi8P6120 = Medium(name: "Hi8 P6-120 cassette, standard play", runningMinutes: 120)
    /// A MiniDV 60 cassette: 60 minutes at standard play.
    static let miniDV60 = Medium(name: "MiniDV 60 cassette, standard play", runningMinutes: 60)
    /// A Hi8 P6-120 cassette in a Digital8 camcorder, which runs the tape twice as fast: 60 minutes.
    static let digital8OnHi8 = Medium(name: "Hi8 P6-120 cassette in Digital8", runningMinutes: 60)
    /// A MiniDV 60 cassette recorded in HDV: 60 minutes.
    static let hdvOnMiniDV = Medium(name: "MiniDV 60 cassette in HDV", runningMinutes: 60)
    /// An 8 cm DVD-R: about 30 minutes at standard quality.
    static let miniDVD = Medium(name: "8 cm DVD-R, standard quality", runningMinutes: 30)
    /// Digital storage; the figure is nominal and the engine replaces it with the free disk space.
    static func digital(_ name: String) -> Medium {
        Medium(name: name, runningMinutes: 60, isNominal: true)
    }
}
