import Body
import RetrocamTesting
import Testing
@testable import Intents

/// The MENU hands the body to the camera exactly when the date stamp it burns changes, whichever row
/// changed it: DATE IMPRINT turned on or off, or the clock set while it is on.
@Suite struct MenuStampTests {
    @Test func theBodyIsHandedOverOnlyWhenItsDateStampChanged() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let start = await device.applied.count
        func handedOver() async -> Int { await device.applied.count - start }

        _ = try await controller.adjust("clock.year", steps: 1)
        #expect(await handedOver() == 0, "no imprint: the clock burns nothing")
        _ = try await controller.chooseMenu("menu.date-imprint", choice: "On")
        #expect(await handedOver() == 1, "the imprint turned on")
        _ = try await controller.chooseMenu("menu.date-imprint", choice: "On")
        #expect(await handedOver() == 1, "chosen again: nothing changed")
        _ = try await controller.adjust("clock.year", steps: 1)
        #expect(await handedOver() == 2, "the clock set while the imprint is on")
        let year = await controller.body.clock
        #expect(await device.applied.last?.clock == year, "with the clock as set")
        _ = try await controller.adjust("menu.date-imprint", steps: 1)
        #expect(await handedOver() == 3, "the imprint swiped off")
        _ = try await controller.adjust("menu.date-imprint", steps: 2)
        #expect(await handedOver() == 3, "two steps come back to Off")
    }
}
