import CGStreamer
import CGstShim

extension Pipeline {
    /// Calls `handler` once, at once and from a GStreamer thread, with the first error the running
    /// pipeline posts; the error stays on the bus for `waitForEndOfStream`.
    func onError(_ handler: @escaping @Sendable (String) -> Void) {
        let box = Unmanaged.passRetained(ErrorHandlerBox(handler)).toOpaque()
        gstshim_bus_on_error(handle, { data, message in
            guard let data else { return }
            let text = message.map { String(cString: $0) } ?? "unknown error"
            Unmanaged<ErrorHandlerBox>.fromOpaque(data).takeUnretainedValue().handler(text)
        }, box, { data in
            if let data { Unmanaged<ErrorHandlerBox>.fromOpaque(data).release() }
        })
    }
}

/// The Swift closure a C error callback calls.
private final class ErrorHandlerBox: Sendable {
    let handler: @Sendable (String) -> Void
    init(_ handler: @escaping @Sendable (String) -> Void) { self.handler = handler }
}
