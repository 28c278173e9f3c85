import Foundation
import Testing
@testable import Body

/// The dials a body keeps while switched off: saved as plain values, restored through the setters.
@Suite struct DialSettingsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func everyDialComesBackAsItWasLeft() throws {
        var left = CameraBody()
        try left.setDecade(year: 1986)
        try left.setTechnology(id: left.decade.technologies.last!.id)
        try left.setStyle(id: left.decade.styles.last!.id)
        try left.setDegree(11)
        try left.setExposure(-1.5)
        try left.setZoom(3.5)
        try left.setFormat(.scope)
        left.setMode(.still)
        try left.setTimer(seconds: 10)
        left.setLight(true)
        left.setAudio(.stereo)
        left.setFacing(.front)
        left.setDateImprint(true)
        try left.clock.adjust(.year, by: -40, at: Self.now)
        let saved = try JSONDecoder().decode(DialSettings.self, from: try JSONEncoder().encode(DialSettings(left)))
        let (restored, rejected) = CameraBody.restoring(saved, at: Self.now)
        #expect(rejected.isEmpty)
        #expect(restored == left)
        #expect(DialSettings(restored) == DialSettings(left))
    }

    @Test func theFactoryBodyIsWhatNothingSetGives() {
        let (restored, rejected) = CameraBody.restoring(DialSettings(), at: Self.now)
        #expect(restored == CameraBody())
        #expect(rejected.isEmpty)
    }

    @Test func aScopeFormatSurvivesStillMode() throws {
        var settings = DialSettings()
        settings.format = "2.39:1"
        settings.mode = "Still"
        let restored = CameraBody.restoring(settings, at: Self.now).body
        #expect(restored.format == .scope && restored.mode == .still)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let label: String
        let json: String
        let rejected: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        Bad(label: "degree 99", json: #"{"degree": 99, "zoom": 2}"#, rejected: "degree 99: Degree goes from 1 to 12."),
        Bad(label: "decade 2090", json: #"{"decade": 2090, "zoom": 2}"#, rejected: "decade 2090: Decade goes from the 1900s to the 2020s."),
        Bad(label: "zoom 2.3", json: #"{"zoom": 2.3, "degree": 7}"#, rejected: "zoom 2.3: Zoom goes from 1.0x to 4.0x in 0.5x steps."),
        Bad(label: "exposure -7", json: #"{"exposure": -7, "zoom": 2}"#, rejected: "exposure -7.0: Exposure goes from -2 EV to +2 EV in 0.5 EV steps."),
        Bad(label: "timer 5", json: #"{"timer": 5, "zoom": 2}"#, rejected: "timer 5: Self-timer is Off, 3 seconds or 10 seconds."),
        Bad(label: "unknown style", json: #"{"style": "daguerreotype-xl", "zoom": 2}"#, rejected: "style daguerreotype-xl: The 1970s styles are"),
        Bad(label: "mode sideways", json: #"{"mode": "Sideways", "zoom": 2}"#, rejected: "mode Sideways: It is one of Cine, Still."),
        Bad(label: "facing up", json: #"{"facing": "up", "zoom": 2}"#, rejected: "facing up: It is one of back, front."),
        Bad(label: "clock 500 years back", json: #"{"clockOffset": -15778800000, "zoom": 2}"#, rejected: "clockOffset -15778800000.0: The clock's year goes from 1900 to 2099."),
        Bad(label: "degree as text", json: #"{"degree": "seven", "zoom": 2}"#, rejected: "degree: not a value of the right type."),
        Bad(label: "light as number", json: #"{"light": 1, "zoom": 2}"#, rejected: "light: not a value of the right type."),
    ])
    func aValueTheDialDoesNotHaveKeepsTheFactoryPositionAndTheRestComesBack(bad: Bad) throws {
        let settings = try JSONDecoder().decode(DialSettings.self, from: Data(bad.json.utf8))
        let (restored, rejected) = CameraBody.restoring(settings, at: Self.now)
        #expect(rejected.count == 1)
        #expect(rejected.first?.hasPrefix(bad.rejected) == true, "\(rejected)")
        #expect(restored.zoom == 2 || restored.degree == 7, "the good value beside it is restored")
        var factory = CameraBody()
        if restored.zoom == 2 { try factory.setZoom(2) } else { try factory.setDegree(7) }
        #expect(restored == factory)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let settings = try JSONDecoder().decode(DialSettings.self, from: Data(#"{"degree": 4, "hologram": true}"#.utf8))
        #expect(CameraBody.restoring(settings, at: Self.now).body.degree == 4)
    }
}
