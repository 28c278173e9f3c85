import Foundation
import RetrocamTesting
import Testing
@testable import Intents

@Suite struct ShortcutLibraryTests {
    @Test(arguments: ["../config", "a/b", "x\0y", ".hidden", "", "..", "name with space", TextCase(String(repeating: "a", count: 65)),
                      "/etc/passwd"] as [TextCase])
    func namesCannotLeaveTheFolders(name: TextCase) throws {
        let library = ShortcutLibrary(directories: [shippedShortcutsDirectory])
        let error = try #require(throws: ShortcutError.self) { try library.load(name.text) }
        #expect(error.kind == .badName)
    }

    @Test func userFilesWinOverShippedOnes() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try "# My own noir\nphoto\n".write(to: user.appendingPathComponent("noir-portrait.retrocam"), atomically: true, encoding: .utf8)
        try "# Mine only\nflip\n".write(to: user.appendingPathComponent("mine.retrocam"), atomically: true, encoding: .utf8)
        try "notes".write(to: user.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let library = ShortcutLibrary(directories: [shippedShortcutsDirectory, user])
        #expect(library.names() == ["mine", "noir-portrait", "super8-birthday", "timelapse"])
        #expect(try library.load("noir-portrait").description == "My own noir")
        #expect(try library.load("timelapse").steps.count == 4)
    }

    @Test func missingShortcutListsTheOthers() throws {
        let library = ShortcutLibrary(directories: [shippedShortcutsDirectory])
        let error = try #require(throws: ShortcutError.self) { try library.load("vhs-party") }
        #expect(error.kind == .notFound)
        #expect(error.description == "vhs-party.retrocam: There is no shortcut called vhs-party. Shortcuts: noir-portrait, super8-birthday, timelapse.")
    }

    @Test func invalidFilesAreListedWithTheirError() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try "photo\nteleport\n".write(to: user.appendingPathComponent("broken.retrocam"), atomically: true, encoding: .utf8)
        let entries = ShortcutLibrary(directories: [user]).entries()
        #expect(entries.count == 1)
        #expect(entries[0].isValid == false)
        #expect(entries[0].description.hasPrefix("Invalid: broken.retrocam:2: 'teleport' is not a step."))
    }

    @Test func userDirectoryFollowsXDG() {
        #expect(ShortcutLibrary.userDirectory(environment: ["XDG_CONFIG_HOME": "/x/config"]).path == "/x/config/retrocam/shortcuts")
        #expect(ShortcutLibrary.userDirectory(environment: ["HOME": "/home/ann"]).path == "/home/ann/.config/retrocam/shortcuts")
    }

    @Test func onlyRegularFilesAreRead() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        #expect(mkfifo(user.appendingPathComponent("pipe.retrocam").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: user.appendingPathComponent("folder.retrocam"), withIntermediateDirectories: true)
        let library = ShortcutLibrary(directories: [user])
        for name in ["pipe", "folder"] {
            let error = try #require(throws: ShortcutError.self) { try library.load(name) }
            #expect(error.description == "\(name).retrocam: This is not a regular file.")
        }
    }

    @Test func aHugeFileOnDiskIsRefused() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try Data(repeating: UInt8(ascii: "\n"), count: 1_000_000).write(to: user.appendingPathComponent("huge.retrocam"))
        let error = try #require(throws: ShortcutError.self) { try ShortcutLibrary(directories: [user]).load("huge") }
        #expect(error.kind == .tooLarge)
    }
}
