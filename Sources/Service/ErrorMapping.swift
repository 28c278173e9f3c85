import DBus
import Intents

extension DBusError {
    /// The D-Bus error a caller sees for an intent error: `org.retrocam.Error.*` with the spoken
    /// sentence as its message; wrong argument types become `InvalidArgs`.
    public init(_ error: IntentError) {
        let name: String
        switch error {
        case .unsupported: name = "Unsupported"
        case .ambiguous: name = "Ambiguous"
        case .needsValue: name = "NeedsValue"
        case .notAllowed: name = "NotAllowed"
        case .noCamera: name = "NoCamera"
        case .storageFull: name = "StorageFull"
        case .notFound: name = "NotFound"
        case .invalidArguments:
            self = .invalidArgs(error.message)
            return
        }
        self.init(name: BusContract.errorPrefix + name, message: error.message)
    }
}

/// Runs `body`, turning an `IntentError` into the matching D-Bus error (the one place where
/// intent errors cross the bus boundary).
public func mappingErrors<T: Sendable>(_ body: () async throws(IntentError) -> T) async throws -> T {
    do { return try await body() } catch { throw DBusError(error) }
}
