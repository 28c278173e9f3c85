import DBus
import Desktop
import Testing

@Suite struct NotificationTests {
    @Test func notifyFollowsTheSpecification() async throws {
        let bus = try PrivateBus()
        let server = try NotificationServer(bus: bus)
        defer { server.close() }
        let connection = try bus.connect()
        defer { connection.close() }
        let log = LogLines()
        let id = await Notifier(connection: connection, log: log.sink).notify(summary: "Photo saved", body: "photo-1.jpg, from a hotkey.")
        #expect(id == 1)
        let note = try #require(server.notifications.first)
        #expect(note == NotificationServer.Notification(appName: "Retrocam", icon: "camera-photo", summary: "Photo saved",
                                                        body: "photo-1.jpg, from a hotkey.",
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
        #expect(log.all == ["notifications: no notification server on the session bus; saved takes are not announced."])
    }

    struct Case: Sendable {
        let paths: [String]
        let summary: String
        let body: String
    }

    @Test(arguments: [
        Case(paths: ["/p/photo-1.jpg"], summary: "Photo saved", body: "photo-1.jpg, from the camera key."),
        Case(paths: ["/v/clip-1.webm"], summary: "Clip saved", body: "clip-1.webm, from the camera key."),
        Case(paths: ["/p/a.jpg", "/v/b.webm"], summary: "2 takes saved", body: "a.jpg, b.webm, from the camera key."),
        Case(paths: ["/a.jpg", "/b.jpg", "/c.jpg", "/d.jpg", "/e.jpg"], summary: "5 photos saved",
             body: "a.jpg, b.jpg, c.jpg and 2 more, from the camera key."),
    ])
    func announcementsSayWhatWasSaved(_ c: Case) {
        let (summary, body) = Notifier.announcement(paths: c.paths, trigger: "the camera key")
        #expect(summary == c.summary)
        #expect(body == c.body)
    }

    @Test func notificationsCanBeTurnedOffInTheConfig() async throws {
        let harness = try await DesktopHarness(still: true, config: "notifications = off\n")
        defer { harness.close() }
        _ = try await harness.shortcuts.call("PressAction")
        _ = try await harness.shortcuts.call("ReleaseAction")
        try await Task.sleep(for: .milliseconds(100))
        #expect(await harness.camera.takes.count == 1)
        #expect(harness.notifications?.notifications.isEmpty == true)
    }
}
