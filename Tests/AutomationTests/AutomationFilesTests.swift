import Foundation
import Testing
@testable import Automation

/// Event automations' files and timer automations' units: written, read back, and refused when they
/// could not be read back the same.
@Suite struct AutomationFilesTests {
    static func temporaryFolders() throws -> (AutomationFolders, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-automations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return (AutomationFolders(environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]), home)
    }

    @Test func anEventAutomationIsWrittenReadByItsEventAndRemoved() throws {
        let (folders, home) = try Self.temporaryFolders()
        defer { try? FileManager.default.removeItem(at: home) }
        let automations = EventAutomations(folders)
        let portrait = EventAutomation(name: "portrait", event: .cameraAdded, step: "shortcut noir-portrait")
        try automations.add(portrait)
        #expect(throws: AutomationError.self) { try automations.add(portrait) }
        #expect(automations.automations(for: .cameraAdded).automations == [portrait])
        #expect(automations.automations(for: .takeSaved).automations.isEmpty)
        #expect(automations.named("portrait") == portrait && automations.names() == ["portrait"])
        let mode = try FileManager.default.attributesOfItem(atPath: folders.events.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(try automations.remove("portrait") && automations.all().isEmpty)
        #expect(try !automations.remove("portrait"))
    }

    @Test func aFileThatIsNoAutomationIsSaidAndTheOthersRun() throws {
        let (folders, home) = try Self.temporaryFolders()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: folders.events, withIntermediateDirectories: true)
        let write = { (name: String, data: Data) in try data.write(to: folders.events.appendingPathComponent(name)) }
        try write("good.take-saved", Data("# comment\n\n  photo  \n".utf8))
        try write("empty.take-saved", Data("# only a comment\n".utf8))
        try write("huge.take-saved", Data(repeating: 0x41, count: 5000))
        try write("binary.take-saved", Data([0xff, 0xfe, 0x00]))
        try write("bad name.take-saved", Data("photo\n".utf8))
        let found = EventAutomations(folders).automations(for: .takeSaved)
        #expect(found.automations == [EventAutomation(name: "good", event: .takeSaved, step: "photo")])
        #expect(found.problems.count == 4, "\(found.problems)")
        #expect(found.problems.contains { $0.contains("The automation empty") && $0.contains("has no step") })
        #expect(found.problems.contains { $0.contains("is not UTF-8 text of at most 4096 bytes") })
        #expect(found.problems.contains { $0.contains("cannot be an automation name") })
    }

    @Test(arguments: ["photo", "set style \"super 8\"", "shortcut 100%-noir", "set decade $HOME", "a \\ backslash"])
    func aTimersUnitsReadBackTheStepAndCalendar(_ step: String) throws {
        let automation = TimerAutomation(name: "morning", calendar: "Mon..Fri *-*-* 09:00:00", step: step)
        let service = try automation.serviceText(client: "/home/u/.local/bin/retrocam")
        let timer = try automation.timerText()
        #expect(TimerAutomation.read(name: "morning", timer: timer, service: service) == automation)
        #expect(TimerAutomation.command(ofService: service) == ["/home/u/.local/bin/retrocam", "step", "--", step])
        #expect(timer.contains("\nOnCalendar=Mon..Fri *-*-* 09:00:00\n") && timer.contains("\nUnit=retrocam-auto-morning.service\n"))
        #expect(!service.contains("\n\(step)\n"), "the step is only ever a quoted word and the description")
        if step.contains("%") { #expect(service.contains("100%%-noir")) }
        if step.contains("$") { #expect(service.contains("$$HOME")) }
    }

    @Test func aStepOrCalendarWithALineBreakIsRefused() {
        #expect(throws: AutomationError.self) {
            try TimerAutomation(name: "x", calendar: "daily", step: "photo\nExecStartPost=/bin/sh").serviceText(client: "/bin/retrocam")
        }
        #expect(throws: AutomationError.self) { try TimerAutomation(name: "x", calendar: "daily\n[Service]", step: "photo").timerText() }
        #expect(SystemdWords.words(of: "/bin/sh -c x") == nil, "a line written by hand is not read as ours")
        #expect(SystemdWords.words(of: "\"unclosed") == nil)
    }
}
