import Body
import Testing
@testable import Intents

/// A controller over a fake device and a test clock, started.
func makeController(device: FakeDevice = FakeDevice(), body: CameraBody = CameraBody(),
                    clock: TestClock = TestClock()) async -> CameraController {
    let controller = CameraController(device: device, body: body, clock: clock)
    await controller.start()
    return controller
}

/// Waits (up to about two seconds of real time) for a condition that tasks on the clock make true.
func eventually(_ what: Comment = "condition", sourceLocation: SourceLocation = #_sourceLocation,
                _ condition: @Sendable () async -> Bool) async {
    for _ in 0..<2000 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
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
