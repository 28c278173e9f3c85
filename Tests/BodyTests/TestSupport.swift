import Testing
@testable import Body

/// A change made to a fresh body before a check.
typealias Setup = @Sendable (inout CameraBody) throws -> Void

/// A factory-fresh body after `setup`.
func body(_ setup: Setup = { _ in }) throws -> CameraBody {
    var body = CameraBody()
    try setup(&body)
    return body
}

/// Runs `action` and returns the `IntentError` it throws, recording a failure when it throws none.
func bodyError(_ sourceLocation: SourceLocation = #_sourceLocation,
               _ action: () throws(IntentError) -> Void) -> IntentError? {
    do {
        try action()
    } catch {
        return error
    }
    Issue.record("expected an IntentError", sourceLocation: sourceLocation)
    return nil
}
