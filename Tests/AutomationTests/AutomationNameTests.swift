import Testing
@testable import Automation

/// Automation names become file and unit names: nothing that leaves the folder or breaks a unit name.
@Suite struct AutomationNameTests {
    @Test(arguments: ["morning", "time-lapse_2", "A", String(repeating: "x", count: 64)])
    func namesOfLettersDigitsDashesAndUnderscoresAreTaken(_ name: String) throws {
        try AutomationName.validate(name)
    }

    @Test(arguments: ["", "a/b", "..", "../x", "a..b", ".hidden", "x.timer", "two words", "-dash", "tab\there", "nul\0",
                      "é", String(repeating: "x", count: 65), "a\nExecStart=/bin/sh"])
    func otherNamesAreRefusedWithASentence(_ name: String) {
        #expect(throws: AutomationError.self) { try AutomationName.validate(name) }
        do { try AutomationName.validate(name) } catch {
            #expect(error.message.contains("cannot be an automation name"), "\(error.message)")
            #expect(!error.message.contains("\n"), "a control character is shown escaped: \(error.message)")
        }
    }

    @Test func eventNamesAreReadAndAWrongOneListsThem() throws {
        #expect(try HookEvent(name: "Camera-Added") == .cameraAdded)
        #expect(throws: AutomationError("There is no event called 'camera-plugged'. Events: take-saved, recording-started, recording-stopped, camera-added, camera-removed.")) {
            try HookEvent(name: "camera-plugged")
        }
    }
}
