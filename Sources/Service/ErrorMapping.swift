import Body
import BusNames
import DBus
import Intents

extension DBusError {
    /// The D-Bus error a caller sees for an intent error: `org.retrocam.Error.*` with the spoken
    /// sentence as its message; wrong argument types become `InvalidArgs`.
    public init(_ error: IntentError) {
        let name: BusContract.ErrorName
        switch error {
        case .unsupported: name = .unsupported
        case .ambiguous: name = .ambiguous
        case .needsValue: name = .needsValue
        case .notAllowed: name = .notAllowed
        case .noCamera: name = .noCamera
        case .storageFull: name = .storageFull
        case .notFound: name = .notFound
        case .invalidArguments:
            self = .invalidArgs(error.message)
            return
        }
        self.init(name, message: error.message)
    }
}

extension DBusError {
    /// One of Retrocam's own errors, `org.retrocam.Error.*`, with a sentence fit to be spoken.
    public init(_ name: BusContract.ErrorName, message: String) {
        self.init(name: name.name, message: message)
    }
}

/// Runs `body`, turning an `IntentError` into the matching D-Bus error (the one place where
/// intent errors cross the bus boundary). It runs where its caller runs (the call's lane, on the camera).
public nonisolated(nonsending) func mappingErrors<T: Sendable>(_ body: () async throws(IntentError) -> T) async throws -> T {
    do { return try await body() } catch { throw DBusError(error) }
}

/// `mappingErrors` for work that does not wait (a read answered at once on the bus's dispatch thread).
public func mappingErrorsNow<T>(_ body: () throws(IntentError) -> T) throws -> T {
    do { return try body() } catch { throw DBusError(error) }
}
