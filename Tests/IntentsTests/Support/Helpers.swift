import Body
import RetrocamTesting
import Testing
@testable import Intents

/// A controller over a fake device and a test clock, started.
func makeController(device: FakeCamera = FakeCamera(), body: CameraBody = CameraBody(),
                    clock: TestClock = TestClock()) async -> CameraController {
    let controller = CameraController(device: device, body: body, clock: clock)
    await controller.start()
    return controller
}

/// Waits (up to 30 s of real time) for a condition that tasks on the clock make true.
func eventually(_ what: Comment = "condition", sourceLocation: SourceLocation = #_sourceLocation,
                _ condition: @Sendable () async -> Bool) async {
    if await Wait.until(30, { await condition() }) { return }
    Issue.record("\(what) never became true", sourceLocation: sourceLocation)
}

/// The error an intent call throws, or nil (recording an issue) when it succeeds.
func intentError(sourceLocation: SourceLocation = #_sourceLocation,
                 _ call: () async throws(IntentError) -> some Any) async -> IntentError? {
    do {
        _ = try await call()
        Issue.record("expected an IntentError, but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Performs `name` with a string value on a fresh controller and answers the result or the error.
func performed(_ name: String, _ value: ParameterValue?, body: CameraBody = CameraBody()) async
    -> Result<IntentResult, IntentError> {
    let controller = await makeController(body: body)
    do {
        return .success(try await controller.perform(name, value.map { ["value": $0] } ?? [:]))
    } catch {
        return .failure(error)
    }
}
