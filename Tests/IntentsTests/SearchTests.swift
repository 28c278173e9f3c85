import Body
import Testing
@testable import Intents

/// The desktop search's matching, in process: what is found first, what a result's words say, and that the
/// memory of ids forgets older searches.
@Suite struct SearchTests {
    struct Case: Sendable, CustomStringConvertible {
        let words: [String]
        let first: String
        var description: String { words.joined(separator: " ") }
    }

    static let shortcut = ShortcutLibrary.Entry(name: "super8-birthday", description: "A Super 8 birthday clip.",
                                                path: "/nowhere/super8-birthday.retrocam", isValid: true)

    @Test(arguments: [
        Case(words: ["seventies"], first: "Set the decade to the 1970s"),
        Case(words: ["zoom", "2x"], first: "Zoom to 2.0x"),
        Case(words: ["brighter"], first: "Raise the exposure half a stop, to +0.5 EV"),
        Case(words: ["undo"], first: "Move the last take to the Trash"),
        Case(words: ["birthday"], first: "Run the shortcut super8-birthday"),
        Case(words: ["video"], first: "Start recording"),
        Case(words: ["Take", "PHOTO"], first: "Switch to STILL and take a photo"),
    ])
    func theRightResultComesFirst(_ c: Case) async throws {
        let controller = await makeController()
        let results = await controller.search(try SearchQuery(terms: c.words), shortcuts: [Self.shortcut])
        #expect(results.first?.name == c.first, "\(results.map(\.name))")
        #expect(results.count <= CameraController.searchResultLimit)
        #expect(Set(results.map(\.key)).count == results.count, "no two results do the same")
    }

    @Test func capturingResultsSaySoAndNothingIsPerformedBySearching() async throws {
        let controller = await makeController()
        let before = await controller.body
        let results = await controller.search(try SearchQuery(terms: ["photo"]), shortcuts: [Self.shortcut])
        let photo = try #require(results.first)
        #expect(photo.captures)
        #expect(await controller.searchDescription(photo).hasPrefix("Uses the camera. Now: "))
        #expect(await controller.body == before)
        let decade = try #require(await controller.search(try SearchQuery(terms: ["eighties"]), shortcuts: []).first)
        #expect(!decade.captures)
        #expect(await controller.searchDescription(decade).hasPrefix("Now: 1970s"))
        _ = try await controller.performSearchResult(decade)
        #expect(await controller.body.decade.name == "1980s")
    }

    @Test func tooManyWordsOrCharactersAreRefusedAndNoneIsEmpty() throws {
        #expect(try SearchQuery(terms: []).words.isEmpty)
        #expect(try SearchQuery(terms: ["", "  "]).words.isEmpty)
        #expect(try SearchQuery(terms: ["super 8", "ZOOM"]).words == ["super", "8", "zoom"])
        #expect(throws: SearchRefusal.self) { try SearchQuery(terms: Array(repeating: "photo", count: 1000)) }
        #expect(throws: SearchRefusal.self) { try SearchQuery(terms: [String(repeating: "a", count: 65_536)]) }
    }

    @Test func theMemoryKnowsOnlyTheLatestSearch() async throws {
        let controller = await makeController()
        let memory = SearchMemory()
        let first = memory.remember(await controller.search(try SearchQuery(terms: ["photo"]), shortcuts: []))
        try #require(!first.isEmpty)
        guard case .found = memory.result(first[0]) else { Issue.record("the latest search's id is found"); return }
        let second = memory.remember(await controller.search(try SearchQuery(terms: ["zoom"]), shortcuts: []))
        guard case .older = memory.result(first[0]) else { Issue.record("an older search's id is older"); return }
        guard case .found = memory.result(second[0]) else { Issue.record("the new id is found"); return }
        for id in ["", "x", "0-0", "99-0", "\(second.count + 5)-x", "1-2-3", String(repeating: "9", count: 70_000)] {
            guard case .unknown = memory.result(id) else { Issue.record("\(id.prefix(20)) is unknown"); continue }
        }
    }
}
