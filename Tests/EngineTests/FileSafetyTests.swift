import Body
import Foundation
import Testing
@testable import Engine

/// Files nobody can hijack: takes, the index and Trash entries are created exclusively without
/// following links, in folders that are not links, private whatever the umask.
@Suite(.serialized) struct FileSafetyTests {
    /// Runs `body` with the process umask set to `mask` (the daemon started outside its unit has 022).
    static func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
        let old = umask(mask)
        defer { umask(old) }
        return try body()
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    @Test func uniqueNamesCountUpAndAPlantedLinkIsSkippedNotFollowed() throws {
        let home = try TestHome()
        let outside = home.root.appendingPathComponent("outside.txt")
        try Data("precious".utf8).write(to: outside)
        let folder = try PrivateFolder.open(home.root.appendingPathComponent("takes"))
        // The next take's predictable name is a link to a file outside the folder.
        try FileManager.default.createSymbolicLink(atPath: folder.path("Retrocam-x.webm"), withDestinationPath: outside.path)
        let (name, descriptor) = try folder.createUnique(base: "Retrocam-x", extension: "webm")
        defer { close(descriptor) }
        #expect(name == "Retrocam-x-2.webm")
        _ = write(descriptor, "frames", 6)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious", "the link was followed")
        let dangling = folder.path("Retrocam-y.jpg")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: home.root.appendingPathComponent("made-by-us").path)
        let photo = try folder.writeNew(Data("jpeg".utf8), base: "Retrocam-y", extension: "jpg")
        #expect(photo.hasSuffix("Retrocam-y-2.jpg"))
        #expect(!FileManager.default.fileExists(atPath: home.root.appendingPathComponent("made-by-us").path))
    }

    @Test func filesAre0600AndFolders0700WhateverTheUmask() throws {
        let home = try TestHome()
        try Self.withUmask(0o022) {
            let folder = try PrivateFolder.open(home.root.appendingPathComponent("a/b/takes"))
            #expect(Self.mode(folder.url.path) == 0o700)
            #expect(Self.mode(home.root.appendingPathComponent("a").path) == 0o700, "missing parents are private too")
            let photo = try folder.writeNew(Data("jpeg".utf8), base: "p", extension: "jpg")
            #expect(Self.mode(photo) == 0o600)
            let (name, descriptor) = try folder.createUnique(base: "c", extension: "webm")
            close(descriptor)
            #expect(Self.mode(folder.path(name)) == 0o600)
            try folder.replace("index.json", with: Data("{}".utf8))
            #expect(Self.mode(folder.path("index.json")) == 0o600)
            let sub = try folder.subfolder("files")
            #expect(Self.mode(sub.url.path) == 0o700)
        }
    }

    @Test func aFolderThatIsALinkIsRefusedWithItsName() throws {
        let home = try TestHome()
        let real = home.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let linked = home.root.appendingPathComponent("Videos")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
        do {
            _ = try PrivateFolder.open(linked)
            Issue.record("a linked folder was opened")
        } catch {
            let refusal = error.refusal(saving: "the clip")
            guard case .notAllowed(let text) = refusal else { Issue.record("\(refusal)"); return }
            #expect(text.contains(linked.path) && text.contains("symbolic link"), "\(text)")
        }
    }

    @Test func replacingTheIndexNeverFollowsALinkAndLeavesNoTemporaryFile() throws {
        let home = try TestHome()
        let outside = home.root.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: outside)
        let folder = try PrivateFolder.open(home.root.appendingPathComponent("state"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("takes.json"), withDestinationPath: outside.path)
        try folder.replace("takes.json", with: Data("{\"version\":1}".utf8))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious")
        #expect(!Self.isLink(folder.path("takes.json")))
        #expect(try folder.read("takes.json") == Data("{\"version\":1}".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["takes.json"])
    }

    @Test func theTakesIndexIsNotReadThroughALink() throws {
        let home = try TestHome()
        let configuration = home.configuration()
        let forged = home.root.appendingPathComponent("forged.json")
        try Data(#"{"version":1,"takes":[],"inProgress":[],"unseenRecovered":[]}"#.utf8).write(to: forged)
        try FileManager.default.createDirectory(at: configuration.stateDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: configuration.stateDirectory.appendingPathComponent("takes.json"),
                                                   withDestinationURL: forged)
        let library = try TakeLibrary(directory: configuration.stateDirectory)
        #expect(library.damagedIndex != nil, "the link was not set aside")
        #expect(!Self.isLink(configuration.stateDirectory.appendingPathComponent("takes.json").path) ||
                !FileManager.default.fileExists(atPath: configuration.stateDirectory.appendingPathComponent("takes.json").path))
    }

    @Test(arguments: ["files", "info"])
    func aTrashWhoseFolderIsALinkIsRefusedAndTheTakeStays(_ folder: String) throws {
        let home = try TestHome()
        let takes = try PrivateFolder.open(home.root.appendingPathComponent("Pictures"))
        let photo = try takes.writeNew(Data("jpeg".utf8), base: "p", extension: "jpg")
        let trash = home.root.appendingPathComponent("Trash")
        let elsewhere = home.root.appendingPathComponent("attacker")
        try FileManager.default.createDirectory(at: trash, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: trash.appendingPathComponent(folder), withDestinationURL: elsewhere)
        #expect(throws: IntentError.self) { try Trash(directory: trash).move(URL(fileURLWithPath: photo)) }
        #expect(FileManager.default.fileExists(atPath: photo), "the take was moved anyway")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "something was written through the link")
    }

    @Test func theTrashNeverReplacesAFileAlreadyThereAndIsPrivate() throws {
        let home = try TestHome()
        try Self.withUmask(0o022) {
            let takes = try PrivateFolder.open(home.root.appendingPathComponent("Pictures"))
            let photo = try takes.writeNew(Data("new".utf8), base: "p", extension: "jpg")
            let trash = home.root.appendingPathComponent("Trash")
            let files = try PrivateFolder.open(trash.appendingPathComponent("files"))
            try Data("older".utf8).write(to: URL(fileURLWithPath: files.path("p.jpg")))
            let name = try Trash(directory: trash).move(URL(fileURLWithPath: photo))
            #expect(name == "p-2.jpg")
            #expect(try String(contentsOfFile: files.path("p.jpg"), encoding: .utf8) == "older")
            #expect(try String(contentsOfFile: files.path("p-2.jpg"), encoding: .utf8) == "new")
            #expect(Self.mode(trash.appendingPathComponent("info/p-2.jpg.trashinfo").path) == 0o600)
            #expect(Self.mode(trash.appendingPathComponent("info").path) == 0o700)
            #expect(throws: IntentError.notFound("The file p.jpg is no longer there.")) {
                try Trash(directory: trash).move(URL(fileURLWithPath: photo))
            }
        }
    }

    @Test func aSecondLockOnTheSameStateFolderNamesTheFirst() throws {
        let home = try TestHome()
        let state = home.root.appendingPathComponent("state")
        let first = try InstanceLock.acquire(stateDirectory: state, bus: "unix:path=/tmp/first")
        #expect(InstanceLock.holder(in: state) == InstanceLock.Holder(pid: getpid(), bus: "unix:path=/tmp/first"))
        #expect(Self.mode(first.path) == 0o600)
        do {
            _ = try InstanceLock.acquire(stateDirectory: state, bus: "unix:path=/tmp/second")
            Issue.record("two locks on one home")
        } catch {
            #expect(error.message.contains("pid \(getpid())") && error.message.contains("unix:path=/tmp/first"), "\(error.message)")
        }
        _ = first
    }
}
