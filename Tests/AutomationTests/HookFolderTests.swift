import Foundation
import Testing
@testable import Automation

/// The rules a file in the hooks folder must meet to run, on real files in a temporary folder.
@Suite struct HookFolderTests {
    /// A temporary hooks folder, removed by `remove()`.
    struct Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-hooks-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            chmod(url.path, 0o700)
        }
        func file(_ name: String, mode: mode_t = 0o700) throws {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            chmod(file.deletingLastPathComponent().path, 0o700)
            try "#!/bin/sh\n".write(to: file, atomically: true, encoding: .utf8)
            chmod(file.path, mode)
        }
        var hooks: HookFolder { HookFolder(directory: url) }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test func theEventsProgramRunsFirstThenItsFolderByName() throws {
        let folder = try Folder()
        defer { folder.remove() }
        for name in ["take-saved.d/b", "take-saved.d/a", "take-saved.d/B", "take-saved", "camera-added"] { try folder.file(name) }
        let plan = folder.hooks.plan(for: .takeSaved)
        #expect(plan.programs.map(\.name) == ["take-saved", "take-saved.d/B", "take-saved.d/a", "take-saved.d/b"])
        #expect(plan.programs.first?.path == folder.url.appendingPathComponent("take-saved").path)
        #expect(plan.skipped.isEmpty)
        #expect(folder.hooks.plan(for: .cameraRemoved).programs.isEmpty)
    }

    @Test func eachFileThatMayNotRunSaysWhy() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.file("take-saved.d/group", mode: 0o770)
        try folder.file("take-saved.d/world", mode: 0o702)
        try folder.file("take-saved.d/plain", mode: 0o600)
        try folder.file("take-saved.d/.hidden")
        try folder.file("take-saved.d/backup~")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("take-saved.d/folder"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("take-saved.d/dangling").path,
                                                   withDestinationPath: "/nonexistent/hook")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("take-saved.d/fifo-link").path, withDestinationPath: "/dev/null")
        let reasons = Dictionary(uniqueKeysWithValues: folder.hooks.plan(for: .takeSaved).skipped.map { ($0.name, $0.reason) })
        #expect(reasons["take-saved.d/group"] == "group-writable (chmod g-w)")
        #expect(reasons["take-saved.d/world"] == "world-writable (chmod o-w)")
        #expect(reasons["take-saved.d/plain"] == "not executable (chmod u+x)")
        #expect(reasons["take-saved.d/.hidden"] == "a hidden or backup file")
        #expect(reasons["take-saved.d/backup~"] == "a hidden or backup file")
        #expect(reasons["take-saved.d/folder"] == "a folder (programs for an event go in EVENT.d/)")
        #expect(reasons["take-saved.d/dangling"] == "a symbolic link to nothing")
        #expect(reasons["take-saved.d/fifo-link"] == "not a regular file")
        #expect(folder.hooks.plan(for: .takeSaved).programs.isEmpty)
    }

    @Test func anotherUsersFileOrAnOpenFolderRunsNothing() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.file("take-saved")
        try folder.file("take-saved.d/mine")
        #expect(HookFolder(directory: folder.url, uid: 4242).plan(for: .takeSaved).skipped.first?.reason == "the folder is owned by user \(getuid()), not by you"
                || getuid() == 0, "root's folders are trusted: only root could change them")
        chmod(folder.url.appendingPathComponent("take-saved.d").path, 0o777)
        let plan = folder.hooks.plan(for: .takeSaved)
        #expect(plan.programs.map(\.name) == ["take-saved"])
        #expect(plan.skipped == [SkippedHook(name: "take-saved.d", reason: "the folder is world-writable (chmod o-w)")])
        chmod(folder.url.path, 0o770)
        #expect(folder.hooks.plan(for: .takeSaved) == HookPlan(event: .takeSaved, programs: [],
                                                               skipped: [SkippedHook(name: ".", reason: "the folder is group-writable (chmod g-w)")]))
    }

    @Test func atMostThirtyTwoProgramsRunForAnEvent() throws {
        let folder = try Folder()
        defer { folder.remove() }
        for index in 0..<40 { try folder.file(String(format: "recording-started.d/%02d", index)) }
        let plan = folder.hooks.plan(for: .recordingStarted)
        #expect(plan.programs.count == HookFolder.maximumPrograms)
        #expect(plan.skipped.count == 8 && plan.skipped.allSatisfy { $0.reason == "more than 32 programs for recording-started" })
    }

    @Test func filesNamedAfterNoEventAreStrays() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.file("take-saved.sh")
        try folder.file("take-saved")
        try folder.file(".keep")
        #expect(folder.hooks.strays().map(\.name) == ["take-saved.sh"])
        #expect(HookFolder(directory: folder.url.appendingPathComponent("missing")).plans().allSatisfy { $0.programs.isEmpty && $0.skipped.isEmpty })
    }
}
