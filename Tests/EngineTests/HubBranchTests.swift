import Testing
@testable import Engine

/// A branch of the frame hub and the hub that feeds it in the camera's place (a still card's): every
/// change of its feed waits for its stop, so a stopped branch is fed by no hub.
@Suite struct HubBranchTests {
    static func branch(of camera: FrameHub) throws -> HubBranch {
        try HubBranch(hub: camera, configuration: TestHomeless.configuration, tail: "fakesink sync=false async=false",
                      purpose: "test branch")
    }

    @Test func aStoppedBranchIsFedByNoHubThoughACardAsksToFeedIt() throws {
        let camera = FrameHub(), card = FrameHub()
        let branch = try Self.branch(of: camera)
        #expect(camera.outletCount == 1)
        branch.stop()
        branch.feed(from: card)
        #expect(camera.outletCount == 0 && card.outletCount == 0, "the card's feed came after the stop: nothing")
    }

    @Test func stoppedWhileACardFeedsItTheCardFeedsItNoMore() throws {
        let camera = FrameHub(), card = FrameHub()
        let branch = try Self.branch(of: camera)
        branch.feed(from: card)
        #expect(camera.outletCount == 0 && card.outletCount == 1, "the card in the camera's place")
        branch.stop()
        #expect(camera.outletCount == 0 && card.outletCount == 0)
        branch.stopFeeding(from: card)
        #expect(camera.outletCount == 0 && card.outletCount == 0, "the camera's frames do not come back to a stopped branch")
    }

    @Test func theCardTakenDownTheCameraFeedsItAgain() throws {
        let camera = FrameHub(), card = FrameHub()
        let branch = try Self.branch(of: camera)
        defer { branch.stop() }
        branch.feed(from: card)
        branch.stopFeeding(from: card)
        #expect(camera.outletCount == 1 && card.outletCount == 0)
    }
}
