import Body
import Foundation
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct TrashTests {
        @Test func moveToTrashFollowsTheFreedesktopSpec() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            let take = try await engine.photos.take(tags: ["decade": "1990s"])
            await engine.shutdown()
            let before = Date()
            try await engine.moveToTrash(take)

            let trash = home.configuration().trashDirectory
            let name = take.url.lastPathComponent
            #expect(!FileManager.default.fileExists(atPath: take.path))
            #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/\(name)").path))
            let info = try String(contentsOf: trash.appendingPathComponent("info/\(name).trashinfo"), encoding: .utf8)
            let lines = info.split(separator: "\n").map(String.init)
            #expect(lines.first == "[Trash Info]")
            #expect(lines.contains("Path=\(take.path)"), "no escaping needed for this path: \(info)")
            let date = try #require(lines.first { $0.hasPrefix("DeletionDate=") }?.dropFirst("DeletionDate=".count))
            #expect(date.count == 19)
            #expect(String(date).hasPrefix(Trash.deletionDate(before).prefix(13)))
            #expect(engine.library.take(id: take.id) == nil)
            #expect(engine.library.takes.isEmpty)
        }

        @Test func sameNamesInTheTrashStayUnique() throws {
            let home = try TestHome()
            let trash = Trash(directory: home.root.appendingPathComponent("Trash"))
            var names: [String] = []
            for folder in ["a", "b", "c"] {
                let directory = home.root.appendingPathComponent(folder)
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let file = directory.appendingPathComponent("Retrocam clip.webm")
                try Data(folder.utf8).write(to: file)
                names.append(try trash.move(file))
            }
            #expect(names == ["Retrocam clip.webm", "Retrocam clip-2.webm", "Retrocam clip-3.webm"])
            let info = try String(contentsOf: home.root.appendingPathComponent("Trash/info/Retrocam clip-3.webm.trashinfo"),
                                  encoding: .utf8)
            #expect(info.contains("Path=\(home.root.path)/c/Retrocam%20clip.webm\n"))
        }

        @Test(arguments: [
            ("/home/ann/Videos/a b.webm", "/home/ann/Videos/a%20b.webm"),
            ("/tmp/100%.jpg", "/tmp/100%25.jpg"),
            ("/tmp/été#1.jpg", "/tmp/%C3%A9t%C3%A9%231.jpg"),
        ])
        func pathsAreURLEscaped(path: String, escaped: String) {
            #expect(Trash.escapePath(path) == escaped)
        }

        @Test func aTakeNotInTheLibraryIsNotFound() async throws {
            let home = try TestHome()
            let engine = try CameraEngine(configuration: home.configuration())
            let stranger = Take(kind: .photo, path: "/nowhere.jpg", created: Date())
            await #expect(throws: IntentError.notFound("That take is not in the library.")) {
                try await engine.moveToTrash(stranger)
            }
        }
    }
}
