import RetrocamTesting
import Desktop
import Testing
@testable import DBus

@Suite struct NotificationTests {
    @Test func notifyFollowsTheSpecification() async throws {
        let bus = try PrivateBus()
        let server = try await NotificationServer(bus: bus)
        defer { server.close() }
        let connection = try bus.connect()
        defer { connection.close() }
        let log = LogLines()
        let id = await Notifier(connection: connection, log: log.sink).notify(summary: "Photo saved", body: "photo-1.jpg, from a hotkey.")
        #expect(id == 1)
        let note = try #require(server.notifications.first)
        #expect(note == NotificationServer.Notification(appName: "Retrocam", replacesID: 0, icon: "camera-photo", summary: "Photo saved",
                                                        body: "photo-1.jpg, from a hotkey.", actions: [],
                                                        hints: ["desktop-entry": .string("retrocam"), "urgency": .byte(1)], timeout: -1))
        #expect(log.all.isEmpty)
    }

    @Test func withoutAServerItSaysSoOnce() async throws {
        let bus = try PrivateBus()
        let connection = try bus.connect()
        defer { connection.close() }
        let log = LogLines()
        let notifier = Notifier(connection: connection, log: log.sink)
        #expect(await notifier.notify(summary: "a", body: "b") == nil)
        #expect(await notifier.notify(summary: "a", body: "b") == nil)
        #expect(log.all.count == 1 && log.all[0].hasPrefix("notifications: no notification server on the session bus"), "\(log.all)")
    }

    @Test func itsWatchOfTheServersNameEndsWithIt() async throws {
        let bus = try PrivateBus()
        let connection = try bus.connect()
        defer { connection.close() }
        let before = connection.subscriptionCount
        var notifier: Notifier? = Notifier(connection: connection, log: LogLines().sink)
        #expect(await Wait.until(10) { connection.subscriptionCount == before + 1 }, "the watch is in place")
        notifier = nil
        #expect(notifier == nil && connection.subscriptionCount == before, "gone with the notifier")
    }

    @Test func notificationsCanBeTurnedOffInTheConfig() async throws {
        let harness = try await DesktopHarness(still: true, config: "notifications = off\n")
        defer { harness.close() }
        // No capture indicator was made, and it is what would show a take: nothing can come later.
        #expect(harness.log.all.contains("notifications: off (the config file says notifications = off); takes are not shown on the desktop."),
                "\(harness.log.all)")
        _ = try await harness.shortcuts.call("PressAction")
        _ = try await harness.shortcuts.call("ReleaseAction")
        #expect(await harness.camera.takes.count == 1)
        #expect(harness.notifications?.notifications.isEmpty == true)
    }
}
