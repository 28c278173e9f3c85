import Body
import Foundation
import Testing
@testable import Engine

/// The engine's look is the body's traits as they are, and what the camera adds: no field copied by hand.
@Suite struct LookFromBodyTests {
    @Test func aCineBodyBecomesItsEraAtItsDegreeWithTheFrameFormatAndTheCamera() throws {
        var body = CameraBody()
        try body.setDecade(year: 1920)
        body.setMode(.cine)
        try body.setDegree(12)
        try body.setFormat(.scope)
        body.setFacing(.front)
        body.setLight(true)
        let look = Look(body, at: Date())
        #expect(look.era == body.look)
        #expect(look.era.monochrome, "the 1920s at degree 12 are black and white")
        #expect(look.aspect == .scope)
        #expect(look.mirrored && look.fillLight)
        #expect(look.dateStamp == nil, "DATE IMPRINT is off")
        #expect(look.exposureEV == body.exposure && look.zoom == body.zoom)
    }

    @Test func stillHasNoBarsAndTheImprintIsTheBodysStamp() throws {
        var body = CameraBody()
        body.setMode(.cine)
        try body.setFormat(.scope)
        body.setMode(.still)
        body.setDateImprint(true)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let look = Look(body, at: now)
        #expect(look.aspect == .native, "the frame format is CINE's")
        #expect(look.dateStamp == body.dateStamp(at: now))
        #expect(look.dateStamp != nil)
        #expect(!look.mirrored && !look.fillLight)
    }
}
