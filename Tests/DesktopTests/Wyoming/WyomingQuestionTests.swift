import Body
import Foundation
import Intents
import RetrocamTesting
import Synchronization
import Testing
@testable import Desktop

/// A spoken UNDO's question waits as long as the daemon's UNDO window, in-process: the handler's clock is
/// moved by the test, so nothing here waits on the machine's time.
@Suite struct WyomingQuestionTests {
    /// A handler over a started controller whose UNDO window is `undoSeconds`, with a photo just taken,
    /// and the clock its questions expire on.
    static func handlerAfterAPhoto(undoSeconds: Int) async throws -> (WyomingHandler, FakeCamera, MovedDate) {
        let camera = FakeCamera()
        var body = CameraBody()
        body.setMode(.still)
        let controller = CameraController(device: camera, body: body, undoSeconds: undoSeconds)
        await controller.start()
        _ = try await controller.perform("TakePhoto", [:])
        let clock = MovedDate()
        let handler = WyomingHandler(controller: controller, now: { clock.now })
        return (handler, camera, clock)
    }

    static let caller = SocketCaller(uid: 1000, pid: nil, origin: "unix socket")

    /// The text of the one event `handler` answers `transcript` with.
    static func say(_ transcript: String, to handler: WyomingHandler) async -> String {
        let answer = await handler.respond(to: WyomingEvent("transcript", ["text": transcript]), from: caller)
        return answer.first?.string("text") ?? ""
    }

    @Test func anAnswerLongAfterTheQuestionIsHeardWhileTheWindowIsOpen() async throws {
        let (handler, camera, clock) = try await Self.handlerAfterAPhoto(undoSeconds: 3600)
        #expect(await Self.say("undo that", to: handler) == "Move the last take to the Trash? Say yes or no.")
        clock.move(by: 3000)
        #expect(await Self.say("yes", to: handler) == "Moved the last take to the Trash.")
        #expect(await camera.trashed.count == 1)
    }

    @Test func anAnswerAfterTheWindowClosedIsNoAnswer() async throws {
        let (handler, camera, clock) = try await Self.handlerAfterAPhoto(undoSeconds: 5)
        #expect(await Self.say("undo that", to: handler).hasSuffix("Say yes or no."))
        clock.move(by: 6)
        #expect(await Self.say("yes", to: handler) != "Moved the last take to the Trash.")
        #expect(await camera.trashed.isEmpty, "a yes after the window answers no question")
    }
}

/// A wall clock that moves only when the test moves it.
final class MovedDate: Sendable {
    private let date = Mutex(Date())
    var now: Date { date.withLock { $0 } }
    func move(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}
