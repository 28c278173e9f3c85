import Body
import Foundation
import Testing
@testable import Engine
import XDG

@Suite struct ConfigurationTests {
    @Test func defaultsFollowXDG() {
        let configuration = EngineConfiguration.fromEnvironment(["HOME": "/home/ann"])
        // Pictures and videos are GLib's answer for this process (user-dirs.dirs); UserFoldersTests runs a
        // daemon in a home with a localized user-dirs.dirs to see them move.
        #expect(configuration.picturesDirectory == SpecialFolder.pictures.url.appendingPathComponent("Retrocam", isDirectory: true))
        #expect(configuration.videosDirectory == SpecialFolder.videos.url.appendingPathComponent("Retrocam", isDirectory: true))
        #expect(configuration.stateDirectory.path == "/home/ann/.local/state/retrocam")
        #expect(configuration.trashDirectory.path == "/home/ann/.local/share/Trash")
        #expect(configuration.source == .auto)
        #expect(configuration.width == 1280 && configuration.height == 720 && configuration.framerate == 30)
    }

    @Test func xdgBaseVariablesMoveTheFolders() {
        let configuration = EngineConfiguration.fromEnvironment([
            "HOME": "/home/ann", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "relative/is/ignored",
        ])
        #expect(configuration.stateDirectory.path == "/s/retrocam")
        #expect(configuration.trashDirectory.path == "/d/Trash")
        let relative = EngineConfiguration.fromEnvironment(["HOME": "/home/ann", "XDG_STATE_HOME": "state"])
        #expect(relative.stateDirectory.path == "/home/ann/.local/state/retrocam", "a relative XDG path is ignored, as the spec says")
    }

    @Test func retrocamVariablesOverrideEverything() {
        let configuration = EngineConfiguration.fromEnvironment([
            "HOME": "/home/ann",
            "RETROCAM_PICTURES_DIR": "/t/pics", "RETROCAM_VIDEOS_DIR": "/t/vids", "RETROCAM_STATE_DIR": "/t/state",
            "RETROCAM_TRASH_DIR": "/t/trash", "RETROCAM_SOURCE": "synthetic", "RETROCAM_AUDIO": "synthetic",
            "RETROCAM_MIN_FREE_MB": "5",
        ])
        #expect(configuration.picturesDirectory.path == "/t/pics")
        #expect(configuration.videosDirectory.path == "/t/vids")
        #expect(configuration.stateDirectory.path == "/t/state")
        #expect(configuration.trashDirectory.path == "/t/trash")
        #expect(configuration.source == .synthetic)
        #expect(configuration.audio == .synthetic)
        #expect(configuration.minimumFreeBytes == 5 * 1024 * 1024)
    }

    @Test(arguments: [
        ("synthetic", SourceChoice.synthetic), ("auto", .auto), ("/dev/video2", .device("/dev/video2")),
        ("Integrated Camera", .device("Integrated Camera")), ("", .auto),
    ])
    func sourceVariable(value: String, expected: SourceChoice) {
        #expect(EngineConfiguration.fromEnvironment(["HOME": "/h", "RETROCAM_SOURCE": value]).source == expected)
    }

    @Test func anOddPictureSizeIsRefused() throws {
        let home = try TestHome()
        var configuration = home.configuration()
        configuration.width = 641
        #expect(throws: IntentError.self) { _ = try CameraEngine(configuration: configuration) }
    }
}

@Suite struct NamingTests {
    @Test func namesCarryTheDateAndTheTags() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 29, hour: 17, minute: 45, second: 12)))
        let name = TakeNaming.baseName(date: date, tags: ["technology": "Super 8", "decade": "1970s", "zz": "Ünïcode stuff!"])
        #expect(name == "Retrocam-2026-11-29-174512-1970s-super-8-unicode-stuff")
    }

    @Test(arguments: [("Super 8", "super-8"), ("  VHS  ", "vhs"), ("'70s", "70s"), ("Kodachrome 64!", "kodachrome-64"), ("", "")])
    func slugs(text: String, slug: String) {
        #expect(TakeNaming.slugify(text) == slug)
    }
}

@Suite struct LookSettingsTests {
    func value(_ settings: LookSettings, _ element: String, _ name: String) -> LookSettings.Value? {
        settings.properties.first { $0.element == element && $0.name == name }?.value
    }

    @Test func aNeutralLookTouchesNothing() {
        let settings = LookSettings(look: Look(), width: 1280, height: 720)
        #expect(value(settings, "balance", "saturation") == .double(1))
        #expect(value(settings, "exposure", "gamma") == .double(1))
        #expect(value(settings, "zoom", "left") == .int(0))
        #expect(value(settings, "damage", "scratch-lines") == .int(0))
        #expect(value(settings, "stamp", "silent") == .bool(true))
        #expect(settings.effects.grain == 0 && settings.effects.matte_num == 0)
    }

    @Test func zoomCropsTheCentre() {
        let crop = LookSettings.zoomCrop(zoom: 2, width: 1280, height: 720)
        #expect(crop.left == 320 && crop.right == 320 && crop.top == 180 && crop.bottom == 180)
    }

    @Test func badNumbersAreClampedNotPassedOn() {
        var look = Look()
        look.zoom = 99
        look.exposureEV = .nan
        look.era.saturation = -5
        look.aspect = .ratio(0, 3)
        let settings = LookSettings(look: look, width: 640, height: 360)
        #expect(value(settings, "zoom", "left") == .int(240))
        #expect(value(settings, "exposure", "gamma") == .double(1))
        #expect(value(settings, "balance", "saturation") == .double(0))
        #expect(settings.effects.matte_num == 0)
    }

    @Test func exposureRisesWithEV() {
        func gamma(_ ev: Double) -> Double {
            var look = Look()
            look.exposureEV = ev
            guard case .double(let g)? = value(LookSettings(look: look, width: 640, height: 360), "exposure", "gamma") else { return .nan }
            return g
        }
        #expect(gamma(-2) < gamma(0))
        #expect(gamma(0) < gamma(2))
    }

    @Test func letterboxBarsForScope() {
        let bars = LookSettings.barSize(aspect: .scope, width: 1280, height: 720)
        #expect(bars.vertical == 92 && bars.horizontal == 0)
        let pillars = LookSettings.barSize(aspect: .fourThree, width: 1280, height: 720)
        #expect(pillars.vertical == 0 && pillars.horizontal == 160)
    }
}
