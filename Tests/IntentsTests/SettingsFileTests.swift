import Body
import Foundation
import Testing
@testable import Intents

/// The settings file: written atomically and privately, read back, and set aside — never fatal —
/// when it cannot be used.
@Suite struct SettingsFileTests {
    final class Folder: @unchecked Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-settings-\(UUID().uuidString)")
        let lines = LockedLines()
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func file() -> SettingsFile { SettingsFile(directory: url) { [lines] in lines.add($0) } }
        var fileURL: URL { url.appendingPathComponent(SettingsFile.fileName) }
        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
        func write(_ data: Data) throws { try data.write(to: fileURL) }
    }

    final class LockedLines: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ line: String) { lock.withLock { list.append(line) } }
        var all: [String] { lock.withLock { list } }
    }

    @Test func savedDialsComeBackInANewReader() async throws {
        let folder = try Folder()
        var body = CameraBody()
        try body.setDecade(year: 1940)
        try body.setDegree(9)
        body.setMode(.still)
        let file = folder.file()
        file.save(body)
        await file.flush()
        let restored = folder.file().restoredBody()
        #expect(restored.decade.year == 1940 && restored.degree == 9 && restored.mode == .still)
        #expect(folder.lines.all.isEmpty, "\(folder.lines.all)")
    }

    @Test func theFileIsPrivateAndNoTemporaryFileIsLeft() async throws {
        let folder = try Folder()
        let file = folder.file()
        file.save(CameraBody())
        await file.flush()
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(folder.names == [SettingsFile.fileName])
        let text = try String(contentsOf: folder.fileURL, encoding: .utf8)
        #expect(text.hasPrefix("{\"version\": 1, \"settings\": {"), "\(text)")
    }

    @Test func manyQuickChangesEndWithTheLast() async throws {
        let folder = try Folder()
        let file = folder.file()
        var body = CameraBody()
        for degree in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 5] {
            try body.setDegree(degree)
            file.save(body)
        }
        await file.flush()
        #expect(folder.file().restoredBody().degree == 5)
    }

    @Test func noFileIsTheFactoryWithoutALogLine() throws {
        let folder = try Folder()
        #expect(folder.file().restoredBody() == CameraBody())
        #expect(folder.lines.all.isEmpty)
        #expect(folder.names.isEmpty)
    }

    struct Unusable: Sendable, CustomTestStringConvertible {
        let label: String
        let contents: Data
        let reason: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        Unusable(label: "empty", contents: Data(), reason: "it is empty"),
        Unusable(label: "garbage", contents: Data([0xFF, 0x00, 0x7B, 0x22]), reason: "it is not a JSON object"),
        Unusable(label: "cut short", contents: Data(#"{"version": 1, "settings": {"degree": 4"#.utf8), reason: "it is not a JSON object"),
        Unusable(label: "a list", contents: Data("[1, 2]".utf8), reason: "it is not a JSON object"),
        Unusable(label: "no version", contents: Data(#"{"settings": {"degree": 4}}"#.utf8), reason: "it has no format version"),
        Unusable(label: "version as text", contents: Data(#"{"version": "1", "settings": {}}"#.utf8), reason: "it has no format version"),
        Unusable(label: "future version", contents: Data(#"{"version": 2, "settings": {"degree": 4}}"#.utf8),
                 reason: "it was written by a newer Retrocam (format 2; this one reads 1)"),
        Unusable(label: "version 0", contents: Data(#"{"version": 0, "settings": {}}"#.utf8), reason: "format 0 is unknown"),
        Unusable(label: "settings not an object", contents: Data(#"{"version": 1, "settings": "all"}"#.utf8), reason: "it holds no settings"),
        Unusable(label: "huge", contents: Data(repeating: 0x20, count: SettingsFile.maximumBytes + 1),
                 reason: "it is 65537 bytes, more than a settings file holds"),
    ])
    func anUnusableFileIsSetAsideWithALogLineAndTheCameraStartsFromTheFactory(unusable: Unusable) async throws {
        let folder = try Folder()
        try folder.write(unusable.contents)
        let file = folder.file()
        #expect(file.restoredBody() == CameraBody())
        let line = try #require(folder.lines.all.first, "no log line")
        #expect(line.contains(unusable.reason), "\(line)")
        #expect(line.contains("set aside as settings.json.set-aside-"), "\(line)")
        let setAside = try #require(folder.names.first { $0.hasPrefix("settings.json.set-aside-") })
        #expect(try Data(contentsOf: folder.url.appendingPathComponent(setAside)) == unusable.contents, "kept as it was")
        #expect(!folder.names.contains(SettingsFile.fileName))
        // The next change writes a good file beside the one set aside.
        var body = CameraBody()
        try body.setDegree(3)
        file.save(body)
        await file.flush()
        #expect(folder.file().restoredBody().degree == 3)
    }

    @Test func aValueOutOfRangeIsLoggedAndTheOthersComeBack() throws {
        let folder = try Folder()
        try folder.write(Data(#"{"version": 1, "settings": {"degree": 99, "decade": 1950}}"#.utf8))
        let restored = folder.file().restoredBody()
        #expect(restored.decade.year == 1950 && restored.degree == CameraBody.factoryDegree)
        #expect(folder.lines.all == ["settings: degree 99: Degree goes from 1 to 12. That control starts at the factory position."])
        #expect(folder.names == [SettingsFile.fileName], "a file with one bad value is not set aside")
    }

    @Test func aFolderThatCannotBeWrittenIsSaidOnceAndNeverFatal() async throws {
        let folder = try Folder()
        let blocked = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocked)
        let file = SettingsFile(directory: blocked) { [lines = folder.lines] in lines.add($0) }
        var body = CameraBody()
        for degree in 1...5 {
            try body.setDegree(degree)
            file.save(body)
            await file.flush()
        }
        #expect(folder.lines.all.count == 1, "\(folder.lines.all)")
        #expect(folder.lines.all.first?.contains("could not save") == true)
    }
}
